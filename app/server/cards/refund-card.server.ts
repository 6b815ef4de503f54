/**
 * Refunding an unused card (staff, "Återbetala kort"): a card sold over the
 * counter is paid back there by hand, and marked refunded here. In one D1
 * batch, only while the card is open, was sold over the counter and nothing
 * has been taken off it (every use given back, its balance what it was
 * issued with): a 'refund' ledger row takes the balance off, the kept
 * balance goes to zero and `refunded_at` is set, the code is blanked in the
 * stored copy of its mail, and the audit row is written. A card sold online
 * is never marked refunded here: its money goes back through Stripe, which
 * this does not do.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { CARD_LEDGER_NOTES } from "~/domain/cards/card-texts";
import type { CardRefundProblem } from "~/domain/cards/card-terms";
import { cardMailKey } from "~/domain/mail/card";
import { auditStatement, type Actor } from "../audit/audit-log.server";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { blankLinkStatement } from "../email/outbox.server";
import { cardOpenAt, cardUnused } from "./card-conditions.server";

export type RefundCardOutcome = { status: "refunded"; paidSek: number } | { status: CardRefundProblem | "not-found" };

export async function refundCard(context: AppLoadContext, actor: Actor, id: number, now = new Date()): Promise<RefundCardOutcome> {
  const card = await context.db.get<{ codeHash: string; soldVia: "counter" | "online"; paidSek: number }>(
    sql`SELECT code_hash AS codeHash, sold_via AS soldVia, paid_sek AS paidSek FROM cards WHERE id = ${id}`,
  );
  if (!card) return { status: "not-found" };
  const nowIso = now.toISOString();
  const open = sql`c.id = ${id} AND ${cardOpenAt(nowIso)}`;
  // A card sold online is refused before anything is written, whatever else holds.
  if (card.soldVia !== "counter") {
    const stillOpen = await context.db.get<{ id: number }>(sql`SELECT c.id FROM cards c WHERE ${open}`);
    return { status: stillOpen ? "online" : "ended" };
  }
  const refundedNow = sql`EXISTS (SELECT 1 FROM card_ledger WHERE card_id = ${id} AND kind = 'refund' AND created_at = ${nowIso})`;
  const b = new BatchBuilder();
  const ledger = b.add<{ id: number }>(
    sql`INSERT INTO card_ledger (card_id, kind, uses_delta, amount_delta_sek, note, created_at)
         SELECT c.id, 'refund', -coalesce(c.uses_left, 0), -coalesce(c.balance_sek, 0), ${CARD_LEDGER_NOTES.refundedAtCounter}, ${nowIso}
         FROM cards c WHERE ${open} AND c.sold_via = 'counter' AND ${cardUnused}
         RETURNING id`,
  );
  b.add(
    sql`UPDATE cards SET refunded_at = ${nowIso},
           uses_left = CASE WHEN kind = 'klippkort' THEN 0 END, balance_sek = CASE WHEN kind = 'presentkort' THEN 0 END
         WHERE id = ${id} AND refunded_at IS NULL AND ${refundedNow}`,
  );
  // The code dies with the card: blanked in our copy of its mail.
  b.add(blankLinkStatement(cardMailKey(card.codeHash), now, refundedNow));
  b.add(
    auditStatement(
      actor,
      {
        action: "card.refund",
        targetType: "card",
        targetId: id,
        details: sql`(SELECT json_object('product', p.name, 'kind', c.kind, 'codeEndsWith', c.code_last4, 'soldVia', c.sold_via,
                       'paidBackSek', c.paid_sek, 'usesTakenOff', -l.uses_delta, 'amountTakenOffSek', -l.amount_delta_sek)
                     FROM cards c JOIN card_products p ON p.id = c.product_id
                     JOIN card_ledger l ON l.card_id = c.id AND l.kind = 'refund'
                     WHERE c.id = ${id})`,
      },
      { condition: refundedNow, createdAt: nowIso },
    ),
  );
  // Why not, when nothing was written: read after the writes, in the same transaction.
  const stillOpen = b.add<{ id: number }>(sql`SELECT c.id FROM cards c WHERE ${open}`);
  return runBatch(
    context,
    b.plan((results): RefundCardOutcome => {
      if (ledger.rows(results).length > 0) return { status: "refunded", paidSek: card.paidSek };
      return { status: stillOpen.rows(results).length > 0 ? "used" : "ended" };
    }),
  );
}
