/**
 * A card's balance as bookings change it: the statements a booking's own
 * batch spends a card with, and those a cancellation's batch (staff's, or a
 * payment hold that ends unpaid) gives it back with, and what a booking paid
 * with a card reads back for its page and mails.
 *
 * The spend is a conditional UPDATE of the card (still valid, not voided or
 * refunded, something left, and a presentkort's balance as the booker was
 * told) that runs only once the booking row exists; its ledger row ('use',
 * the booking's id) is written only if that UPDATE changed the card. The
 * booking's INSERT carries the same condition (cardSpendable), and a batch
 * is one transaction, so a booking is written iff its card is spent. The
 * CHECKs (a balance never below zero) and the unique index (one use per
 * card and booking) stay as the last line of defence.
 *
 * A give-back undoes the use of every named booking that is cancelled and
 * not given back yet, to the card and the ledger in the same batch (the
 * card's kept balance stays the ledger's sum); repeated, it finds nothing.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql, type SQL } from "drizzle-orm";
import type { CardKind } from "~/domain/cards/card-terms";
import { CARD_LEDGER_NOTES } from "~/domain/cards/card-texts";
import type { BookingCardSpend } from "~/domain/cards/card-use";
import { cardOpenAt } from "./card-conditions.server";

/** The card `spend` takes from: its id as read, or (a klippkort taken at once) the card its code's hash names. */
export function spentCardId(spend: BookingCardSpend): SQL {
  return "codeHash" in spend ? sql`(SELECT id FROM cards WHERE code_hash = ${spend.codeHash})` : sql`${spend.cardId}`;
}

/** The card's own columns still allow `spend` at `now` (a condition on the cards row in scope). */
function stillSpendable(spend: BookingCardSpend, now: string): SQL {
  const left =
    spend.kind === "klippkort"
      ? sql`kind = 'klippkort' AND uses_left >= ${spend.uses}`
      : sql`kind = 'presentkort' AND balance_sek = ${spend.balanceBefore} AND balance_sek >= ${spend.amountSek}`;
  const unread = "codeHash" in spend ? sql` AND ${takenAtOnce(spend)}` : sql``;
  return sql`voided_at IS NULL AND refunded_at IS NULL AND expires_at > ${now} AND ${left}${unread}`;
}

/**
 * What a klippkort taken at once must be besides spendable, checked where
 * cardUseFor would (a sound part of it: a name matched exactly matches as
 * cardUseFor compares too; any other case is read and decided after).
 */
function takenAtOnce(spend: Extract<BookingCardSpend, { codeHash: string }>): SQL {
  const { sessionId, title, refusals } = spend;
  return sql`EXISTS (SELECT 1 FROM json_each(session_types_json) WHERE value = coalesce(
           (SELECT pt.name FROM sessions s JOIN popup_types pt ON pt.id = s.popup_type_id WHERE s.id = ${sessionId}), ${title}))
       AND coalesce((SELECT hits FROM rate_limits WHERE key = ${refusals.key} AND window_start = ${refusals.windowStart}), 0) < ${refusals.limit}`;
}

/** Holds while `spend` can still be spent at `now`: for the booking's INSERT and the batch's read-back. */
export function cardSpendable(spend: BookingCardSpend, now: string): SQL {
  return sql`EXISTS (SELECT 1 FROM cards WHERE id = ${spentCardId(spend)} AND ${stillSpendable(spend, now)})`;
}

/** The spend for the booking's batch, after its INSERT: the card, then its ledger row only if the card changed. */
export function spendCardStatements(spend: BookingCardSpend, bookingId: string, now: string): SQL[] {
  const klipp = spend.kind === "klippkort";
  const uses = klipp ? spend.uses : 0;
  const amount = klipp ? 0 : spend.amountSek;
  const cardId = spentCardId(spend);
  return [
    sql`UPDATE cards SET ${klipp ? sql`uses_left = uses_left - ${uses}` : sql`balance_sek = balance_sek - ${amount}`}
         WHERE id = ${cardId} AND ${stillSpendable(spend, now)} AND EXISTS (SELECT 1 FROM bookings WHERE id = ${bookingId})`,
    // changes(): the row count of the UPDATE just before it, in this batch.
    sql`INSERT INTO card_ledger (card_id, kind, uses_delta, amount_delta_sek, booking_id, created_at)
         SELECT ${cardId}, 'use', ${-uses}, ${-amount}, ${bookingId}, ${now} WHERE changes() > 0`,
  ];
}

/**
 * Why a card that was good when read cannot be spent now, from its row as
 * the batch leaves it; null when no card has the code (a klippkort taken at
 * once whose code names none).
 */
