/**
 * A session's waitlist as its seats see it: joining and leaving the queue,
 * and the queue step that runs after every change that can free a seat (a
 * cancellation, a release, a higher max, a hold that lapsed or was
 * declined). While a seat is free and someone waits, the first in line is
 * offered it: the seat is held for them (held_seats) and the offer mail
 * queued in the same batch. Free seats are max − booked − held, so a held
 * seat can be booked only through its offer (booking/book-seat.server.ts).
 *
 * The session's SessionSeats object runs these one at a time with every
 * other seat change; it sets its alarm at `nextHoldEnd`.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql, type SQL } from "drizzle-orm";
import { waitlistOfferMail } from "~/domain/mail/waitlist";
import { holdExpiry } from "~/domain/waitlist";
import { randomToken, sha256Hex } from "../platform/crypto.server";
import { type BatchPlan, BatchBuilder, runBatch } from "../db/batch.server";
import { columnsAs, schema } from "../db/client.server";
import { outboxInsertStatements, toOutboxRow } from "../email/outbox.server";
import { countHitStatement, rateLimitVerdict, withinBudget } from "../platform/rate-limit.server";
import {
  FREE_SEATS_SQL,
  SEAT_SESSION_COLUMNS,
  type LeaveWaitlistResult,
  type QueueStepResult,
  type SeatSession,
  type WaitlistEntryRecord,
  type WaitlistJoinInput,
  type WaitlistJoinOptions,
  type WaitlistJoinResult,
} from "../seats/seat-types.server";

const ENTRY_COLUMNS = sql.raw(columnsAs(schema.waitlistEntries));
const SESSION_COLUMNS = sql.raw(SEAT_SESSION_COLUMNS);
const FREE_SEATS = sql.raw(FREE_SEATS_SQL);

/** Recounts held_seats from the offers standing (so the count can never drift). */
function recountHeld(sessionId: number): SQL {
  return sql`UPDATE sessions SET held_seats =
  (SELECT count(*) FROM waitlist_entries WHERE session_id = ${sessionId} AND status = 'offered') WHERE id = ${sessionId}`;
}

/** How many waiting entries one queue step reads at a time. */
const OFFER_CHUNK = 20;

// ─── Joining ─────────────────────────────────────────────────────────────

export interface JoinQueueInput {
  sessionId: number;
  entry: WaitlistJoinInput;
  options?: WaitlistJoinOptions;
}

/**
 * Puts someone in the session's queue, with their confirmation mail, in one
 * batch; only while the session is upcoming, not cancelled and has no free
 * seat. An address already in the queue (or booked) stores and mails nothing.
 */
export async function joinQueue(context: AppLoadContext, input: JoinQueueInput, now: Date): Promise<WaitlistJoinResult> {
  try {
    return await runBatch(context, joinQueuePlan(context, input, now));
  } catch (error) {
    // The partial unique index is the last line of defence: the address is in the queue.
    if (String(error).includes("UNIQUE constraint failed: waitlist_entries.session_id")) return { status: "already-queued" };
    console.error(`waitlist join for session ${input.sessionId} failed`, error);
    return { status: "error" };
  }
}

