/**
 * The mails a payment's webhook queues, composed outside the seat object's
 * turn from the booking and its session as they are: today's two booking
 * confirmations with the amount and method paid, and the mail for a payment
 * that came after its seat was taken. The seat object's batch queues each
 * only if it applies (payments/payment-seats.server.ts).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { bookingMails, PARTICIPANTS_PLACEHOLDER } from "~/domain/mail/booking";
import { latePaymentRefundMail } from "~/domain/mail/payment";
import type { CardUseOfBooking } from "../cards/card-spend.server";
import type { BookingRow, PaymentRow, SessionRow } from "../db/schema.server";
import { toOutboxRow, type OutboxRowToQueue } from "../email/outbox.server";
import type { PaymentMethod } from "../platform/env.server";
import type { BookingMail } from "../seats/seat-types.server";

export type PaidBooking = {
  booking: BookingRow;
  session: Pick<SessionRow, "id" | "title" | "location" | "startTime" | "endTime" | "passType">;
  payment: Pick<PaymentRow, "amountOre">;
  /** The card that paid the rest of the price, if one did. */
  card?: CardUseOfBooking;
};

export function paymentMails(
  context: AppLoadContext,
  { booking, session, payment, card }: PaidBooking,
  method: PaymentMethod | null,
  now: Date,
): { confirmationMails: BookingMail[]; refundMails: { taken: OutboxRowToQueue; closed: OutboxRowToQueue } } {
  const { config } = context;
  const site = { siteUrl: config.SITE_URL, adminEmail: config.ADMIN_EMAIL };
  const nowIso = now.toISOString();
  const paid = { amountOre: payment.amountOre, method };
  const cardPart = card && { kind: card.kind, amountSek: card.amountSek, left: card.left, restOnSpotSek: 0 };
  const [customer, admin] = bookingMails(site, session, { ...booking, paid, card: cardPart }, now);
  // The payment is the booker's own act, made already: its mails are not held back by the address's budget.
  const confirmationMails: BookingMail[] = [
    { row: toOutboxRow(customer, { from: config.EMAIL_FROM }, nowIso), recipientSlot: null },
    { row: toOutboxRow(admin, { from: config.EMAIL_FROM }, nowIso), recipientSlot: null, participantsPlaceholder: PARTICIPANTS_PLACEHOLDER },
  ];
  // The place by its current name (a renamed place renames its sessions, not the bookings' copy), as the confirmation names it.
  const atPlace = { ...booking, sessionLocation: session.location };
  const refundMail = (why: "taken" | "closed") => toOutboxRow(latePaymentRefundMail(site, atPlace, payment.amountOre, why), { from: config.EMAIL_FROM }, nowIso);
  return { confirmationMails, refundMails: { taken: refundMail("taken"), closed: refundMail("closed") } };
}
