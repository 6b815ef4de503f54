// A stand-in for the few Stripe API endpoints Hundpass calls, on a local
// port, so tests, benches and `npm start` need no network and no account.
// The official `stripe` library is pointed at it with its host, port and
// protocol options (STRIPE_API_URL=http://127.0.0.1:<port> in the app).
//
//   POST /v1/checkout/sessions               create a Checkout Session
//   GET  /v1/checkout/sessions/:id           retrieve one
//   POST /v1/checkout/sessions/:id/expire    expire an open one
//   POST /v1/refunds                         refund a paid PaymentIntent
//   GET  /v1/checkout/sessions/:id/line_items  its line items (also ?expand[]=line_items)
//   GET  /v1/payment_intents/:id             a paid session's PaymentIntent (?expand[]=payment_method
//                                            tells the method the customer used)
//
// Toward the app it behaves as Stripe does when given `webhookUrl` and
// `webhookSecret` (the endpoint and its whsec_ secret): each Checkout event
// (checkout.session.completed, .async_payment_succeeded, .async_payment_failed,
// .expired) is POSTed to the app, signed, with an optional delay
// (`webhookDelayMs`: the webhook arriving after the visitor is back) or not
// at all (`dropWebhooks`: it never arrives); an open session expires by
// itself at its expires_at, and an expire call sends the event too.
// Stub-only endpoints under /_stub/ play the customer on Stripe's page (the
// app's local checkout page calls them) and let tests steer it:
//
//   POST /_stub/checkout/:id/pay        method=card: paid at once;
//                                       method=swish: completed unpaid, then
//                                       async_payment_succeeded after
//                                       `swishDelayMs`, or failed with outcome=failed;
//                                       answers { session, redirect_url }: the
//                                       success_url with {CHECKOUT_SESSION_ID} filled
//   POST /_stub/checkout/:id/expire     expire it now, as at its expires_at
//                                       (which a sweep each second also does)
//   POST /_stub/checkout/:id/deliveries webhook settings for this session only
//                                       (delay_ms, drop)
//   GET  /_stub/deliveries              every webhook sent (?session= one session's)
//   GET|POST /_stub/settings            webhook_delay_ms, drop_webhooks, swish_delay_ms
//
// Bodies are form-encoded with brackets, as the library sends them
// (line_items[0][price_data][unit_amount]=…). An Idempotency-Key is honoured
// as Stripe does: the same key with the same body answers the first answer
// again (Idempotent-Replayed: true); with another body, 400. Every API
// request is recorded (the /_stub/ ones are not: they are not the app's).
// pay() plays the customer paying on Stripe's page, with its events;
// completeSession() only completes the session, checkoutEvent() builds the
// event Stripe would send and signEvent() signs it with the endpoint's secret
// the way Stripe does (t=…,v1=HMAC-SHA256 of "t.payload"); deliveries lists
// what was sent and idle() waits for it to be answered.
//
// Node only, no dependencies: node:http and node:crypto.
//
//   import { startStripeStub } from "./tests/support/stripe-stub.mjs";
//   const stub = await startStripeStub();          // stub.url, stub.host, stub.port, stub.protocol
//   …
//   await stub.stop();
//
// Run alone: node tests/support/stripe-stub.mjs [--port 12111] [--latency-ms 50]
//   [--webhook-url http://localhost:8787/api/stripe-handelser --webhook-secret whsec_…]
//   [--checkout-page-url http://localhost:8787/dev/betala] [--webhook-delay-ms 0]
//   [--drop-webhooks] [--swish-delay-ms 3000] [--delivery-concurrency 50] [--exit-with <pid>]
// (the webhook secret may come from STRIPE_WEBHOOK_SECRET in the environment instead)
import { createHmac, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";

/** A Stripe-like id: prefix_ and 24 random letters and digits. */
export function stripeId(prefix) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = randomBytes(24);
  let id = "";
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return `${prefix}_${id}`;
}

/** Reads a bracketed form body (a[b][0]=x) into nested objects and arrays. */
export function parseStripeForm(text) {
  const root = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    let node = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      if (last) {
        node[part] = value;
        return;
      }
      if (node[part] === undefined) node[part] = /^\d+$/.test(parts[i + 1]) ? [] : {};
      node = node[part];
    });
  }
  return root;
}

