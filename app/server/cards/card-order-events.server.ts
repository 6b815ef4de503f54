/**
 * What a verified Checkout event does to a card order (found by its Checkout
 * Session id, never created): only this webhook issues a card bought online.
 *
 * - Paid (checkout.session.completed paid, or async_payment_succeeded after
 *   a Swish payment): one batch stores the event, writes the card from what
 *   the order holds (its code fresh, its last day counted from now), its
 *   ledger's 'issue' row, the order 'paid' with the card's id, the mails and
 *   the audit row. The card is written only for the call that stored the
 *   event and only while the order has no card, so two events (completed and
 *   async succeeded, or a replay) issue one card. The mail with the code goes
 *   to the buyer, or, for a gift, to the recipient at the chosen moment (its
 *   outbox row waits until then; the cron's drain sends it) with a receipt
 *   to the buyer now. A paid card's mail is not held to the address's mail
 *   budget: the payment is the limit, and a paid card is never left unsent.
 * - Completed, unpaid (Swish on its way): the PaymentIntent is noted.
 * - Expired or failed: an open order becomes 'expired'; nothing was issued.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq, sql, type SQL } from "drizzle-orm";
import { cardExpiry, readNameList } from "~/domain/cards/card-terms";
import { CARD_LEDGER_NOTES } from "~/domain/cards/card-texts";
import { cardIssuedMail, cardReceiptMail } from "~/domain/mail/card";
import { formatSendMoment } from "~/domain/time";
import { auditStatement, SYSTEM_ACTOR } from "../audit/audit-log.server";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { cardOrders, stripeEvents, type CardOrderRow } from "../db/schema.server";
import { outboxInsertStatements, toOutboxRow } from "../email/outbox.server";
import { scheduleDrain } from "../email/send-email.server";
import { isPaid, methodPaid, type CheckoutEvent, type CheckoutEventOutcome } from "../payments/checkout-events.server";
import { newCardCode } from "./card-codes.server";

async function findOrder(context: AppLoadContext, event: CheckoutEvent): Promise<{ order: CardOrderRow | undefined; seen: boolean }> {
  // Alone, not in a batch: drizzle maps a row's columns to their names only outside one.
  const [[order], [known]] = await Promise.all([
    context.db.select().from(cardOrders).where(eq(cardOrders.checkoutSessionId, event.session.id)).limit(1),
    context.db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id)).limit(1),
  ]);
  return { order, seen: known !== undefined };
}

/** The hand-off of a verified Checkout event whose session no booking's payment has. */
export async function onCardOrderEvent(context: AppLoadContext, event: CheckoutEvent, now = new Date()): Promise<CheckoutEventOutcome> {
  const { order, seen } = await findOrder(context, event);
  if (!order) return seen ? "repeat" : "unknown-session";
  if (seen) return "repeat";
  if (isPaid(event)) return issueOnlineCard(context, order, event, now);

  const nowIso = now.toISOString();
  const b = new BatchBuilder();
  const stored = b.add(sql`INSERT INTO stripe_events (id, type, received_at) VALUES (${event.id}, ${event.type}, ${nowIso}) ON CONFLICT (id) DO NOTHING`);
  const thisEvent = sql`EXISTS (SELECT 1 FROM stripe_events WHERE id = ${event.id} AND received_at = ${nowIso})`;
  if (event.type === "checkout.session.expired" || event.type === "checkout.session.async_payment_failed") {
    b.add(sql`UPDATE card_orders SET status = 'expired', updated_at = ${nowIso} WHERE id = ${order.id} AND status = 'open' AND ${thisEvent}`);
  } else {
    b.add(
      sql`UPDATE card_orders SET payment_intent_id = coalesce(${event.session.paymentIntentId}, payment_intent_id), updated_at = ${nowIso}
           WHERE id = ${order.id} AND ${thisEvent}`,
    );
  }
  return runBatch(context, b.plan((results) => (stored.changes(results) === 1 ? "applied" : "repeat")));
}

