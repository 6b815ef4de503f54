/**
 * Reads for /dev/mail, the local mailbox that shows what the outbox holds.
 * It exists only with DEV_MAILBOX=true and the outbox transport, and only
 * for a request to a local host (never on a public site, see env.server.ts);
 * otherwise every /dev/mail URL answers 404.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { desc, eq, sql } from "drizzle-orm";
import { schema } from "../db/client.server";
import { requireLocalDevPage } from "../platform/dev-pages.server";
import { filledBodies, loadSharedBodies, parseAttachments, parseHeaders, type FillMailVars } from "./outbox.server";

const { emailOutbox } = schema;
const LIST_LIMIT = 200;

export function requireDevMailbox(context: AppLoadContext, request: Request): void {
  const { DEV_MAILBOX, EMAIL_TRANSPORT } = context.config;
  requireLocalDevPage(context, request, DEV_MAILBOX && EMAIL_TRANSPORT === "outbox");
}

/** Newest first; `to` matches one address exactly, ignoring case. */
export async function listDevMail(
  context: AppLoadContext,
  request: Request,
  { to }: { to?: string | null } = {},
) {
  requireDevMailbox(context, request);
  const address = to?.trim();
  return context.db
    .select({
      id: emailOutbox.id,
      createdAt: emailOutbox.createdAt,
      kind: emailOutbox.kind,
      toAddress: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
    })
    .from(emailOutbox)
    .where(address ? sql`lower(${emailOutbox.toAddress}) = lower(${address})` : undefined)
    // rowid breaks ties between messages queued in the same millisecond.
    .orderBy(desc(emailOutbox.createdAt), desc(sql`rowid`))
    .limit(LIST_LIMIT);
}

/**
 * One message as its recipient gets it, or a 404 Response thrown: a shared
 * (newsletter) body with the row's own variables filled in by `fillVars`
 * (as stored without one), its extra headers (List-Unsubscribe …) and
 * attachments parsed.
 */
export async function getDevMail(
  context: AppLoadContext,
  request: Request,
  id: string,
  { fillVars = (body) => body }: { fillVars?: FillMailVars } = {},
) {
  requireDevMailbox(context, request);
  const rows = await context.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.id, id))
    .limit(1);
  const row = rows[0];
  if (!row) throw new Response("Not Found", { status: 404 });
  const { attachmentsJson, headersJson, ...message } = row;
  const bodies = row.bodyId ? await loadSharedBodies(context, [row.bodyId]) : new Map();
  const filled = filledBodies(row, bodies, fillVars);
  return {
    ...message,
    textBody: filled?.text ?? "",
    htmlBody: filled?.html ?? null,
    headers: parseHeaders(headersJson),
    attachments: parseAttachments(attachmentsJson),
  };
}
