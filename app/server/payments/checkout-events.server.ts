/**
 * What a verified Checkout event does to the payment it belongs to. For now
 * only the payments row changes (the booking, its seat and its mails are the
 * payment flow's, issue 27): found by its Checkout Session id, never created.
 *
 * - checkout.session.completed, paid, and checkout.session.async_payment_succeeded:
 *   status 'paid' with paid_at, the PaymentIntent and, when the session
 *   offered one method only, that method (Checkout does not say which of
 *   several the customer chose).
 * - checkout.session.completed, unpaid (a payment still on its way): the
 *   PaymentIntent is noted; the status stays until the async event.
 * - checkout.session.expired: an open payment becomes 'expired'.
 * - checkout.session.async_payment_failed: the PaymentIntent is noted; the
 *   status is left to the flow, which releases the seat.
 *
 * The event's id is stored in the same batch (stripe_events), and every
 * change holds only for the call that stored it: a replayed event changes
 * nothing. An event for a Checkout Session we have no payment for changes
 * nothing either and says so.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { BatchBuilder, runBatch, type BatchPlan } from "../db/batch.server";
import { payments, stripeEvents } from "../db/schema.server";
import { PAYMENT_METHODS, type PaymentMethod } from "../platform/env.server";

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

/** The hand-off of a verified Checkout event: the payment flow builds on this. */
export async function onCheckoutEvent(context: AppLoadContext, event: CheckoutEvent, now = new Date()): Promise<CheckoutEventOutcome> {
  const [payment] = await context.db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.checkoutSessionId, event.session.id))
    .limit(1);
  if (!payment) {
    const [known] = await context.db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id)).limit(1);
    return known ? "repeat" : "unknown-session";
  }
  return runBatch(context, checkoutEventPlan(context, event, now));
}