async function issueOnlineCard(context: AppLoadContext, order: CardOrderRow, event: CheckoutEvent, now: Date): Promise<CheckoutEventOutcome> {
  const { config } = context;
  const nowIso = now.toISOString();
  const [code, method] = await Promise.all([newCardCode(), methodPaid(context, event.session)]);
  const { lastDay, expiresAt } = cardExpiry(now, order.validityMonths);
  const sessionTypes = readNameList(order.sessionTypesJson);
  const site = { siteUrl: config.SITE_URL, adminEmail: config.ADMIN_EMAIL };
  const card = { kind: order.kind, productName: order.productName, code: code.display, uses: order.uses, sessionTypes, amountSek: order.balanceSek, lastDay, expiresAt };
  const toOutbox = (message: Parameters<typeof toOutboxRow>[0], at = nowIso) => ({ ...toOutboxRow(message, { from: config.EMAIL_FROM }, nowIso), nextAttemptAt: at });
  const mails = order.recipientEmail
    ? [
        toOutbox(
          cardIssuedMail(site, order.recipientEmail, card, code.hash, { fromName: order.buyerName, recipientName: order.recipientName, message: order.message }),
          order.sendAt ?? nowIso,
        ),
        toOutbox(
          cardReceiptMail(site, order.buyerEmail, {
            orderId: order.id,
            kind: order.kind,
            productName: order.productName,
            paidSek: order.paidSek,
            recipient: order.recipientName ? `${order.recipientName} (${order.recipientEmail})` : order.recipientEmail,
            when: order.sendAt ? formatSendMoment(order.sendAt) : null,
            codeLast4: code.last4,
          }),
        ),
      ]
    : [toOutbox(cardIssuedMail(site, order.buyerEmail, card, code.hash))];

  const b = new BatchBuilder();
  const stored = b.add(sql`INSERT INTO stripe_events (id, type, received_at) VALUES (${event.id}, ${event.type}, ${nowIso}) ON CONFLICT (id) DO NOTHING`);
  const thisEvent: SQL = sql`EXISTS (SELECT 1 FROM stripe_events WHERE id = ${event.id} AND received_at = ${nowIso})`;
  const cardWritten = sql`EXISTS (SELECT 1 FROM cards WHERE code_hash = ${code.hash})`;
  const cardId = sql`(SELECT id FROM cards WHERE code_hash = ${code.hash})`;
  const inserted = b.add<{ id: number }>(
    sql`INSERT INTO cards (product_id, kind, code_hash, code_last4, holder_email, recipient_email, recipient_name, message, send_at,
           sold_via, stripe_checkout_session_id, paid_sek, session_types_json, uses_left, balance_sek, issued_at, expires_at)
         SELECT o.product_id, o.kind, ${code.hash}, ${code.last4}, o.buyer_email, o.recipient_email, o.recipient_name, o.message, o.send_at,
           'online', o.checkout_session_id, o.paid_sek, o.session_types_json, o.uses, o.balance_sek, ${nowIso}, ${expiresAt}
         FROM card_orders o
         WHERE o.id = ${order.id} AND o.card_id IS NULL AND ${thisEvent}
           AND NOT EXISTS (SELECT 1 FROM cards c WHERE c.stripe_checkout_session_id = o.checkout_session_id)
         RETURNING id`,
  );
  b.add(
    sql`UPDATE card_orders SET status = 'paid', card_id = ${cardId}, paid_at = ${nowIso}, method = coalesce(${method}, method),
           payment_intent_id = coalesce(${event.session.paymentIntentId}, payment_intent_id), updated_at = ${nowIso}
         WHERE id = ${order.id} AND card_id IS NULL AND ${cardWritten}`,
  );
  b.add(
    sql`INSERT INTO card_ledger (card_id, kind, uses_delta, amount_delta_sek, note, created_at)
         SELECT id, 'issue', coalesce(uses_left, 0), coalesce(balance_sek, 0), ${CARD_LEDGER_NOTES.soldOnline}, ${nowIso}
         FROM cards WHERE code_hash = ${code.hash}`,
  );
  for (const mail of mails) b.addAll(outboxInsertStatements(mail, { condition: cardWritten }));
  b.add(
    auditStatement(
      SYSTEM_ACTOR,
      {
        action: "card.sell_online",
        targetType: "card",
        targetId: sql`CAST(${cardId} AS TEXT)`,
        details: {
          orderId: order.id,
          productId: order.productId,
          product: order.productName,
          kind: order.kind,
          codeEndsWith: code.last4,
          soldVia: "online",
          paidSek: order.paidSek,
          method,
          usesLeft: order.uses,
          balanceSek: order.balanceSek,
          expiresAt,
          gift: order.recipientEmail !== null,
          sendAt: order.sendAt,
        },
      },
      { condition: cardWritten, createdAt: nowIso },
    ),
  );
  const outcome = await runBatch(
    context,
    b.plan((results) => ({ stored: stored.changes(results) === 1, issued: inserted.first(results) !== undefined })),
  );
  if (outcome.issued) scheduleDrain(context, mails.filter((m) => m.nextAttemptAt <= nowIso).map((m) => m.id));
  return outcome.stored ? "applied" : "repeat";
}
