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
import { waitlistOfferMail } from "~/domain/mail/waitlist";
import { holdExpiry } from "~/domain/waitlist";
import { randomToken, sha256Hex } from "../platform/crypto.server";
import { type BatchPlan, BatchBuilder, runBatch } from "../db/batch.server";
import { columnsAs, schema, type SqlCondition } from "../db/client.server";
import { outboxInsertStatements, toOutboxRow } from "../email/outbox.server";
import type { Config } from "../platform/env.server";
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

const ENTRY_COLUMNS = columnsAs(schema.waitlistEntries);

/** Recounts held_seats from the offers standing (so the count can never drift); ?1 is the session id. */
const RECOUNT_HELD_SQL = `UPDATE sessions SET held_seats =
  (SELECT count(*) FROM waitlist_entries WHERE session_id = ?1 AND status = 'offered') WHERE id = ?1`;

/** How many waiting entries one queue step reads at a time. */
const OFFER_CHUNK = 20;

/** What the offer mail needs from the configuration. */
export type QueueConfig = Pick<Config, "SITE_URL" | "ADMIN_EMAIL" | "EMAIL_FROM">;

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
export async function joinQueue(db: D1Database, input: JoinQueueInput, now: Date): Promise<WaitlistJoinResult> {
  try {
    return await runBatch(db, joinQueuePlan(db, input, now));
  } catch (error) {
    // The partial unique index is the last line of defence: the address is in the queue.
    if (String(error).includes("UNIQUE constraint failed: waitlist_entries.session_id")) return { status: "already-queued" };
    console.error(`waitlist join for session ${input.sessionId} failed`, error);
    return { status: "error" };
  }
}

