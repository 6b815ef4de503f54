/**
 * What a verified Checkout event does to the payment it belongs to (found by
 * its Checkout Session id, never created) and to its booking's seat. Only
 * this webhook confirms a paid booking; the return page never does.
 *
 * - checkout.session.completed, paid, and checkout.session.async_payment_succeeded:
 *   through the session's seat object (payments/payment-seats.server.ts):
 *   the booking confirmed and the payment 'paid' with paid_at, the
 *   PaymentIntent and its method (the one method the session offered, or,
 *   when it offered several, the PaymentIntent's payment method as Stripe
 *   reports it), and today's confirmation mails queued with a line for the
 *   amount paid. A payment for a hold released meanwhile takes its seat
 *   back if one is free, or goes to refund with a mail that says so.
 * - checkout.session.completed, unpaid (a Swish payment still on its way):
 *   the PaymentIntent is noted; the hold stays until the async event.
 * - checkout.session.expired, checkout.session.async_payment_failed: through
 *   the seat object: an open payment becomes 'expired', its held booking
 *   cancelled, and the seat offered to the queue or put back on sale.
 *
 * The event's id is stored in the same batch (stripe_events), and every
 * change holds only for the call that stored it: a replayed event changes
 * nothing. An event for a Checkout Session we have no payment for changes
 * nothing either and says so.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { cardUsesOf } from "../cards/card-spend.server";
import { BatchBuilder, runBatch, type BatchPlan } from "../db/batch.server";
import { bookings, payments, sessions, stripeEvents } from "../db/schema.server";
import { scheduleDrain } from "../email/send-email.server";
import { PAYMENT_METHODS, type PaymentMethod } from "../platform/env.server";
import { seatsFor } from "../seats/seats.server";
import { paidMethod } from "./checkout.server";
import { paymentMails } from "./payment-mails.server";
import { sendRefunds } from "./refunds.server";

/** The Checkout events a payment follows; every other type is acknowledged and not stored. */
export const CHECKOUT_EVENT_TYPES = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.expired",
  "checkout.session.async_payment_failed",
] as const;
export type CheckoutEventType = (typeof CHECKOUT_EVENT_TYPES)[number];

/** The part of a Checkout Session an event carries that a payment reads. */
export type CheckoutSessionSnapshot = {
  id: string;
  paymentStatus: "paid" | "unpaid" | "no_payment_required";
  paymentIntentId: string | null;
  paymentMethodTypes: readonly string[];
};

export type CheckoutEvent = { id: string; type: CheckoutEventType; session: CheckoutSessionSnapshot };

/** applied: stored and acted on; repeat: this event id was taken before; unknown-session: no payment has this Checkout Session. */
export type CheckoutEventOutcome = "applied" | "repeat" | "unknown-session";

/** The method of a session that offered exactly one of ours; null when the customer had a choice. */
function onlyMethod(types: readonly string[]): PaymentMethod | null {
  const ours = PAYMENT_METHODS.filter((method) => types.includes(method));
  return ours.length === 1 && types.length === 1 ? ours[0]! : null;
}

/** The event, stored once, and the payments row's change for the call that stored it. */
export function checkoutEventPlan(context: AppLoadContext, event: CheckoutEvent, nowDate: Date): BatchPlan<"applied" | "repeat"> {
  const now = nowDate.toISOString();
  const { session } = event;
  const b = new BatchBuilder();
  const stored = b.add(
    sql`INSERT INTO stripe_events (id, type, received_at) VALUES (${event.id}, ${event.type}, ${now}) ON CONFLICT (id) DO NOTHING`,
  );
  // Holds only for the event stored by this very call (a repeat changes nothing).
  const thisEvent: SQL = sql`EXISTS (SELECT 1 FROM stripe_events WHERE id = ${event.id} AND received_at = ${now})`;
  const ofSession = eq(payments.checkoutSessionId, session.id);
  const noted = {
    paymentIntentId: sql`COALESCE(${session.paymentIntentId}, ${payments.paymentIntentId})`,
    method: sql`COALESCE(${onlyMethod(session.paymentMethodTypes)}, ${payments.method})`,
    updatedAt: now,
  };
  const paid =
    event.type === "checkout.session.async_payment_succeeded" ||
    (event.type === "checkout.session.completed" && session.paymentStatus !== "unpaid");
  if (paid) {
    b.add(
      context.db
        .update(payments)
        .set({ ...noted, status: "paid", paidAt: sql`COALESCE(${payments.paidAt}, ${now})` })
        .where(and(ofSession, inArray(payments.status, ["open", "expired", "cancelled"]), thisEvent)),
    );
  } else if (event.type === "checkout.session.expired") {
    b.add(context.db.update(payments).set({ status: "expired", updatedAt: now }).where(and(ofSession, eq(payments.status, "open"), thisEvent)));
  } else {
    b.add(context.db.update(payments).set(noted).where(and(ofSession, thisEvent)));
  }
  return b.plan((results) => (stored.changes(results) === 1 ? "applied" : "repeat"));
}

