/**
 * Booking one seat: the batch the session's SessionSeats object runs, one
 * at a time, for every booking (the public form, a waitlist hold's link).
 *
 * The batch is written so that a booking row exists iff its seat was
 * counted: the INSERT … SELECT reads the session row fresh and inserts only
 * while every guard holds; the UPDATE counts only when that very booking id
 * exists; the mails are queued only if it exists. It also counts the attempt
 * on the per-client limit, so an attempt over it books nothing. The schema's
 * CHECK and UNIQUE constraints stay as the last line of defence; a violation
 * aborts the whole batch (classifyBookingFailure says which).
 */
import { waitlistOfferMailKey } from "~/domain/mail/waitlist";
import { type BatchPlan, BatchBuilder, runBatch } from "../db/batch.server";
import { columnsAs, schema, type SqlCondition } from "../db/client.server";
import { blankLinkStatement, outboxInsertStatements } from "../email/outbox.server";
import { countHitStatement, rateLimitVerdict, withinBudget } from "../platform/rate-limit.server";
import {
  FREE_SEATS_SQL,
  SEAT_SESSION_COLUMNS,
  type BookingRecord,
  type BookSeatInput,
  type BookSeatOptions,
  type BookSeatResult,
  type SeatSession,
} from "../seats/seat-types.server";

const BOOKING_COLUMNS = columnsAs(schema.bookings);

export interface BookSeatRequest {
  sessionId: number;
  booking: BookSeatInput;
  options?: BookSeatOptions;
}

/** What the booking's batch found: a result, or that the key belongs to an earlier booking (read it). */
type BookBatchOutcome = BookSeatResult | { status: "key-seen"; fallback: BookSeatResult };

/** Why a booking's batch failed, when D1's own constraints (the last line of defence) refused it. */
export function classifyBookingFailure(error: unknown): "duplicate" | "replay" | "error" {
  const message = error instanceof Error ? error.message : String(error);
  if (!message.includes("UNIQUE constraint failed")) return "error";
  if (message.includes("bookings_one_active_per_email")) return "duplicate";
  if (message.includes("idempotency_key")) return "replay";
  return "error";
}

/**
 * Books one seat, or says why not. The same idempotency key again answers
 * with the first booking (its mails were queued the first time).
 */
export async function bookSeat(db: D1Database, request: BookSeatRequest, now: Date): Promise<BookSeatResult> {
  const { sessionId, booking } = request;
  let outcome: BookBatchOutcome;
  try {
    outcome = await runBatch(db, bookSeatPlan(db, request, now));
  } catch (error) {
    // Nothing of the batch was written: no booking without its mail.
    const failure = classifyBookingFailure(error);
    if (failure === "duplicate") return { status: "duplicate" };
    if (failure === "replay") {
      const replay = await runBatch(db, replayPlan(db, sessionId, booking.idempotencyKey)).catch(() => null);
      if (replay) return replay;
    }
    console.error(`booking for session ${sessionId} failed`, error);
    return { status: "error" };
  }
  if (outcome.status !== "key-seen") return outcome;
  // A repeat of a booking staff have cancelled since is not a booking: answer from the session as it is.
  return (await runBatch(db, replayPlan(db, sessionId, booking.idempotencyKey))) ?? outcome.fallback;
}

/**
 * One batch: count the attempt, insert the booking only while every guard
 * holds (seats, start, the session as the visitor saw it, no repeat, no
 * second booking for the e-mail, the attempt and mail budgets, a hold's
 * offer), count the seat only if that row exists, queue the mails only if it
 * exists, and read back what happened.
 */