/** The Stripe-Signature header for `payload` (a string) under `secret` at `timestamp` (seconds). */
export function signEvent(payload, secret, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

/** An event as Stripe sends it to a webhook endpoint: the object's snapshot under data.object. */
export function checkoutEvent(type, session, { id = stripeId("evt"), created = Math.floor(Date.now() / 1000) } = {}) {
  return {
    id,
    object: "event",
    api_version: "2026-10-28.endive",
    created,
    data: { object: session },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

function stripeError(status, type, message, extra = {}) {
  return { status, body: { error: { type, message, ...extra } } };
}

const int = (value, fallback) => (value === undefined ? fallback : Number.parseInt(value, 10));

/** A session's success_url as Stripe redirects to it: {CHECKOUT_SESSION_ID} replaced by the session's id. */
export function filledSuccessUrl(session) {
  return session.success_url ? session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id) : null;
}

/**
 * Starts the stub. Options: port (0: any free one), host (127.0.0.1),
 * latencyMs (each API answer waits this long, for benches), checkoutPageUrl
 * (the page a session's url points at, with /<session id> added; default
 * the stub's own /pay/<id>, which serves nothing: locally the customer pays
 * on the app's /dev/betala/<id>).
 * Toward the app: webhookUrl and webhookSecret (where and with which whsec_
 * secret events are sent; without them none is), webhookDelayMs (each
 * delivery waits this long), dropWebhooks (none arrives), swishDelayMs (how
 * long a Swish payment stays unpaid before its async event), expirySweepMs
 * (how often open sessions past their expires_at are expired),
 * deliveryConcurrency (at most this many deliveries in flight: many events
 * due at once, 1 000 sessions expiring together, queue up as they do at
 * Stripe instead of all waiting on the app at once).
 */
export async function startStripeStub({
  port = 0,
  host = "127.0.0.1",
  latencyMs = 0,
  checkoutPageUrl,
  webhookUrl,
  webhookSecret,
  webhookDelayMs = 0,
  dropWebhooks = false,
  swishDelayMs = 3_000,
  expirySweepMs = 1_000,
  deliveryConcurrency = 50,
} = {}) {
  /** Every request, oldest first: { method, path, headers, body, params, idempotencyKey, at }. */
  const requests = [];
  const sessions = new Map();
  const refunds = new Map();
  /** Idempotency-Key → { fingerprint, status, body }. */
  const remembered = new Map();
  /** Checkout Session id → its line items (Stripe lists them apart, or under expand[]=line_items). */
  const lineItems = new Map();
  /** PaymentIntent id → the PaymentIntent of a session the customer completed. */
  const paymentIntents = new Map();

  /** The PaymentIntent behind a completed session: its method, and succeeded, processing or failed. */
  function recordIntent(session, method, status) {
    const intent = {
      id: session.payment_intent,
      object: "payment_intent",
      amount: session.amount_total,
      amount_received: status === "succeeded" ? session.amount_total : 0,
      created: Math.floor(Date.now() / 1000),
      currency: session.currency,
      livemode: false,
      metadata: session.metadata ?? {},
      payment_method: { id: stripeId("pm"), object: "payment_method", type: method },
      payment_method_types: [method],
      status,
    };
    paymentIntents.set(intent.id, intent);
    return intent;
  }
  let origin = "";

  const pageUrl = (id) => (checkoutPageUrl ? `${checkoutPageUrl.replace(/\/$/, "")}/${id}` : `${origin}/pay/${id}`);

  function createSession(params) {
    const created = Math.floor(Date.now() / 1000);
    const items = Array.isArray(params.line_items) ? params.line_items : [];
    const amount = items.reduce(
      (sum, item) => sum + int(item?.price_data?.unit_amount, 0) * int(item?.quantity, 1),
      0,
    );
    if (items.length === 0 || amount <= 0) {
      return stripeError(400, "invalid_request_error", "line_items with a positive unit_amount are required", { param: "line_items" });
    }
    if (!params.success_url && params.ui_mode !== "embedded") {
      return stripeError(400, "invalid_request_error", "Missing required param: success_url.", { param: "success_url" });
    }
    // Stripe's window for expires_at: 30 minutes to 24 hours after creation.
    const expiresAt = int(params.expires_at, created + 24 * 3600);
    if (expiresAt < created + 30 * 60 || expiresAt > created + 24 * 3600) {
      return stripeError(400, "invalid_request_error", "expires_at must be between 30 minutes and 24 hours after the session is created.", {
        param: "expires_at",
      });
    }
    const id = stripeId("cs_test");
    lineItems.set(
      id,
      items.map((item) => {
        const unitAmount = int(item?.price_data?.unit_amount, 0);
        const quantity = int(item?.quantity, 1);
        const currency = (item?.price_data?.currency ?? "sek").toLowerCase();
        return {
          id: stripeId("li"),
          object: "item",
          amount_discount: 0,
          amount_subtotal: unitAmount * quantity,
          amount_tax: 0,
          amount_total: unitAmount * quantity,
          currency,
          description: item?.price_data?.product_data?.name ?? null,
          price: { id: stripeId("price"), object: "price", currency, unit_amount: unitAmount, product: stripeId("prod") },
          quantity,
        };
      }),
    );
    const session = {
      id,
      object: "checkout.session",
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: params.cancel_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      created,
      currency: (items[0]?.price_data?.currency ?? "sek").toLowerCase(),
      customer_email: params.customer_email ?? null,
      expires_at: expiresAt,
      livemode: false,
      locale: params.locale ?? null,
      metadata: params.metadata ?? {},
      mode: params.mode ?? "payment",
      payment_intent: null,
      // An explicit list (payment_method_types), or the filter on the dashboard's methods (allowed_payment_method_types).
      payment_method_types: Array.isArray(params.payment_method_types)
        ? params.payment_method_types
        : Array.isArray(params.allowed_payment_method_types)
          ? params.allowed_payment_method_types
          : ["card"],
      payment_status: "unpaid",
      status: "open",
      success_url: params.success_url ?? null,
      url: pageUrl(id),
    };
    sessions.set(id, session);
    return { status: 200, body: session };
  }

  function lineItemList(id) {
    return { object: "list", data: lineItems.get(id) ?? [], has_more: false, url: `/v1/checkout/sessions/${id}/line_items` };
  }

  function expireSession(id) {
    const session = sessions.get(id);
    if (!session) return stripeError(404, "invalid_request_error", `No such checkout.session: '${id}'`, { code: "resource_missing" });
    if (session.status !== "open") {
      return stripeError(400, "invalid_request_error", "Only Checkout Sessions with a status in [open] can be expired.");
    }
    session.status = "expired";
    session.url = null;
    // Stripe sends the event for a session expired by a call as for one that ran out.
    sendEvent("checkout.session.expired", session);
    return { status: 200, body: session };
  }

  function createRefund(params) {
    const intent = params.payment_intent;
    const session = [...sessions.values()].find((s) => s.payment_intent === intent && intent);
    if (!session) {
      return stripeError(400, "invalid_request_error", `No such payment_intent: '${intent ?? ""}'`, { code: "resource_missing", param: "payment_intent" });
    }
    const refunded = [...refunds.values()].filter((r) => r.payment_intent === intent).reduce((sum, r) => sum + r.amount, 0);
    const amount = int(params.amount, session.amount_total - refunded);
    if (amount <= 0 || refunded + amount > session.amount_total) {
      return stripeError(400, "invalid_request_error", `Charge for ${intent} has already been refunded.`, { code: "charge_already_refunded" });
    }
    const refund = {
      id: stripeId("re"),
      object: "refund",
      amount,
      created: Math.floor(Date.now() / 1000),
      currency: session.currency,
      metadata: params.metadata ?? {},
      payment_intent: intent,
      reason: params.reason ?? null,
      status: "succeeded",
    };
    refunds.set(refund.id, refund);
    return { status: 200, body: refund };
  }

  function route(method, path, params) {
    if (method === "POST" && path === "/v1/checkout/sessions") return createSession(params);
    let match = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)$/.exec(path);
    if (method === "GET" && match) {
      const session = sessions.get(match[1]);
      if (!session) return stripeError(404, "invalid_request_error", `No such checkout.session: '${match[1]}'`, { code: "resource_missing" });
      const expand = Array.isArray(params.expand) ? params.expand : [];
      return { status: 200, body: expand.includes("line_items") ? { ...session, line_items: lineItemList(session.id) } : session };
    }
    match = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)\/line_items$/.exec(path);
    if (method === "GET" && match) {
      return sessions.has(match[1])
        ? { status: 200, body: lineItemList(match[1]) }
        : stripeError(404, "invalid_request_error", `No such checkout.session: '${match[1]}'`, { code: "resource_missing" });
    }
    match = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)$/.exec(path);
    if (method === "GET" && match) {
      const intent = paymentIntents.get(match[1]);
      if (!intent) return stripeError(404, "invalid_request_error", `No such payment_intent: '${match[1]}'`, { code: "resource_missing" });
      const expand = Array.isArray(params.expand) ? params.expand : [];
      return { status: 200, body: expand.includes("payment_method") ? intent : { ...intent, payment_method: intent.payment_method.id } };
    }
    match = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)\/expire$/.exec(path);
    if (method === "POST" && match) return expireSession(match[1]);
    if (method === "POST" && path === "/v1/refunds") return createRefund(params);
    return stripeError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
  }

  // ---------------------------------------------------------------------
  // Toward the app, as Stripe behaves: signed webhook deliveries, sessions
  // that expire by themselves, and the customer's acts on Stripe's page.

  const settings = { webhookDelayMs, dropWebhooks, swishDelayMs };
  /** Checkout Session id → its own delivery settings ({ delayMs, drop }), over `settings`. */
  const sessionDeliveries = new Map();
  /**
   * Every event the stub meant to send, oldest first: { eventId, type,
   * sessionId, paymentStatus, state, status, attempts, error, queuedAt,
   * deliveredAt }; state is queued, delivered, refused (a 4xx), failed (no
   * answer or 5xx after three tries), dropped, or unsent (no webhookUrl).
   */
  const deliveries = [];
  const timers = new Set();
  /** Each session's deliveries in order, one after the other. */
  const chains = new Map();
  const inFlight = new Set();
  let stopped = false;

  function after(ms, fn) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, Math.max(0, ms));
    timer.unref?.();
    timers.add(timer);
    return timer;
  }
  const pause = (ms) => new Promise((resolve) => after(ms, resolve));

  /**
   * Stripe expires an open session at its expires_at by itself: a sweep
   * every expirySweepMs (a test may move a session's expires_at into the
   * past and see it expire, with its event, within a sweep).
   */
  function expireDue() {
    const now = Math.floor(Date.now() / 1000);
    for (const session of sessions.values()) {
      if (session.status === "open" && session.expires_at <= now) expireSession(session.id);
    }
  }
  const sweeper = setInterval(expireDue, expirySweepMs);
  sweeper.unref?.();

  /** Deliveries waiting for one of the deliveryConcurrency slots. */
  const waiting = [];
  let sending = 0;
  async function inSlot(task) {
    if (sending >= deliveryConcurrency) await new Promise((resolve) => waiting.push(resolve));
    sending++;
    try {
      return await task();
    } finally {
      sending--;
      waiting.shift()?.();
    }
  }

  async function deliver(event, record) {
    return inSlot(() => attemptDeliveries(event, record));
  }

  async function attemptDeliveries(event, record) {
    // Stripe sends the event pretty-printed and signs each attempt afresh.
    const payload = JSON.stringify(event, null, 2);
    for (let attempt = 1; attempt <= 3 && !stopped; attempt++) {
      record.attempts = attempt;
      try {
        const res = await fetch(webhookUrl, {
          method: "POST",
          headers: {
            "Content-Type": "application/json; charset=utf-8",
            "Stripe-Signature": signEvent(payload, webhookSecret),
            "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          },
          body: payload,
          signal: AbortSignal.timeout(15_000),
        });
        await res.arrayBuffer();
        record.status = res.status;
        if (res.status < 500) {
          record.state = res.ok ? "delivered" : "refused";
          record.deliveredAt = new Date().toISOString();
          return;
        }
      } catch (error) {
        record.error = error instanceof Error ? error.message : String(error);
      }
      // Stripe retries for days; here a few quick tries cover an app still starting.
      if (attempt < 3) await pause(500 * attempt);
    }
    if (record.state === "queued") record.state = "failed";
  }

  /** The event Stripe sends for `session` now (its snapshot), delivered as the settings say. */
  function sendEvent(type, session) {
    const event = checkoutEvent(type, structuredClone(session));
    const own = sessionDeliveries.get(session.id) ?? {};
    const drop = own.drop ?? settings.dropWebhooks;
    const delayMs = own.delayMs ?? settings.webhookDelayMs;
    const record = {
      eventId: event.id,
      type,
      sessionId: session.id,
      paymentStatus: session.payment_status,
      state: !webhookUrl || !webhookSecret ? "unsent" : drop ? "dropped" : "queued",
      status: null,
      attempts: 0,
      error: null,
      queuedAt: new Date().toISOString(),
      deliveredAt: null,
    };
    deliveries.push(record);
    if (record.state !== "queued") return event;
    const previous = chains.get(session.id) ?? Promise.resolve();
    const next = previous.then(() => (delayMs > 0 ? pause(delayMs) : undefined)).then(() => deliver(event, record));
    chains.set(session.id, next);
    inFlight.add(next);
    void next.finally(() => inFlight.delete(next));
    return event;
  }

  /**
   * The customer pays on Stripe's page. Card: complete and paid at once.
   * Swish: complete and unpaid (the customer approves in the app), then,
   * after swishDelayMs, paid (async_payment_succeeded) or, with
   * outcome "failed", async_payment_failed. The session names the method
   * used as its only payment method type, so the app can tell which.
   */
  function pay(id, { method = "card", outcome = "succeeded" } = {}) {
    const session = sessions.get(id);
    if (!session) return stripeError(404, "invalid_request_error", `No such checkout.session: '${id}'`, { code: "resource_missing" });
    if (session.status !== "open") {
      return stripeError(400, "invalid_request_error", `This Checkout Session is ${session.status} and can no longer be paid.`, { code: "checkout_session_not_open" });
    }
    if (method !== "card" && method !== "swish") return stripeError(400, "invalid_request_error", "method must be card or swish", { param: "method" });
    if (!session.payment_method_types.includes(method)) {
      return stripeError(400, "invalid_request_error", `This Checkout Session does not offer ${method}.`, { param: "method" });
    }
    if (outcome !== "succeeded" && outcome !== "failed") {
      return stripeError(400, "invalid_request_error", "outcome must be succeeded or failed", { param: "outcome" });
    }
    const swish = method === "swish";
    session.status = "complete";
    session.payment_status = swish ? "unpaid" : "paid";
    session.payment_intent = stripeId("pi");
    session.payment_method_types = [method];
    session.url = null;
    const intent = recordIntent(session, method, swish ? "processing" : "succeeded");
    sendEvent("checkout.session.completed", session);
    if (swish) {
      after(settings.swishDelayMs, () => {
        if (outcome === "failed") {
          intent.status = "requires_payment_method";
          sendEvent("checkout.session.async_payment_failed", session);
        } else {
          intent.status = "succeeded";
          intent.amount_received = intent.amount;
          session.payment_status = "paid";
          sendEvent("checkout.session.async_payment_succeeded", session);
        }
      });
    }
    return { status: 200, body: { session, redirect_url: filledSuccessUrl(session) } };
  }

  const flag = (value) => value === true || value === "true" || value === "1" || value === "on";
  const millis = (value) => {
    const n = Number(value);
    return Number.isFinite(n) && n >= 0 && n <= 3_600_000 ? Math.round(n) : null;
  };
  const publicSettings = () => ({
    webhook_url: webhookUrl ?? null,
    webhook_delay_ms: settings.webhookDelayMs,
    drop_webhooks: settings.dropWebhooks,
    swish_delay_ms: settings.swishDelayMs,
  });

  /** The stub-only endpoints: no API key (they play the customer and the test, not the app). */
  function stubRoute(method, path, params, query) {
    let match = /^\/_stub\/checkout\/([A-Za-z0-9_]+)\/(pay|expire|deliveries)$/.exec(path);
    if (method === "POST" && match) {
      const [, id, act] = match;
      if (act === "pay") return pay(id, { method: params.method, outcome: params.outcome ?? "succeeded" });
      if (act === "expire") return expireSession(id);
      if (!sessions.has(id)) return stripeError(404, "invalid_request_error", `No such checkout.session: '${id}'`, { code: "resource_missing" });
      const own = { ...(sessionDeliveries.get(id) ?? {}) };
      if (params.delay_ms !== undefined) own.delayMs = millis(params.delay_ms) ?? own.delayMs;
      if (params.drop !== undefined) own.drop = flag(params.drop);
      sessionDeliveries.set(id, own);
      return { status: 200, body: { session: id, delay_ms: own.delayMs ?? settings.webhookDelayMs, drop: own.drop ?? settings.dropWebhooks } };
    }
    if (method === "GET" && path === "/_stub/deliveries") {
      const session = query.get("session");
      return { status: 200, body: { data: session ? deliveries.filter((d) => d.sessionId === session) : deliveries } };
    }
    if (path === "/_stub/settings" && (method === "GET" || method === "POST")) {
      if (method === "POST") {
        if (params.webhook_delay_ms !== undefined) settings.webhookDelayMs = millis(params.webhook_delay_ms) ?? settings.webhookDelayMs;
        if (params.drop_webhooks !== undefined) settings.dropWebhooks = flag(params.drop_webhooks);
        if (params.swish_delay_ms !== undefined) settings.swishDelayMs = millis(params.swish_delay_ms) ?? settings.swishDelayMs;
      }
      return { status: 200, body: publicSettings() };
    }
    if (method === "GET" && path === "/_stub/") return { status: 200, body: { ok: true, ...publicSettings() } };
    return stripeError(404, "invalid_request_error", `Unrecognized stub URL (${method}: ${path}).`);
  }

  function readStubParams(req, body) {
    if (!body) return {};
    if ((req.headers["content-type"] ?? "").startsWith("application/json")) {
      try {
        const parsed = JSON.parse(body);
        return parsed && typeof parsed === "object" ? parsed : {};
      } catch {
        return {};
      }
    }
    return parseStripeForm(body);
  }

  // ---------------------------------------------------------------------

  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "http://stub");
      // The customer's and the tests' endpoints: not Stripe's API, not recorded, never slowed.
      if (url.pathname.startsWith("/_stub/")) {
        const answer = stubRoute(req.method ?? "GET", url.pathname, readStubParams(req, body), url.searchParams);
        res.writeHead(answer.status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(answer.body));
        return;
      }
      const params = url.searchParams.size > 0 && !body ? parseStripeForm(url.search.slice(1)) : parseStripeForm(body);
      const idempotencyKey = req.headers["idempotency-key"] ?? null;
      requests.push({
        method: req.method,
        path: url.pathname,
        headers: req.headers,
        body,
        params,
        idempotencyKey,
        at: new Date().toISOString(),
      });

      let answer;
      let replayed = false;
      if (!/^Bearer (sk|rk)_(test|live)_\S+$/.test(req.headers.authorization ?? "")) {
        answer = stripeError(401, "invalid_request_error", "Invalid API Key provided.");
      } else if (idempotencyKey && req.method === "POST") {
        const key = `${url.pathname} ${idempotencyKey}`;
        const before = remembered.get(key);
        if (before && before.fingerprint !== body) {
          answer = stripeError(
            400,
            "idempotency_error",
            "Keys for idempotent requests can only be used with the same parameters they were first used with.",
          );
        } else if (before) {
          answer = before;
          replayed = true;
        } else {
          answer = route(req.method, url.pathname, params);
          // Stripe keeps the answer to a key, success or error, except a 5xx.
          remembered.set(key, { fingerprint: body, status: answer.status, body: structuredClone(answer.body) });
        }
      } else {
        answer = route(req.method ?? "GET", url.pathname, params);
      }

      const send = () => {
        const headers = { "Content-Type": "application/json", "Request-Id": stripeId("req") };
        if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
        if (replayed) headers["Idempotent-Replayed"] = "true";
        res.writeHead(answer.status, headers);
        res.end(JSON.stringify(answer.body));
      };
      if (latencyMs > 0) setTimeout(send, latencyMs);
      else send();
    });
  });

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const boundPort = typeof address === "object" && address ? address.port : port;
  origin = `http://${host}:${boundPort}`;

  return {
    url: origin,
    host,
    port: boundPort,
    protocol: "http",
    requests,
    sessions,
    refunds,
    /** Every event sent (or meant to be), oldest first; see sendEvent. */
    deliveries,
    /** webhookDelayMs, dropWebhooks, swishDelayMs: change them at any time. */
    settings,
    /**
     * The customer completes a session on Stripe's page, nothing else: no
     * event is sent (build one with checkoutEvent). pay() does it all.
     */
    completeSession(id, { method = "card", paid = true } = {}) {
      const session = sessions.get(id);
      if (!session) throw new Error(`stripe stub: no checkout session ${id}`);
      if (session.status !== "open") throw new Error(`stripe stub: checkout session ${id} is ${session.status}`);
      session.status = "complete";
      session.payment_status = paid ? "paid" : "unpaid";
      session.payment_intent = stripeId("pi");
      session.payment_method_types = [method];
      session.url = null;
      recordIntent(session, method, paid ? "succeeded" : "processing");
      return session;
    },
    /** Stripe expires an open session (as at its expires_at), and sends the event. */
    expireSession(id) {
      const answer = expireSession(id);
      if (answer.status !== 200) throw new Error(`stripe stub: ${answer.body.error.message}`);
      return answer.body;
    },
    /** The customer pays on Stripe's page, with its events (see pay above); returns { session, redirect_url }. */
    pay(id, options) {
      const answer = pay(id, options);
      if (answer.status !== 200) throw new Error(`stripe stub: ${answer.body.error.message}`);
      return answer.body;
    },
    /** Resolves when every delivery under way has been answered (or given up). */
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    checkoutEvent,
    signEvent,
    /** Forgets every session, refund, idempotency key, recorded request and delivery, and stops their timers. */
    reset() {
      requests.length = 0;
      sessions.clear();
      refunds.clear();
      remembered.clear();
      lineItems.clear();
      paymentIntents.clear();
      deliveries.length = 0;
      sessionDeliveries.clear();
      chains.clear();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
    stop() {
      stopped = true;
      clearInterval(sweeper);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      });
    },
  };
}

