/**
 * The one way to send e-mail (house habit 8): sendEmail writes the outbox row
 * and returns; delivery happens later in a drain (scheduleDrain right after
 * the response, or the cron worker). It never throws, so a booking is never
 * undone because e-mail failed: the caller decides what a "failed" means.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { toMailDeps, type EmailContext } from "./deps.server";
import { drainOutbox } from "./drain.server";
import { insertOutboxRows, recipientSlot, toOutboxRow, type EmailMessage } from "./outbox.server";

export type { EmailAttachment, EmailMessage } from "./outbox.server";
export type { EmailContext, MailDeps } from "./deps.server";
export { drainOutbox, type DrainOptions, type DrainResult } from "./drain.server";

export type SendEmailResult =
  | { status: "queued"; id: string }
  /** A message with this idempotency key was queued before; `id` is that message. */
  | { status: "duplicate"; id: string }
  /** The recipient has had all the mail it may get for now (RECIPIENT_MAIL_LIMIT); nothing queued. */
  | { status: "limited"; id: null }
  /** Nothing was queued (the database failed); already logged. */
  | { status: "failed"; id: null };

export async function sendEmail(
  context: EmailContext,
  message: EmailMessage,
): Promise<SendEmailResult> {
  const [result] = await sendEmails(context, [message]);
  return result ?? { status: "failed", id: null };
}

/**
 * Queues several messages in one database round trip (one batch: an insert
 * per message, guarded by its recipient's budget, then a look-up of each key
 * for the duplicates). Results come back in the order of `messages`; like
 * sendEmail it never throws.
 */
export async function sendEmails(
  context: EmailContext,
  messages: readonly EmailMessage[],
): Promise<SendEmailResult[]> {
  if (messages.length === 0) return [];
  const { env, config } = toMailDeps(context);
  const now = new Date().toISOString();
  try {
    const rows = await Promise.all(
      messages.map(async (message) => ({
        row: toOutboxRow(message, { from: config.EMAIL_FROM }, now),
        recipientSlot: await recipientSlot(config, message.to),
      })),
    );
    const existingIds = await insertOutboxRows(env.DB, rows);
    return rows.map(({ row }, i): SendEmailResult => {
      const existingId = existingIds[i];
      if (!existingId) {
        console.error(`${row.kind} to a recipient over its mail budget was not queued`);
        return { status: "limited", id: null };
      }
      return existingId === row.id ? { status: "queued", id: row.id } : { status: "duplicate", id: existingId };
    });
  } catch (error) {
    console.error(`sendEmails(${messages.map((m) => m.kind).join(", ")}) could not queue`, error);
    return messages.map(() => ({ status: "failed" as const, id: null }));
  }
}

/**
 * Follow-up delivery right after the response, coalesced per isolate: the
 * first request to ask becomes the drain for a short window; requests that
 * ask during it add their messages to it. Under load that turns one claim
 * and one settle per request into one per window; a lone request's mail
 * still leaves within FOLLOW_UP_WINDOW_MS. Whatever is not delivered here
 * (a crash, an isolate that goes away) is still queued: the cron sends it.
 */
const FOLLOW_UP_WINDOW_MS = 50;
/** Most messages one follow-up drain takes; the rest wait for the next one. */
const FOLLOW_UP_LIMIT = 50; // D1 allows 100 bound parameters; the claim binds each id
/** Ids waiting for a follow-up drain; bounded, since the cron covers anything dropped. */
const MAX_PENDING = 5_000;
/** A collecting drain older than this was cut off (its request ended): start a new one. */
const STALE_COLLECTOR_MS = 5_000;

const followUp = { pending: new Set<string>(), collectingSince: 0 };

/**
 * Delivers the messages just queued after the response has gone out
 * (ctx.waitUntil), so the visitor never waits for the provider. Pass the ids
 * sendEmail(s) returned; failed ones (null) are skipped.
 */
export function scheduleDrain(context: AppLoadContext, ids: ReadonlyArray<string | null>): void {
  for (const id of ids) {
    if (id !== null && followUp.pending.size < MAX_PENDING) followUp.pending.add(id);
  }
  if (followUp.pending.size === 0) return;
  const now = Date.now();
  if (followUp.collectingSince !== 0 && now - followUp.collectingSince < STALE_COLLECTOR_MS) return;
  followUp.collectingSince = now;
  context.cloudflare.ctx.waitUntil(runFollowUp(context));
}

async function runFollowUp(context: AppLoadContext): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, FOLLOW_UP_WINDOW_MS));
  const ids = [...followUp.pending].slice(0, FOLLOW_UP_LIMIT);
  for (const id of ids) followUp.pending.delete(id);
  // From here on, new ids start the next window (and drain alongside this one).
  followUp.collectingSince = 0;
  if (followUp.pending.size > 0) scheduleDrain(context, []);
  try {
    await drainOutbox(context, { limit: ids.length, ids });
  } catch (error) {
    // The rows are still queued (or their claim expires); the cron worker retries them.
    console.error("drain after response failed", error);
  }
}