export function cardStateNow(spend: BookingCardSpend, now: string): SQL {
  return sql`(SELECT CASE WHEN voided_at IS NOT NULL OR refunded_at IS NOT NULL THEN 'voided'
       WHEN expires_at <= ${now} THEN 'expired'
       WHEN coalesce(uses_left, balance_sek) < 1 THEN 'used'
       WHEN ${stillSpendable(spend, now)} THEN 'ok'
       ELSE 'changed' END FROM cards WHERE id = ${spentCardId(spend)})`;
}

/** The 'use' rows of these bookings not given back yet, whose booking is cancelled (as `l`). */
function owedBack(bookingIds: readonly string[]): SQL {
  return sql`l.kind = 'use' AND l.booking_id IN (SELECT value FROM json_each(${JSON.stringify(bookingIds)}))
      AND EXISTS (SELECT 1 FROM bookings b WHERE b.id = l.booking_id AND b.booking_status = 'cancelled')
      AND NOT EXISTS (SELECT 1 FROM card_ledger g WHERE g.kind = 'give-back' AND g.card_id = l.card_id AND g.booking_id = l.booking_id)`;
}

/**
 * For a cancellation's batch, after its bookings are cancelled: each card
 * spent on one of them gets its use or amount back, with a 'give-back'
 * ledger row per booking. Nothing for a booking not cancelled, paid with no
 * card, or given back before.
 *
 * A card that has ended since the booking (expired, voided or refunded)
 * gets nothing back: what came back could never be used (an ended card
 * stays ended: card_ledger_one_end). Its give-back row is written all the
 * same, worth nothing and saying why, so the use is settled and staff see
 * it in the card's history; the cancellation mail says so (cardBackLine).
 */
export function giveBackStatements(bookingIds: readonly string[], now: string, note: string): SQL[] {
  if (bookingIds.length === 0) return [];
  const open = sql`EXISTS (SELECT 1 FROM cards c WHERE c.id = l.card_id AND ${cardOpenAt(now)})`;
  return [
    sql`UPDATE cards SET
           uses_left = uses_left - (SELECT coalesce(sum(l.uses_delta), 0) FROM card_ledger l WHERE l.card_id = cards.id AND ${owedBack(bookingIds)}),
           balance_sek = balance_sek - (SELECT coalesce(sum(l.amount_delta_sek), 0) FROM card_ledger l WHERE l.card_id = cards.id AND ${owedBack(bookingIds)})
         WHERE id IN (SELECT l.card_id FROM card_ledger l WHERE ${owedBack(bookingIds)} AND ${open})`,
    sql`INSERT INTO card_ledger (card_id, kind, uses_delta, amount_delta_sek, booking_id, note, created_at)
         SELECT l.card_id, 'give-back', CASE WHEN ${open} THEN -l.uses_delta ELSE 0 END, CASE WHEN ${open} THEN -l.amount_delta_sek ELSE 0 END,
           l.booking_id, CASE WHEN ${open} THEN ${note} ELSE ${`${note}. ${CARD_LEDGER_NOTES.endedNothingBack}`} END, ${now}
         FROM card_ledger l WHERE ${owedBack(bookingIds)}`,
  ];
}

/** What a card paid of a booking, and what is on that card now. */
export interface CardUseOfBooking {
  bookingId: string;
  cardId: number;
  kind: CardKind;
  /** Uses taken (a klippkort: 1). */
  uses: number;
  /** Kronor a presentkort paid (a klippkort: 0). */
  amountSek: number;
  /** What is on the card now: uses (a klippkort) or kronor (a presentkort). */
  left: number;
  /** The use was given back already. */
  givenBack: boolean;
  /** The card is still open (not expired, voided or refunded): what a cancellation gives back can be used. */
  open: boolean;
}

/** The card use of each of these bookings that has one, by booking id. */
export async function cardUsesOf(context: AppLoadContext, bookingIds: readonly string[]): Promise<Map<string, CardUseOfBooking>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await context.db.all<Omit<CardUseOfBooking, "givenBack" | "open"> & { givenBack: number; open: number }>(
    sql`SELECT l.booking_id AS bookingId, l.card_id AS cardId, c.kind AS kind, -l.uses_delta AS uses, -l.amount_delta_sek AS amountSek,
           coalesce(c.uses_left, c.balance_sek) AS "left",
           EXISTS (SELECT 1 FROM card_ledger g WHERE g.kind = 'give-back' AND g.card_id = l.card_id AND g.booking_id = l.booking_id) AS givenBack,
           ${cardOpenAt(new Date().toISOString())} AS open
         FROM card_ledger l JOIN cards c ON c.id = l.card_id
         WHERE l.kind = 'use' AND l.booking_id IN (SELECT value FROM json_each(${JSON.stringify(bookingIds)}))`,
  );
  return new Map(rows.map((row) => [row.bookingId, { ...row, givenBack: row.givenBack === 1, open: row.open === 1 }]));
}
