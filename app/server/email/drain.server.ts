/**
 * Draining the outbox: claim due rows, deliver them, and settle each call's
 * rows as sent, retry-later or dead letter right after its answer (work
 * after a response may be cut at any moment: a row the provider took is
 * marked before the next call is made). Run right after a response
 * (scheduleDrain) and by the cron worker every few minutes; both may overlap.
 *
 * Rows with a shared body (newsletter mail) go out BATCH_SIZE to a provider
 * call (the batch endpoint), their variables filled into the body at
 * delivery by the filler the caller hands in (`fillVars`: the newsletter's,
 * from the cron and the campaign start); a drain without one leaves those
 * rows queued for one that has it. Every other row is one call, under its
 * own idempotency key. A batch's key is fixed and stored on its rows when
 * the batch is first formed:
 * sent again (a lost answer, a cut drain) it is the same rows under the same
 * key, so the provider drops the repeat. `limit` counts provider calls, so
 * 10 000 newsletter mails are 100 calls.
 *
 * Calls are paced to the provider's rate limit (pacing.server.ts): a 429 is
 * not a failed attempt; the drain waits its retry-after and makes the same
 * call again, or, when the wait would pass the run's deadline, gives the rows
 * back to the queue untried. Transactional mail (everything but newsletters)
 * is claimed before any campaign row, and campaign calls leave room in each
 * second for transactional mail drained elsewhere meanwhile.
 *
 * A claim is a lease (SENDING_LEASE_MS): once it runs out, another drain may
 * take the row and send it again. So rows are claimed in chunks small enough
 * to be delivered inside their lease even if every delivery takes its full
 * timeout, and a row is only sent while its lease outlasts that timeout;
 * otherwise it goes back to the queue untried and is claimed afresh.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  claimDue,
  filledBodies,
  loadSharedBodies,
  fixBatchKey,
  markAllSent,
  markAttemptFailed,
  markAttemptsFailed,
  releaseExpiredClaims,
  scrubbedCopy,
  SENDING_LEASE_MS,
  unclaim,
  unsentInBatch,
  type FillMailVars,
  type OutboxRow,
  type SentRow,
} from "./outbox.server";
import { ProviderPacer, sleep as platformSleep, type CallClass } from "./pacing.server";
import {
  BATCH_SIZE,
  batchKeyFor,
  deliver,
  deliverBatch,
  DELIVERY_TIMEOUT_MS,
  type BatchMessage,
  type CallAnswer,
} from "./transport.server";

export interface DrainOptions {
  /**
   * Most provider calls in this run (a row, or a batch of up to BATCH_SIZE
   * shared-body rows). Delivery is sequential and paced to the provider's rate limit.
   */
  limit?: number;
  /**
   * The clock: a fixed time, or a function read at each step (tests move it
   * forward to reach retries or to play a slow provider); otherwise the real time.
   */
  now?: Date | (() => Date);
  /** How the drain pauses between calls (tests pass one that moves their clock); the platform's timer by default. */
  sleep?: (ms: number) => Promise<void>;
  /** Deliver only these messages (e.g. the one a request just queued), if due. */
  ids?: readonly string[];
  /**
   * How long this run may make calls (ms): no call starts after it, and rows
   * claimed but not tried by then go back to the queue, their attempt not counted.
   */
  budgetMs?: number;
  /** Fills shared bodies' variables; without it, shared-body rows are not claimed. */
  fillVars?: FillMailVars;
}

// A type, not an interface, so it fits the cron's Record<string, number> figures.
export type DrainResult = {
  sent: number;
  retried: number;
  failed: number;
  /** 429 answers heard (each waited out, never counted as an attempt). */
  rateLimited: number;
  /** Rows claimed and given back untried because the run's time was up. */
  deferred: number;
};

export const DEFAULT_DRAIN_LIMIT = 50;
/**
 * Rows claimed at a time: even if each delivery took its whole timeout, a
 * chunk is done in half its lease.
 */
export const CLAIM_CHUNK = Math.floor(SENDING_LEASE_MS / 2 / DELIVERY_TIMEOUT_MS);
/**
 * Campaign batches claimed at a time: few, so a transactional mail queued
 * meanwhile is claimed after at most this many campaign calls.
 */
