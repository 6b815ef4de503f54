/**
 * The conditions on a card that the writes which end one share, as SQL over
 * `cards c`: still open (not voided, refunded or expired, and no ending
 * ledger row: a card ends once, card_ledger_one_end), unused (what a refund
 * needs; cardRefundProblem in app/domain/cards/card-terms.ts says the same of
 * a card read), and who has its code (the reminder's address, and whose
 * card it is in Mina bokningar).
 */
import { sql, type SQL } from "drizzle-orm";
import { CARD_MAIL_HELD_BACK, cardMailKey } from "~/domain/mail/card";
import { blankLinkStatement, holdBackStatement } from "../email/outbox.server";

/** Card `c` is still open at `nowIso`. */
export const cardOpenAt = (nowIso: string) =>
  sql`c.voided_at IS NULL AND c.refunded_at IS NULL AND c.expires_at > ${nowIso}
    AND NOT EXISTS (SELECT 1 FROM card_ledger e WHERE e.card_id = c.id AND e.kind IN ('expiry', 'refund', 'void'))`;

/** Nothing has been taken off card `c`: every use given back, and its balance what it was issued with. */
export const cardUnused = sql`NOT EXISTS (
      SELECT 1 FROM card_ledger u WHERE u.card_id = c.id AND u.kind = 'use'
        AND NOT EXISTS (SELECT 1 FROM card_ledger g WHERE g.card_id = u.card_id AND g.booking_id = u.booking_id AND g.kind = 'give-back'))
    AND EXISTS (SELECT 1 FROM card_ledger i WHERE i.card_id = c.id AND i.kind = 'issue'
      AND i.uses_delta = coalesce(c.uses_left, 0) AND i.amount_delta_sek = coalesce(c.balance_sek, 0))`;

/** Who has card `c`'s code at `nowIso`: a gift's recipient once it has been sent to them, else the buyer. */
export const cardCodeHolder = (nowIso: string) =>
  sql`CASE WHEN c.recipient_email IS NOT NULL AND (c.send_at IS NULL OR c.send_at <= ${nowIso}) THEN c.recipient_email ELSE c.holder_email END`;

/**
 * The code dies with its card (a void, a refund): a gift's mail still
 * waiting for its day is not sent, and the code is blanked in our copy of
 * the mail; both only when `condition` (the card ended in this batch) holds.
 */
export function cardMailEndStatements(codeHash: string, now: Date, condition: SQL): SQL[] {
  return [holdBackStatement(cardMailKey(codeHash), CARD_MAIL_HELD_BACK, condition), blankLinkStatement(cardMailKey(codeHash), now, condition)];
}
