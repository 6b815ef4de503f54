/**
 * Draining the outbox: claim due rows, deliver them one by one, and settle
 * them as sent (in groups), retry-later or dead letter. Run right after a
 * response (scheduleDrain) and by the cron worker every few minutes; both may
 * overlap.
 *
 * A claim is a lease (SENDING_LEASE_MS): once it runs out, another drain may
 * take the row and send it again. So rows are claimed in chunks small enough
 * to be delivered inside their lease even if every delivery takes its full
 * timeout, and a row is only sent while its lease outlasts that timeout;
 * otherwise it goes back to the queue untried and is claimed afresh.
 */
import { getDb } from "../db.server";
import { toMailDeps, type EmailContext } from "./deps.server";
import {
  claimDue,
  markAllSent,
  markAttemptFailed,
  releaseExpiredClaims,
  SENDING_LEASE_MS,
  unclaim,
} from "./outbox.server";
import { deliver, DELIVERY_TIMEOUT_MS } from "./transport.server";

export interface DrainOptions {
  /** Most rows to deliver in this run. Delivery is sequential, to respect the provider's rate limit. */
  limit?: number;
  /**
   * The clock: a fixed time, or a function read at each step (tests move it
   * forward to reach retries or to play a slow provider); otherwise the real time.
   */
  now?: Date | (() => Date);
  /** Deliver only these messages (e.g. the one a request just queued), if due. */
  ids?: readonly string[];
  /** Claim no new chunk after this long (ms), so a run ends before the next one starts. */
  budgetMs?: number;
}

// A type, not an interface, so it fits the cron's Record<string, number> figures.
export type DrainResult = {
  sent: number;
  retried: number;
  failed: number;
};

export const DEFAULT_DRAIN_LIMIT = 50;
/**
 * Rows claimed at a time: even if each delivery took its whole timeout, a
 * chunk is done in half its lease.
 */
export const CLAIM_CHUNK = Math.floor(SENDING_LEASE_MS / 2 / DELIVERY_TIMEOUT_MS);
/** A row is sent only while its lease has at least this much left. */
const LEASE_MARGIN_MS = DELIVERY_TIMEOUT_MS + 5_000;

export async function drainOutbox(
  context: EmailContext,
  { limit = DEFAULT_DRAIN_LIMIT, now: clock, ids, budgetMs = Infinity }: DrainOptions = {},
): Promise<DrainResult> {
  const { env, config } = toMailDeps(context);
  const db = getDb(env);
  // Read at each step, so a long drain never hands out or trusts a stale claim.
  const now = typeof clock === "function" ? clock : () => clock ?? new Date();
  const result: DrainResult = { sent: 0, retried: 0, failed: 0 };
  if (ids && ids.length === 0) return result;
  const started = now().getTime();

  // A request's own drain (ids given) skips the sweep for crashed drains; the cron does it.
  if (!ids) result.failed += await releaseExpiredClaims(db, now());
  let sent: Array<{ id: string; providerMessageId: string | null }> = [];
  const flush = async () => {
    await markAllSent(db, sent, now());
    result.sent += sent.length;
    sent = [];
  };

  let tried = 0;
  while (tried < limit && now().getTime() - started < budgetMs) {
    const claimed = await claimDue(db, now(), Math.min(CLAIM_CHUNK, limit - tried), ids);
    if (claimed.length === 0) break;
    for (const [i, row] of claimed.entries()) {
      if (Date.parse(row.nextAttemptAt) - now().getTime() < LEASE_MARGIN_MS) {
        // Too little lease left to be sure no other drain takes it meanwhile: back to the queue.
        await unclaim(db, claimed.slice(i).map((r) => r.id), now());
        break;
      }
      tried++;
      const delivery = await deliver(config, row);
      if (delivery.ok) {
        sent.push({ id: row.id, providerMessageId: delivery.providerMessageId });
      } else {
        const outcome = await markAttemptFailed(db, row, delivery.error, now());
        result[outcome]++;
        console.error(
          `email ${row.id} (${row.kind}) attempt ${row.attempts} ${outcome}: ${delivery.error.slice(0, 300)}`,
        );
      }
    }
    // Settled chunk by chunk, while the chunk's claims still hold.
    await flush();
  }
  return result;
}
