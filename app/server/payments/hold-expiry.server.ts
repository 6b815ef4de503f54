/**
 * Ending payment holds that have run out (the seat object's alarm and the
 * cron's backup): before a hold is released, Stripe is asked to expire its
 * Checkout Session, so nobody can pay for a seat that is gone. A session
 * Stripe reports complete (paid, or a Swish payment still processing) is
 * left to its webhook; one Stripe cannot be asked about is looked at again
 * later (Stripe ends it by itself at its expires_at and says so).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { expireCheckoutSession } from "./checkout.server";
import { lapsedHolds } from "./payment-seats.server";
import { stripeSettings } from "./stripe.server";

/** The bookings of the session whose holds may be released now. */
export async function endLapsedHolds(context: AppLoadContext, sessionId: number, now: Date): Promise<string[]> {
  const holds = await lapsedHolds(context, { sessionId }, now);
  if (holds.length === 0) return [];
  const payments = stripeSettings(context);
  const ended = await Promise.all(
    holds.map(async ({ bookingId, checkoutSessionId }) => {
      // No Checkout Session was ever made for it, or payments are off now: nothing at Stripe can take the money.
      if (!payments || !checkoutSessionId) return bookingId;
      return (await expireCheckoutSession(context, checkoutSessionId)) === "ended" ? bookingId : null;
    }),
  );
  return ended.filter((id): id is string => id !== null);
}