// Run alone: a stub on a fixed port until stopped (Ctrl-C).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const text = (name) => {
    const at = process.argv.indexOf(`--${name}`);
    return at > 0 && process.argv[at + 1] && !process.argv[at + 1].startsWith("--") ? process.argv[at + 1] : undefined;
  };
  const option = (name, fallback) => (text(name) === undefined ? fallback : Number(text(name)));
  const stub = await startStripeStub({
    port: option("port", 12111),
    host: text("host") ?? "127.0.0.1",
    latencyMs: option("latency-ms", 0),
    // The app's local checkout page beside its webhook, unless told another.
    checkoutPageUrl: text("checkout-page-url") ?? (text("webhook-url") ? new URL("/dev/betala", text("webhook-url")).href : undefined),
    webhookUrl: text("webhook-url"),
    webhookSecret: text("webhook-secret") ?? process.env.STRIPE_WEBHOOK_SECRET,
    webhookDelayMs: option("webhook-delay-ms", 0),
    dropWebhooks: process.argv.includes("--drop-webhooks"),
    swishDelayMs: option("swish-delay-ms", 3_000),
    deliveryConcurrency: option("delivery-concurrency", 50),
  });
  const events = text("webhook-url") ? `, events to ${text("webhook-url")}` : "";
  console.log(`Stripe stub on ${stub.url} (STRIPE_API_URL=${stub.url})${events}`);
  const stop = () => stub.stop().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  // --exit-with <pid>: stop when that process (the script that started the stub beside the app) is gone.
  const parent = Number(text("exit-with"));
  if (Number.isSafeInteger(parent) && parent > 0) {
    setInterval(() => {
      try {
        process.kill(parent, 0);
      } catch {
        void stop();
      }
    }, 1_000).unref();
  }
}
