/**
 * What a staff cancellation (Avboka, Släpp till försäljning, Ställ in pass,
 * the minimum-participant decision's cancel) does to the cancelled bookings'
 * payments, with PAYMENTS=stripe; off, none of this runs.
 *
 * In the cancel's own batch (cancelPaymentStatements): a paid payment is
 * queued for a full refund, and a Checkout still open (the booking awaited
 * payment) is marked 'cancelled'. Right after the response
 * (settleCancelledPayments, carried by waitUntil): the refunds are sent and
 * those Checkout Sessions are expired at Stripe, so nobody can pay for a seat
 * that is gone. A crash in between leaves a 'refund_pending' row, which the
 * cron sends; a Checkout not expired lapses on its own within half an hour,
 * and a payment that still arrives is refunded as a late payment (the seat
 * is never taken back for a booking staff cancelled).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { CancellationRefund } from "~/domain/mail/cancellation";
import type { Actor } from "../audit/audit-log.server";
import { payments } from "../db/schema.server";
import { refundQueueStatements, sendRefunds, type RefundReason } from "./refunds.server";
import { stripeClient, stripeSettings } from "./stripe.server";

/** What a staff change hands the seat object about payments (plain data: it crosses the RPC boundary). */
export interface CancelPayments {
  refundReason: RefundReason;
}

/** The payments part of a staff change, or undefined with PAYMENTS=off (the batch stays as it was). */
export function cancelPaymentsFor(context: Pick<AppLoadContext, "config">, refundReason: RefundReason): CancelPayments | undefined {
  return stripeSettings(context) ? { refundReason } : undefined;
}

/** Statements for the cancel's batch, after the bookings are cancelled: refund what was paid, call off what was not. */
export function cancelPaymentStatements(bookingIds: readonly string[], now: string, { refundReason }: CancelPayments): SQL[] {
  if (bookingIds.length === 0) return [];
  return [
    ...refundQueueStatements(bookingIds, now, refundReason),
    // 'cancelled' is staff's: if its money still arrives it is refunded, never taken back as a booking (payment-seats.server.ts).
    sql`UPDATE payments SET status = 'cancelled', updated_at = ${now}
         WHERE status = 'open' AND booking_id IN (SELECT value FROM json_each(${JSON.stringify(bookingIds)}))
           AND EXISTS (SELECT 1 FROM bookings WHERE bookings.id = payments.booking_id AND bookings.booking_status = 'cancelled')`,
  ];
}

/**
 * What the cancellation mails of `bookingIds` may say comes back, by booking:
 * `paid`, refunded for sure; `open`, refunded only if the payment arrives
 * before the cancel's batch (the mail is then chosen in the batch). Empty
 * with PAYMENTS=off.
 */
export async function refundsForMail(
  context: AppLoadContext,
  bookingIds: readonly string[],
): Promise<Map<string, CancellationRefund & { paid: boolean }>> {
  if (!stripeSettings(context) || bookingIds.length === 0) return new Map();
  const rows = await context.db
    .select({ bookingId: payments.bookingId, amountOre: payments.amountOre, method: payments.method, status: payments.status })
    .from(payments)
    .where(and(inArray(payments.status, ["paid", "open"]), inArray(payments.bookingId, [...bookingIds])));
  return new Map(rows.map((row) => [row.bookingId, { amountOre: row.amountOre, method: row.method, paid: row.status === "paid" }]));
}

/**
 * What the cancellation of `bookingId` pays back, read after its batch, for
 * the toast staff see: its payment queued for a refund (or refunded already,
 * or failed and due again), with its amount and method. Null when nothing was
 * paid, and with PAYMENTS=off.
 */
export async function refundOfCancelledBooking(context: AppLoadContext, bookingId: string): Promise<CancellationRefund | null> {
  if (!stripeSettings(context)) return null;
  const [row] = await context.db
    .select({ amountOre: payments.amountOre, method: payments.method })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), inArray(payments.status, ["refund_pending", "refunded", "refund_failed"])))
    .limit(1);
  return row ?? null;
}

/** After the cancel's batch: sends its refunds and expires its open Checkouts, once the response is on its way. */
export function settleCancelledPayments(context: AppLoadContext, bookingIds: readonly string[], actor: Actor): void {
  if (!stripeSettings(context) || bookingIds.length === 0) return;
  context.cloudflare.ctx.waitUntil(
    settle(context, bookingIds, actor).catch((error: unknown) => {
      // The rows say what is left: the cron sends a refund still pending.
      console.error(JSON.stringify({ job: "staff-cancel-payments", error: error instanceof Error ? error.message : String(error) }));
    }),
  );
}

async function settle(context: AppLoadContext, bookingIds: readonly string[], actor: Actor): Promise<void> {
  await sendRefunds(context, { bookingIds, actor }, new Date());
  const calledOff = await context.db
    .select({ checkoutSessionId: payments.checkoutSessionId })
    .from(payments)
    .where(and(eq(payments.status, "cancelled"), isNotNull(payments.checkoutSessionId), inArray(payments.bookingId, [...bookingIds])));
  if (calledOff.length === 0) return;
  const stripe = await stripeClient(context);
  for (const { checkoutSessionId } of calledOff) {
    try {
      await stripe.checkout.sessions.expire(checkoutSessionId!);
    } catch (error) {
      // Expired or completed already: a payment that still arrives is refunded as a late payment.
      console.log(JSON.stringify({ job: "staff-cancel-payments", checkoutSessionId, expire: error instanceof Error ? error.message : String(error) }));
    }
  }
}
