/**
 * What staff see of money (issue 27): each booking's payment beside it in the
 * admin lists, the attendee CSV and the print view; a session's payments and
 * sums on its admin page; and retrying a failed refund from there. With
 * PAYMENTS=off no booking has a payment, so nothing of this shows.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray, sql } from "drizzle-orm";
import { paymentOf, sessionMoney, type FailedRefundView, type PaymentView, type SessionMoney } from "~/domain/payment-status";
import type { Actor } from "../audit/audit-log.server";
import { bookings, payments } from "../db/schema.server";
import { sendRefunds, type RefundOutcome } from "./refunds.server";
import { stripeSettings } from "./stripe.server";

/**
 * A booking's payment as columns of a query over `bookings` (PaymentColumns
 * in app/domain/payment-status.ts): null when it has none.
 */
export const BOOKING_PAYMENT_COLUMNS = sql.raw(
  ["status AS paymentStatus", "method AS paymentMethod", "amount_ore AS paymentAmountOre", "refund_error AS paymentRefundError"]
    .map((column) => {
      const [name, alias] = column.split(" AS ");
      return `(SELECT ${name} FROM payments WHERE payments.booking_id = bookings.id) AS ${alias}`;
    })
    .join(", "),
);

/** Whether staff see payments at all (PAYMENTS=stripe). */
export const paymentsShown = (context: Pick<AppLoadContext, "config">) => stripeSettings(context) !== null;

export interface SessionPaymentRow extends PaymentView {
  bookingId: string;
  userName: string;
  bookingStatus: string;
}

/** A session's payments (with the booking's name and state) and sums, for its admin page; null with PAYMENTS=off. */
export async function loadSessionPayments(
  context: AppLoadContext,
  sessionId: number,
): Promise<{ rows: SessionPaymentRow[]; money: SessionMoney } | null> {
  if (!paymentsShown(context)) return null;
  const found = await context.db
    .select({
      bookingId: payments.bookingId,
      userName: bookings.userName,
      bookingStatus: bookings.bookingStatus,
      paymentStatus: payments.status,
      paymentMethod: payments.method,
      paymentAmountOre: payments.amountOre,
      paymentRefundError: payments.refundError,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(eq(payments.sessionId, sessionId))
    .orderBy(payments.createdAt, payments.id);
  const rows = found.flatMap((row) => {
    const payment = paymentOf(row);
    return payment ? [{ ...payment, bookingId: row.bookingId, userName: row.userName, bookingStatus: row.bookingStatus }] : [];
  });
  return { rows, money: sessionMoney(rows) };
}

export type RetryRefundOutcome = RefundOutcome["status"] | "not-failed";

/** Staff retry a booking's failed refund at once (whatever its pause or attempts); what became of it. */
export async function retryRefundAsStaff(context: AppLoadContext, actor: Actor, bookingId: string): Promise<RetryRefundOutcome> {
  if (!paymentsShown(context)) return "not-failed";
  const [failed] = await context.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), inArray(payments.status, ["refund_failed"])))
    .limit(1);
  if (!failed) return "not-failed";
  const [outcome] = await sendRefunds(context, { bookingIds: [bookingId], actor }, new Date());
  return outcome?.status ?? "unchanged";
}

/** Every refund that failed and is not refunded yet, newest first (at most 50); empty with PAYMENTS=off. */
export async function listFailedRefunds(context: AppLoadContext): Promise<FailedRefundView[]> {
  if (!paymentsShown(context)) return [];
  return context.db
    .select({
      bookingId: payments.bookingId,
      sessionId: payments.sessionId,
      userName: bookings.userName,
      sessionTitle: bookings.sessionTitle,
      amountOre: payments.amountOre,
      refundError: payments.refundError,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(eq(payments.status, "refund_failed"))
    .orderBy(sql`${payments.updatedAt} DESC`)
    .limit(50);
}
