// Stripe's signed events (POST /api/stripe-handelser), through the worker as
// Stripe calls it. The suite runs with PAYMENTS off; these tests hand the
// worker an env with PAYMENTS=stripe and its secrets. Events are signed here
// with WebCrypto the way Stripe does (Stripe-Signature: t=…,v1=hex HMAC-SHA256
// of "t.payload" under the whole whsec_ secret), independently of the library
// the app verifies with.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import app from "../../workers/app";
import { MAX_STRIPE_EVENT_BYTES, STRIPE_EVENTS_PATH } from "~/server/payments/webhook.server";
import { SELF } from "./public-helpers";
import { nowSeconds, stripeSignature } from "../support/webhook-signatures";

const SECRET = "whsec_hundpassTestSigningSecretForStripeEvents";
const stripeEnv = {
  ...env,
  PAYMENTS: "stripe",
  STRIPE_SECRET_KEY: "sk_test_hundpassWebhookTests",
  STRIPE_WEBHOOK_SECRET: SECRET,
};
const CHECKOUT = "cs_test_hundpassKassa0001";
const BOOKING = "betald-1";

const sign = (payload: string, timestamp: number, secret = SECRET) => stripeSignature(payload, secret, timestamp);

type Session = { id?: string; payment_status?: string; payment_intent?: string | null; payment_method_types?: string[] };

/** An event as Stripe sends it: the Checkout Session's snapshot under data.object. */
function event(type: string, session: Session = {}, id = `evt_${crypto.randomUUID().replaceAll("-", "")}`) {
  return {
    id,
    object: "event",
    api_version: "2026-11-18.endive",
    created: nowSeconds(),
    livemode: false,
    type,
    data: {
      object: {
        id: CHECKOUT,
        object: "checkout.session",
        amount_total: 45000,
        currency: "sek",
        client_reference_id: BOOKING,
        payment_status: "paid",
        payment_intent: "pi_hundpass0001",
        payment_method_types: ["swish"],
        status: "complete",
        ...session,
      },
    },
  };
}

async function post(
  body: unknown,
  {
    timestamp = nowSeconds(),
    secret = SECRET,
    signature,
    workerEnv = stripeEnv,
    headers = {},
  }: { timestamp?: number; secret?: string; signature?: string | null; workerEnv?: typeof stripeEnv; headers?: Record<string, string> } = {},
) {
  const payload = typeof body === "string" ? body : JSON.stringify(body);
  const sig = signature === undefined ? await sign(payload, timestamp, secret) : signature;
  const request = new Request(`http://localhost${STRIPE_EVENTS_PATH}`, {
    method: "POST",
    body: payload,
    headers: { "Content-Type": "application/json; charset=utf-8", ...(sig === null ? {} : { "Stripe-Signature": sig }), ...headers },
  });
  return app.fetch(request as Request<unknown, IncomingRequestCfProperties>, workerEnv, createExecutionContext());
}

type PaymentRow = Record<string, unknown> & { status: string };
const payment = async () => (await env.DB.prepare("SELECT * FROM payments WHERE booking_id = ?").bind(BOOKING).first<PaymentRow>())!;
const storedEvents = async () =>
  (await env.DB.prepare("SELECT id, type FROM stripe_events ORDER BY received_at").all<{ id: string; type: string }>()).results;