export function bookSeatPlan(db: D1Database, request: BookSeatRequest, nowDate: Date): BatchPlan<BookBatchOutcome> {
  const { sessionId, booking: input, options = {} } = request;
  const bookingId = input.id ?? crypto.randomUUID();
  const now = nowDate.toISOString();
  const { attempt, snapshot, mails = [], hold } = options;
  // The customer's mail budget guards the booking itself: no booking without its mail.
  const recipient = mails.find((m) => m.row.toAddress === input.userEmail)?.recipientSlot ?? null;

  const guards: SqlCondition[] = [];
  if (snapshot) {
    guards.push({
      sql: "s.title = ? AND s.location = ? AND s.start_time = ? AND s.end_time = ? AND s.pass_type = ? AND s.price_sek = ?",
      params: [snapshot.title, snapshot.location, snapshot.startTime, snapshot.endTime, snapshot.passType, snapshot.priceSek],
    });
  }
  if (attempt) {
    guards.push({
      sql: "(SELECT hits FROM rate_limits WHERE key = ? AND window_start = ?) <= ?",
      params: [attempt.key, attempt.windowStart, attempt.limit],
    });
  }
  if (recipient) guards.push(withinBudget(recipient));
  if (hold) {
    // The seat held for this entry's standing offer, for this very address, before the offer lapses.
    guards.push({
      sql: `EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.id = ? AND w.session_id = s.id AND w.status = 'offered'
              AND w.offer_token_hash = ? AND w.hold_expires_at > ? AND lower(w.email) = lower(?))`,
      params: [hold.entryId, hold.tokenHash, now, input.userEmail],
    });
  }
  // A public booking needs a seat nobody booked or holds; a hold's booking takes its own held seat.
  const seatGuard = hold
    ? "s.current_participants < s.max_participants AND (s.pass_type = 'group' OR s.current_participants = 0)"
    : `${FREE_SEATS_SQL} > 0`;

  const b = new BatchBuilder();
  if (attempt) b.add(countHitStatement(db, attempt));
  // Numbered ?N parameters keep the guarded statement readable; the guards' plain ? follow ?15.
  const insert = b.add<BookingRecord>(
    db
      .prepare(
        `INSERT INTO bookings (id, session_id, user_name, user_email, user_phone, dog_name, dog_breed, dog_age,
           special_notes, home_address, meeting_type, variant, price_sek, booking_status, idempotency_key,
           session_title, session_location, session_start_time, session_end_time, created_at)
         SELECT ?1, s.id, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, COALESCE(?13, s.price_sek), 'confirmed', ?14,
           s.title, s.location, s.start_time, s.end_time, ?15
         FROM sessions s
         WHERE s.id = ?2
           AND s.cancelled_at IS NULL
           AND s.start_time > ?15
           AND ${seatGuard}
           AND NOT EXISTS (SELECT 1 FROM bookings WHERE idempotency_key = ?14)
           AND NOT EXISTS (
             SELECT 1 FROM bookings b
             WHERE b.session_id = s.id AND lower(b.user_email) = lower(?4) AND b.booking_status <> 'cancelled'
           )
           ${guards.map((g) => `AND ${g.sql}`).join("\n           ")}
         RETURNING ${BOOKING_COLUMNS}`,
      )
      .bind(
        bookingId,
        sessionId,
        input.userName,
        input.userEmail,
        input.userPhone,
        input.dogName,
        input.dogBreed,
        input.dogAge,
        input.specialNotes,
        input.homeAddress,
        input.meetingType,
        input.variant,
        input.priceSek,
        input.idempotencyKey,
        now,
        ...guards.flatMap((g) => g.params),
      ),
  );
  // Counts the seat only if the row above was written by this very batch.
  // A hold's booking moves its seat from held to booked.
  b.add(
    db
      .prepare(
        `UPDATE sessions SET current_participants = current_participants + 1, held_seats = held_seats - ?4, updated_at = ?3
         WHERE id = ?1 AND EXISTS (SELECT 1 FROM bookings WHERE id = ?2)`,
      )
      .bind(sessionId, bookingId, now, hold ? 1 : 0),
  );
  const bookingWritten: SqlCondition = { sql: "EXISTS (SELECT 1 FROM bookings WHERE id = ?)", params: [bookingId] };
  if (hold) {
    b.add(
      db
        .prepare(
          `UPDATE waitlist_entries SET status = 'booked', booking_id = ?2, updated_at = ?3
           WHERE id = ?1 AND status = 'offered' AND EXISTS (SELECT 1 FROM bookings WHERE id = ?2)`,
        )
        .bind(hold.entryId, bookingId, now),
    );
    // The offer's link is used up: blank it in the stored mail.
    b.add(blankLinkStatement(db, waitlistOfferMailKey(hold.entryId), nowDate, bookingWritten));
  }
  b.addAll(
    mails.flatMap(({ row, recipientSlot, fill }) => outboxInsertStatements(db, row, { condition: bookingWritten, recipientSlot, fill })),
  );
  // What happened, in one row: the session after the batch, which booking holds the key,
  // whether this e-mail already has an active booking here, and the budgets' counts.
  const outcome = b.add<
    SeatSession & {
      keyBookingId: string | null;
      duplicate: number;
      attemptHits: number | null;
      recipientHits: number | null;
      holdValid: number;
    }
  >(
    db
      .prepare(
        `SELECT ${SEAT_SESSION_COLUMNS},
           (SELECT id FROM bookings WHERE idempotency_key = ?2) AS keyBookingId,
           EXISTS (
             SELECT 1 FROM bookings b
             WHERE b.session_id = sessions.id AND lower(b.user_email) = lower(?3) AND b.booking_status <> 'cancelled'
               AND b.id <> ?4
           ) AS duplicate,
           (SELECT hits FROM rate_limits WHERE key = ?5 AND window_start = ?6) AS attemptHits,
           (SELECT hits FROM rate_limits WHERE key = ?7 AND window_start = ?8) AS recipientHits,
           EXISTS (
             SELECT 1 FROM waitlist_entries w WHERE w.id = ?9 AND w.session_id = sessions.id AND w.status = 'offered'
               AND w.offer_token_hash = ?10 AND w.hold_expires_at > ?11 AND lower(w.email) = lower(?3)
           ) AS holdValid
         FROM sessions WHERE id = ?1`,
      )
      .bind(
        sessionId,
        input.idempotencyKey,
        input.userEmail,
        bookingId,
        attempt?.key ?? null,
        attempt?.windowStart ?? null,
        recipient?.key ?? null,
        recipient?.windowStart ?? null,
        hold?.entryId ?? null,
        hold?.tokenHash ?? null,
        now,
      ),
  );

  return b.plan((results): BookBatchOutcome => {
    const after = outcome.first(results);
    if (!after) return { status: "not-found" };
    const { keyBookingId, duplicate, attemptHits, recipientHits, holdValid, ...session } = after;
    // The INSERT returns the row it wrote (nothing when a guard refused).
    const booking = insert.first(results);
    if (booking) return { status: "booked", booking, session, replayed: false, mailIds: mails.map(({ row }) => row.id) };
    const refusal = ((): BookSeatResult => {
      if (session.cancelledAt !== null) return { status: "session-cancelled" };
      if (session.startTime <= now) return { status: "past" };
      if (snapshot && !sameAsSnapshot(session, snapshot)) return { status: "changed", title: session.title };
      if (duplicate) return { status: "duplicate" };
      if (hold && !holdValid) return { status: "hold-invalid" };
      if (attempt && (attemptHits ?? 0) > attempt.limit) {
        return { status: "rate-limited", retryAfterSeconds: rateLimitVerdict(attempt, attemptHits ?? 0).retryAfterSeconds };
      }
      if (recipient && (recipientHits ?? 0) >= recipient.limit) {
        return { status: "rate-limited", retryAfterSeconds: rateLimitVerdict(recipient, recipientHits ?? 0).retryAfterSeconds };
      }
      // The key is spent (its booking was cancelled): with seats left, the visitor must send a fresh form.
      if (keyBookingId !== null && session.currentParticipants + session.heldSeats < session.maxParticipants) return { status: "error" };
      return { status: "full" };
    })();
    return keyBookingId !== null ? { status: "key-seen", fallback: refusal } : refusal;
  });
}

