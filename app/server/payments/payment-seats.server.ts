/**
 * A paid booking's seat, as the session's SessionSeats object changes it
 * (one at a time with every other seat change of the session). The hold
 * itself is the booking's own batch with its payment row
 * (booking/book-seat.server.ts, options.payment); here is what follows it:
 *
 * - settlePayment: Stripe says the payment is paid. A held booking is
 *   confirmed; one whose hold was released meanwhile takes its seat back if
 *   a seat is free (never over max; not one staff cancelled), else stays cancelled and its payment
 *   goes to refund (payments/refunds.server.ts, reason 'late-payment'); so
 *   does one paid in part with a card, whose card was given back at the
 *   release. The event is stored in the same batch: a replay changes nothing.
 * - releasePaymentHold: the Checkout Session ended unpaid (expired, the
 *   payment failed, the booker cancelled, Checkout could not be created):
 *   the booking is cancelled and the seat counted free, only while the
 *   payment is still open; a card that paid part of it gets that part back
 *   in the same batch.
 * - lapsedHolds / nextPaymentHoldEnd: the holds whose Checkout Session has
 *   ended, and when the next one ends (the object's alarm).
 *
 * Every seat count is recounted from the active bookings in the same batch,
 * as staff changes do, so it can never drift.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql, type SQL } from "drizzle-orm";
import { CARD_LEDGER_NOTES } from "~/domain/cards/card-texts";
import { giveBackStatements } from "../cards/card-spend.server";
import { BatchBuilder, runBatch, type BatchPlan } from "../db/batch.server";
import { outboxInsertStatements, type OutboxRowToQueue } from "../email/outbox.server";
import type { PaymentMethod } from "../platform/env.server";
import { FREE_SEATS_SQL, recountSeatsStatement, type BookingMail } from "../seats/seat-types.server";
import { refundQueueStatements } from "./refunds.server";

/** How long after its Checkout Session's end a hold is released by the alarm or the cron (Stripe's own expiry event usually comes first). */
export const HOLD_GRACE_MS = 2 * 60_000;
/** How soon the alarm looks again at a hold whose payment is still being processed (Swish), or that Stripe could not be asked about. */
export const HOLD_RECHECK_MS = 5 * 60_000;

const FREE_SEATS = sql.raw(FREE_SEATS_SQL);

/** The Stripe event that caused a change: stored in the change's own batch, so a replay changes nothing. */
export type StripeEventRef = { id: string; type: string };

function storeEvent(b: BatchBuilder, event: StripeEventRef, now: string) {
  return b.add(sql`INSERT INTO stripe_events (id, type, received_at) VALUES (${event.id}, ${event.type}, ${now}) ON CONFLICT (id) DO NOTHING`);
}

/** True only in the batch that stored the event (a replay stored nothing at this instant). */
function thisEvent(event: StripeEventRef | undefined, now: string): SQL {
  return event ? sql`EXISTS (SELECT 1 FROM stripe_events WHERE id = ${event.id} AND received_at = ${now})` : sql`1`;
}

// ─── Paid ────────────────────────────────────────────────────────────────

export interface SettlePaymentInput {
  sessionId: number;
  bookingId: string;
  event: StripeEventRef;
  paymentIntentId: string | null;
  method: PaymentMethod | null;
  /** Today's two confirmation mails (with the amount paid), composed by the caller: queued only if the booking is confirmed now. */
  confirmationMails: BookingMail[];
  /**
   * The mail that says the money is on its way back, queued only if the
   * payment goes to refund: `taken`, the seat went to someone else; `closed`,
   * staff cancelled the booking or the session, or it has started.
   */
  refundMails: { taken: OutboxRowToQueue; closed: OutboxRowToQueue };
}

export type SettlePaymentResult =
  /** `retaken`: the hold had been released and the seat was still free. */
  | { status: "confirmed"; retaken: boolean; mailIds: string[] }
  /** Paid after the hold was released and the seat taken: the booking stays cancelled, the payment goes back. */
  | { status: "refund"; mailIds: string[] }
  /** The event was taken before. */
  | { status: "repeat" }
  /** The payment was paid (or refunded) already: only the event is stored. */
  | { status: "unchanged" };