beforeEach(async () => {
  await env.DB.batch([env.DB.prepare("DELETE FROM stripe_events"), env.DB.prepare("DELETE FROM payments"), env.DB.prepare("DELETE FROM bookings")]);
  const start = new Date(Date.now() + 7 * 86_400_000);
  const end = new Date(start.getTime() + 3_600_000);
  const session = await env.DB.prepare(
    `INSERT INTO sessions (title, location, start_time, end_time, pass_type, max_participants, price_sek)
     VALUES ('VALPKURS', 'Hundhallen Gävle', ?, ?, 'group', 6, 450) RETURNING id`,
  )
    .bind(start.toISOString(), end.toISOString())
    .first<number>("id");
  const created = new Date(Date.now() - 60_000).toISOString();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO bookings (id, session_id, user_name, user_email, user_phone, dog_name, price_sek, booking_status, idempotency_key,
         session_title, session_location, session_start_time, session_end_time)
       VALUES (?, ?, 'Ada Betalar', 'ada@example.se', '0701234567', 'Bamse', 450, 'pending', 'betald-key', 'VALPKURS', 'Hundhallen Gävle', ?, ?)`,
    ).bind(BOOKING, session, start.toISOString(), end.toISOString()),
    env.DB.prepare(
      `INSERT INTO payments (id, booking_id, session_id, amount_ore, status, checkout_session_id, checkout_url, checkout_expires_at,
         created_at, updated_at)
       VALUES ('pay-1', ?, ?, 45000, 'open', ?, 'https://checkout.stripe.com/c/pay/x', ?, ?, ?)`,
    ).bind(BOOKING, session, CHECKOUT, new Date(Date.now() + 30 * 60_000).toISOString(), created, created),
  ]);
});

describe("Stripe's events", () => {
  it("marks the payment paid once: with its method, PaymentIntent and time; a replayed event id answers 200 and changes nothing", async () => {
    const paid = event("checkout.session.completed", {}, "evt_betalt1");
    const first = await post(paid);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true, message: "Stored" });
    const row = await payment();
    expect(row).toMatchObject({ status: "paid", method: "swish", payment_intent_id: "pi_hundpass0001", amount_ore: 45000 });
    expect(row.paid_at).toEqual(row.updated_at);
    expect(Date.parse(String(row.paid_at))).toBeGreaterThan(Date.now() - 60_000);
    expect(await storedEvents()).toEqual([{ id: "evt_betalt1", type: "checkout.session.completed" }]);

    // Stripe delivers the same event again (freshly signed); later, after staff changed the row, once more.
    const again = await post(paid);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ok: true, message: "Already stored" });
    expect(await payment()).toEqual(row);
    await env.DB.prepare("UPDATE payments SET status = 'refunded' WHERE id = 'pay-1'").run();
    expect((await post(paid)).status).toBe(200);
    expect((await payment()).status).toBe("refunded");
    expect(await storedEvents()).toHaveLength(1);
    // The paid booking is confirmed (through its session's seat object), once.
    expect(await env.DB.prepare("SELECT booking_status FROM bookings WHERE id = ?").bind(BOOKING).first("booking_status")).toBe("confirmed");
  });

  it("follows a payment still on its way: completed unpaid keeps it open, the async success makes it paid", async () => {
    // Two methods were offered: which one paid is asked of Stripe (its PaymentIntent), answered here at the network edge.
    const intents = vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      expect(String(input)).toContain("/v1/payment_intents/pi_hundpass0001");
      return Response.json({ id: "pi_hundpass0001", object: "payment_intent", payment_method: { id: "pm_1", object: "payment_method", type: "swish" } });
    });
    const pending = event("checkout.session.completed", { payment_status: "unpaid", payment_method_types: ["card", "swish"] });
    expect((await post(pending)).status).toBe(200);
    expect(await payment()).toMatchObject({ status: "open", payment_intent_id: "pi_hundpass0001", method: null, paid_at: null });
    expect(intents).not.toHaveBeenCalled();
    expect((await post(event("checkout.session.async_payment_succeeded", { payment_method_types: ["card", "swish"] }))).status).toBe(200);
    expect(await payment()).toMatchObject({ status: "paid", method: "swish" });
    expect(intents).toHaveBeenCalledTimes(1);
    intents.mockRestore();
    expect((await storedEvents()).map((e) => e.type)).toEqual(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);
  });

  it("marks an open payment expired when its Checkout Session expires, and never a paid one", async () => {
    expect((await post(event("checkout.session.expired", { payment_status: "unpaid", payment_intent: null, status: "expired" } as Session))).status).toBe(200);
    expect(await payment()).toMatchObject({ status: "expired", paid_at: null, payment_intent_id: null });
    await env.DB.prepare("UPDATE payments SET status = 'paid' WHERE id = 'pay-1'").run();
    expect((await post(event("checkout.session.expired", { payment_status: "unpaid", payment_intent: null }))).status).toBe(200);
    expect((await payment()).status).toBe("paid");
  });

  it("refuses forged, wrongly keyed, stale, future and unsigned events, and a signature over another body, changing nothing", async () => {
    const body = event("checkout.session.completed");
    const payload = JSON.stringify(body);
    const now = nowSeconds();
    const before = await payment();
    const answers = [
      await post(body, { signature: `t=${now},v1=${"0".repeat(64)}` }),
      await post(body, { secret: "whsec_aDifferentEndpointSecretEntirely" }),
      await post(body, { timestamp: now - 10 * 60 }),
      await post(body, { timestamp: now + 10 * 60 }),
      await post(body, { signature: null }),
      await post(body, { signature: "" }),
      await post(body, { signature: "nonsense" }),
      // A signature made for another body (a different event) does not carry over.
      await post(body, { signature: await sign(JSON.stringify(event("checkout.session.completed", { payment_intent: "pi_annan" })), now) }),
      // Nor does one for the same body with its timestamp changed afterwards.
      await post(body, { signature: (await sign(payload, now - 10 * 60)).replace(`t=${now - 10 * 60}`, `t=${now}`) }),
    ];
    expect(answers.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 401]);
    expect(await answers[0]!.json()).toEqual({ ok: false, message: "Not verified" });
    expect(await storedEvents()).toEqual([]);
    expect(await payment()).toEqual(before);
  });

  it("takes a signature within the five minutes either way", async () => {
    const now = nowSeconds();
    expect((await post(event("checkout.session.completed"), { timestamp: now - 240 })).status).toBe(200);
    expect((await post(event("checkout.session.async_payment_succeeded"), { timestamp: now + 240 })).status).toBe(200);
    expect(await storedEvents()).toHaveLength(2);
  });

  it("acknowledges a Checkout Session it has no payment for as ignored (so Stripe stops sending it), creating none and storing nothing", async () => {
    const res = await post(event("checkout.session.completed", { id: "cs_test_okand" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, message: "Ignored" });
    expect(await storedEvents()).toEqual([]);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM payments").first("n")).toBe(1);
    expect((await payment()).status).toBe("open");
  });

  it("answers 400 for a signed event that does not read as one, storing nothing", async () => {
    const malformed = [
      "{ not json",
      JSON.stringify({ type: "checkout.session.completed" }),
      JSON.stringify({ ...event("checkout.session.completed"), id: "not-an-event-id" }),
      JSON.stringify({ ...event("checkout.session.completed"), data: { object: { id: CHECKOUT } } }),
      JSON.stringify(event("checkout.session.completed", { payment_status: "kanske" })),
      JSON.stringify(event("checkout.session.completed", { id: "'; DROP TABLE payments; --" })),
    ];
    for (const body of malformed) expect((await post(body)).status, body).toBe(400);
    expect(await storedEvents()).toEqual([]);
    expect((await payment()).status).toBe("open");
  });

  it("acknowledges other event types without storing them", async () => {
    const res = await post({ ...event("payment_intent.succeeded"), data: { object: { id: "pi_hundpass0001", object: "payment_intent" } } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, message: "Ignored" });
    expect(await storedEvents()).toEqual([]);
    expect((await payment()).status).toBe("open");
  });

  it("refuses a body larger than an event can be (413) without reading it", async () => {
    const big = JSON.stringify({ ...event("checkout.session.completed"), pad: "x".repeat(MAX_STRIPE_EVENT_BYTES) });
    expect((await post(big)).status).toBe(413);
    expect(await storedEvents()).toEqual([]);
  });

  it("is a JSON endpoint authorized by its signature: a post from another site is not refused as cross-site", async () => {
    const res = await post(event("checkout.session.completed"), { headers: { Origin: "https://stripe.com", "Sec-Fetch-Site": "cross-site" } });
    expect(res.status).toBe(200);
    expect((await payment()).status).toBe("paid");
  });

  it("does not exist with PAYMENTS off (the suite's setting), and takes only POST", async () => {
    const signed = JSON.stringify(event("checkout.session.completed"));
    const off = await SELF.fetch(`http://localhost${STRIPE_EVENTS_PATH}`, {
      method: "POST",
      body: signed,
      headers: { "Content-Type": "application/json", "Stripe-Signature": await sign(signed, nowSeconds()) },
    });
    expect(off.status).toBe(404);
    expect((await post(event("checkout.session.completed"), { workerEnv: { ...stripeEnv, PAYMENTS: "off" } })).status).toBe(404);
    expect(await storedEvents()).toEqual([]);
    expect((await payment()).status).toBe("open");
    const get = await app.fetch(
      new Request(`http://localhost${STRIPE_EVENTS_PATH}`) as Request<unknown, IncomingRequestCfProperties>,
      stripeEnv,
      createExecutionContext(),
    );
    expect(get.status).toBe(405);
  });
});
