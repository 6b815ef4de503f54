/**
 * The one way to send e-mail on its own (house habit 8): sendEmail queues the
 * message through the outbox writer (outboxInsertStatements, the same
 * statement a batch that queues mail with its change uses) and returns;
 * delivery happens later in a drain (scheduleDrain right after the response,
 * or the cron worker). It never throws, so a booking is never undone because
 * e-mail failed: the caller decides what a "failed" means.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { coalescedAfterResponse } from "../platform/after-response.server";
import { drainOutbox } from "./drain.server";
import { outboxIdStatement, outboxInsertStatements, recipientSlot, toOutboxRow, type EmailMessage } from "./outbox.server";

export type { EmailAttachment, EmailMessage } from "./outbox.server";
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
  context: AppLoadContext,
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
  context: AppLoadContext,
  messages: readonly EmailMessage[],
): Promise<SendEmailResult[]> {
  if (messages.length === 0) return [];
  const { config } = context;
  const now = new Date().toISOString();
  try {
    const rows = await Promise.all(
      messages.map(async (message) => ({
        row: toOutboxRow(message, { from: config.EMAIL_FROM }, now),
        recipientSlot: await recipientSlot(config, message.to, message.kind),
      })),
    );
    const b = new BatchBuilder();
    b.addAll(rows.flatMap(({ row, recipientSlot }) => outboxInsertStatements(row, { recipientSlot })));
    const found = rows.map(({ row }) => b.add<{ id: string }>(outboxIdStatement(row.idempotencyKey)));
    // The row that holds each key: its own (queued), an earlier one (a duplicate), or none (over budget).
    const existingIds = await runBatch(
      context,
      b.plan((results) => found.map((ref) => ref.first(results)?.id)),
    );
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
 * Follow-up delivery right after the response, coalesced per isolate
 * (coalescedAfterResponse): under load one claim and one settle per window
 * instead of per request; a lone request's mail still leaves within 50 ms.
 * Whatever is not delivered here (a crash, an isolate that goes away) is
 * still queued: the cron sends it.
 */
/** How long a drain after a response may make calls: well inside the 30 s the platform gives such work. */
export const AFTER_RESPONSE_BUDGET_MS = 20_000;

const followUpDrain = coalescedAfterResponse<string, AppLoadContext>({
  windowMs: 50,
  maxPerRun: 50, // D1 allows 100 bound parameters; the claim binds each id
  maxPending: 5_000,
  run: async (ids, context) => {
    // Work after a response may run 30 s: a 429's wait that would pass this leaves the rows to the cron.
    await drainOutbox(context, { limit: ids.length, ids, budgetMs: AFTER_RESPONSE_BUDGET_MS });
  },
  // The rows are still queued (or their claim expires); the cron worker retries them.
  onError: (error) => console.error("drain after response failed", error),
});

/**
 * Delivers the messages just queued after the response has gone out
 * (ctx.waitUntil), so the visitor never waits for the provider. Pass the ids
 * sendEmail(s) returned; failed ones (null) are skipped.
 */
export function scheduleDrain(context: AppLoadContext, ids: ReadonlyArray<string | null>): void {
  const ctx = context.cloudflare.ctx;
  followUpDrain((promise) => ctx.waitUntil(promise), ids.filter((id): id is string => id !== null), context);
}
