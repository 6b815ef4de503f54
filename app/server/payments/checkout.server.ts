/**
 * The Checkout Session of a held booking, and what the flow asks Stripe
 * about it. Always called outside the seat object's turn: the lock is never
 * held across a call to Stripe.
 *
 * A Checkout Session is created once per booking: its idempotency key is
 * `checkout-<bookingId>` and every parameter follows from the booking and
 * its payment row (expires_at too: the hold's end, fixed when the hold was
 * written), so two tabs posting the same booking get the same session back.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { payments } from "../db/schema.server";
import { PAYMENT_METHODS, type PaymentMethod } from "../platform/env.server";
import { holdCancelToken } from "./hold-cookie.server";
import { stripeClient, stripeSettings } from "./stripe.server";

/** How long a hold (and its Checkout Session) lasts: Stripe's minimum is 30 minutes, so 31 leaves room for the call. */
export const CHECKOUT_HOLD_MS = 31 * 60_000;

/** The booking's page back from Stripe (success with {CHECKOUT_SESSION_ID} filled in by Stripe, or cancelled). */
export function paymentReturnPath(sessionId: number, bookingId: string): string {
  return `/session/${sessionId}/betalning/${encodeURIComponent(bookingId)}`;
}

export interface CheckoutHold {
  bookingId: string;
  sessionId: number;
  /** The booking's price in öre, as its payment row holds it. */
  amountOre: number;
  /** The line item's name: the session's title and date. */
  itemName: string;
  customerEmail: string;
  /** The hold's end (the payment row's checkout_expires_at): the Checkout Session's expires_at. */
  holdUntil: string;
}

export type CheckoutCreated = { ok: true; id: string; url: string } | { ok: false };

/**
 * What every Checkout Session of ours has: one line of one thing in SEK, the
 * buyer's address, the methods offered (card and/or Swish), the descriptor,
 * Swedish, and when it expires. The caller adds what ties it to its own row
 * and where Stripe sends the buyer back.
 */
export function checkoutOf(
  settings: NonNullable<ReturnType<typeof stripeSettings>>,
  item: { itemName: string; amountOre: number; customerEmail: string; until: string },
) {
  return {
    mode: "payment",
    customer_email: item.customerEmail,
    allowed_payment_method_types: [...settings.methods],
    line_items: [{ quantity: 1, price_data: { currency: "sek", unit_amount: item.amountOre, product_data: { name: item.itemName } } }],
    // Card charges take only a suffix to the account's descriptor; Swish shows it as it is.
    payment_intent_data: { statement_descriptor_suffix: settings.statementDescriptor },
    expires_at: Math.floor(Date.parse(item.until) / 1000),
    locale: "sv",
  } satisfies Stripe.Checkout.SessionCreateParams;
}

/** Creates (or, for the same booking, gets back) its Checkout Session and stores its id and address on the payment. */
export async function createCheckoutSession(context: AppLoadContext, hold: CheckoutHold): Promise<CheckoutCreated> {
  const settings = stripeSettings(context);
  if (!settings) return { ok: false };
  const returnUrl = new URL(paymentReturnPath(hold.sessionId, hold.bookingId), context.config.SITE_URL).toString();
  try {
    const stripe = await stripeClient(context);
    const session = await stripe.checkout.sessions.create(
      {
        ...checkoutOf(settings, { itemName: hold.itemName, amountOre: hold.amountOre, customerEmail: hold.customerEmail, until: hold.holdUntil }),
        client_reference_id: hold.bookingId,
        metadata: { booking_id: hold.bookingId },
        // Stripe puts the Checkout Session's id in place of {CHECKOUT_SESSION_ID}.
        success_url: `${returnUrl}?cs={CHECKOUT_SESSION_ID}`,
        // Signed for the booking: only the page of the browser that made the hold can cancel it (hold-cookie.server.ts).
        cancel_url: `${returnUrl}?avbruten=1&t=${await holdCancelToken(context, hold.bookingId)}`,
      },
      { idempotencyKey: `checkout-${hold.bookingId}` },
    );
    if (!session.url) return { ok: false };
    await context.db
      .update(payments)
      .set({ checkoutSessionId: session.id, checkoutUrl: session.url, updatedAt: new Date().toISOString() })
      .where(eq(payments.bookingId, hold.bookingId));
    return { ok: true, id: session.id, url: session.url };
  } catch (error) {
    console.error(`payments: Checkout Session for booking ${hold.bookingId} failed`, error);
    return { ok: false };
  }
}

/** What Stripe says of a Checkout Session asked to end: ended (it can never be paid), complete (paid or being paid), or unknown (no answer). */
export type CheckoutEnd = "ended" | "complete" | "unknown";

/** Asks Stripe to expire a Checkout Session; one that is not open any more is read to tell expired from complete. */
export async function expireCheckoutSession(context: AppLoadContext, checkoutSessionId: string): Promise<CheckoutEnd> {
  if (!stripeSettings(context)) return "unknown";
  try {
    const stripe = await stripeClient(context);
    try {
      await stripe.checkout.sessions.expire(checkoutSessionId);
      return "ended";
    } catch {
      // Only an open session can be expired: read what it is instead.
      const session = await stripe.checkout.sessions.retrieve(checkoutSessionId);
      if (session.status === "expired") return "ended";
      return session.status === "complete" ? "complete" : "unknown";
    }
  } catch (error) {
    console.error(`payments: could not expire Checkout Session ${checkoutSessionId}`, error);
    return "unknown";
  }
}

/** Where a Checkout Session stands, as the return page shows it: null when Stripe could not be asked. */
export async function checkoutStatus(
  context: AppLoadContext,
  checkoutSessionId: string,
): Promise<{ status: "open" | "complete" | "expired"; paid: boolean } | null> {
  try {
    const session = await (await stripeClient(context)).checkout.sessions.retrieve(checkoutSessionId);
    const status = session.status === "complete" ? "complete" : session.status === "expired" ? "expired" : "open";
    return { status, paid: session.payment_status === "paid" };
  } catch (error) {
    console.error(`payments: could not read Checkout Session ${checkoutSessionId}`, error);
    return null;
  }
}

/**
 * The method a PaymentIntent was paid with (its payment method's type), for
 * a Checkout Session that offered more than one; null when Stripe cannot
 * say (the payment is confirmed all the same).
 */
export async function paidMethod(context: AppLoadContext, paymentIntentId: string): Promise<PaymentMethod | null> {
  try {
    const intent = await (await stripeClient(context)).paymentIntents.retrieve(paymentIntentId, { expand: ["payment_method"] });
    const method = intent.payment_method;
    const type = typeof method === "object" && method ? method.type : null;
    return PAYMENT_METHODS.find((known) => known === type) ?? null;
  } catch (error) {
    console.error(`payments: could not read PaymentIntent ${paymentIntentId}`, error);
    return null;
  }
}
