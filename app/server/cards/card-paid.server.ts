/**
 * Which card paid a booking, for the staff's lists of a session's bookings
 * (its page, the print view, the CSV): the booking's `use` row in the
 * ledger, unless it has been given back, with the card's kind and the code's
 * last four characters. A column for a query over `bookings` (not aliased),
 * so each list reads it in the query it already makes.
 */
import { sql } from "drizzle-orm";
import { CARD_KINDS, type CardPaid } from "~/domain/cards/card-terms";

/** The card that paid `bookings.id` as JSON, or NULL (read it with cardPaidOf). */
export const CARD_PAID_JSON = sql`(SELECT json_object('kind', c.kind, 'last4', c.code_last4, 'amountSek', -l.amount_delta_sek)
    FROM card_ledger l JOIN cards c ON c.id = l.card_id
    WHERE l.booking_id = bookings.id AND l.kind = 'use'
      AND NOT EXISTS (SELECT 1 FROM card_ledger g WHERE g.card_id = l.card_id AND g.booking_id = l.booking_id AND g.kind = 'give-back')
    ORDER BY l.id LIMIT 1)`;

/** The same as a raw query's column `cardPaidJson`. */
export const CARD_PAID_COLUMN = sql`${CARD_PAID_JSON} AS cardPaidJson`;

/** The card in a row's `cardPaidJson`, or null when no card paid (or the value is not one). */
export function cardPaidOf(json: string | null | undefined): CardPaid | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as Partial<Record<keyof CardPaid, unknown>>;
    const kind = CARD_KINDS.find((k) => k === value.kind);
    if (!kind || typeof value.last4 !== "string" || typeof value.amountSek !== "number") return null;
    return { kind, last4: value.last4, amountSek: value.amountSek };
  } catch {
    return null;
  }
}
