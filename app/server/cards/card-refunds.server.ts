/**
 * The money of a card bought online going back through Stripe, once staff
 * have refunded the card (refund-card.server.ts ended it and set its order's
 * refund 'pending' in that batch). Sent at once after that batch, and by the
 * cron's 'cards' job for every refund still pending or failed and due again:
 * a full refund of what was paid, under the key `card-refund-<order id>`
 * (its own attempt's after a failure, as a booking's refund), marked
 * 'refunded' or 'failed' with the error, the next attempt's time and an
 * audit row, each only for a row still owed as it was read.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { auditStatement, SYSTEM_ACTOR, type Actor } from "../audit/audit-log.server";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { askStripeRefund, MAX_REFUND_ATTEMPTS, MAX_REFUNDS_PER_RUN, refundRetryDelayMs, type StripeAnswer } from "../payments/refunds.server";
import { stripeClient, stripeSettings } from "../payments/stripe.server";

type OwedCardRefund = { orderId: string; cardId: number; paidSek: number; paymentIntentId: string | null; attempts: number };

export type CardRefundOutcome = { cardId: number; status: "refunded" | "failed" | "unchanged" };

export const cardRefundKey = (orderId: string, failedAttempts: number) =>
  failedAttempts === 0 ? `card-refund-${orderId}` : `card-refund-${orderId}-retry${failedAttempts}`;

/** Sends the card refunds owed: these cards' (whatever their pause), or every one due; none with payments off. */
export async function sendCardRefunds(
  context: AppLoadContext,
  { cardIds, actor = SYSTEM_ACTOR, budgetMs }: { cardIds?: readonly number[]; actor?: Actor; budgetMs?: number },
  now: Date,
): Promise<CardRefundOutcome[]> {
  if (!stripeSettings(context)) return [];
  const nowIso = now.toISOString();
  const which = cardIds
    ? sql`refund_status IN ('pending', 'failed') AND card_id IN (SELECT value FROM json_each(${JSON.stringify(cardIds)}))`
    : sql`(refund_status = 'pending' OR (refund_status = 'failed' AND refund_attempts < ${MAX_REFUND_ATTEMPTS}
           AND (refund_retry_at IS NULL OR refund_retry_at <= ${nowIso})))`;
  const owed = await context.db.all<OwedCardRefund>(
    sql`SELECT id AS orderId, card_id AS cardId, paid_sek AS paidSek, payment_intent_id AS paymentIntentId, refund_attempts AS attempts
         FROM card_orders WHERE ${which} ORDER BY updated_at LIMIT ${MAX_REFUNDS_PER_RUN}`,
  );
  if (owed.length === 0) return [];
  const stripe = await stripeClient(context);
  const started = Date.now();
  const outcomes: CardRefundOutcome[] = [];
  for (const refund of owed) {
    if (budgetMs !== undefined && Date.now() - started >= budgetMs) break;
    const answer = await askStripeRefund(stripe, {
      paymentIntentId: refund.paymentIntentId,
      amountOre: refund.paidSek * 100,
      metadata: { card_order_id: refund.orderId },
      idempotencyKey: cardRefundKey(refund.orderId, refund.attempts),
    });
    outcomes.push(await recordAnswer(context, refund, answer, actor, now));
  }
  return outcomes;
}

async function recordAnswer(context: AppLoadContext, refund: OwedCardRefund, answer: StripeAnswer, actor: Actor, now: Date): Promise<CardRefundOutcome> {
  const nowIso = now.toISOString();
  const owedAsRead = sql`id = ${refund.orderId} AND refund_status IN ('pending', 'failed') AND refund_attempts = ${refund.attempts}`;
  const b = new BatchBuilder();
  const details = { orderId: refund.orderId, paidSek: refund.paidSek };
  const marked = answer.ok
    ? b.add(
        sql`UPDATE card_orders SET refund_status = 'refunded', refund_id = ${answer.refundId}, refunded_at = ${nowIso}, refund_error = NULL,
               refund_retry_at = NULL, updated_at = ${nowIso} WHERE ${owedAsRead}`,
      )
    : b.add(
        sql`UPDATE card_orders SET refund_status = 'failed', refund_error = ${answer.error}, refund_attempts = refund_attempts + 1,
               refund_retry_at = ${new Date(now.getTime() + refundRetryDelayMs(refund.attempts + 1)).toISOString()}, updated_at = ${nowIso}
             WHERE ${owedAsRead}`,
      );
  b.add(
    auditStatement(
      actor,
      answer.ok
        ? { action: "card.refund_online", targetType: "card", targetId: refund.cardId, details: { ...details, refundId: answer.refundId } }
        : { action: "card.refund_online_failed", targetType: "card", targetId: refund.cardId, details: { ...details, error: answer.error, attempts: refund.attempts + 1 } },
      { condition: sql`changes() > 0`, createdAt: nowIso },
    ),
  );
  const changed = await runBatch(context, b.plan((results) => marked.changes(results) > 0));
  return { cardId: refund.cardId, status: changed ? (answer.ok ? "refunded" : "failed") : "unchanged" };
}

/** The cron's part: every card refund still pending, and every failed one due again under the cap, within `budgetMs`. */
export async function retryDueCardRefunds(context: AppLoadContext, now: Date, budgetMs: number): Promise<Record<string, number>> {
  if (!stripeSettings(context) || budgetMs <= 0) return {};
  const outcomes = await sendCardRefunds(context, { budgetMs }, now);
  return {
    cardsRefunded: outcomes.filter((o) => o.status === "refunded").length,
    cardRefundsFailed: outcomes.filter((o) => o.status === "failed").length,
  };
}

/**
 * Stripe's word that a card's refund it accepted failed afterwards (event
 * `refund.failed`, no booking's): the order's refund becomes 'failed' again
 * (one attempt more, due at once) for the cron to send anew, with an audit
 * row. Only while the order still says 'refunded' with this refund's id, so
 * a replay, or the event of a refund already replaced, changes nothing.
 */
export async function onCardRefundFailed(context: AppLoadContext, refundId: string, failureReason: string | null, now: Date): Promise<boolean> {
  const nowIso = now.toISOString();
  const error = `Stripe: återbetalningen ${refundId} misslyckades hos banken${failureReason ? ` (${failureReason})` : ""}.`;
  const b = new BatchBuilder();
  const marked = b.add(
    sql`UPDATE card_orders SET refund_status = 'failed', refund_error = ${error}, refund_attempts = refund_attempts + 1, refund_retry_at = ${nowIso},
           updated_at = ${nowIso}
         WHERE refund_id = ${refundId} AND refund_status = 'refunded'`,
  );
  b.add(
    auditStatement(
      SYSTEM_ACTOR,
      {
        action: "card.refund_online_failed",
        targetType: "card",
        targetId: sql`(SELECT CAST(card_id AS TEXT) FROM card_orders WHERE refund_id = ${refundId})`,
        details: { refundId, error },
      },
      { condition: sql`changes() > 0`, createdAt: nowIso },
    ),
  );
  return runBatch(context, b.plan((results) => marked.changes(results) > 0));
}