export function joinQueuePlan(
  _context: AppLoadContext,
  { sessionId, entry: input, options = {} }: JoinQueueInput,
  nowDate: Date,
): BatchPlan<WaitlistJoinResult> {
  const now = nowDate.toISOString();
  const { attempt, mail } = options;
  const recipient = mail?.recipientSlot ?? null;
  const guards: SQL[] = [];
  if (attempt) {
    guards.push(sql`(SELECT hits FROM rate_limits WHERE key = ${attempt.key} AND window_start = ${attempt.windowStart}) <= ${attempt.limit}`);
  }
  if (recipient) guards.push(withinBudget(recipient));
  const b = new BatchBuilder();
  if (attempt) b.add(countHitStatement(attempt));
  const insert = b.add<WaitlistEntryRecord>(
    sql`INSERT INTO waitlist_entries (id, session_id, name, email, dog_name, status, leave_token_hash, created_at, updated_at)
         SELECT ${input.id}, s.id, ${input.name}, ${input.email}, ${input.dogName}, 'waiting', ${input.leaveTokenHash}, ${now}, ${now}
         FROM sessions s
         WHERE s.id = ${sessionId} AND s.cancelled_at IS NULL AND s.start_time > ${now} AND ${FREE_SEATS} <= 0
           AND NOT EXISTS (
             SELECT 1 FROM waitlist_entries w
             WHERE w.session_id = s.id AND lower(w.email) = lower(${input.email}) AND w.status IN ('waiting', 'offered')
           )
           AND NOT EXISTS (
             SELECT 1 FROM bookings b
             WHERE b.session_id = s.id AND lower(b.user_email) = lower(${input.email}) AND b.booking_status <> 'cancelled'
           )
           ${sql.join(guards.map((g) => sql`AND ${g}`), sql.raw("\n           "))}
         RETURNING ${ENTRY_COLUMNS}`,
  );
  if (mail) {
    const entryWritten = sql`EXISTS (SELECT 1 FROM waitlist_entries WHERE id = ${input.id})`;
    b.addAll(outboxInsertStatements(mail.row, { condition: entryWritten, recipientSlot: recipient }));
  }
  const outcome = b.add<{
    cancelledAt: string | null;
    startTime: string;
    free: number;
    already: number;
    attemptHits: number | null;
    recipientHits: number | null;
  }>(
    sql`SELECT s.cancelled_at AS cancelledAt, s.start_time AS startTime, ${FREE_SEATS} AS free,
           EXISTS (
             SELECT 1 FROM waitlist_entries w
             WHERE w.session_id = s.id AND lower(w.email) = lower(${input.email}) AND w.status IN ('waiting', 'offered') AND w.id <> ${input.id}
           ) OR EXISTS (
             SELECT 1 FROM bookings b
             WHERE b.session_id = s.id AND lower(b.user_email) = lower(${input.email}) AND b.booking_status <> 'cancelled'
           ) AS already,
           (SELECT hits FROM rate_limits WHERE key = ${attempt?.key ?? null} AND window_start = ${attempt?.windowStart ?? null}) AS attemptHits,
           (SELECT hits FROM rate_limits WHERE key = ${recipient?.key ?? null} AND window_start = ${recipient?.windowStart ?? null}) AS recipientHits
         FROM sessions s WHERE s.id = ${sessionId}`,
  );
  return b.plan((results): WaitlistJoinResult => {
    const entry = insert.first(results);
    if (entry) return { status: "joined", entry, mailIds: mail ? [mail.row.id] : [] };
    const after = outcome.first(results);
    if (!after) return { status: "not-found" };
    if (after.cancelledAt !== null) return { status: "session-cancelled" };
    if (after.startTime <= now) return { status: "past" };
    if (after.free > 0) return { status: "seats-free" };
    if (after.already) return { status: "already-queued" };
    if (attempt && (after.attemptHits ?? 0) > attempt.limit) {
      return { status: "rate-limited", retryAfterSeconds: rateLimitVerdict(attempt, after.attemptHits ?? 0).retryAfterSeconds };
    }
    if (recipient && (after.recipientHits ?? 0) >= recipient.limit) {
      return { status: "rate-limited", retryAfterSeconds: rateLimitVerdict(recipient, after.recipientHits ?? 0).retryAfterSeconds };
    }
    return { status: "error" };
  });
}

// ─── Leaving ─────────────────────────────────────────────────────────────

export interface LeaveQueueInput {
  sessionId: number;
  /** The leave link's token hash, or (declining) the offer link's. */
  tokenHash: string;
  by: "leave-link" | "decline-offer";
}

/** Which entry a token finds. */
function leaveWhere(by: LeaveQueueInput["by"], tokenHash: string): SQL {
  return by === "leave-link"
    ? sql`leave_token_hash = ${tokenHash} AND status IN ('waiting', 'offered')`
    : sql`offer_token_hash = ${tokenHash} AND status = 'offered'`;
}

/**
 * Takes the entry the token finds out of the queue; `declined` when it held
 * an offer (its seat is free for the queue step that follows). Two round
 * trips: which entry, then the change, guarded by the same token.
 */
export async function removeFromQueue(
  context: AppLoadContext,
  input: LeaveQueueInput,
  now: Date,
): Promise<Exclude<LeaveWaitlistResult, { status: "left" }> | { status: "left"; declined: boolean }> {
  const found = await runBatch(context, findLeavingPlan(context, input, now));
  if (!found) return { status: "not-found" };
  const left = await runBatch(context, leavePlan(context, { ...input, entryId: found.id }, now));
  return left ? { status: "left", declined: found.status === "offered" } : { status: "not-found" };
}

