/**
 * Draining the outbox: claim due rows, deliver them, and settle them as sent
 * (in groups), retry-later or dead letter. Run right after a response
 * (scheduleDrain) and by the cron worker every few minutes; both may overlap.
 *
 * Rows with a shared body (newsletter mail) go out BATCH_SIZE to a provider
 * call (the batch endpoint), their variables filled into the body at
 * delivery; every other row is one call. `limit` counts provider calls, so
 * 10 000 newsletter mails are 100 calls.
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
  filledBodies,
  loadSharedBodies,
  markAllSent,
  markAttemptFailed,
  markAttemptsFailed,
  releaseExpiredClaims,
  SENDING_LEASE_MS,
  unclaim,
  type OutboxRow,
} from "./outbox.server";
import { BATCH_SIZE, deliver, deliverBatch, DELIVERY_TIMEOUT_MS, type BatchMessage } from "./transport.server";

export interface DrainOptions {
  /**
   * Most provider calls in this run (a row, or a batch of up to BATCH_SIZE
   * shared-body rows). Delivery is sequential, to respect the provider's rate limit.
   */
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
/** Shared-body rows claimed at a time: as many calls as CLAIM_CHUNK, each a full batch. */
export const SHARED_CLAIM_CHUNK = CLAIM_CHUNK * BATCH_SIZE;
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

  // Delivers a claimed chunk of shared-body rows, BATCH_SIZE a call; returns the calls made.
  const deliverShared = async (claimed: OutboxRow[]): Promise<number> => {
    const bodies = await loadSharedBodies(env.DB, claimed.map((r) => r.bodyId ?? ""));
    const failures: Array<{ row: OutboxRow; error: string }> = [];
    let calls = 0;
    for (let i = 0; i < claimed.length; i += BATCH_SIZE) {
      const group = claimed.slice(i, i + BATCH_SIZE);
      if (group.some((row) => Date.parse(row.nextAttemptAt) - now().getTime() < LEASE_MARGIN_MS)) {
        await unclaim(db, claimed.slice(i).map((r) => r.id), now());
        break;
      }
      const messages: BatchMessage[] = [];
      for (const row of group) {
        const filled = filledBodies(row, bodies);
        if (filled) messages.push({ row, ...filled });
        else failures.push({ row, error: `The shared body ${row.bodyId} is gone` });
      }
      const delivered = await deliverBatch(config, messages);
      calls++;
      delivered.forEach((delivery, j) => {
        const row = messages[j]!.row;
        if (delivery.ok) sent.push({ id: row.id, providerMessageId: delivery.providerMessageId });
        else failures.push({ row, error: delivery.error });
      });
    }
    const outcome = await markAttemptsFailed(db, failures, now());
    result.retried += outcome.retried;
    result.failed += outcome.failed;
    if (failures.length > 0) {
      console.error(
        `${failures.length} batched email(s) not delivered (${outcome.retried} retried, ${outcome.failed} failed): ${failures[0]!.error.slice(0, 300)}`,
      );
    }
    await flush();
    return calls;
  };

  let calls = 0;
  while (calls < limit && now().getTime() - started < budgetMs) {
    const shared = await claimDue(db, now(), Math.min(SHARED_CLAIM_CHUNK, (limit - calls) * BATCH_SIZE), ids, {
      shared: true,
    });
    if (shared.length > 0) calls += await deliverShared(shared);
    if (calls >= limit || now().getTime() - started >= budgetMs) break;

    const claimed = await claimDue(db, now(), Math.min(CLAIM_CHUNK, limit - calls), ids, { shared: false });
    if (claimed.length === 0 && shared.length === 0) break;
    for (const [i, row] of claimed.entries()) {
      if (Date.parse(row.nextAttemptAt) - now().getTime() < LEASE_MARGIN_MS) {
        // Too little lease left to be sure no other drain takes it meanwhile: back to the queue.
        await unclaim(db, claimed.slice(i).map((r) => r.id), now());
        break;
      }
      calls++;
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
