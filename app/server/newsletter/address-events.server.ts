/**
 * What the mail provider's word about an address means for the newsletter
 * (handed to the provider's event handler by the Worker): a hard bounce
 * marks the subscriber undeliverable, so no wave mails it again; a complaint
 * ("this is spam") unsubscribes it at once, recorded as such.
 */
import { sql } from "drizzle-orm";
import type { AddressEventStatements } from "../email/provider-events.server";

export const newsletterAddressEvents: AddressEventStatements = ({ kind, address, detail, now, stored }) =>
  kind === "hard-bounce"
    ? [
        sql`UPDATE newsletter_subscribers SET undeliverable_at = ${now}, undeliverable_reason = ${detail ?? "Studsade"}
             WHERE lower(email) = lower(${address}) AND undeliverable_at IS NULL AND ${stored}`,
      ]
    : [
        sql`UPDATE newsletter_subscribers SET status = 'unsubscribed', unsubscribed_at = ${now}, unsubscribe_reason = 'complaint'
             WHERE lower(email) = lower(${address}) AND status = 'subscribed' AND ${stored}`,
      ];