function findLeavingPlan(
  _context: AppLoadContext,
  { sessionId, tokenHash, by }: LeaveQueueInput,
  _now: Date,
): BatchPlan<Pick<WaitlistEntryRecord, "id" | "status"> | undefined> {
  const b = new BatchBuilder();
  const entry = b.add<Pick<WaitlistEntryRecord, "id" | "status">>(
    sql`SELECT id, status FROM waitlist_entries WHERE session_id = ${sessionId} AND ${leaveWhere(by, tokenHash)}`,
  );
  return b.plan((results) => entry.first(results));
}

function leavePlan(
  _context: AppLoadContext,
  { sessionId, tokenHash, by, entryId }: LeaveQueueInput & { entryId: string },
  now: Date,
): BatchPlan<boolean> {
  const b = new BatchBuilder();
  const left = b.add(
    sql`UPDATE waitlist_entries SET status = 'left', updated_at = ${now.toISOString()} WHERE id = ${entryId} AND session_id = ${sessionId} AND ${leaveWhere(by, tokenHash)}`,
  );
  b.add(recountHeld(sessionId));
  return b.plan((results) => left.changes(results) > 0);
}

// ─── The queue step ──────────────────────────────────────────────────────

export interface QueueStepInput {
  sessionId: number;
}

/**
 * The queue step: a session that has started or was cancelled closes its
 * queue; otherwise lapsed holds expire, and while a seat is free the first
 * waiting entries are offered one each, held for them until holdExpiry,
 * with the offer mail queued only if that offer was written. Two round trips
 * per chunk of the queue (a read, then one batch). Returns what it did and
 * when the earliest standing hold ends (for the object's alarm).
 */
export async function runQueueStep(
  context: AppLoadContext,
  input: QueueStepInput,
  now: Date,
): Promise<{ result: QueueStepResult; nextHoldEnd: string | null }> {
  const result: QueueStepResult = { status: "ran", expired: 0, offered: 0, closed: 0, mailIds: [] };
  for (;;) {
    const state = await runBatch(context, queueStatePlan(context, input, now));
    if (!state) return { result, nextHoldEnd: null };
    if (state.session.cancelledAt !== null || Date.parse(state.session.startTime) <= now.getTime()) {
      result.closed += await runBatch(context, closeQueuePlan(context, input, now));
      return { result, nextHoldEnd: null };
    }
    const heldAfterExpiry = state.session.heldSeats - state.lapsedHolds;
    const free =
      state.session.passType === "private"
        ? Number(state.session.currentParticipants + heldAfterExpiry === 0)
        : state.session.maxParticipants - state.session.currentParticipants - heldAfterExpiry;
    const toOffer = state.waiting.slice(0, Math.max(0, free));
    if (state.lapsedHolds === 0 && toOffer.length === 0) break;

    const offers = await Promise.all(
      toOffer.map(async (entry) => {
        const token = randomToken();
        return { entry, token, tokenHash: await sha256Hex(token) };
      }),
    );
    const step = await runBatch(context, offerSeatsPlan(context, { ...input, session: state.session, offers }, now));
    result.expired += step.expired;
    result.offered += step.mailIds.length;
    result.mailIds.push(...step.mailIds);
    // More seats than one chunk of the queue: read the next chunk.
    if (toOffer.length < OFFER_CHUNK || step.mailIds.length < toOffer.length) break;
  }
  return { result, nextHoldEnd: await runBatch(context, nextHoldEndPlan(context, input, now)) };
}

interface QueueState {
  session: SeatSession;
  waiting: WaitlistEntryRecord[];
  lapsedHolds: number;
}

function queueStatePlan(_context: AppLoadContext, { sessionId }: QueueStepInput, now: Date): BatchPlan<QueueState | null> {
  const b = new BatchBuilder();
  const session = b.add<SeatSession>(sql`SELECT ${SESSION_COLUMNS} FROM sessions WHERE id = ${sessionId}`);
  const waiting = b.add<WaitlistEntryRecord>(
    sql`SELECT ${ENTRY_COLUMNS} FROM waitlist_entries WHERE session_id = ${sessionId} AND status = 'waiting'
         ORDER BY created_at, rowid LIMIT ${sql.raw(String(OFFER_CHUNK))}`,
  );
  const lapsed = b.add<{ offered: number }>(
    sql`SELECT count(*) AS offered FROM waitlist_entries
         WHERE session_id = ${sessionId} AND status = 'offered' AND hold_expires_at <= ${now.toISOString()}`,
  );
  return b.plan((results) => {
    const found = session.first(results);
    if (!found) return null;
    return { session: found, waiting: waiting.rows(results), lapsedHolds: Number(lapsed.first(results)?.offered ?? 0) };
  });
}

