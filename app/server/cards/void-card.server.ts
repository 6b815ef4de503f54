/**
 * Voiding a card (staff, "Spärra kort"): in one D1 batch, a 'void' ledger
 * row takes off what is left, the card's kept balance goes to zero and it is
 * marked voided, its code is blanked in the stored copy of its mail (the
 * code no longer works, as a used link's token), and the audit row is
 * written; nothing if the card has ended already (voided, refunded or
 * expired: a card ends once, card_ledger_one_end).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { CARD_LEDGER_NOTES } from "~/domain/cards/card-texts";
import { auditStatement, type Actor } from "../audit/audit-log.server";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { cardMailEndStatements, cardOpenAt } from "./card-conditions.server";

export type VoidCardOutcome = "voided" | "ended" | "not-found";

export async function voidCard(context: AppLoadContext, actor: Actor, id: number, now = new Date()): Promise<VoidCardOutcome> {
  const card = await context.db.get<{ codeHash: string }>(sql`SELECT code_hash AS codeHash FROM cards WHERE id = ${id}`);
  if (!card) return "not-found";
  const nowIso = now.toISOString();
  const open = sql`c.id = ${id} AND ${cardOpenAt(nowIso)}`;
  const voidedNow = sql`EXISTS (SELECT 1 FROM card_ledger WHERE card_id = ${id} AND kind = 'void' AND created_at = ${nowIso})`;
  const b = new BatchBuilder();
  const ledger = b.add<{ id: number }>(
    sql`INSERT INTO card_ledger (card_id, kind, uses_delta, amount_delta_sek, note, created_at)
         SELECT c.id, 'void', -coalesce(c.uses_left, 0), -coalesce(c.balance_sek, 0), ${CARD_LEDGER_NOTES.voidedByStaff}, ${nowIso}
         FROM cards c WHERE ${open}
         RETURNING id`,
  );
  b.add(
    sql`UPDATE cards SET voided_at = ${nowIso},
           uses_left = CASE WHEN kind = 'klippkort' THEN 0 END, balance_sek = CASE WHEN kind = 'presentkort' THEN 0 END
         WHERE id = ${id} AND voided_at IS NULL AND ${voidedNow}`,
  );
  b.addAll(cardMailEndStatements(card.codeHash, now, voidedNow));
  b.add(
    auditStatement(
      actor,
      {
        action: "card.void",
        targetType: "card",
        targetId: id,
        details: sql`(SELECT json_object('product', p.name, 'kind', c.kind, 'codeEndsWith', c.code_last4,
                       'usesTakenOff', -l.uses_delta, 'amountTakenOffSek', -l.amount_delta_sek)
                     FROM cards c JOIN card_products p ON p.id = c.product_id
                     JOIN card_ledger l ON l.card_id = c.id AND l.kind = 'void'
                     WHERE c.id = ${id})`,
      },
      { condition: voidedNow, createdAt: nowIso },
    ),
  );
  return runBatch(context, b.plan((results): VoidCardOutcome => (ledger.rows(results).length > 0 ? "voided" : "ended")));
}
