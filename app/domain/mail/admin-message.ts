// A message staff write to customers from the admin area (spec section 7,
// send-admin-email: to, subject, message): plain text, as written, greeted
// by name and signed by the business; replies go to the admin address. Pure.
import type { MailMessage, MailSite } from "./message";

export interface MessageRecipient {
  bookingId: string;
  userName: string;
  userEmail: string;
}

/** One mail per draft and booking: a double submit of the same draft queues nothing new. */
export const adminMessageKey = (draftId: string, bookingId: string) => `admin-message:${draftId}:${bookingId}`;

export function adminMessageMail(
  site: MailSite & { adminEmail: string },
  recipient: MessageRecipient,
  draft: { draftId: string; subject: string; message: string },
): MailMessage {
  const text = [
    `Hej ${recipient.userName}!`,
    "",
    draft.message,
    "",
    "Hälsningar,",
    "Hundpass",
    site.siteUrl.replace(/\/+$/, ""),
  ].join("\n");
  return {
    kind: "admin-message",
    to: recipient.userEmail,
    replyTo: site.adminEmail,
    subject: draft.subject,
    text,
    idempotencyKey: adminMessageKey(draft.draftId, recipient.bookingId),
  };
}