type SettleState = {
  bookingStatus: string;
  paymentStatus: string;
  seen: number;
  free: number;
  sessionOpen: number;
  /** The address has a confirmed booking of the session besides this one (another hold for it was paid first). */
  otherConfirmed: number;
  /** A card paid part of the booking and was given back when its hold was released. */
  cardGivenBack: number;
};

function settleStatePlan(_context: AppLoadContext, input: SettlePaymentInput, now: Date): BatchPlan<SettleState | undefined> {
  const b = new BatchBuilder();
  const state = b.add<SettleState>(
    sql`SELECT bk.booking_status AS bookingStatus, p.status AS paymentStatus,
           EXISTS (SELECT 1 FROM stripe_events WHERE id = ${input.event.id}) AS seen,
           ${FREE_SEATS} AS free,
           (s.cancelled_at IS NULL AND s.start_time > ${now.toISOString()}) AS sessionOpen,
           EXISTS (SELECT 1 FROM bookings o WHERE o.session_id = s.id AND lower(o.user_email) = lower(bk.user_email)
                     AND o.booking_status = 'confirmed' AND o.id <> bk.id) AS otherConfirmed,
           EXISTS (SELECT 1 FROM card_ledger g WHERE g.booking_id = bk.id AND g.kind = 'give-back') AS cardGivenBack
         FROM bookings bk JOIN payments p ON p.booking_id = bk.id JOIN sessions s ON s.id = bk.session_id
         WHERE bk.id = ${input.bookingId} AND s.id = ${input.sessionId}`,
  );
  return b.plan((results) => state.first(results));
}

/**
 * Decides on the state read inside the object's turn (nothing else changes
 * this session's seats meanwhile), then writes it in one batch whose
 * statements still carry their guards.
 */
export async function settlePayment(context: AppLoadContext, input: SettlePaymentInput, now: Date): Promise<SettlePaymentResult> {
  const state = await runBatch(context, settleStatePlan(context, input, now));
  if (!state) return { status: "unchanged" };
  if (state.seen) return { status: "repeat" };
  const payable = ["open", "expired", "cancelled"].includes(state.paymentStatus);
  // Only a hold that ran out takes its seat back; one staff called off ('cancelled') is refunded.
  const closed = state.paymentStatus === "cancelled" || !state.sessionOpen;
  // Two holds for one address (two browsers): the first paid is the booking, the other is refunded.
  const decision: Decision = !payable
    ? "none"
    : state.bookingStatus === "confirmed" || (state.bookingStatus === "pending" && !state.otherConfirmed)
      ? "confirm"
      : state.bookingStatus !== "pending" && !closed && state.free > 0 && !state.otherConfirmed && !state.cardGivenBack
        ? "retake"
        : "refund";
  return runBatch(context, settlePlan(context, { ...input, decision, refundMail: closed ? input.refundMails.closed : input.refundMails.taken }, now));
}

type Decision = "confirm" | "retake" | "refund" | "none";

