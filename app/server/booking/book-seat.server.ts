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
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql, type SQL } from "drizzle-orm";
import type { BookingAsk } from "~/domain/constants";
import { waitlistOfferMailKey } from "~/domain/mail/waitlist";
import { type BatchPlan, BatchBuilder, runBatch } from "../db/batch.server";
import { bookingAskOf } from "./booking-ask.server";
import { columnsAs, schema } from "../db/client.server";
import { blankLinkStatement, outboxInsertStatements } from "../email/outbox.server";
import { countHitStatement, rateLimitVerdict, withinBudget } from "../platform/rate-limit.server";
import { cardSpendable, cardStateNow, spendCardStatements, spentCardId } from "../cards/card-spend.server";
import {
  FREE_SEATS_SQL,
  SEAT_SESSION_COLUMNS,
  type BookingRecord,
  type BookSeatInput,
  type BookSeatOptions,
  type BookSeatResult,
  type SeatSession,
} from "../seats/seat-types.server";

const BOOKING_COLUMNS = sql.raw(columnsAs(schema.bookings));
const SESSION_COLUMNS = sql.raw(SEAT_SESSION_COLUMNS);

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
  if (message.includes("bookings_one_confirmed_per_email")) return "duplicate";
  if (message.includes("idempotency_key")) return "replay";
  return "error";
}

/**
 * Books one seat, or says why not. The same idempotency key again answers
 * with the first booking (its mails were queued the first time).
 */
export async function bookSeat(context: AppLoadContext, request: BookSeatRequest, now: Date): Promise<BookSeatResult> {
  const { sessionId, booking } = request;
  let outcome: BookBatchOutcome;
  try {
    outcome = await runBatch(context, bookSeatPlan(context, request, now));
  } catch (error) {
    // Nothing of the batch was written: no booking without its mail.
    const failure = classifyBookingFailure(error);
    if (failure === "duplicate") return { status: "duplicate" };
    if (failure === "replay") {
      const replay = await runBatch(context, replayPlan(context, { sessionId, idempotencyKey: booking.idempotencyKey }, now)).catch(() => null);
      if (replay) return replay;
    }
    console.error(`booking for session ${sessionId} failed`, error);
    return { status: "error" };
  }
  if (outcome.status !== "key-seen") return outcome;
  // A repeat of a booking staff have cancelled since is not a booking: answer from the session as it is.
  return (await runBatch(context, replayPlan(context, { sessionId, idempotencyKey: booking.idempotencyKey }, now))) ?? outcome.fallback;
}

/**
 * One batch: count the attempt, insert the booking only while every guard
 * holds (seats, start, the session as the visitor saw it, no repeat, no
 * second booking for the e-mail, the attempt and mail budgets, a hold's
 * offer), count the seat only if that row exists, queue the mails only if it
 * exists, and read back what happened.
 */
