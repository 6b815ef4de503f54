/**
 * Draining the outbox: claim due rows in one statement, deliver them one by
 * one, and settle them as sent (in one batch), retry-later or dead letter. Run right after a response
 * (scheduleDrain) and by the cron worker every few minutes; both may overlap.
 */
import { getDb } from "../db.server";
import { toMailDeps, type EmailContext } from "./deps.server";
import { claimDue, markAllSent, markAttemptFailed, releaseExpiredClaims } from "./outbox.server";
import { deliver } from "./transport.server";

export interface DrainOptions {
  /** Most rows to deliver in this run. Delivery is sequential, to respect the provider's rate limit. */
  limit?: number;
  /** A fixed clock (tests move it forward to reach retries); otherwise the real time at each step. */
  now?: Date;
  /** Deliver only these messages (e.g. the one a request just queued), if due. */
  ids?: readonly string[];
}

// A type, not an interface, so it fits the cron's Record<string, number> figures.
export type DrainResult = {
  sent: number;
  retried: number;
  failed: number;
};

export const DEFAULT_DRAIN_LIMIT = 50;
const SETTLE_EVERY = 50;

export async function drainOutbox(
  context: EmailContext,
  { limit = DEFAULT_DRAIN_LIMIT, now: fixedNow, ids }: DrainOptions = {},
): Promise<DrainResult> {
  const { env, config } = toMailDeps(context);
  const db = getDb(env);
  // A long drain must not hand out claims that are already expired.
  const now = () => fixedNow ?? new Date();
  const result: DrainResult = { sent: 0, retried: 0, failed: 0 };
  if (ids && ids.length === 0) return result;

  // A request's own drain (ids given) skips the sweep for crashed drains; the cron does it.
  if (!ids) result.failed += await releaseExpiredClaims(db, now());
  const claimed = await claimDue(db, now(), limit, ids);
  let sent: Array<{ id: string; providerMessageId: string | null }> = [];
  const flush = async () => {
    await markAllSent(db, sent, now());
    result.sent += sent.length;
    sent = [];
  };
  for (const row of claimed) {
    const delivery = await deliver(config, row);
    if (delivery.ok) {
      sent.push({ id: row.id, providerMessageId: delivery.providerMessageId });
      // Settle in small groups so a drain that dies mid-run re-sends little.
      if (sent.length >= SETTLE_EVERY) await flush();
    } else {
      const outcome = await markAttemptFailed(db, row, delivery.error, now());
      result[outcome]++;
      console.error(
        `email ${row.id} (${row.kind}) attempt ${row.attempts} ${outcome}: ${delivery.error.slice(0, 300)}`,
      );
    }
  }
  await flush();
  return result;
}