/** The booking an earlier call made with this idempotency key (its mail was queued then), unless it was cancelled since. */
export function replayPlan(db: D1Database, sessionId: number, idempotencyKey: string): BatchPlan<BookSeatResult | null> {
  const b = new BatchBuilder();
  const byKey = b.add<BookingRecord>(db.prepare(`SELECT ${BOOKING_COLUMNS} FROM bookings WHERE idempotency_key = ?`).bind(idempotencyKey));
  const sessions = b.add<SeatSession>(db.prepare(`SELECT ${SEAT_SESSION_COLUMNS} FROM sessions WHERE id = ?`).bind(sessionId));
  return b.plan((results) => {
    const booking = byKey.first(results);
    const session = sessions.first(results);
    if (booking?.bookingStatus === "cancelled" && booking.sessionId === sessionId) return null;
    if (!booking || !session || booking.sessionId !== sessionId) {
      console.error(
        `booking for session ${sessionId}: its idempotency key ${booking ? `belongs to booking ${booking.id} of another session` : "has no booking"}`,
      );
      return null;
    }
    return { status: "booked", booking, session, replayed: true, mailIds: [] };
  });
}

/** The session columns a visitor saw, unchanged. */
function sameAsSnapshot(session: SeatSession, snapshot: NonNullable<BookSeatOptions["snapshot"]>): boolean {
  return (
    session.title === snapshot.title &&
    session.location === snapshot.location &&
    session.startTime === snapshot.startTime &&
    session.endTime === snapshot.endTime &&
    session.passType === snapshot.passType &&
    session.priceSek === snapshot.priceSek
  );
}
