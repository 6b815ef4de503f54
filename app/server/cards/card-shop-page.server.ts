/**
 * What /presentkort shows, all from D1 in one batch: the cards sold (visible
 * products), the one chosen in the URL (?kort=<id>), and an order's state
 * when Stripe sent the buyer back (?order=<id>&cs=<Checkout Session id>;
 * the order is shown only with its own Checkout Session id). With payments
 * off the page lists the cards and says they are bought in person.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { ONLINE_MIN_SEK } from "~/domain/cards/card-shop-texts";
import { onlineAmounts } from "~/domain/cards/card-shop";
import { readAmountList, readNameList, type CardKind } from "~/domain/cards/card-terms";
import { cardProductSummary } from "~/domain/cards/card-texts";
import { formatSendMoment } from "~/domain/time";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { stripeSettings } from "../payments/stripe.server";

export interface ShopProduct {
  id: number;
  kind: CardKind;
  name: string;
  summary: string;
  /** A klippkort's price; a presentkort's amounts and free range. */
  priceSek: number | null;
  amounts: number[];
  freeMinSek: number | null;
  freeMaxSek: number | null;
  /** Sold here (payments on, and a charge Stripe takes); else in person only. */
  online: boolean;
}

export type ShopOrder =
  | { state: "paid"; buyerEmail: string; recipient: string | null; when: string | null }
  | { state: "waiting" }
  | { state: "expired"; productId: number }
  | { state: "unknown" };

type ProductRecord = {
  id: number;
  kind: CardKind;
  name: string;
  uses: number | null;
  priceSek: number | null;
  sessionTypesJson: string | null;
  amountsJson: string | null;
  freeMinSek: number | null;
  freeMaxSek: number | null;
  validityMonths: number;
};

type OrderRecord = {
  status: "open" | "paid" | "expired";
  productId: number;
  buyerEmail: string;
  recipientEmail: string | null;
  recipientName: string | null;
  sendAt: string | null;
  checkoutSessionId: string | null;
  checkoutExpiresAt: string;
  /** Noted once the Checkout is completed and its payment (a Swish one) is on its way. */
  paymentIntentId: string | null;
  cardId: number | null;
};

/** How long past its Checkout's end an order still unpaid is shown as waiting (Stripe's expiry event may be late). */
const WAITING_GRACE_MS = 10 * 60_000;

const ORDER_ID = /^[0-9a-f-]{36}$/;

function shopProduct(p: ProductRecord, paymentsOn: boolean): ShopProduct {
  const amounts = readAmountList(p.amountsJson);
  const terms = { ...p, sessionTypes: readNameList(p.sessionTypesJson), amounts };
  // Sold here when some charge it offers is one Stripe takes: a klippkort's price, or any amount of a presentkort.
  const most = p.kind === "klippkort" ? (p.priceSek ?? 0) : Math.max(...amounts, p.freeMaxSek ?? 0);
  return {
    id: p.id,
    kind: p.kind,
    name: p.name,
    summary: cardProductSummary(terms),
    priceSek: p.priceSek,
    ...onlineAmounts({ ...p, amounts }),
    online: paymentsOn && most >= ONLINE_MIN_SEK,
  };
}

function orderState(order: OrderRecord | undefined, cs: string | null, now: Date): ShopOrder {
  if (!order || !cs || order.checkoutSessionId !== cs) return { state: "unknown" };
  if (order.status === "paid" && order.cardId !== null) {
    const recipient = order.recipientEmail ? (order.recipientName ? `${order.recipientName} (${order.recipientEmail})` : order.recipientEmail) : null;
    const later = order.sendAt !== null && Date.parse(order.sendAt) > now.getTime();
    return { state: "paid", buyerEmail: order.buyerEmail, recipient, when: later ? formatSendMoment(order.sendAt!) : null };
  }
  const lapsed = order.paymentIntentId === null && Date.parse(order.checkoutExpiresAt) + WAITING_GRACE_MS < now.getTime();
  return order.status === "expired" || lapsed ? { state: "expired", productId: order.productId } : { state: "waiting" };
}

export async function loadCardShop(context: AppLoadContext, url: URL, now = new Date()) {
  const paymentsOn = stripeSettings(context) !== null;
  const chosenId = Number(url.searchParams.get("kort"));
  const orderId = url.searchParams.get("order");
  const b = new BatchBuilder();
  const products = b.add<ProductRecord>(
    sql`SELECT id, kind, name, uses, price_sek AS priceSek, session_types_json AS sessionTypesJson, amounts_json AS amountsJson,
           free_min_sek AS freeMinSek, free_max_sek AS freeMaxSek, validity_months AS validityMonths
         FROM card_products WHERE hidden = 0 ORDER BY kind DESC, lower(name), id`,
  );
  const order =
    orderId && ORDER_ID.test(orderId)
      ? b.add<OrderRecord>(
          sql`SELECT status, product_id AS productId, buyer_email AS buyerEmail, recipient_email AS recipientEmail, recipient_name AS recipientName,
                 send_at AS sendAt, checkout_session_id AS checkoutSessionId, checkout_expires_at AS checkoutExpiresAt,
                 payment_intent_id AS paymentIntentId, card_id AS cardId
               FROM card_orders WHERE id = ${orderId}`,
        )
      : null;
  return runBatch(
    context,
    b.plan((results) => {
      const list = products.rows(results).map((p) => shopProduct(p, paymentsOn));
      return {
        paymentsOn,
        products: list,
        chosen: list.find((p) => p.id === chosenId && p.online) ?? null,
        cancelled: url.searchParams.get("avbruten") === "1",
        order: orderId ? orderState(order?.first(results), url.searchParams.get("cs"), now) : null,
      };
    }),
  );
}
