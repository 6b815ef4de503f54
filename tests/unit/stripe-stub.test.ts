// The Stripe stub (tests/support/stripe-stub.mjs) driven by the real `stripe`
// library, made by the app's own factory from a config whose STRIPE_API_URL
// points at the stub: what the payment flow's tests, the bench and
// `npm start` will lean on.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
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
  sessions: Map<string, Record<string, unknown> & { expires_at: number }>;
  refunds: Map<string, Record<string, unknown>>;
  completeSession(id: string, options?: { method?: string; paid?: boolean }): Record<string, unknown> & { payment_intent: string };
  checkoutEvent(type: string, session: Record<string, unknown>): Record<string, unknown> & { id: string };
  signEvent(payload: string, secret: string, timestamp?: number): string;
  pay(id: string, options: { method: "card" | "swish"; outcome?: "succeeded" | "failed" }): { redirect_url: string };
  expireSession(id: string): Record<string, unknown>;
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
    expect(sent!.headers["stripe-version"]).toBe("2026-11-18.endive");
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
    // One set of parameters for both calls, as the app sends (its expires_at is the hold's fixed end):
    // two calls of checkoutParams() a second boundary apart would differ in expires_at.
    const params = checkoutParams();
    const first = await stripe.checkout.sessions.create(params, { idempotencyKey: "checkout-bokning-1" });
    const again = await stripe.checkout.sessions.create(params, { idempotencyKey: "checkout-bokning-1" });
    expect(again.id).toBe(first.id);
    expect(stub.sessions.size).toBe(1);
    expect(stub.requests.map((r) => r.idempotencyKey)).toEqual(["checkout-bokning-1", "checkout-bokning-1"]);
    await expect(
      stripe.checkout.sessions.create({ ...params, client_reference_id: "bokning-2" }, { idempotencyKey: "checkout-bokning-1" }),
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

type Delivery = { eventId: string; type: string; sessionId: string; paymentStatus: string; state: string; status: number | null };
type AppStub = Stub & {
  deliveries: Delivery[];
  settings: { webhookDelayMs: number; dropWebhooks: boolean; swishDelayMs: number };
  idle(): Promise<void>;
};
type Received = { type: string; at: number; object: Record<string, unknown>; verified: boolean };

describe("the Stripe stub toward the app: signed events, expiry, the customer's page", () => {
  let app: Server;
  let appStub: AppStub;
  const received: Received[] = [];

  beforeAll(async () => {
    if (config.payments.provider !== "stripe") throw new Error("payments are on in this config");
    const settings = config.payments;
    // The app's webhook endpoint, played by a server that verifies each event as the app does.
    app = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        void verifyWebhookEvent(settings, body, String(req.headers["stripe-signature"] ?? ""), new Date()).then((verified) => {
          const event = JSON.parse(body) as { type: string; data: { object: Record<string, unknown> } };
          received.push({ type: event.type, at: Date.now(), object: event.data.object, verified: verified.ok });
          res.writeHead(verified.ok ? 200 : 401).end();
        });
      });
    });
    await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
    const { port } = app.address() as AddressInfo;
    appStub = (await startStripeStub({
      webhookUrl: `http://127.0.0.1:${port}/api/stripe-handelser`,
      webhookSecret: WEBHOOK_SECRET,
      checkoutPageUrl: "http://localhost:8787/dev/betala",
      swishDelayMs: 50,
      expirySweepMs: 50,
    })) as AppStub;
  });
  afterAll(async () => {
    await appStub.stop();
    await new Promise((resolve) => app.close(resolve));
  });
  beforeEach(() => {
    appStub.reset();
    received.length = 0;
    Object.assign(appStub.settings, { webhookDelayMs: 0, dropWebhooks: false, swishDelayMs: 50 });
  });

  const client = () => stripeClient({ config: { ...config, payments: { ...config.payments, api: { host: appStub.host, port: appStub.port, protocol: "http" } } } as typeof config });
  const newSession = async (methods: ("card" | "swish")[] = ["card", "swish"]) => {
    const params = {
      ...checkoutParams(),
      payment_method_types: methods,
      success_url: "http://localhost:8787/session/1/betalning/b1?cs={CHECKOUT_SESSION_ID}",
    };
    return (await client()).checkout.sessions.create(params);
  };
  const stubPost = (path: string, form: Record<string, string> = {}) =>
    fetch(`${appStub.url}/_stub/${path}`, { method: "POST", body: new URLSearchParams(form) });
  const settle = async (count: number) => {
    for (let i = 0; i < 500 && received.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    await appStub.idle();
  };

  it("points a session at the checkout page and lists its line items as Stripe does", async () => {
    const session = await newSession();
    expect(session.url).toBe(`http://localhost:8787/dev/betala/${session.id}`);
    const expanded = await (await client()).checkout.sessions.retrieve(session.id, { expand: ["line_items"] });
    expect(expanded.line_items?.data).toEqual([
      expect.objectContaining({ description: "VALPKURS", quantity: 1, amount_total: 45000, currency: "sek" }),
    ]);
    const listed = await (await client()).checkout.sessions.listLineItems(session.id);
    expect(listed.data.map((item) => item.description)).toEqual(["VALPKURS"]);
    expect(appStub.requests.every((r) => r.path.startsWith("/v1/"))).toBe(true);
  });

  it("pays by card: paid at once, one signed checkout.session.completed, back to the filled success_url", async () => {
    const session = await newSession();
    const res = await stubPost(`checkout/${session.id}/pay`, { method: "card" });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { redirect_url: string; session: { status: string; payment_status: string } };
    expect(answer.redirect_url).toBe(`http://localhost:8787/session/1/betalning/b1?cs=${session.id}`);
    expect(answer.session).toMatchObject({ status: "complete", payment_status: "paid" });
    await settle(1);
    expect(received.map((e) => [e.type, e.object.payment_status, e.verified])).toEqual([["checkout.session.completed", "paid", true]]);
    expect(appStub.deliveries).toEqual([expect.objectContaining({ type: "checkout.session.completed", state: "delivered", status: 200 })]);
    expect((await stubPost(`checkout/${session.id}/pay`, { method: "card" })).status).toBe(400);
    // The PaymentIntent tells which method paid, as the app asks when the session offered several.
    const intentId = String(received[0]!.object.payment_intent);
    const intent = await (await client()).paymentIntents.retrieve(intentId, { expand: ["payment_method"] });
    expect(intent).toMatchObject({ status: "succeeded", amount: 45000, currency: "sek", payment_method: { type: "card" } });
    expect((await (await client()).paymentIntents.retrieve(intentId)).payment_method).toMatch(/^pm_/);
  });

  it("pays by Swish: completed unpaid, then async_payment_succeeded, or async_payment_failed", async () => {
    const ok = await newSession();
    appStub.pay(ok.id, { method: "swish" });
    await settle(2);
    expect(received.map((e) => [e.type, e.object.payment_status])).toEqual([
      ["checkout.session.completed", "unpaid"],
      ["checkout.session.async_payment_succeeded", "paid"],
    ]);
    // Made swishDelayMs after the completion (when each arrives depends on the machine's load).
    const [completedAt, succeededAt] = appStub.deliveries.map((d) => Date.parse((d as Delivery & { queuedAt: string }).queuedAt));
    expect(succeededAt! - completedAt!).toBeGreaterThanOrEqual(45);

    received.length = 0;
    const failing = await newSession();
    expect((await stubPost(`checkout/${failing.id}/pay`, { method: "swish", outcome: "failed" })).status).toBe(200);
    await settle(2);
    expect(received.map((e) => [e.type, e.object.payment_status])).toEqual([
      ["checkout.session.completed", "unpaid"],
      ["checkout.session.async_payment_failed", "unpaid"],
    ]);
  });

  it("offers only the session's methods", async () => {
    const cardOnly = await newSession(["card"]);
    expect((await stubPost(`checkout/${cardOnly.id}/pay`, { method: "swish" })).status).toBe(400);
    expect((await stubPost("checkout/cs_test_none/pay", { method: "card" })).status).toBe(404);
    expect(received).toEqual([]);
  });

  it("expires an open session by itself at its expires_at, and on a call, each with checkout.session.expired", async () => {
    const running = await newSession();
    appStub.sessions.get(running.id)!.expires_at = Math.floor(Date.now() / 1000) - 1;
    const called = await newSession();
    await (await client()).checkout.sessions.expire(called.id);
    const forced = await newSession();
    expect((await stubPost(`checkout/${forced.id}/expire`)).status).toBe(200);
    await settle(3);
    expect(received.map((e) => [e.type, e.object.id, e.object.status]).sort()).toEqual(
      [running.id, called.id, forced.id].map((id) => ["checkout.session.expired", id, "expired"]).sort(),
    );
    expect((await stubPost(`checkout/${forced.id}/pay`, { method: "card" })).status).toBe(400);
  });

  it("delays deliveries, or drops them, for every session or for one", async () => {
    const late = await newSession();
    await stubPost("settings", { webhook_delay_ms: "150" });
    const paidAt = Date.now();
    appStub.pay(late.id, { method: "card" });
    expect(received).toEqual([]);
    await settle(1);
    expect(received[0]!.at - paidAt).toBeGreaterThanOrEqual(140);

    await stubPost("settings", { webhook_delay_ms: "0" });
    received.length = 0;
    const lost = await newSession();
    const kept = await newSession();
    await stubPost(`checkout/${lost.id}/deliveries`, { drop: "true" });
    appStub.pay(lost.id, { method: "card" });
    appStub.pay(kept.id, { method: "card" });
    await settle(1);
    expect(received.map((e) => e.object.id)).toEqual([kept.id]);
    const states = (await (await fetch(`${appStub.url}/_stub/deliveries?session=${lost.id}`)).json()) as { data: Delivery[] };
    expect(states.data.map((d) => d.state)).toEqual(["dropped"]);
  });
});