function settlePlan(
  _context: AppLoadContext,
  input: SettlePaymentInput & { decision: Decision; refundMail: OutboxRowToQueue },
  nowDate: Date,
): BatchPlan<SettlePaymentResult> {
  const { sessionId, bookingId, event, decision } = input;
  const now = nowDate.toISOString();
  const ours = thisEvent(event, now);
  const b = new BatchBuilder();
  const stored = storeEvent(b, event, now);
  let confirmed: ReturnType<typeof b.add> | null = null;
  if (decision === "confirm" || decision === "retake") {
    const seatBack =
      decision === "retake"
        ? sql`booking_status = 'cancelled' AND EXISTS (SELECT 1 FROM sessions s WHERE s.id = ${sessionId} AND s.cancelled_at IS NULL
              AND s.start_time > ${now} AND ${FREE_SEATS} > 0)`
        : sql`booking_status IN ('pending', 'confirmed')`;
    confirmed = b.add(
      sql`UPDATE bookings SET booking_status = 'confirmed' WHERE id = ${bookingId} AND session_id = ${sessionId} AND ${seatBack}
           AND EXISTS (SELECT 1 FROM payments WHERE booking_id = ${bookingId} AND status IN ('open', 'expired', 'cancelled')) AND ${ours}
         RETURNING id`,
    );
    b.add(recountSeatsStatement(sessionId, now));
  }
  if (decision !== "none") {
    b.add(
      sql`UPDATE payments SET status = 'paid', paid_at = COALESCE(paid_at, ${now}),
             payment_intent_id = COALESCE(${input.paymentIntentId}, payment_intent_id), method = COALESCE(${input.method}, method), updated_at = ${now}
           WHERE booking_id = ${bookingId} AND status IN ('open', 'expired', 'cancelled') AND ${ours}`,
    );
  }
  const mailIds: string[] = [];
  if (confirmed) {
    const nowConfirmed = sql`${ours} AND EXISTS (SELECT 1 FROM bookings WHERE id = ${bookingId} AND booking_status = 'confirmed')`;
    for (const { row, participantsPlaceholder } of input.confirmationMails) {
      mailIds.push(row.id);
      b.addAll(
        outboxInsertStatements(row, {
          condition: nowConfirmed,
          fill: participantsPlaceholder
            ? {
                placeholder: participantsPlaceholder,
                sql: sql`SELECT current_participants || ' av ' || max_participants FROM sessions WHERE id = ${sessionId}`,
              }
            : undefined,
        }),
      );
    }
  }
  if (decision === "refund") {
    // A hold still pending (its address was booked by another hold meanwhile) gives its seat back.
    b.add(sql`UPDATE bookings SET booking_status = 'cancelled' WHERE id = ${bookingId} AND booking_status = 'pending' AND ${ours}`);
    b.addAll(giveBackStatements([bookingId], now, CARD_LEDGER_NOTES.givenBackUnpaid));
    b.add(recountSeatsStatement(sessionId, now));
    // Paid (the statement above), then owed back: the refunds module sends it right after, the cron retries.
    b.addAll(refundQueueStatements([bookingId], now, "late-payment"));
    mailIds.push(input.refundMail.id);
    b.addAll(outboxInsertStatements(input.refundMail, { condition: ours }));
  }
  return b.plan((results): SettlePaymentResult => {
    if (stored.changes(results) === 0) return { status: "repeat" };
    if (decision === "refund") return { status: "refund", mailIds };
    if (confirmed && confirmed.rows(results).length > 0) return { status: "confirmed", retaken: decision === "retake", mailIds };
    return { status: "unchanged" };
  });
}

// ─── Released ────────────────────────────────────────────────────────────

/**
 * A hold that ends unpaid (its Checkout Session expired, the booker
 * cancelled, the payment failed, no Checkout could be made) leaves its
 * payment 'expired'. 'cancelled' is staff's (payments/staff-cancel.server.ts):
 * a booking staff cancelled is never taken back by a late payment.
 */
export interface ReleaseHoldInput {
  sessionId: number;
  bookingId: string;
  /** The Stripe event that says so, stored in the same batch. */
  event?: StripeEventRef;
  paymentIntentId?: string | null;
  /**
   * The hold came from this waitlist entry's offer and its Checkout could
   * not be opened: the entry gets its offer (and held seat) back instead of
   * losing it to a failure at Stripe. Any other offer's booking released
   * unpaid gets its offer back while the offer's time lasts.
   */
  restoreOffer?: { entryId: string };
}

export type ReleaseHoldResult = { status: "released" } | { status: "not-held" } | { status: "repeat" };

/** Cancels a held booking and frees its seat, only while its payment is open (and, for an event, only for the call that stored it). */
export function releasePaymentHold(context: AppLoadContext, input: ReleaseHoldInput, now: Date): Promise<ReleaseHoldResult> {
  return runBatch(context, releaseHoldPlan(context, input, now));
}