export const CAMPAIGN_CALLS_PER_CLAIM = 2;
/** A row is sent only while its lease has at least this much left. */
const LEASE_MARGIN_MS = DELIVERY_TIMEOUT_MS + 5_000;

export async function drainOutbox(
  context: AppLoadContext,
  { limit = DEFAULT_DRAIN_LIMIT, now: clock, sleep = platformSleep, ids, budgetMs = Infinity, fillVars }: DrainOptions = {},
): Promise<DrainResult> {
  const { config } = context;
  // Read at each step, so a long drain never hands out or trusts a stale claim.
  const now = typeof clock === "function" ? clock : () => clock ?? new Date();
  const result: DrainResult = { sent: 0, retried: 0, failed: 0, rateLimited: 0, deferred: 0 };
  if (ids && ids.length === 0) return result;
  const started = now().getTime();
  const deadline = started + budgetMs;
  // Only a real provider is paced; the local outbox transport takes everything at once.
  const pacer =
    config.EMAIL_TRANSPORT === "resend"
      ? new ProviderPacer({ rps: config.MAIL_PROVIDER_RPS, now: () => now().getTime(), sleep, deadline })
      : null;
  /** Set when the run's time is up: nothing more is claimed or called. */
  let timeUp = false;

  // A request's own drain (ids given) skips the sweep for crashed drains; the cron does it.
  if (!ids) result.failed += await releaseExpiredClaims(context, now());
  /** Settles a call's delivered rows as sent right after its answer, before the next call. */
  const settleSent = async (sent: ReadonlyArray<SentRow>) => {
    if (sent.length === 0) return;
    await markAllSent(context, sent, now());
    result.sent += sent.length;
  };
  const leaseTooShort = (rows: readonly OutboxRow[]) =>
    rows.some((row) => Date.parse(row.nextAttemptAt) - now().getTime() < LEASE_MARGIN_MS);

  /**
   * Makes one provider call, paced, again after each 429 while the run has
   * time and the rows' lease allows; null when the call was not made (the
   * rows are still claimed: the caller gives them back).
   */
  const paced = async <T>(kind: CallClass, rows: readonly OutboxRow[], call: () => Promise<CallAnswer<T>>) => {
    for (;;) {
      if (timeUp || (pacer && !(await pacer.take(kind)))) {
        timeUp = true;
        return null;
      }
      if (leaseTooShort(rows)) return null;
      const answer = await call();
      pacer?.heard(answer.pace, answer.rateLimited);
      if (!answer.rateLimited) return answer.results;
      result.rateLimited++;
    }
  };
  const giveBack = async (rows: readonly OutboxRow[]) => {
    if (rows.length === 0) return;
    await unclaim(context, rows.map((r) => r.id), now());
    if (timeUp) result.deferred += rows.length;
  };

  /**
   * The batches of a claimed chunk: each batch formed before (rows sharing a
   * batch key) as it was, then the others BATCH_SIZE at a time.
   */
  const batchesOf = (claimed: OutboxRow[]): OutboxRow[][] => {
    const formed = new Map<string, OutboxRow[]>();
    const fresh: OutboxRow[] = [];
    for (const row of claimed) {
      if (row.batchKey) formed.set(row.batchKey, [...(formed.get(row.batchKey) ?? []), row]);
      else fresh.push(row);
    }
    const batches = [...formed.values()];
    for (let i = 0; i < fresh.length; i += BATCH_SIZE) batches.push(fresh.slice(i, i + BATCH_SIZE));
    return batches;
  };

  // Delivers a claimed chunk of shared-body rows, a batch a call, each settled after its call; returns the calls made.
  const deliverShared = async (claimed: OutboxRow[], fill: FillMailVars): Promise<number> => {
    const bodies = await loadSharedBodies(context, claimed.map((r) => r.bodyId ?? ""));
    const batches = batchesOf(claimed);
    let calls = 0;
    for (const [b, group] of batches.entries()) {
      if (timeUp || leaseTooShort(group)) {
        await giveBack(batches.slice(b).flat());
        break;
      }
      let key = group[0]!.batchKey;
      if (key && (await unsentInBatch(context, key)) > group.length) {
        // Part of a batch formed before: it goes again whole (same rows, same key) or not at all.
        await unclaim(context, group.map((r) => r.id), now());
        continue;
      }
      if (!key) {
        key = await batchKeyFor(group);
        await fixBatchKey(context, group.map((r) => r.id), key);
      }
      const failures: Array<{ row: OutboxRow; error: string; leavesBatch?: boolean }> = [];
      const messages: BatchMessage[] = [];
      for (const row of group) {
        const filled = filledBodies(row, bodies, fill);
        if (filled) messages.push({ row, ...filled });
        else failures.push({ row, error: `The shared body ${row.bodyId} is gone`, leavesBatch: true });
      }
      const batchKey = key;
      const delivered = await paced("campaign", group, () => deliverBatch(config, messages, batchKey));
      if (delivered === null) {
        // Not called (time up, or the lease ran short waiting): the batch keeps its key and goes again whole.
        await giveBack(batches.slice(b).flat());
        break;
      }
      calls++;
      const sent: SentRow[] = [];
      delivered.forEach((delivery, j) => {
        const row = messages[j]!.row;
        if (delivery.ok) sent.push({ id: row.id, providerMessageId: delivery.providerMessageId });
        // A call that failed whole keeps its batch (the provider may have taken it); a refused message leaves.
        else failures.push({ row, error: delivery.error, leavesBatch: delivery.refused === true });
      });
      await settleSent(sent);
      const outcome = await markAttemptsFailed(context, failures, now());
      result.retried += outcome.retried;
      result.failed += outcome.failed;
      if (failures.length > 0) {
        console.error(
          `${failures.length} batched email(s) not delivered (${outcome.retried} retried, ${outcome.failed} failed): ${failures[0]!.error.slice(0, 300)}`,
        );
      }
    }
    return calls;
  };

  /**
   * The local mailbox's deliveries, settled together when the chunk is done:
   * taking a row there reaches no one, so a drain cut before the settle only
   * "delivers" it locally again (the rows are the mail itself, kept whole).
   */
  const local = config.EMAIL_TRANSPORT === "outbox";
  // Delivers claimed transactional rows, one call each, settled after each call (the local mailbox's at the end); returns the calls made.
  const deliverSingles = async (claimed: OutboxRow[]): Promise<number> => {
    let calls = 0;
    const delivered: SentRow[] = [];
    for (const [i, row] of claimed.entries()) {
      const delivery = timeUp ? null : await paced("transactional", [row], () => deliver(config, row));
      if (delivery === null) {
        // Time up, or too little lease left to be sure no other drain takes it meanwhile: back to the queue.
        await giveBack(claimed.slice(i));
        break;
      }
      calls++;
      if (delivery.ok && local) {
        delivered.push({ id: row.id, providerMessageId: delivery.providerMessageId });
      } else if (delivery.ok) {
        // Marked before the next call: a drain cut after this point sends this mail again never.
        // Our copy keeps no link that opens a page with a secret.
        await settleSent([{ id: row.id, providerMessageId: delivery.providerMessageId, scrubbed: scrubbedCopy(row) }]);
      } else {
        const outcome = await markAttemptFailed(context, row, delivery.error, now());
        result[outcome]++;
        console.error(
          `email ${row.id} (${row.kind}) attempt ${row.attempts} ${outcome}: ${delivery.error.slice(0, 300)}`,
        );
      }
    }
    await settleSent(delivered);
    return calls;
  };

  let calls = 0;
  const more = () => calls < limit && !timeUp && now().getTime() < deadline;
  while (more()) {
    // Transactional mail first: a campaign never holds back a confirmation or a sign-in link.
    const claimed = await claimDue(context, now(), Math.min(CLAIM_CHUNK, limit - calls), ids, { shared: false });
    calls += await deliverSingles(claimed);
    if (!more()) break;

    const shared = fillVars
      ? await claimDue(context, now(), Math.min(CAMPAIGN_CALLS_PER_CLAIM, limit - calls) * BATCH_SIZE, ids, { shared: true })
      : [];
    if (shared.length > 0 && fillVars) calls += await deliverShared(shared, fillVars);
    if (claimed.length === 0 && shared.length === 0) break;
  }
  return result;
}