export function bookSeatPlan(_context: AppLoadContext, request: BookSeatRequest, nowDate: Date): BatchPlan<BookBatchOutcome> {
  const { sessionId, booking: input, options = {} } = request;
  const bookingId = input.id ?? crypto.randomUUID();
  const now = nowDate.toISOString();
  const { attempt, snapshot, mails = [], hold, payment, card } = options;
  // The customer's mail budget guards the booking itself: no booking without its mail.
  const recipient = mails.find((m) => m.row.toAddress === input.userEmail)?.recipientSlot ?? null;

  const guards: SQL[] = [];
  if (snapshot) {
    guards.push(
      sql`s.title = ${snapshot.title} AND s.location = ${snapshot.location} AND s.start_time = ${snapshot.startTime} AND s.end_time = ${snapshot.endTime} AND s.pass_type = ${snapshot.passType} AND s.price_sek = ${snapshot.priceSek}
          AND ${bookingAskOf("s")} IS ${snapshot.bookingAsk}`,
    );
  }
  if (attempt) {
    guards.push(sql`(SELECT hits FROM rate_limits WHERE key = ${attempt.key} AND window_start = ${attempt.windowStart}) <= ${attempt.limit}`);
  }
  if (recipient) guards.push(withinBudget(recipient));
  // A booking paid with a card is written only while the card can pay it; the spend follows in this batch.
  if (card) guards.push(cardSpendable(card, now));
  if (hold) {
    // The seat held for this entry's standing offer, for this very address, before the offer lapses.
    guards.push(
      sql`EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.id = ${hold.entryId} AND w.session_id = s.id AND w.status = 'offered'
              AND w.offer_token_hash = ${hold.tokenHash} AND w.hold_expires_at > ${now} AND lower(w.email) = lower(${input.userEmail}))`,
    );
  }
  // A public booking needs a seat nobody booked or holds; a hold's booking takes its own held seat.
  const seatGuard = hold
    ? sql.raw("s.current_participants < s.max_participants AND (s.pass_type = 'group' OR s.current_participants = 0)")
    : sql.raw(`${FREE_SEATS_SQL} > 0`);

  // A hold being paid for is the browser's that made it (payments/hold-cookie.server.ts), not the address's:
  // another hold for the address is made like any other, and only a confirmed booking refuses it.
  // A booking confirmed at once is still refused beside a hold, which could otherwise be confirmed too.
  const sameAddressBlocks = payment ? sql.raw("b.booking_status = 'confirmed'") : sql.raw("b.booking_status <> 'cancelled'");

  const b = new BatchBuilder();
  if (attempt) b.add(countHitStatement(attempt));
  const insert = b.add<BookingRecord>(
    sql`INSERT INTO bookings (id, session_id, user_name, user_email, user_phone, dog_name, dog_breed, dog_age,
           special_notes, home_address, meeting_type, variant, price_sek, booking_status, idempotency_key,
           session_title, session_location, session_start_time, session_end_time, created_at)
         SELECT ${bookingId}, s.id, ${input.userName}, ${input.userEmail}, ${input.userPhone}, ${input.dogName}, ${input.dogBreed}, ${input.dogAge}, ${input.specialNotes}, ${input.homeAddress}, ${input.meetingType}, ${input.variant}, COALESCE(${input.priceSek}, s.price_sek), ${payment ? "pending" : "confirmed"}, ${input.idempotencyKey},
           s.title, s.location, s.start_time, s.end_time, ${now}
         FROM sessions s
         WHERE s.id = ${sessionId}
           AND s.cancelled_at IS NULL
           AND s.start_time > ${now}
           AND ${seatGuard}
           AND NOT EXISTS (SELECT 1 FROM bookings WHERE idempotency_key = ${input.idempotencyKey})
           AND NOT EXISTS (
             SELECT 1 FROM bookings b
             WHERE b.session_id = s.id AND lower(b.user_email) = lower(${input.userEmail}) AND ${sameAddressBlocks}
           )
           ${sql.join(guards.map((g) => sql`AND ${g}`), sql.raw("\n           "))}
         RETURNING ${BOOKING_COLUMNS}`,
  );
  // Counts the seat only if the row above was written by this very batch.
  // A hold's booking moves its seat from held to booked.
  b.add(
    sql`UPDATE sessions SET current_participants = current_participants + 1, held_seats = held_seats - ${hold ? 1 : 0}, updated_at = ${now}
         WHERE id = ${sessionId} AND EXISTS (SELECT 1 FROM bookings WHERE id = ${bookingId})`,
  );
  const bookingWritten = sql`EXISTS (SELECT 1 FROM bookings WHERE id = ${bookingId})`;
  if (card) b.addAll(spendCardStatements(card, bookingId, now));
  if (payment) {
    // The amount is the booking's own price as this batch wrote it (the session's, or its variant's): never the form's;
    // less what its card paid.
    b.add(
      sql`INSERT INTO payments (id, booking_id, session_id, amount_ore, currency, status, checkout_expires_at, created_at, updated_at)
           SELECT ${payment.id}, b.id, b.session_id, (b.price_sek - ${card?.amountSek ?? 0}) * 100, 'sek', 'open', ${payment.holdUntil}, ${now}, ${now}
           FROM bookings b WHERE b.id = ${bookingId}`,
    );
  }
  if (hold) {
    b.add(
      sql`UPDATE waitlist_entries SET status = 'booked', booking_id = ${bookingId}, updated_at = ${now}
           WHERE id = ${hold.entryId} AND status = 'offered' AND EXISTS (SELECT 1 FROM bookings WHERE id = ${bookingId})`,
    );
    // The offer's link is used up: blank it in the stored mail.
    b.add(blankLinkStatement(waitlistOfferMailKey(hold.entryId), nowDate, bookingWritten));
  }
  b.addAll(
    mails.flatMap(({ row, recipientSlot, participantsPlaceholder, cardLeftPlaceholder }) =>
      outboxInsertStatements(row, {
        condition: bookingWritten,
        recipientSlot,
        fill: [
          ...(participantsPlaceholder
            ? [
                {
                  placeholder: participantsPlaceholder,
                  sql: sql`SELECT current_participants || ' av ' || max_participants FROM sessions WHERE id = ${sessionId}`,
                },
              ]
            : []),
          ...(cardLeftPlaceholder && card
            ? [{ placeholder: cardLeftPlaceholder, sql: sql`SELECT coalesce(uses_left, balance_sek) FROM cards WHERE id = ${spentCardId(card)}` }]
            : []),
        ],
      }),
    ),
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
      cardState: "ok" | "voided" | "expired" | "used" | "changed" | null;
      bookingAsk: BookingAsk | null;
    }
  >(
    sql`SELECT ${SESSION_COLUMNS},
           (SELECT id FROM bookings WHERE idempotency_key = ${input.idempotencyKey}) AS keyBookingId,
           EXISTS (
             SELECT 1 FROM bookings b
             WHERE b.session_id = sessions.id AND lower(b.user_email) = lower(${input.userEmail}) AND ${sameAddressBlocks}
               AND b.id <> ${bookingId}
           ) AS duplicate,
           (SELECT hits FROM rate_limits WHERE key = ${attempt?.key ?? null} AND window_start = ${attempt?.windowStart ?? null}) AS attemptHits,
           (SELECT hits FROM rate_limits WHERE key = ${recipient?.key ?? null} AND window_start = ${recipient?.windowStart ?? null}) AS recipientHits,
           EXISTS (
             SELECT 1 FROM waitlist_entries w WHERE w.id = ${hold?.entryId ?? null} AND w.session_id = sessions.id AND w.status = 'offered'
               AND w.offer_token_hash = ${hold?.tokenHash ?? null} AND w.hold_expires_at > ${now} AND lower(w.email) = lower(${input.userEmail})
           ) AS holdValid,
           ${card ? cardStateNow(card, now) : sql`NULL`} AS cardState,
           ${bookingAskOf("sessions")} AS bookingAsk
         FROM sessions WHERE id = ${sessionId}`,
  );

  return b.plan((results): BookBatchOutcome => {
    const after = outcome.first(results);
    if (!after) return { status: "not-found" };
    const { keyBookingId, duplicate, attemptHits, recipientHits, holdValid, cardState, bookingAsk, ...session } = after;
    // The INSERT returns the row it wrote (nothing when a guard refused).
    const booking = insert.first(results);
    if (booking) return { status: "booked", booking, session, replayed: false, mailIds: mails.map(({ row }) => row.id) };
    const refusal = ((): BookSeatResult => {
      if (session.cancelledAt !== null) return { status: "session-cancelled" };
      if (session.startTime <= now) return { status: "past" };
      if (snapshot && !sameAsSnapshot(session, bookingAsk, snapshot)) return { status: "changed", title: session.title };
      if (duplicate) return { status: "duplicate" };
      if (hold && !holdValid) return { status: "hold-invalid" };
      if (attempt && (attemptHits ?? 0) > attempt.limit) {
        return { status: "rate-limited", retryAfterSeconds: rateLimitVerdict(attempt, attemptHits ?? 0).retryAfterSeconds };
      }
      if (recipient && (recipientHits ?? 0) >= recipient.limit) {
        return { status: "rate-limited", retryAfterSeconds: rateLimitVerdict(recipient, recipientHits ?? 0).retryAfterSeconds };
      }
      if (card && cardState !== "ok" && keyBookingId === null) return { status: "card", problem: cardState ?? "voided" };
      // The key is spent (its booking was cancelled): with seats left, the visitor must send a fresh form.
      if (keyBookingId !== null && session.currentParticipants + session.heldSeats < session.maxParticipants) return { status: "error" };
      return { status: "full" };
    })();
    return keyBookingId !== null ? { status: "key-seen", fallback: refusal } : refusal;
  });
}

/** The booking an earlier call made with this idempotency key (its mail was queued then), unless it was cancelled since. */
export function replayPlan(
  _context: AppLoadContext,
  { sessionId, idempotencyKey }: { sessionId: number; idempotencyKey: string },
  _now: Date,
): BatchPlan<BookSeatResult | null> {
  const b = new BatchBuilder();
  const byKey = b.add<BookingRecord>(sql`SELECT ${BOOKING_COLUMNS} FROM bookings WHERE idempotency_key = ${idempotencyKey}`);
  const sessions = b.add<SeatSession>(sql`SELECT ${SESSION_COLUMNS} FROM sessions WHERE id = ${sessionId}`);
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
function sameAsSnapshot(session: SeatSession, bookingAsk: BookingAsk | null, snapshot: NonNullable<BookSeatOptions["snapshot"]>): boolean {
  return (
    bookingAsk === snapshot.bookingAsk &&
    session.title === snapshot.title &&
    session.location === snapshot.location &&
    session.startTime === snapshot.startTime &&
    session.endTime === snapshot.endTime &&
    session.passType === snapshot.passType &&
    session.priceSek === snapshot.priceSek
  );
}
