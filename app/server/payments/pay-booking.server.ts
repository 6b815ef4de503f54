/**
 * Booking with payment (PAYMENTS=stripe): the seat is held through the
 * session's object (the booking 'pending' with its payment row, one batch,
 * no mails yet), then, outside the object's turn, the Checkout Session is
 * created and the visitor sent to it. If Stripe fails the hold is released
 * at once and nothing is charged. The booking's own confirmation mails are
 * queued when Stripe's webhook says it is paid (checkout-events.server.ts).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { formatSessionDate } from "~/domain/time";
import type { SessionSnapshot } from "~/domain/session-snapshot";
import { bookings, payments } from "../db/schema.server";
import type { RateLimitSlot } from "../platform/rate-limit.server";
import { seatsFor, type BookSeatInput, type BookSeatOptions, type BookSeatResult } from "../seats/seats.server";
import { CHECKOUT_HOLD_MS, createCheckoutSession } from "./checkout.server";
import type { OwnedHold } from "./hold-cookie.server";
import { stripeSettings } from "./stripe.server";

export type PaymentHoldOutcome =
  /** The seat is held: send the visitor to Stripe's page (and note the hold as this browser's). */
  | { status: "checkout"; url: string; bookingId: string; checkoutSessionId: string }
  /** Checkout could not be opened: the hold was released, nothing charged. */
  | { status: "payment-failed" };

/** Whether a booking at this price is paid for at booking: payments on and a price above zero. */
export function paysAtBooking(context: Pick<AppLoadContext, "config">, priceSek: number): boolean {
  return stripeSettings(context) !== null && priceSek > 0;
}

/**
 * Holds the seat for `input` (its id chosen by the caller) and opens its
 * Checkout Session. The same idempotency key again (a second tab, a double
 * click) finds the same booking and the same Checkout Session; so does this
 * browser booking the same session for the same address again while its
 * hold is open (`owned`, its hold cookie). Anyone else's post is a booking
 * attempt like any other: a hold of its own if a seat is free.
 */
export async function holdAndCheckout(
  context: AppLoadContext,
  sessionId: number,
  input: BookSeatInput & { id: string },
  snapshot: SessionSnapshot,
  /** `card`: the card that pays part of the booking; the Checkout is for the rest. */
  options: { attempt?: RateLimitSlot; hold?: BookSeatOptions["hold"]; owned?: OwnedHold[]; card?: BookSeatOptions["card"] } = {},
): Promise<Exclude<BookSeatResult, { status: "booked" }> | Extract<BookSeatResult, { status: "booked" }> | PaymentHoldOutcome> {
  const now = new Date();
  const { owned = [], ...bookOptions } = options;
  const own = await ownOpenCheckout(context, sessionId, input.userEmail, owned, now);
  if (own) return own;
  const payment = { id: crypto.randomUUID(), holdUntil: new Date(now.getTime() + CHECKOUT_HOLD_MS).toISOString() };
  const seats = seatsFor(context, sessionId);
  const result = await seats.book(input, { snapshot, ...bookOptions, payment });
  if (result.status !== "booked") return result;
  const { booking } = result;
  // A repeat of a booking that is paid already: it is booked.
  if (booking.bookingStatus === "confirmed") return result;

  const [row] = await context.db.select().from(payments).where(eq(payments.bookingId, booking.id)).limit(1);
  if (!row || row.status !== "open" || !row.checkoutExpiresAt) return { status: "payment-failed" };
  if (row.checkoutUrl && row.checkoutSessionId) return { status: "checkout", url: row.checkoutUrl, bookingId: booking.id, checkoutSessionId: row.checkoutSessionId };

  const checkout = await createCheckoutSession(context, {
    bookingId: booking.id,
    sessionId,
    amountOre: row.amountOre,
    itemName: `${booking.sessionTitle} ${formatSessionDate(booking.sessionStartTime)}`,
    customerEmail: booking.userEmail,
    holdUntil: row.checkoutExpiresAt,
  });
  if (checkout.ok) return { status: "checkout", url: checkout.url, bookingId: booking.id, checkoutSessionId: checkout.id };
  try {
    // A waitlist offer's booking gets its offer back: a failure at Stripe must not cost the holder the seat.
    await seats.releasePayment({ bookingId: booking.id, restoreOffer: options.hold ? { entryId: options.hold.entryId } : undefined });
  } catch (error) {
    // The alarm releases it at the hold's end.
    console.error(`payments: releasing booking ${booking.id} after a failed Checkout failed`, error);
  }
  return { status: "payment-failed" };
}

/**
 * This browser's own hold of the session for this address, still open (its
 * Checkout Session not ended): a visitor who left the payment page (Back, a
 * closed tab) and books again is sent back to it, not held a second seat.
 * Only the holds the browser's cookie names count: an address typed by
 * someone else never leads to its owner's payment.
 */
async function ownOpenCheckout(
  context: AppLoadContext,
  sessionId: number,
  email: string,
  owned: OwnedHold[],
  now: Date,
): Promise<PaymentHoldOutcome | null> {
  if (owned.length === 0) return null;
  const [row] = await context.db
    .select({ bookingId: bookings.id, url: payments.checkoutUrl, checkoutSessionId: payments.checkoutSessionId })
    .from(bookings)
    .innerJoin(payments, eq(payments.bookingId, bookings.id))
    .where(
      and(
        inArray(bookings.id, owned.map((h) => h.bookingId)),
        eq(bookings.sessionId, sessionId),
        sql`lower(${bookings.userEmail}) = lower(${email.trim()})`,
        eq(bookings.bookingStatus, "pending"),
        eq(payments.status, "open"),
        gt(payments.checkoutExpiresAt, now.toISOString()),
      ),
    )
    .limit(1);
  const cookieSaid = owned.find((h) => h.bookingId === row?.bookingId);
  // The cookie names the Checkout Session too: a hold is this browser's only with both.
  if (!row?.url || !row.checkoutSessionId || cookieSaid?.checkoutSessionId !== row.checkoutSessionId) return null;
  return { status: "checkout", url: row.url, bookingId: row.bookingId, checkoutSessionId: row.checkoutSessionId };
}
