/**
 * A card bought online (PAYMENTS=stripe): the order is written to D1 first,
 * with what was chosen as it was offered, and then its Checkout Session is
 * made (idempotency key `card-order-<order id>`, so a retried call gets the
 * same session back) and its address stored on the order. Nothing is issued
 * here: the card is written only when Stripe's signed webhook says the
 * order is paid (card-order-events.server.ts).
 *
 * The order's page (/presentkort?order=<id>&cs=<Checkout Session id>) shows
 * where it stands, and only to the browser Stripe sent back with the
 * order's own Checkout Session id.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import { chosenAmount, giftSendAt, onlineAmounts, OTHER_AMOUNT, type CardOrderValues } from "~/domain/cards/card-shop";
import { CARD_SHOP_MESSAGES as M, CARD_SHOP_PATH, ONLINE_MIN_SEK } from "~/domain/cards/card-shop-texts";
import { cardExpiry, saleAmount } from "~/domain/cards/card-terms";
import { CARD_KIND_LABEL, CARD_MESSAGES } from "~/domain/cards/card-texts";
import { cardOrders } from "../db/schema.server";
import { checkoutOf } from "../payments/checkout.server";
import { stripeClient, stripeSettings } from "../payments/stripe.server";
import { loadCardProduct } from "./card-products.server";

/** How long an order's Checkout Session stays open (nothing is held meanwhile). */
export const CARD_CHECKOUT_MS = 60 * 60_000;

export type PlaceOrderOutcome =
  | { status: "checkout"; url: string }
  /** Payments are off: cards are sold in person. */
  | { status: "offline" }
  | { status: "refused"; field: "product_id" | "amount_choice" | "amount_free" | "send_date" | "send_time"; message: string }
  | { status: "checkout-failed" };

/** The order's page, where Stripe sends the buyer back ({CHECKOUT_SESSION_ID} filled in by Stripe). */
export function orderReturnPath(orderId: string): string {
  return `${CARD_SHOP_PATH}?order=${encodeURIComponent(orderId)}`;
}

export async function placeCardOrder(context: AppLoadContext, values: CardOrderValues, now = new Date()): Promise<PlaceOrderOutcome> {
  const settings = stripeSettings(context);
  if (!settings) return { status: "offline" };
  const product = await loadCardProduct(context, values.product_id);
  if (!product || product.hidden) return { status: "refused", field: "product_id", message: M.productGone };
  const amount = product.kind === "presentkort" ? chosenAmount(values) : null;
  const sale = saleAmount(product, amount);
  const field = product.amounts.length > 0 && values.amount_choice !== OTHER_AMOUNT ? "amount_choice" : "amount_free";
  if (!sale.ok) return { status: "refused", field, message: sale.problem === "missing" ? M.amount : CARD_MESSAGES.amountNotOffered(product) };
  if (sale.paidSek < ONLINE_MIN_SEK) {
    // Less than Stripe takes: a presentkort names the amounts it sells here; a card with none is sold in person only.
    const online = onlineAmounts(product);
    const offered = product.kind === "presentkort" && (online.amounts.length > 0 || online.freeMinSek !== null);
    return offered
      ? { status: "refused", field, message: CARD_MESSAGES.amountNotOffered(online) }
      : { status: "refused", field: "product_id", message: M.productGone };
  }
  const send = values.recipient_email ? giftSendAt(values.send_date, values.send_time, now) : ({ ok: true, sendAt: null } as const);
  if (!send.ok) return { status: "refused", field: send.field, message: send.message };
  // A gift reaches its recipient while the card still has most of its time: never after its last day.
  if (send.sendAt && send.sendAt >= cardExpiry(now, product.validityMonths).expiresAt) {
    return { status: "refused", field: "send_date", message: M.sendFar };
  }

  const id = crypto.randomUUID();
  const nowIso = now.toISOString();
  const until = new Date(now.getTime() + CARD_CHECKOUT_MS).toISOString();
  const email = values.email.trim().toLowerCase();
  await context.db.insert(cardOrders).values({
    id,
    productId: product.id,
    kind: product.kind,
    productName: product.name,
    paidSek: sale.paidSek,
    uses: sale.usesLeft,
    balanceSek: sale.balanceSek,
    sessionTypesJson: product.kind === "klippkort" ? JSON.stringify(product.sessionTypes) : null,
    validityMonths: product.validityMonths,
    buyerEmail: email,
    buyerName: values.recipient_email ? (values.buyer_name ?? null) : null,
    recipientEmail: values.recipient_email?.toLowerCase() ?? null,
    recipientName: values.recipient_email ? (values.recipient_name ?? null) : null,
    message: values.recipient_email ? (values.message ?? null) : null,
    sendAt: send.sendAt,
    checkoutExpiresAt: until,
    createdAt: nowIso,
    updatedAt: nowIso,
  });

  const site = context.config.SITE_URL;
  const back = new URL(orderReturnPath(id), site).toString();
  try {
    const stripe = await stripeClient(context);
    const session = await stripe.checkout.sessions.create(
      {
        ...checkoutOf(settings, { itemName: `${CARD_KIND_LABEL[product.kind]} ${product.name}`, amountOre: sale.paidSek * 100, customerEmail: email, until }),
        client_reference_id: `card-order-${id}`,
        metadata: { card_order_id: id },
        success_url: `${back}&cs={CHECKOUT_SESSION_ID}`,
        cancel_url: new URL(`${CARD_SHOP_PATH}?kort=${product.id}&avbruten=1`, site).toString(),
      },
      { idempotencyKey: `card-order-${id}` },
    );
    if (!session.url) return { status: "checkout-failed" };
    await context.db
      .update(cardOrders)
      .set({ checkoutSessionId: session.id, checkoutUrl: session.url, updatedAt: new Date().toISOString() })
      .where(and(eq(cardOrders.id, id), eq(cardOrders.status, "open")));
    return { status: "checkout", url: session.url };
  } catch (error) {
    console.error(`cards: Checkout Session for order ${id} failed`, error);
    return { status: "checkout-failed" };
  }
}
