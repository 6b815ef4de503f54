// The Stripe stub (tests/support/stripe-stub.mjs) driven by the real `stripe`
// library, made by the app's own factory from a config whose STRIPE_API_URL
// points at the stub: what the payment flow's tests, the bench and
// `npm start` will lean on.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { stripeClient, verifyWebhookEvent } from "../../app/server/payments/stripe.server";
import { getConfig } from "../../app/server/platform/env.server";
// @ts-expect-error a plain Node module without types
import { startStripeStub } from "../support/stripe-stub.mjs";
import { LOCAL_ENV } from "./env-fixture";

type Stub = {
  url: string;
  host: string;
  port: number;
  protocol: "http";
  requests: { method: string; path: string; headers: Record<string, string>; body: string; params: Record<string, unknown>; idempotencyKey: string | null }[];
  sessions: Map<string, Record<string, unknown>>;
  refunds: Map<string, Record<string, unknown>>;
  completeSession(id: string, options?: { method?: string; paid?: boolean }): Record<string, unknown> & { payment_intent: string };
  checkoutEvent(type: string, session: Record<string, unknown>): Record<string, unknown> & { id: string };
  signEvent(payload: string, secret: string, timestamp?: number): string;
  reset(): void;
  stop(): Promise<void>;
};

const WEBHOOK_SECRET = "whsec_stubSigningSecret0000";
let stub: Stub;
let config: ReturnType<typeof getConfig>;

beforeAll(async () => {
  stub = (await startStripeStub()) as Stub;
  config = getConfig({
    ...LOCAL_ENV,
    PAYMENTS: "stripe",
    STRIPE_SECRET_KEY: "sk_test_stubTests",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stub.url,
  });
});
afterAll(() => stub.stop());
beforeEach(() => stub.reset());

const checkoutParams = (booking = "bokning-1") => ({
  mode: "payment" as const,
  client_reference_id: booking,
  payment_method_types: ["card", "swish"] as ("card" | "swish")[],
  line_items: [{ quantity: 1, price_data: { currency: "sek", unit_amount: 45000, product_data: { name: "VALPKURS" } } }],
  // Stripe takes 30 minutes to 24 hours from the session's creation: a little over 30 from here.
  expires_at: Math.floor(Date.now() / 1000) + 31 * 60,
  success_url: "http://localhost:8787/session/1?betalning=klar",
  cancel_url: "http://localhost:8787/session/1?betalning=avbruten",
});

