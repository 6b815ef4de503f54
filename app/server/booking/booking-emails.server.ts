/**
 * The two mails of a booking: the customer's confirmation (with the .ics)
 * and the admin notification. Idempotency keys come from the booking id, so
 * a replayed booking never mails twice. sendBookingEmails never throws: a
 * booking is never undone because e-mail failed.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  adminNotificationMail,
  bookingIcs,
  customerConfirmationMail,
  type BookedSession,
  type BookingDetails,
} from "~/domain/booking-emails";
import type { Config } from "../env.server";
import { scheduleDrain, sendEmails, type EmailMessage } from "../email/send-email.server";

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

/**
 * The booking's two messages, with keys from the booking id. The Durable
 * Object queues them in the booking's own batch; sendBookingEmails queues
 * them afterwards when that could not be done.
 */
export function bookingMailMessages(
  config: Pick<Config, "SITE_URL" | "ADMIN_EMAIL">,
  session: BookedSession,
  booking: BookingDetails,
  now: Date,
): [customer: EmailMessage, admin: EmailMessage] {
  const site = { siteUrl: config.SITE_URL };
  const keys = bookingMailKeys(booking.id);
  return [
    {
      kind: "booking-confirmation",
      to: booking.userEmail,
      ...customerConfirmationMail(session, booking, site),
      attachments: [
        {
          filename: icsFilename(session),
          content: bookingIcs(session, booking, site, now),
          contentType: "text/calendar; charset=utf-8; method=PUBLISH",
        },
      ],
      idempotencyKey: keys.customer,
    },
    {
      kind: "booking-admin-notification",
      to: config.ADMIN_EMAIL,
      replyTo: booking.userEmail,
      ...adminNotificationMail(session, booking, site),
      idempotencyKey: keys.admin,
    },
  ];
}

/**
 * Queues the booking's mails in their own round trip (keys make a repeat
 * queue nothing) and delivers them after the response. If queuing fails it
 * is logged by sendEmails; the booking stands either way.
 */
export async function sendBookingEmails(
  context: AppLoadContext,
  session: BookedSession,
  booking: BookingDetails,
): Promise<void> {
  const queued = await sendEmails(context, bookingMailMessages(context.config, session, booking, new Date()));
  scheduleDrain(context, queued.map((result) => result.id));
}