/** The event says the Checkout Session is paid (at once, or a Swish payment later). */
export function isPaid(event: CheckoutEvent): boolean {
  return (
    event.type === "checkout.session.async_payment_succeeded" ||
    (event.type === "checkout.session.completed" && event.session.paymentStatus !== "unpaid")
  );
}

/** The payment a Checkout Session belongs to, with its booking and session, and whether the event was taken before. */
async function findPayment(context: AppLoadContext, event: CheckoutEvent) {
  const { db } = context;
  // Alone, not in a batch: drizzle reads a joined row by position only outside one.
  const [found] = await db
    .select({
      payment: { id: payments.id, amountOre: payments.amountOre },
      booking: bookings,
      session: {
        id: sessions.id,
        title: sessions.title,
        location: sessions.location,
        startTime: sessions.startTime,
        endTime: sessions.endTime,
        passType: sessions.passType,
      },
      seen: sql<number>`EXISTS (SELECT 1 FROM stripe_events WHERE id = ${event.id})`,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .leftJoin(sessions, eq(sessions.id, bookings.sessionId))
    .where(eq(payments.checkoutSessionId, event.session.id))
    .limit(1);
  if (found) return { found, seen: Boolean(found.seen) };
  const [known] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id)).limit(1);
  return { found: undefined, seen: known !== undefined };
}

/** The method paid with: the one offered, or (several offered) the PaymentIntent's, asked of Stripe. */
export async function methodPaid(context: AppLoadContext, session: CheckoutSessionSnapshot): Promise<PaymentMethod | null> {
  const only = onlyMethod(session.paymentMethodTypes);
  if (only || !session.paymentIntentId) return only;
  return paidMethod(context, session.paymentIntentId);
}

/** The hand-off of a verified Checkout event (see the header). */
export async function onCheckoutEvent(context: AppLoadContext, event: CheckoutEvent, now = new Date()): Promise<CheckoutEventOutcome> {
  const { found, seen } = await findPayment(context, event);
  if (!found) return seen ? "repeat" : "unknown-session";
  if (seen) return "repeat";
  const { booking, session, payment } = found;
  // A booking whose session is gone has no seat to change: only its payment row follows the event.
  if (!session) return runBatch(context, checkoutEventPlan(context, event, now));
  const seats = seatsFor(context, session.id);
  const eventRef = { id: event.id, type: event.type };

  if (isPaid(event)) {
    const [method, cardUses] = await Promise.all([methodPaid(context, event.session), cardUsesOf(context, [booking.id])]);
    const mails = paymentMails(context, { booking, session, payment, card: cardUses.get(booking.id) }, method, now);
    const settled = await seats.settlePayment({
      bookingId: booking.id,
      event: eventRef,
      paymentIntentId: event.session.paymentIntentId,
      method,
      ...mails,
    });
    if (settled.status === "repeat") return "repeat";
    if (settled.status === "confirmed" || settled.status === "refund") scheduleDrain(context, settled.mailIds);
    // The seat was taken: the money goes back now (a refund that fails is retried by the cron).
    if (settled.status === "refund") await sendRefunds(context, { bookingIds: [booking.id] }, now);
    return "applied";
  }
  if (event.type === "checkout.session.expired" || event.type === "checkout.session.async_payment_failed") {
    const released = await seats.releasePayment({
      bookingId: booking.id,
      event: eventRef,
      paymentIntentId: event.session.paymentIntentId,
    });
    if (released.status === "repeat") return "repeat";
    scheduleDrain(context, released.offerMailIds);
    return "applied";
  }
  // Completed, unpaid: the payment is on its way (Swish); the hold stays.
  return runBatch(context, checkoutEventPlan(context, event, now));
}