function closeQueuePlan(_context: AppLoadContext, { sessionId }: QueueStepInput, now: Date): BatchPlan<number> {
  const b = new BatchBuilder();
  const closed = b.add(
    sql`UPDATE waitlist_entries SET status = 'closed', updated_at = ${now.toISOString()}
         WHERE session_id = ${sessionId} AND status IN ('waiting', 'offered')`,
  );
  b.add(recountHeld(sessionId));
  return b.plan((results) => closed.changes(results));
}

interface OfferSeatsInput extends QueueStepInput {
  session: SeatSession;
  /** The entries to offer a seat, each with its new offer token. */
  offers: ReadonlyArray<{ entry: WaitlistEntryRecord; token: string; tokenHash: string }>;
}

/**
 * Expire lapsed holds, recount the held seats, then offer each entry a seat
 * (only while one is still free as the batch finds it), hold it, and queue
 * its offer mail only if the offer was written.
 */
function offerSeatsPlan(
  context: AppLoadContext,
  { sessionId, session, offers }: OfferSeatsInput,
  now: Date,
): BatchPlan<{ expired: number; mailIds: string[] }> {
  const { config } = context;
  const nowIso = now.toISOString();
  const site = { siteUrl: config.SITE_URL, adminEmail: config.ADMIN_EMAIL };
  const expiresAt = holdExpiry(now, session.startTime);
  const b = new BatchBuilder();
  const expired = b.add(
    sql`UPDATE waitlist_entries SET status = 'expired', updated_at = ${nowIso}
         WHERE session_id = ${sessionId} AND status = 'offered' AND hold_expires_at <= ${nowIso}`,
  );
  b.add(recountHeld(sessionId));
  for (const { entry, token, tokenHash } of offers) {
    const offered = sql`EXISTS (SELECT 1 FROM waitlist_entries WHERE id = ${entry.id} AND offer_token_hash = ${tokenHash} AND status = 'offered')`;
    b.add(
      // Offered only while a seat is still free as the batch finds it.
      sql`UPDATE waitlist_entries SET status = 'offered', offered_at = ${nowIso}, hold_expires_at = ${expiresAt},
             offer_token_hash = ${tokenHash}, updated_at = ${nowIso}
           WHERE id = ${entry.id} AND status = 'waiting'
             AND EXISTS (SELECT 1 FROM sessions s WHERE s.id = ${sessionId} AND s.cancelled_at IS NULL AND ${FREE_SEATS} > 0)`,
    );
    b.add(
      sql`UPDATE sessions SET held_seats = held_seats + 1 WHERE id = ${sessionId} AND ${offered}`,
    );
    const mail = waitlistOfferMail(site, session, entry, entry.id, token, expiresAt);
    b.addAll(
      outboxInsertStatements(toOutboxRow(mail, { from: config.EMAIL_FROM }, nowIso), {
        condition: offered,
      }),
    );
  }
  const offeredMails = b.add<{ id: string }>(
    // This batch's entries only: an earlier chunk of the same step was offered at the same instant.
    sql`SELECT o.id FROM email_outbox o JOIN waitlist_entries w ON o.idempotency_key = 'waitlist-offer:' || w.id
         WHERE w.session_id = ${sessionId} AND w.status = 'offered' AND w.offered_at = ${nowIso}
           AND w.id IN (SELECT value FROM json_each(${JSON.stringify(offers.map(({ entry }) => entry.id))}))`,
  );
  return b.plan((results) => ({ expired: expired.changes(results), mailIds: offeredMails.rows(results).map((r) => r.id) }));
}

/** When the earliest standing hold of the session ends, if any. */
function nextHoldEndPlan(_context: AppLoadContext, { sessionId }: QueueStepInput, _now: Date): BatchPlan<string | null> {
  const b = new BatchBuilder();
  const next = b.add<{ next: string | null }>(
    sql`SELECT min(hold_expires_at) AS next FROM waitlist_entries WHERE session_id = ${sessionId} AND status = 'offered'`,
  );
  return b.plan((results) => next.first(results)?.next ?? null);
}
