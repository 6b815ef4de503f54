/**
 * Refunding an unused card (staff, "Återbetala kort"). In one D1 batch, only
 * while the card is open and nothing has been taken off it (every use given
 * back, its balance what it was issued with): a 'refund' ledger row takes
 * the balance off, the kept balance goes to zero and `refunded_at` is set,
 * a gift's mail not sent yet is held back, the code is blanked in the stored
 * copy of its mail, and the audit row is written.
 *
 * A card sold over the counter is paid back there by hand. A card bought
 * online is paid back through Stripe, so only while payments are on: the
 * same batch sets its order's refund 'pending', and the refund is then sent
 * (card-refunds.server.ts); one Stripe does not take now is retried by the
 * cron. The card has ended either way: the money is owed from that moment.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { CARD_LEDGER_NOTES } from "~/domain/cards/card-texts";
import type { CardRefundProblem } from "~/domain/cards/card-terms";
import { auditStatement, type Actor } from "../audit/audit-log.server";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { stripeSettings } from "../payments/stripe.server";
import { sendCardRefunds } from "./card-refunds.server";
import { cardMailEndStatements, cardOpenAt, cardUnused } from "./card-conditions.server";

export type RefundCardOutcome =
  /** online: bought online, its money sent back through Stripe (sent: what Stripe said), or not (by hand at the counter). */
  | { status: "refunded"; paidSek: number; online: boolean; sent: "refunded" | "failed" | null }
  | { status: CardRefundProblem | "not-found" };

export async function refundCard(context: AppLoadContext, actor: Actor, id: number, now = new Date()): Promise<RefundCardOutcome> {
  const card = await context.db.get<{ codeHash: string; soldVia: "counter" | "online"; paidSek: number }>(
    sql`SELECT code_hash AS codeHash, sold_via AS soldVia, paid_sek AS paidSek FROM cards WHERE id = ${id}`,
  );
  if (!card) return { status: "not-found" };
  const nowIso = now.toISOString();
  const open = sql`c.id = ${id} AND ${cardOpenAt(nowIso)}`;
  const online = card.soldVia === "online";
  // A card sold online with payments off is refused before anything is written, whatever else holds.
  if (online && !stripeSettings(context)) {
    const stillOpen = await context.db.get<{ id: number }>(sql`SELECT c.id FROM cards c WHERE ${open}`);
    return { status: stillOpen ? "online" : "ended" };
  }
  const refundedNow = sql`EXISTS (SELECT 1 FROM card_ledger WHERE card_id = ${id} AND kind = 'refund' AND created_at = ${nowIso})`;
  const b = new BatchBuilder();
  const ledger = b.add<{ id: number }>(
    sql`INSERT INTO card_ledger (card_id, kind, uses_delta, amount_delta_sek, note, created_at)
         SELECT c.id, 'refund', -coalesce(c.uses_left, 0), -coalesce(c.balance_sek, 0),
           ${online ? CARD_LEDGER_NOTES.refundedOnline : CARD_LEDGER_NOTES.refundedAtCounter}, ${nowIso}
         FROM cards c WHERE ${open} AND c.sold_via = ${card.soldVia} AND ${cardUnused}
         RETURNING id`,
  );
  b.add(
    sql`UPDATE cards SET refunded_at = ${nowIso},
           uses_left = CASE WHEN kind = 'klippkort' THEN 0 END, balance_sek = CASE WHEN kind = 'presentkort' THEN 0 END
         WHERE id = ${id} AND refunded_at IS NULL AND ${refundedNow}`,
  );
  if (online) {
    b.add(sql`UPDATE card_orders SET refund_status = 'pending', updated_at = ${nowIso} WHERE card_id = ${id} AND refund_status IS NULL AND ${refundedNow}`);
  }
  b.addAll(cardMailEndStatements(card.codeHash, now, refundedNow));
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
  const outcome = await runBatch(
    context,
    b.plan((results): RefundCardOutcome => {
      if (ledger.rows(results).length > 0) return { status: "refunded", paidSek: card.paidSek, online, sent: null };
      return { status: stillOpen.rows(results).length > 0 ? "used" : "ended" };
    }),
  );
  if (outcome.status !== "refunded" || !online) return outcome;
  const [sent] = await sendCardRefunds(context, { cardIds: [id], actor }, now);
  return { ...outcome, sent: sent?.status === "refunded" ? "refunded" : "failed" };
}