export function joinQueuePlan(
  db: D1Database,
  { sessionId, entry: input, options = {} }: JoinQueueInput,
  nowDate: Date,
): BatchPlan<WaitlistJoinResult> {
  const now = nowDate.toISOString();
  const { attempt, mail } = options;
  const recipient = mail?.recipientSlot ?? null;
  const guards: SqlCondition[] = [];
  if (attempt) {
    guards.push({
      sql: "(SELECT hits FROM rate_limits WHERE key = ? AND window_start = ?) <= ?",
      params: [attempt.key, attempt.windowStart, attempt.limit],
    });
  }
  if (recipient) guards.push(withinBudget(recipient));
  const b = new BatchBuilder();
  if (attempt) b.add(countHitStatement(db, attempt));
  const insert = b.add<WaitlistEntryRecord>(
    db
      .prepare(
        `INSERT INTO waitlist_entries (id, session_id, name, email, dog_name, status, leave_token_hash, created_at, updated_at)
         SELECT ?1, s.id, ?3, ?4, ?5, 'waiting', ?6, ?7, ?7
         FROM sessions s
         WHERE s.id = ?2 AND s.cancelled_at IS NULL AND s.start_time > ?7 AND ${FREE_SEATS_SQL} <= 0
           AND NOT EXISTS (
             SELECT 1 FROM waitlist_entries w
             WHERE w.session_id = s.id AND lower(w.email) = lower(?4) AND w.status IN ('waiting', 'offered')
           )
           AND NOT EXISTS (
             SELECT 1 FROM bookings b
             WHERE b.session_id = s.id AND lower(b.user_email) = lower(?4) AND b.booking_status <> 'cancelled'
           )
           ${guards.map((g) => `AND ${g.sql}`).join("\n           ")}
         RETURNING ${ENTRY_COLUMNS}`,
      )
      .bind(input.id, sessionId, input.name, input.email, input.dogName, input.leaveTokenHash, now, ...guards.flatMap((g) => g.params)),
  );
  if (mail) {
    const entryWritten: SqlCondition = { sql: "EXISTS (SELECT 1 FROM waitlist_entries WHERE id = ?)", params: [input.id] };
    b.addAll(outboxInsertStatements(db, mail.row, { condition: entryWritten, recipientSlot: recipient }));
  }
  const outcome = b.add<{
    cancelledAt: string | null;
    startTime: string;
    free: number;
    already: number;
    attemptHits: number | null;
    recipientHits: number | null;
  }>(
    db
      .prepare(
        `SELECT s.cancelled_at AS cancelledAt, s.start_time AS startTime, ${FREE_SEATS_SQL} AS free,
           EXISTS (
             SELECT 1 FROM waitlist_entries w
             WHERE w.session_id = s.id AND lower(w.email) = lower(?2) AND w.status IN ('waiting', 'offered') AND w.id <> ?3
           ) OR EXISTS (
             SELECT 1 FROM bookings b
             WHERE b.session_id = s.id AND lower(b.user_email) = lower(?2) AND b.booking_status <> 'cancelled'
           ) AS already,
           (SELECT hits FROM rate_limits WHERE key = ?4 AND window_start = ?5) AS attemptHits,
           (SELECT hits FROM rate_limits WHERE key = ?6 AND window_start = ?7) AS recipientHits
         FROM sessions s WHERE s.id = ?1`,
      )
      .bind(
        sessionId,
        input.email,
        input.id,
        attempt?.key ?? null,
        attempt?.windowStart ?? null,
        recipient?.key ?? null,
        recipient?.windowStart ?? null,
      ),
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

/** Which entry a token finds (?1 the session, ?2 the token hash). */
const LEAVE_WHERE: Record<LeaveQueueInput["by"], string> = {
  "leave-link": "leave_token_hash = ?2 AND status IN ('waiting', 'offered')",
  "decline-offer": "offer_token_hash = ?2 AND status = 'offered'",
};

/**
 * Takes the entry the token finds out of the queue; `declined` when it held
 * an offer (its seat is free for the queue step that follows). Two round
 * trips: which entry, then the change, guarded by the same token.
 */
export async function removeFromQueue(
  db: D1Database,
  input: LeaveQueueInput,
  now: Date,
): Promise<Exclude<LeaveWaitlistResult, { status: "left" }> | { status: "left"; declined: boolean }> {
  const found = await runBatch(db, findLeavingPlan(db, input));
  if (!found) return { status: "not-found" };
  const left = await runBatch(db, leavePlan(db, input, found.id, now));
  return left ? { status: "left", declined: found.status === "offered" } : { status: "not-found" };
}

function findLeavingPlan(
  db: D1Database,
  { sessionId, tokenHash, by }: LeaveQueueInput,
): BatchPlan<Pick<WaitlistEntryRecord, "id" | "status"> | undefined> {
  const b = new BatchBuilder();
  const entry = b.add<Pick<WaitlistEntryRecord, "id" | "status">>(
    db.prepare(`SELECT id, status FROM waitlist_entries WHERE session_id = ?1 AND ${LEAVE_WHERE[by]}`).bind(sessionId, tokenHash),
  );
  return b.plan((results) => entry.first(results));
}

function leavePlan(db: D1Database, { sessionId, tokenHash, by }: LeaveQueueInput, entryId: string, now: Date): BatchPlan<boolean> {
  const b = new BatchBuilder();
  const left = b.add(
    db
      .prepare(`UPDATE waitlist_entries SET status = 'left', updated_at = ?3 WHERE id = ?4 AND session_id = ?1 AND ${LEAVE_WHERE[by]}`)
      .bind(sessionId, tokenHash, now.toISOString(), entryId),
  );
  b.add(db.prepare(RECOUNT_HELD_SQL).bind(sessionId));
  return b.plan((results) => left.changes(results) > 0);
}

// ─── The queue step ──────────────────────────────────────────────────────

export interface QueueStepInput {
  sessionId: number;
  config: QueueConfig;
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
  db: D1Database,
  input: QueueStepInput,
  now: Date,
): Promise<{ result: QueueStepResult; nextHoldEnd: string | null }> {
  const result: QueueStepResult = { status: "ran", expired: 0, offered: 0, closed: 0, mailIds: [] };
  for (;;) {
    const state = await runBatch(db, queueStatePlan(db, input.sessionId, now));
    if (!state) return { result, nextHoldEnd: null };
    if (state.session.cancelledAt !== null || Date.parse(state.session.startTime) <= now.getTime()) {
      result.closed += await runBatch(db, closeQueuePlan(db, input.sessionId, now));
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
    const step = await runBatch(db, offerSeatsPlan(db, { ...input, session: state.session, offers }, now));
    result.expired += step.expired;
    result.offered += step.mailIds.length;
    result.mailIds.push(...step.mailIds);
    // More seats than one chunk of the queue: read the next chunk.
    if (toOffer.length < OFFER_CHUNK || step.mailIds.length < toOffer.length) break;
  }
  return { result, nextHoldEnd: await runBatch(db, nextHoldEndPlan(db, input.sessionId)) };
}

interface QueueState {
  session: SeatSession;
  waiting: WaitlistEntryRecord[];
  lapsedHolds: number;
}

function queueStatePlan(db: D1Database, sessionId: number, now: Date): BatchPlan<QueueState | null> {
  const b = new BatchBuilder();
  const session = b.add<SeatSession>(db.prepare(`SELECT ${SEAT_SESSION_COLUMNS} FROM sessions WHERE id = ?`).bind(sessionId));
  const waiting = b.add<WaitlistEntryRecord>(
    db
      .prepare(
        `SELECT ${ENTRY_COLUMNS} FROM waitlist_entries WHERE session_id = ? AND status = 'waiting'
         ORDER BY created_at, rowid LIMIT ${OFFER_CHUNK}`,
      )
      .bind(sessionId),
  );
  const lapsed = b.add<{ offered: number }>(
    db
      .prepare(
        `SELECT count(*) AS offered FROM waitlist_entries
         WHERE session_id = ? AND status = 'offered' AND hold_expires_at <= ?`,
      )
      .bind(sessionId, now.toISOString()),
  );
  return b.plan((results) => {
    const found = session.first(results);
    if (!found) return null;
    return { session: found, waiting: waiting.rows(results), lapsedHolds: Number(lapsed.first(results)?.offered ?? 0) };
  });
}

function closeQueuePlan(db: D1Database, sessionId: number, now: Date): BatchPlan<number> {
  const b = new BatchBuilder();
  const closed = b.add(
    db
      .prepare(
        `UPDATE waitlist_entries SET status = 'closed', updated_at = ?2
         WHERE session_id = ?1 AND status IN ('waiting', 'offered')`,
      )
      .bind(sessionId, now.toISOString()),
  );
  b.add(db.prepare(RECOUNT_HELD_SQL).bind(sessionId));
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
  db: D1Database,
  { sessionId, config, session, offers }: OfferSeatsInput,
  now: Date,
): BatchPlan<{ expired: number; mailIds: string[] }> {
  const nowIso = now.toISOString();
  const site = { siteUrl: config.SITE_URL, adminEmail: config.ADMIN_EMAIL };
  const expiresAt = holdExpiry(now, session.startTime);
  const b = new BatchBuilder();
  const expired = b.add(
    db
      .prepare(
        `UPDATE waitlist_entries SET status = 'expired', updated_at = ?2
         WHERE session_id = ?1 AND status = 'offered' AND hold_expires_at <= ?2`,
      )
      .bind(sessionId, nowIso),
  );
  b.add(db.prepare(RECOUNT_HELD_SQL).bind(sessionId));
  for (const { entry, token, tokenHash } of offers) {
    const offered: SqlCondition = {
      sql: "EXISTS (SELECT 1 FROM waitlist_entries WHERE id = ? AND offer_token_hash = ? AND status = 'offered')",
      params: [entry.id, tokenHash],
    };
    b.add(
      // Offered only while a seat is still free as the batch finds it.
      db
        .prepare(
          `UPDATE waitlist_entries SET status = 'offered', offered_at = ?2, hold_expires_at = ?3,
             offer_token_hash = ?4, updated_at = ?2
           WHERE id = ?1 AND status = 'waiting'
             AND EXISTS (SELECT 1 FROM sessions s WHERE s.id = ?5 AND s.cancelled_at IS NULL AND ${FREE_SEATS_SQL} > 0)`,
        )
        .bind(entry.id, nowIso, expiresAt, tokenHash, sessionId),
    );
    b.add(db.prepare(`UPDATE sessions SET held_seats = held_seats + 1 WHERE id = ? AND ${offered.sql}`).bind(sessionId, ...offered.params));
    const mail = waitlistOfferMail(site, session, entry, entry.id, token, expiresAt);
    b.addAll(outboxInsertStatements(db, toOutboxRow(mail, { from: config.EMAIL_FROM }, nowIso), { condition: offered }));
  }
  const offeredMails = b.add<{ id: string }>(
    db
      .prepare(
        `SELECT o.id FROM email_outbox o JOIN waitlist_entries w ON o.idempotency_key = 'waitlist-offer:' || w.id
         WHERE w.session_id = ? AND w.status = 'offered' AND w.offered_at = ?
           AND w.id IN (SELECT value FROM json_each(?))`,
      )
      // This batch's entries only: an earlier chunk of the same step was offered at the same instant.
      .bind(sessionId, nowIso, JSON.stringify(offers.map(({ entry }) => entry.id))),
  );
  return b.plan((results) => ({ expired: expired.changes(results), mailIds: offeredMails.rows(results).map((r) => r.id) }));
}

/** When the earliest standing hold of the session ends, if any. */
function nextHoldEndPlan(db: D1Database, sessionId: number): BatchPlan<string | null> {
  const b = new BatchBuilder();
  const next = b.add<{ next: string | null }>(
    db.prepare("SELECT min(hold_expires_at) AS next FROM waitlist_entries WHERE session_id = ? AND status = 'offered'").bind(sessionId),
  );
  return b.plan((results) => next.first(results)?.next ?? null);
}