function releaseHoldPlan(_context: AppLoadContext, input: ReleaseHoldInput, nowDate: Date): BatchPlan<ReleaseHoldResult> {
  const { sessionId, bookingId, event } = input;
  const paymentStatus = "expired";
  const now = nowDate.toISOString();
  const b = new BatchBuilder();
  const stored = event ? storeEvent(b, event, now) : null;
  const ended = b.add(
    sql`UPDATE payments SET status = ${paymentStatus}, payment_intent_id = COALESCE(${input.paymentIntentId ?? null}, payment_intent_id), updated_at = ${now}
         WHERE booking_id = ${bookingId} AND session_id = ${sessionId} AND status = 'open' AND ${thisEvent(event, now)}`,
  );
  const released = b.add(
    sql`UPDATE bookings SET booking_status = 'cancelled' WHERE id = ${bookingId} AND booking_status = 'pending'
         AND EXISTS (SELECT 1 FROM payments WHERE booking_id = ${bookingId} AND status = ${paymentStatus} AND updated_at = ${now})`,
  );
  // The part a card paid goes back to it with the release (the rest was never paid).
  b.addAll(giveBackStatements([bookingId], now, CARD_LEDGER_NOTES.givenBackUnpaid));
  // A queue offer's booking whose payment ended unpaid (the Checkout left, cancelled or run out, or never opened) gets
  // the offer and its held seat back while the offer's own time lasts: leaving the payment page must not cost the
  // holder the seat the queue gave them. The one that could not be opened is named (restoreOffer) and always restored.
  const offerStillOn = input.restoreOffer
    ? sql`id = ${input.restoreOffer.entryId}`
    : sql`(hold_expires_at IS NOT NULL AND hold_expires_at > ${now})`;
  b.add(
    sql`UPDATE waitlist_entries SET status = 'offered', booking_id = NULL, updated_at = ${now}
         WHERE session_id = ${sessionId} AND status = 'booked' AND booking_id = ${bookingId} AND ${offerStillOn}
           AND EXISTS (SELECT 1 FROM bookings WHERE id = ${bookingId} AND booking_status = 'cancelled')`,
  );
  b.add(
    sql`UPDATE sessions SET held_seats = (SELECT count(*) FROM waitlist_entries WHERE session_id = ${sessionId} AND status = 'offered')
         WHERE id = ${sessionId}`,
  );
  b.add(recountSeatsStatement(sessionId, now));
  return b.plan((results): ReleaseHoldResult => {
    if (stored && stored.changes(results) === 0) return { status: "repeat" };
    return ended.changes(results) > 0 && released.changes(results) > 0 ? { status: "released" } : { status: "not-held" };
  });
}

// ─── Ended holds ─────────────────────────────────────────────────────────

export type LapsedHold = { bookingId: string; checkoutSessionId: string | null };

/** The session's holds whose Checkout Session ended more than the grace ago, still open. */
export function lapsedHolds(context: AppLoadContext, input: { sessionId: number }, now: Date): Promise<LapsedHold[]> {
  const b = new BatchBuilder();
  const rows = b.add<LapsedHold>(
    sql`SELECT p.booking_id AS bookingId, p.checkout_session_id AS checkoutSessionId
         FROM payments p JOIN bookings bk ON bk.id = p.booking_id
         WHERE p.session_id = ${input.sessionId} AND p.status = 'open' AND bk.booking_status = 'pending'
           AND p.checkout_expires_at <= ${new Date(now.getTime() - HOLD_GRACE_MS).toISOString()}`,
  );
  return runBatch(context, b.plan((results) => rows.rows(results)));
}

/**
 * When the object's alarm should next look at the session's holds: the
 * earliest open hold's end plus the grace; a hold already past it (its
 * payment still processing) is looked at again in a few minutes.
 */
export async function nextPaymentHoldEnd(context: AppLoadContext, input: { sessionId: number }, now: Date): Promise<number | null> {
  const b = new BatchBuilder();
  const next = b.add<{ next: string | null }>(
    sql`SELECT min(p.checkout_expires_at) AS next FROM payments p JOIN bookings bk ON bk.id = p.booking_id
         WHERE p.session_id = ${input.sessionId} AND p.status = 'open' AND bk.booking_status = 'pending'`,
  );
  const end = await runBatch(context, b.plan((results) => next.first(results)?.next ?? null));
  if (!end) return null;
  return Math.max(Date.parse(end) + HOLD_GRACE_MS, now.getTime() + (Date.parse(end) + HOLD_GRACE_MS <= now.getTime() ? HOLD_RECHECK_MS : 0));
}
