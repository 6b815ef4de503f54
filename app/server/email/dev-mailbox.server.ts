/**
 * Reads for /dev/mail, the local mailbox that shows what the outbox holds.
 * It exists only with DEV_MAILBOX=true (never on https, see env.server.ts);
 * otherwise every /dev/mail URL answers 404.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { desc, eq, sql } from "drizzle-orm";
import { getDb, schema } from "../db.server";
import { parseAttachments } from "./outbox.server";

const { emailOutbox } = schema;
const LIST_LIMIT = 200;

export function requireDevMailbox(context: AppLoadContext): void {
  if (!context.config.DEV_MAILBOX) throw new Response("Not Found", { status: 404 });
}

/** Newest first; `to` matches one address exactly, ignoring case. */
export async function listDevMail(context: AppLoadContext, { to }: { to?: string | null } = {}) {
  requireDevMailbox(context);
  const address = to?.trim();
  return getDb(context.cloudflare.env)
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

/** One message with its attachments parsed, or a 404 Response thrown. */
export async function getDevMail(context: AppLoadContext, id: string) {
  requireDevMailbox(context);
  const rows = await getDb(context.cloudflare.env)
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.id, id))
    .limit(1);
  const row = rows[0];
  if (!row) throw new Response("Not Found", { status: 404 });
  const { attachmentsJson, ...message } = row;
  return { ...message, attachments: parseAttachments(attachmentsJson) };
}