describe("the Stripe stub, through the stripe library", () => {
  it("is reached by the app's client by host, port and protocol, and records what it was sent", async () => {
    expect(config.payments).toMatchObject({ api: { host: "127.0.0.1", port: stub.port, protocol: "http" } });
    const stripe = await stripeClient({ config });
    const session = await stripe.checkout.sessions.create(checkoutParams());
    expect(session).toMatchObject({
      object: "checkout.session",
      status: "open",
      payment_status: "unpaid",
      amount_total: 45000,
      currency: "sek",
      client_reference_id: "bokning-1",
      payment_method_types: ["card", "swish"],
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${stub.url}/pay/${session.id}`);

    const [sent] = stub.requests;
    expect(sent).toMatchObject({ method: "POST", path: "/v1/checkout/sessions" });
    expect(sent!.headers.authorization).toBe("Bearer sk_test_stubTests");
    expect(sent!.headers["stripe-version"]).toBe("2026-10-28.endive");
    expect(sent!.body).toContain("line_items[0][price_data][unit_amount]=45000");
    expect(sent!.params).toMatchObject({ line_items: [{ price_data: { unit_amount: "45000", currency: "sek" } }] });

    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");
    expect((await stripe.checkout.sessions.expire(session.id)).status).toBe("expired");
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({ type: "StripeInvalidRequestError", statusCode: 400 });
    await expect(
      stripe.checkout.sessions.create({ ...checkoutParams(), expires_at: Math.floor(Date.now() / 1000) + 10 * 60 }),
    ).rejects.toMatchObject({ statusCode: 400, param: "expires_at" });
    await expect(stripe.checkout.sessions.retrieve("cs_test_none")).rejects.toMatchObject({ statusCode: 404, code: "resource_missing" });
  });

  it("honours idempotency keys: the same key answers the same session; with other parameters it is refused", async () => {
    const stripe = await stripeClient({ config });
    const first = await stripe.checkout.sessions.create(checkoutParams(), { idempotencyKey: "checkout-bokning-1" });
    const again = await stripe.checkout.sessions.create(checkoutParams(), { idempotencyKey: "checkout-bokning-1" });
    expect(again.id).toBe(first.id);
    expect(stub.sessions.size).toBe(1);
    expect(stub.requests.map((r) => r.idempotencyKey)).toEqual(["checkout-bokning-1", "checkout-bokning-1"]);
    await expect(
      stripe.checkout.sessions.create(checkoutParams("bokning-2"), { idempotencyKey: "checkout-bokning-1" }),
    ).rejects.toMatchObject({ type: "StripeIdempotencyError" });
    expect(stub.sessions.size).toBe(1);
  });

  it("refunds a paid session once per idempotency key, and never more than was paid", async () => {
    const stripe = await stripeClient({ config });
    const session = await stripe.checkout.sessions.create(checkoutParams());
    const paid = stub.completeSession(session.id, { method: "swish" });
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: "complete",
      payment_status: "paid",
      payment_method_types: ["swish"],
    });
    const refund = await stripe.refunds.create({ payment_intent: paid.payment_intent }, { idempotencyKey: "refund-bokning-1" });
    expect(refund).toMatchObject({ object: "refund", amount: 45000, currency: "sek", status: "succeeded" });
    const repeated = await stripe.refunds.create({ payment_intent: paid.payment_intent }, { idempotencyKey: "refund-bokning-1" });
    expect(repeated.id).toBe(refund.id);
    expect(stub.refunds.size).toBe(1);
    await expect(stripe.refunds.create({ payment_intent: paid.payment_intent }, { idempotencyKey: "refund-bokning-1b" })).rejects.toMatchObject({
      code: "charge_already_refunded",
    });
    await expect(stripe.refunds.create({ payment_intent: "pi_none" })).rejects.toMatchObject({ type: "StripeInvalidRequestError" });
  });

  it("refuses a call without a secret key", async () => {
    const res = await fetch(`${stub.url}/v1/checkout/sessions/cs_test_x`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { type: string } }).error.type).toBe("invalid_request_error");
  });

  it("signs events as Stripe does: the app's verifier takes them under the endpoint's secret only", async () => {
    if (config.payments.provider !== "stripe") throw new Error("payments are on in this config");
    const stripe = await stripeClient({ config });
    const session = await stripe.checkout.sessions.create(checkoutParams());
    const event = stub.checkoutEvent("checkout.session.completed", stub.completeSession(session.id));
    const payload = JSON.stringify(event);
    const now = new Date();
    const verified = await verifyWebhookEvent(config.payments, payload, stub.signEvent(payload, WEBHOOK_SECRET), now);
    expect(verified).toEqual({ ok: true, event });
    expect(await verifyWebhookEvent(config.payments, payload, stub.signEvent(payload, "whsec_another"), now)).toEqual({ ok: false, reason: "signature" });
    const stale = stub.signEvent(payload, WEBHOOK_SECRET, Math.floor(now.getTime() / 1000) - 301);
    expect(await verifyWebhookEvent(config.payments, payload, stale, now)).toEqual({ ok: false, reason: "signature" });
    const ahead = stub.signEvent(payload, WEBHOOK_SECRET, Math.floor(now.getTime() / 1000) + 301);
    expect(await verifyWebhookEvent(config.payments, payload, ahead, now)).toEqual({ ok: false, reason: "signature" });
    expect(await verifyWebhookEvent(config.payments, "{ nope", stub.signEvent("{ nope", WEBHOOK_SECRET), now)).toEqual({ ok: false, reason: "malformed" });
  });
});