describe("the Stripe stub's deliveries under load", () => {
  it("keeps at most deliveryConcurrency events in flight, and delivers every one", async () => {
    let inFlight = 0;
    let most = 0;
    let answered = 0;
    const app = createServer((req, res) => {
      inFlight++;
      most = Math.max(most, inFlight);
      req.resume();
      setTimeout(() => {
        inFlight--;
        answered++;
        res.writeHead(200).end();
      }, 20);
    });
    await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
    const { port } = app.address() as AddressInfo;
    const busy = (await startStripeStub({
      webhookUrl: `http://127.0.0.1:${port}/api/stripe-handelser`,
      webhookSecret: WEBHOOK_SECRET,
      deliveryConcurrency: 3,
    })) as AppStub;
    try {
      const stripe = await stripeClient({
        config: { ...config, payments: { ...config.payments, api: { host: busy.host, port: busy.port, protocol: "http" } } } as typeof config,
      });
      const created = await Promise.all(Array.from({ length: 12 }, () => stripe.checkout.sessions.create(checkoutParams())));
      for (const session of created) busy.expireSession(session.id);
      await busy.idle();
      expect(answered).toBe(12);
      expect(most).toBe(3);
      expect(busy.deliveries.every((d) => d.state === "delivered")).toBe(true);
    } finally {
      await busy.stop();
      await new Promise((resolve) => app.close(resolve));
    }
  });
});
