// Cards bought online, through the worker with PAYMENTS=stripe: /presentkort
// writes the order and sends the buyer to Stripe's Checkout; only Stripe's
// signed webhook issues the card, once, whatever repeats; the code is mailed
// to the buyer, or to a gift's recipient at the chosen moment with a receipt
// to the buyer; bad input is refused in Swedish with nothing written and
// Stripe not called. Stripe is answered at the network edge (stripe-edge.ts).
import { env, exports } from "cloudflare:workers";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { balancesOffTheLedger, insertCardProducts } from "../integration/card-fixtures";
import { post, toastOf } from "../integration/admin-fixtures";
import { signInAs, testContext } from "../integration/helpers";
import { postForm } from "../integration/public-helpers";
import { retryDueCardRefunds } from "~/server/cards/card-refunds.server";
import { stripeSignature } from "../support/webhook-signatures";
import { deliver, stripeEdge, type StripeEdge } from "./stripe-edge";
import { mailsTo } from "./payment-fixtures";

let stripe: StripeEdge;
let products: { klippkort: number; presentkort: number };
beforeAll(async () => {
  products = await insertCardProducts(`webb-${crypto.randomUUID().slice(0, 6)}`);
});
beforeEach(() => {
  stripe = stripeEdge();
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

let ip = 1;
const nextIp = () => `198.51.100.${ip++}`;

/** Posts the order form of `productId` and returns the answer. */
function order(productId: number, fields: Record<string, string>) {
  const email = fields.email ?? `kop-${crypto.randomUUID().slice(0, 8)}@example.se`;
  return postForm(`/presentkort?kort=${productId}`, { product_id: String(productId), email, email_confirm: email, ...fields }, { ip: nextIp() });
}

/** The order behind a Checkout redirect. */
async function orderOf(res: Response) {
  expect(res.status).toBe(303);
  const location = res.headers.get("Location")!;
  const session = [...stripe.sessions.values()].find((s) => s.url === location)!;
  expect(session).toBeDefined();
  const row = await env.DB.prepare("SELECT * FROM card_orders WHERE checkout_session_id = ?").bind(session.id).first<Record<string, unknown>>();
  return { session, row: row! };
}

const cardOfOrder = (orderId: string) =>
  env.DB.prepare("SELECT c.* FROM cards c JOIN card_orders o ON o.card_id = c.id WHERE o.id = ?").bind(orderId).first<Record<string, unknown>>();
const countCards = async (session: string) => (await env.DB.prepare("SELECT count(*) AS n FROM cards WHERE stripe_checkout_session_id = ?").bind(session).first<number>("n")) ?? 0;

describe("buying a card online", () => {
  it("writes the order, sends the buyer to Checkout for the amount chosen, and issues nothing until Stripe's webhook says paid", async () => {
    const res = await order(products.presentkort, { amount_choice: "500", email: "Kopare@Example.se", email_confirm: "kopare@example.se" });
    const { session, row } = await orderOf(res);
    expect(row).toMatchObject({ status: "open", kind: "presentkort", paid_sek: 500, balance_sek: 500, buyer_email: "kopare@example.se", card_id: null });
    const [create] = stripe.calls.filter((c) => c.path === "/v1/checkout/sessions");
    expect(create!.idempotencyKey).toBe(`card-order-${row.id}`);
    expect(create!.params).toMatchObject({
      mode: "payment",
      metadata: { card_order_id: row.id },
      customer_email: "kopare@example.se",
      allowed_payment_method_types: ["card", "swish"],
      line_items: [{ quantity: "1", price_data: { currency: "sek", unit_amount: "50000" } }],
      success_url: `http://localhost:8787/presentkort?order=${row.id}&cs={CHECKOUT_SESSION_ID}`,
      cancel_url: `http://localhost:8787/presentkort?kort=${products.presentkort}&avbruten=1`,
    });
    expect(await countCards(session.id)).toBe(0);
    expect(await mailsTo("kopare@example.se")).toEqual([]);

    // The return page before the webhook: waiting, nothing issued.
    const waiting = await (await exports.default.fetch(`http://localhost:8787/presentkort?order=${row.id}&cs=${session.id}`)).text();
    expect(waiting).toContain("Vi väntar på betalningen");

    const paid = await deliver("checkout.session.completed", stripe.pay(session.id));
    expect(paid.status).toBe(200);
    const card = await cardOfOrder(String(row.id));
    expect(card).toMatchObject({ kind: "presentkort", sold_via: "online", balance_sek: 500, paid_sek: 500, holder_email: "kopare@example.se", stripe_checkout_session_id: session.id });
    const [mail] = await mailsTo("kopare@example.se");
    expect(mail).toMatchObject({ kind: "card-issued", subject: "Ditt presentkort från Hundpass" });
    expect(mail!.text_body).toMatch(/Din kod: [A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/);
    expect(mail!.text_body).toContain(`…${card!.code_last4}`.slice(1));
    const ledger = await env.DB.prepare("SELECT kind, amount_delta_sek AS amount, note FROM card_ledger WHERE card_id = ?").bind(card!.id).all();
    expect(ledger.results).toEqual([{ kind: "issue", amount: 500, note: "Köpt på webben" }]);
    const audit = await env.DB.prepare("SELECT action, details_json FROM audit_log WHERE target_type = 'card' AND target_id = ?").bind(String(card!.id)).first<{ action: string; details_json: string }>();
    expect(audit!.action).toBe("card.sell_online");
    expect(audit!.details_json).not.toContain(mail!.text_body.match(/Din kod: (\S+)/)![1]);

    // The page now says it is paid and where the code went; another Checkout Session id shows nothing.
    const page = await (await exports.default.fetch(`http://localhost:8787/presentkort?order=${row.id}&cs=${session.id}`)).text();
    expect(page).toContain("Tack för ditt köp!");
    expect(page).toContain("Koden är skickad till kopare@example.se.");
    const other = await (await exports.default.fetch(`http://localhost:8787/presentkort?order=${row.id}&cs=cs_test_annan`)).text();
    expect(other).toContain("Köpet hittades inte");
    expect(other).not.toContain("kopare@example.se");
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it("issues one card whatever repeats: the same event again, a second paid event, events at once", async () => {
    const { session, row } = await orderOf(await order(products.klippkort, {}));
    const completed = stripe.pay(session.id);
    const answers = await Promise.all([
      deliver("checkout.session.completed", completed, "evt_kort_en"),
      deliver("checkout.session.completed", completed, "evt_kort_en"),
      deliver("checkout.session.async_payment_succeeded", completed, "evt_kort_tva"),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await countCards(session.id)).toBe(1);
    const card = await cardOfOrder(String(row.id));
    expect(card).toMatchObject({ kind: "klippkort", uses_left: 5, session_types_json: '["VALPKURS"]' });
    expect(await mailsTo(String(row.buyer_email), "card-issued")).toHaveLength(1);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM card_ledger WHERE card_id = ?").bind(card!.id).first("n")).toBe(1);
  });

  it("waits for a Swish payment on its way, and issues the card when it succeeds; an expired Checkout ends the order with nothing issued", async () => {
    const swish = await orderOf(await order(products.presentkort, { amount_choice: "200" }));
    await deliver("checkout.session.completed", stripe.pay(swish.session.id, { method: "swish", paid: false }));
    expect(await countCards(swish.session.id)).toBe(0);
    await deliver("checkout.session.async_payment_succeeded", stripe.settle(swish.session.id, true));
    expect(await countCards(swish.session.id)).toBe(1);
    expect(await env.DB.prepare("SELECT status, method FROM card_orders WHERE id = ?").bind(swish.row.id).first()).toEqual({ status: "paid", method: "swish" });

    const lapsed = await orderOf(await order(products.presentkort, { amount_choice: "200" }));
    await deliver("checkout.session.expired", stripe.expire(lapsed.session.id));
    expect(await env.DB.prepare("SELECT status, card_id FROM card_orders WHERE id = ?").bind(lapsed.row.id).first()).toEqual({ status: "expired", card_id: null });
    const page = await (await exports.default.fetch(`http://localhost:8787/presentkort?order=${lapsed.row.id}&cs=${lapsed.session.id}`)).text();
    expect(page).toContain("Betalningen blev inte av");

    // Stripe's expiry event late or lost: past its Checkout's end (and a grace), the page stops waiting all the same.
    const silent = await orderOf(await order(products.presentkort, { amount_choice: "200" }));
    await env.DB.prepare("UPDATE card_orders SET checkout_expires_at = ? WHERE id = ?").bind(new Date(Date.now() - 11 * 60_000).toISOString(), silent.row.id).run();
    const stale = await (await exports.default.fetch(`http://localhost:8787/presentkort?order=${silent.row.id}&cs=${silent.session.id}`)).text();
    expect(stale).toContain("Betalningen blev inte av");
  });

  it("sends a gift's code to its recipient at the chosen moment with the greeting, and the buyer a receipt without the code", async () => {
    const day = new Date(Date.now() + 10 * 86_400_000).toLocaleDateString("sv-SE", { timeZone: "Europe/Stockholm" });
    const { session, row } = await orderOf(
      await order(products.presentkort, {
        amount_choice: "500",
        email: "ger@example.se",
        email_confirm: "ger@example.se",
        recipient_email: "far@example.se",
        recipient_name: "Pappa",
        buyer_name: "Lisa",
        message: "God jul! Nu blir det kurs för dig och Bamse.",
        send_date: day,
        send_time: "07:00",
      }),
    );
    expect(row).toMatchObject({ recipient_email: "far@example.se", recipient_name: "Pappa", buyer_name: "Lisa" });
    expect(new Date(String(row.send_at)).toLocaleString("sv-SE", { timeZone: "Europe/Stockholm" })).toBe(`${day} 07:00:00`);

    await deliver("checkout.session.completed", stripe.pay(session.id));
    const gift = await env.DB.prepare("SELECT kind, subject, text_body, next_attempt_at, status FROM email_outbox WHERE to_address = 'far@example.se'").first<Record<string, string>>();
    expect(gift).toMatchObject({ kind: "card-gift", subject: "Du har fått ett presentkort från Hundpass", status: "queued", next_attempt_at: row.send_at });
    expect(gift!.text_body).toContain("Hej Pappa!");
    expect(gift!.text_body).toContain("Lisa har gett dig ett presentkort");
    expect(gift!.text_body).toContain("God jul! Nu blir det kurs för dig och Bamse.");
    const code = /Din kod: (\S+)/.exec(String(gift!.text_body))![1]!;
    const [receipt] = await mailsTo("ger@example.se");
    expect(receipt).toMatchObject({ kind: "card-receipt", subject: "Kvitto: presentkort från Hundpass" });
    expect(receipt!.text_body).toContain("Pappa (far@example.se)");
    expect(receipt!.text_body).toContain(code.slice(-4));
    expect(receipt!.text_body).not.toContain(code);
    const card = await cardOfOrder(String(row.id));
    expect(card).toMatchObject({ holder_email: "ger@example.se", recipient_email: "far@example.se", send_at: row.send_at });

    const page = await (await exports.default.fetch(`http://localhost:8787/presentkort?order=${row.id}&cs=${session.id}`)).text();
    expect(page).toContain("Presenten skickas till Pappa (far@example.se) den ");
  });
});

describe("what is sold here", () => {
  it("sells a presentkort whose amounts include one under Stripe's least charge, offering only the amounts Stripe takes", async () => {
    const id = await env.DB.prepare(
      `INSERT INTO card_products (kind, name, amounts_json, validity_months) VALUES ('presentkort', ?, '[1, 300]', 12) RETURNING id`,
    )
      .bind(`Blandat ${crypto.randomUUID().slice(0, 6)}`)
      .first<number>("id");
    const list = await (await exports.default.fetch("http://localhost:8787/presentkort")).text();
    expect(list).toContain(`href="/presentkort?kort=${id}"`);
    const form = await (await exports.default.fetch(`http://localhost:8787/presentkort?kort=${id}`)).text();
    expect(form).toContain('value="300"');
    expect(form).not.toContain('name="amount_choice" value="1"');
    // A form forged for the amount under it is told which amount is sold here, beside the amount; nothing is ordered.
    const before = await env.DB.prepare("SELECT count(*) AS n FROM card_orders").first<number>("n");
    const res = await order(id!, { amount_choice: "1" });
    expect(res.status).toBe(422);
    const page = await res.text();
    expect(page).toContain("Välj beloppet 300 kr");
    expect(page).not.toContain("Kortet säljs inte längre");
    expect(await env.DB.prepare("SELECT count(*) AS n FROM card_orders").first<number>("n")).toBe(before);
  });
});

describe("refusing an order", () => {
  const cases: Array<[string, () => number, Record<string, string>, string]> = [
    ["an amount the presentkort does not offer", () => products.presentkort, { amount_choice: "350" }, "Välj ett av beloppen 200 eller 500 kr"],
    ["no amount", () => products.presentkort, {}, "Välj ett belopp."],
    ["a greeting with no recipient", () => products.presentkort, { amount_choice: "200", message: "Grattis!" }, "Fyll i mottagarens e-postadress, eller lämna presentfälten tomma."],
    ["a send day in the past", () => products.presentkort, { amount_choice: "200", recipient_email: "mottagare@example.se", send_date: "2020-01-01" }, "Välj en dag från i dag och framåt."],
    ["a send day too far ahead", () => products.presentkort, { amount_choice: "200", recipient_email: "mottagare@example.se", send_date: "2099-12-24" }, "Välj en dag inom 92 dagar."],
    ["two different addresses", () => products.klippkort, { email: "en@example.se", email_confirm: "tva@example.se" }, "E-postadresserna matchar inte"],
  ];
  for (const [what, product, fields, message] of cases) {
    it(`refuses ${what} in Swedish, writes no order and does not call Stripe`, async () => {
      const before = await env.DB.prepare("SELECT count(*) AS n FROM card_orders").first<number>("n");
      const res = await order(product(), fields);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(await res.text()).toContain(message);
      expect(await env.DB.prepare("SELECT count(*) AS n FROM card_orders").first<number>("n")).toBe(before);
      expect(stripe.calls.filter((c) => c.path === "/v1/checkout/sessions")).toEqual([]);
    });
  }

  it("refuses a hidden product, and says so when Stripe cannot be reached (the order stays unpaid, nothing issued)", async () => {
    const hidden = await insertCardProducts(`dold-${crypto.randomUUID().slice(0, 6)}`);
    await env.DB.prepare("UPDATE card_products SET hidden = 1 WHERE id = ?").bind(hidden.klippkort).run();
    const res = await order(hidden.klippkort, {});
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("Kortet säljs inte längre. Välj ett annat.");

    stripe.failing.add("/v1/checkout/sessions");
    const down = await order(products.klippkort, { email: "nere@example.se", email_confirm: "nere@example.se" });
    expect(down.status).toBe(502);
    expect(await down.text()).toContain("Betalningen gick inte att starta just nu.");
    expect(await env.DB.prepare("SELECT count(*) AS n FROM cards WHERE holder_email = 'nere@example.se'").first("n")).toBe(0);
  });
});

describe("refunding a card bought online", () => {
  it("ends the card and pays what was paid back through Stripe, once; a refund Stripe refuses is retried by the cron", async () => {
    const admin = await signInAs({ email: `admin-${crypto.randomUUID().slice(0, 6)}@example.se`, admin: true });
    const { session, row } = await orderOf(await order(products.klippkort, {}));
    await deliver("checkout.session.completed", stripe.pay(session.id));
    const card = (await cardOfOrder(String(row.id)))!;

    const res = await post("/admin/kort", { intent: "refund", id: String(card.id) }, admin);
    expect(res.status).toBe(302);
    expect((await toastOf(res))?.description).toBe("Kortet är återbetalt. 1\u00a0000 kr betalas tillbaka till kortet eller Swish som betalade.");
    const refunds = stripe.calls.filter((c) => c.path === "/v1/refunds");
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.idempotencyKey).toBe(`card-refund-${row.id}`);
    expect(refunds[0]!.params).toMatchObject({ payment_intent: session.payment_intent, amount: "100000", metadata: { card_order_id: row.id } });
    expect(await env.DB.prepare("SELECT refund_status, refund_id IS NOT NULL AS has_id FROM card_orders WHERE id = ?").bind(row.id).first()).toEqual({
      refund_status: "refunded",
      has_id: 1,
    });
    expect(await env.DB.prepare("SELECT uses_left, refunded_at IS NOT NULL AS refunded FROM cards WHERE id = ?").bind(card.id).first()).toEqual({ uses_left: 0, refunded: 1 });
    expect(await env.DB.prepare("SELECT kind, uses_delta, note FROM card_ledger WHERE card_id = ? AND kind = 'refund'").bind(card.id).first()).toEqual({
      kind: "refund",
      uses_delta: -5,
      note: "Pengarna betalas tillbaka till kortet eller Swish som betalade",
    });
    // Again: nothing more is refunded.
    await post("/admin/kort", { intent: "refund", id: String(card.id) }, admin);
    expect(stripe.calls.filter((c) => c.path === "/v1/refunds")).toHaveLength(1);

    // Stripe down: the card ends all the same, staff are told, and the cron sends it later.
    const second = await orderOf(await order(products.klippkort, {}));
    await deliver("checkout.session.completed", stripe.pay(second.session.id));
    const other = (await cardOfOrder(String(second.row.id)))!;
    stripe.failing.add("/v1/refunds");
    const failed = await post("/admin/kort", { intent: "refund", id: String(other.id) }, admin);
    expect((await toastOf(failed))?.title).toBe("Kortet är avslutat");
    expect(await env.DB.prepare("SELECT refund_status, refund_attempts FROM card_orders WHERE id = ?").bind(second.row.id).first()).toEqual({
      refund_status: "failed",
      refund_attempts: 1,
    });
    stripe.failing.clear();
    const later = new Date(Date.now() + 10 * 60_000);
    expect(await retryDueCardRefunds(testContext(), later, 10_000)).toEqual({ cardsRefunded: 1, cardRefundsFailed: 0 });
    const retried = stripe.calls.filter((c) => c.path === "/v1/refunds").at(-1)!;
    expect(retried.idempotencyKey).toBe(`card-refund-${second.row.id}-retry1`);
    expect(await env.DB.prepare("SELECT refund_status FROM card_orders WHERE id = ?").bind(second.row.id).first("refund_status")).toBe("refunded");
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it("holds back a gift's mail not sent yet when the card is refunded, so the recipient never gets a dead code", async () => {
    const admin = await signInAs({ email: `admin-${crypto.randomUUID().slice(0, 6)}@example.se`, admin: true });
    const day = new Date(Date.now() + 20 * 86_400_000).toLocaleDateString("sv-SE", { timeZone: "Europe/Stockholm" });
    const { session, row } = await orderOf(await order(products.presentkort, { amount_choice: "200", recipient_email: "senare@example.se", send_date: day }));
    await deliver("checkout.session.completed", stripe.pay(session.id));
    const card = (await cardOfOrder(String(row.id)))!;
    expect(await env.DB.prepare("SELECT status FROM email_outbox WHERE to_address = 'senare@example.se'").first("status")).toBe("queued");
    await post("/admin/kort", { intent: "refund", id: String(card.id) }, admin);
    const mail = await env.DB.prepare("SELECT status, secret, text_body FROM email_outbox WHERE to_address = 'senare@example.se'").first<Record<string, string | null>>();
    expect(mail).toMatchObject({ status: "failed", secret: null });
    expect(mail!.text_body).toContain("[koden gäller inte längre]");
  });

  it("sends a card's refund again when Stripe says it failed after taking it (refund.failed); a replay changes nothing", async () => {
    const admin = await signInAs({ email: `admin-${crypto.randomUUID().slice(0, 6)}@example.se`, admin: true });
    const { session, row } = await orderOf(await order(products.klippkort, {}));
    await deliver("checkout.session.completed", stripe.pay(session.id));
    const card = (await cardOfOrder(String(row.id)))!;
    await post("/admin/kort", { intent: "refund", id: String(card.id) }, admin);
    const refundId = await env.DB.prepare("SELECT refund_id FROM card_orders WHERE id = ?").bind(row.id).first<string>("refund_id");
    expect(refundId).toMatch(/^re_/);

    const payload = JSON.stringify({
      id: `evt_kortretur_${crypto.randomUUID().slice(0, 8)}`,
      object: "event",
      type: "refund.failed",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: refundId, object: "refund", status: "failed", failure_reason: "expired_or_canceled_card" } },
    });
    const send = async () =>
      exports.default.fetch("http://localhost:8787/api/stripe-handelser", {
        method: "POST",
        body: payload,
        headers: { "Content-Type": "application/json", "Stripe-Signature": await stripeSignature(payload, env.STRIPE_WEBHOOK_SECRET!, Math.floor(Date.now() / 1000)) },
      });
    expect((await send()).status).toBe(200);
    expect(await env.DB.prepare("SELECT refund_status, refund_attempts FROM card_orders WHERE id = ?").bind(row.id).first()).toEqual({
      refund_status: "failed",
      refund_attempts: 1,
    });
    expect((await send()).status).toBe(200);
    expect(await env.DB.prepare("SELECT refund_attempts FROM card_orders WHERE id = ?").bind(row.id).first("refund_attempts")).toBe(1);
    const outcome = await retryDueCardRefunds(testContext(), new Date(Date.now() + 1000), 10_000);
    expect(outcome.cardsRefunded).toBeGreaterThanOrEqual(1);
    expect(stripe.calls.filter((c) => c.path === "/v1/refunds").at(-1)!.idempotencyKey).toBe(`card-refund-${row.id}-retry1`);
    expect(await env.DB.prepare("SELECT refund_status FROM card_orders WHERE id = ?").bind(row.id).first("refund_status")).toBe("refunded");
  });
});
