/**
 * The one way to send e-mail (house habit 8): sendEmail writes the outbox row
 * and returns; delivery happens later in a drain (scheduleDrain right after
 * the response, or the cron worker). It never throws, so a booking is never
 * undone because e-mail failed: the caller decides what a "failed" means.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getDb } from "../db.server";
import { toMailDeps, type EmailContext } from "./deps.server";
import { drainOutbox } from "./drain.server";
import { insertOutboxRows, type EmailMessage } from "./outbox.server";

export type { EmailAttachment, EmailMessage } from "./outbox.server";
export type { EmailContext, MailDeps } from "./deps.server";
export { drainOutbox, type DrainOptions, type DrainResult } from "./drain.server";

export type SendEmailResult =
  | { status: "queued"; id: string }
  /** A message with this idempotency key was queued before; `id` is that message. */
  | { status: "duplicate"; id: string }
  /** Nothing was queued (the database failed); already logged. */
  | { status: "failed"; id: null };

/** A request's follow-up drain delivers only what it queued; the cron picks up the rest. */
const REQUEST_DRAIN_LIMIT = 10;

export async function sendEmail(
  context: EmailContext,
  message: EmailMessage,
): Promise<SendEmailResult> {
  const [result] = await sendEmails(context, [message]);
  return result ?? { status: "failed", id: null };
}

/**
 * Queues several messages in one database round trip (one batch: an insert
 * per message, then a look-up of each key for the duplicates). Results come
 * back in the order of `messages`; like sendEmail it never throws.
 */
export async function sendEmails(
  context: EmailContext,
  messages: readonly EmailMessage[],
): Promise<SendEmailResult[]> {
  if (messages.length === 0) return [];
  const { env, config } = toMailDeps(context);
  const now = new Date().toISOString();
  const rows = messages.map((message) => {
    const id = crypto.randomUUID();
    return {
      id,
      idempotencyKey: message.idempotencyKey ?? id,
      kind: message.kind,
      toAddress: message.to,
      fromAddress: message.from ?? config.EMAIL_FROM,
      replyTo: message.replyTo ?? null,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      attachmentsJson: message.attachments?.length ? JSON.stringify(message.attachments) : null,
      nextAttemptAt: now,
      createdAt: now,
    };
  });
  try {
    const existingIds = await insertOutboxRows(getDb(env), rows);
    return rows.map((row, i) => {
      const existingId = existingIds[i];
      if (!existingId) throw new Error(`idempotency key ${row.idempotencyKey} has no row after insert`);
      return existingId === row.id
        ? { status: "queued" as const, id: row.id }
        : { status: "duplicate" as const, id: existingId };
    });
  } catch (error) {
    console.error(`sendEmails(${messages.map((m) => m.kind).join(", ")}) could not queue`, error);
    return messages.map(() => ({ status: "failed" as const, id: null }));
  }
}

/**
 * Delivers after the response has gone out (ctx.waitUntil), so the visitor
 * never waits for the provider. Pass the ids of the messages just queued;
 * without ids it drains a small batch of whatever is due.
 */
export function scheduleDrain(
  context: AppLoadContext,
  ids?: ReadonlyArray<string | null>,
): void {
  const only = ids?.filter((id): id is string => id !== null);
  if (only && only.length === 0) return;
  context.cloudflare.ctx.waitUntil(
    drainOutbox(context, { limit: REQUEST_DRAIN_LIMIT, ids: only }).catch((error: unknown) => {
      // The row is still queued (or its claim expires); the cron worker retries it.
      console.error("drain after response failed", error);
    }),
  );
}
