// What a mail template returns and the outbox queues: pure data, so templates
// stay in app/domain/ and server code only hands them on.

export interface MailAttachment {
  filename: string;
  /** Text content (an .ics, a CSV); the Resend transport base64-encodes it. */
  content: string;
  contentType: string;
}

export interface MailMessage {
  /** What the mail is for, e.g. "booking-confirmation"; shown in /dev/mail and logs. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Defaults to the configured sender (EMAIL_FROM). */
  from?: string;
  attachments?: MailAttachment[];
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /** A repeat with the same key queues nothing new, e.g. `booking-confirmation:${bookingId}`. */
  idempotencyKey?: string;
  /**
   * The one-time token a link in the bodies carries, and when that link
   * dies: the mail is never sent after `expiresAt`, and the token is blanked
   * in the stored copy once the link is used or dead.
   */
  secret?: { token: string; expiresAt: string };
}

/** Subject, text and (optionally) HTML: what a template composes before it is addressed. */
export interface ComposedMail {
  subject: string;
  text: string;
  html?: string;
}

/** Where links in mail point. */
export interface MailSite {
  /** e.g. "https://hundpass.se" (no trailing slash needed). */
  siteUrl: string;
}

/** The organizer of every calendar event we send: the business, at the address its mail's replies go to. */
export function icsOrganizer(site: { adminEmail: string }): { name: string; email: string } {
  return { name: "Hundpass", email: site.adminEmail };
}

/** The display name of a sender written `Name <address>`, or null for a bare address. */
export function senderDisplayName(from: string): string | null {
  const name = /^\s*(.*?)\s*<[^<>]+>\s*$/.exec(from)?.[1]?.replace(/^"(.*)"$/, "$1").trim();
  return name ? name : null;
}

/**
 * A sender as recipients see it: a bare address gets the display name of
 * the site's own sender (EMAIL_FROM, e.g. `Hundpass <info@hundpass.se>`),
 * so a campaign from `info@hundpass.se` shows as `Hundpass`, as every other
 * mail does; an address that already has a display name stays as written.
 */
export function senderWithDisplayName(from: string, siteSender: string): string {
  const address = from.trim();
  if (address.includes("<")) return address;
  const name = senderDisplayName(siteSender) ?? "Hundpass";
  const quoted = /[(),.:;<>@[\]\\"]/.test(name) ? `"${name.replace(/["\\]/g, "\\$&")}"` : name;
  return `${quoted} <${address}>`;
}
