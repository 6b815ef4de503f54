/**
 * The page Stripe sends the booker back to, /session/{id}/betalning/{bookingId}
 * (PAYMENTS=stripe only): it shows where the payment stands and never
 * confirms anything itself (only Stripe's signed webhook does).
 *
 * - `?cs=<Checkout Session id>` (the success URL, Stripe fills in the id):
 *   must be the booking's own Checkout Session, else the link "does not
 *   work" and nothing about the booking is shown. Paid and confirmed → the
 *   booking confirmation (the one that stays on /mina-bokningar only for the
 *   browser that made the hold); open (the webhook not here yet, a Swish payment
 *   processing, or the address typed by hand) → "processing", a page that
 *   refreshes itself; released → it did not happen (refused, when a payment
 *   was attempted and failed before the hold's time was out; else ended);
 *   paid after the seat was taken → it is refunded.
 * - `?avbruten=1&t=<token>` (the cancel URL): a GET changes nothing; while
 *   the payment is open it shows a button that POSTs the cancellation. Both
 *   need proof that the asker made the hold: the browser's hold cookie
 *   naming the booking and its Checkout Session, or the token signed for
 *   the booking that only the hold's Checkout page carries; without it the
 *   link "does not work". The POST expires the Checkout Session at Stripe
 *   and releases the seat at once, and the session's form is shown again.
 *   A session Stripe reports complete is left to the webhook ("processing").
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import { formatSessionDate } from "~/domain/time";
import { bookings, payments } from "../db/schema.server";
import { scheduleDrain } from "../email/send-email.server";
import { seatsFor } from "../seats/seats.server";
import { expireCheckoutSession } from "./checkout.server";
import { ownsHold, validHoldCancelToken } from "./hold-cookie.server";
import { stripeSettings } from "./stripe.server";

export type PaymentReturn =
  | { state: "broken" }
  /** `bookingId`: the booking, when this browser made its hold (its confirmation then stays on /mina-bokningar). */
  | { state: "paid"; bookingId: string | null }
  | { state: "processing"; title: string; when: string }
  | { state: "ended" }
  /** Refused or not approved (a Swish payment that failed), before the hold's time was out. */
  | { state: "refused" }
  | { state: "refunded" }
  /** Cancelled on Stripe's page: the seat is released (or was already), back to the form. */
  | { state: "cancelled" }
  /** Back from Stripe's cancel link, the payment still open: the page asks before it releases the seat. */
  | { state: "cancel"; title: string; when: string; token: string };

const REFUND_STATES = ["refund_pending", "refunded", "refund_failed"];

async function findHold(context: AppLoadContext, sessionId: number, bookingId: string) {
  if (!stripeSettings(context) || bookingId.length > 64) return null;
  const [row] = await context.db
    .select({
      bookingStatus: bookings.bookingStatus,
      title: bookings.sessionTitle,
      startTime: bookings.sessionStartTime,
      paymentStatus: payments.status,
      checkoutSessionId: payments.checkoutSessionId,
      checkoutExpiresAt: payments.checkoutExpiresAt,
      paymentIntentId: payments.paymentIntentId,
      paymentUpdatedAt: payments.updatedAt,
    })
    .from(bookings)
    .innerJoin(payments, eq(payments.bookingId, bookings.id))
    .where(and(eq(bookings.id, bookingId), eq(bookings.sessionId, sessionId)))
    .limit(1);
  return row ?? null;
}

type HoldRow = NonNullable<Awaited<ReturnType<typeof findHold>>>;

/** Whether the asker made the hold: its cookie in this browser, or the cancel link's signed token. */
async function provesHold(context: AppLoadContext, request: Request, bookingId: string, row: HoldRow, token: unknown): Promise<boolean> {
  return (await ownsHold(context, request, bookingId, row.checkoutSessionId)) || (await validHoldCancelToken(context, bookingId, token));
}

/** A payment no longer open, as the cancel link finds it (the asker proved the hold theirs). */
function settled(row: HoldRow, bookingId: string): PaymentReturn | null {
  if (row.paymentStatus === "open" && row.bookingStatus === "pending") return null;
  return row.bookingStatus === "confirmed" ? { state: "paid", bookingId } : { state: "cancelled" };
}

/**
 * A hold that ended unpaid with a payment attempted (Stripe named its
 * PaymentIntent) before the hold's time was out: the payment was refused or
 * never approved (a failed Swish payment), not run out of time. The
 * payment's row tells no more than that, and that is enough for the words.
 */
function refusedBeforeItsTime(row: HoldRow): boolean {
  return (
    row.paymentStatus === "expired" &&
    row.paymentIntentId !== null &&
    row.checkoutExpiresAt !== null &&
    row.paymentUpdatedAt < row.checkoutExpiresAt
  );
}

/** The page a GET shows (it never changes anything). */
export async function paymentReturn(context: AppLoadContext, sessionId: number, bookingId: string, request: Request): Promise<PaymentReturn> {
  const url = new URL(request.url);
  const row = await findHold(context, sessionId, bookingId);
  if (!row) return { state: "broken" };

  if (url.searchParams.get("avbruten") === "1") {
    const token = url.searchParams.get("t") ?? "";
    if (!(await provesHold(context, request, bookingId, row, token))) return { state: "broken" };
    return settled(row, bookingId) ?? { state: "cancel", title: row.title, when: formatSessionDate(row.startTime), token };
  }

  const cs = url.searchParams.get("cs");
  if (!cs || !row.checkoutSessionId || cs !== row.checkoutSessionId) return { state: "broken" };
  if (row.bookingStatus === "confirmed" && row.paymentStatus === "paid") {
    return { state: "paid", bookingId: (await ownsHold(context, request, bookingId, row.checkoutSessionId)) ? bookingId : null };
  }
  if (row.bookingStatus === "pending" && row.paymentStatus === "open") return processing(row);
  if (REFUND_STATES.includes(row.paymentStatus)) return { state: "refunded" };
  return refusedBeforeItsTime(row) ? { state: "refused" } : { state: "ended" };
}

/**
 * The cancel button's POST (its form carries the link's token; the cookie
 * comes by itself): while the payment is open, its Checkout Session is
 * expired at Stripe and the seat released at once. Without proof nothing
 * changes and the link "does not work".
 */
export async function cancelPaymentHold(
  context: AppLoadContext,
  sessionId: number,
  bookingId: string,
  request: Request,
  token: unknown,
): Promise<PaymentReturn> {
  const row = await findHold(context, sessionId, bookingId);
  if (!row || !(await provesHold(context, request, bookingId, row, token))) return { state: "broken" };
  const done = settled(row, bookingId);
  if (done) return done;
  const end = row.checkoutSessionId ? await expireCheckoutSession(context, row.checkoutSessionId) : "ended";
  // Paid or being paid after all (another tab): the webhook decides.
  if (end === "complete") return processing(row);
  // Ended at Stripe, or Stripe could not be asked: released now (a payment that still comes is confirmed if the seat is free, else refunded).
  const released = await seatsFor(context, sessionId).releasePayment({ bookingId });
  scheduleDrain(context, released.offerMailIds);
  return { state: "cancelled" };
}

function processing(row: { title: string; startTime: string }): PaymentReturn {
  return { state: "processing", title: row.title, when: formatSessionDate(row.startTime) };
}
