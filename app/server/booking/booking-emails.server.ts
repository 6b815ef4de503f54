/**
 * Queues the two mails of a booking through the outbox: the customer's
 * confirmation (with the .ics) and the admin notification. Idempotency keys
 * come from the booking id, so a replayed booking never mails twice. Never
 * throws: a booking is never undone because e-mail failed.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  adminNotificationMail,
  bookingIcs,
  customerConfirmationMail,
  type BookedSession,
  type BookingDetails,
} from "~/domain/booking-emails";
import { scheduleDrain, sendEmails, type SendEmailResult } from "../email/send-email.server";

export interface BookingMailResult {
  customer: SendEmailResult;
  admin: SendEmailResult;
  /** The customer's confirmation is in the outbox (now or from an earlier try). */
  customerQueued: boolean;
}

const failed: SendEmailResult = { status: "failed", id: null };

export const bookingMailKeys = (bookingId: string) => ({
  customer: `booking-confirmation:${bookingId}`,
  admin: `booking-admin-notification:${bookingId}`,
});

function icsFilename(session: BookedSession): string {
  const slug = session.title
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `${slug || "pass"}-${session.startTime.slice(0, 10)}.ics`;
}

export async function sendBookingEmails(
  context: AppLoadContext,
  session: BookedSession,
  booking: BookingDetails,
): Promise<BookingMailResult> {
  const site = { siteUrl: context.config.SITE_URL };
  const keys = bookingMailKeys(booking.id);
  const customerMail = customerConfirmationMail(session, booking, site);
  const adminMail = adminNotificationMail(session, booking, site);
  // One round trip for both rows.
  const [customer = failed, admin = failed] = await sendEmails(context, [
    {
      kind: "booking-confirmation",
      to: booking.userEmail,
      ...customerMail,
      attachments: [
        {
          filename: icsFilename(session),
          content: bookingIcs(session, booking, site, new Date()),
          contentType: "text/calendar; charset=utf-8; method=PUBLISH",
        },
      ],
      idempotencyKey: keys.customer,
    },
    {
      kind: "booking-admin-notification",
      to: context.config.ADMIN_EMAIL,
      replyTo: booking.userEmail,
      ...adminMail,
      idempotencyKey: keys.admin,
    },
  ]);
  scheduleDrain(context, [customer.id, admin.id]);
  return { customer, admin, customerQueued: customer.status !== "failed" };
}
