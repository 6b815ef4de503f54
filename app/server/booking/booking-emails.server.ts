/**
 * The two mails of a booking: the customer's confirmation (with the .ics)
 * and the admin notification. Idempotency keys come from the booking id, so
 * a replayed booking never mails twice. The session's Durable Object queues
 * them in the booking's own batch.
 */
import {
  adminNotificationMail,
  bookingIcs,
  customerConfirmationMail,
  type BookedSession,
  type BookingDetails,
} from "~/domain/booking-emails";
import type { Config } from "../env.server";
import type { EmailMessage } from "../email/send-email.server";

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

/** The booking's two messages, with keys from the booking id. */
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
