// A stand-in for the few Stripe API endpoints Hundpass calls, on a local
// port, so tests, benches and `npm start` need no network and no account.
// The official `stripe` library is pointed at it with its host, port and
// protocol options (STRIPE_API_URL=http://127.0.0.1:<port> in the app).
//
//   POST /v1/checkout/sessions               create a Checkout Session
//   GET  /v1/checkout/sessions/:id           retrieve one
//   POST /v1/checkout/sessions/:id/expire    expire an open one
//   POST /v1/refunds                         refund a paid PaymentIntent
//
// Bodies are form-encoded with brackets, as the library sends them
// (line_items[0][price_data][unit_amount]=…). An Idempotency-Key is honoured
// as Stripe does: the same key with the same body answers the first answer
// again (Idempotent-Replayed: true); with another body, 400. Every request is
// recorded. completeSession() plays the customer paying on Stripe's page,
// checkoutEvent() builds the event Stripe would send and signEvent() signs it
// with the endpoint's secret the way Stripe does (t=…,v1=HMAC-SHA256 of
// "t.payload").
//
// Node only, no dependencies: node:http and node:crypto.
//
//   import { startStripeStub } from "./tests/support/stripe-stub.mjs";
//   const stub = await startStripeStub();          // stub.url, stub.host, stub.port, stub.protocol
//   …
//   await stub.stop();
//
// Run alone: node tests/support/stripe-stub.mjs [--port 12111] [--latency-ms 50]
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

/**
 * Starts the stub. Options: port (0: any free one), host (127.0.0.1),
 * latencyMs (each answer waits this long, for benches), checkoutPageUrl
 * (the page a session's url points at, with /<session id> added; default
 * the stub's own /pay/<id>, which serves nothing: the page the customer
 * pays on locally is the app's, with the payment flow).
 */
export async function startStripeStub({ port = 0, host = "127.0.0.1", latencyMs = 0, checkoutPageUrl } = {}) {
  /** Every request, oldest first: { method, path, headers, body, params, idempotencyKey, at }. */
  const requests = [];
  const sessions = new Map();
  const refunds = new Map();
  /** Idempotency-Key → { fingerprint, status, body }. */
  const remembered = new Map();
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
      payment_method_types: Array.isArray(params.payment_method_types) ? params.payment_method_types : ["card"],
      payment_status: "unpaid",
      status: "open",
      success_url: params.success_url ?? null,
      url: pageUrl(id),
    };
    sessions.set(id, session);
    return { status: 200, body: session };
  }

  function expireSession(id) {
    const session = sessions.get(id);
    if (!session) return stripeError(404, "invalid_request_error", `No such checkout.session: '${id}'`, { code: "resource_missing" });
    if (session.status !== "open") {
      return stripeError(400, "invalid_request_error", "Only Checkout Sessions with a status in [open] can be expired.");
    }
    session.status = "expired";
    session.url = null;
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
      return session
        ? { status: 200, body: session }
        : stripeError(404, "invalid_request_error", `No such checkout.session: '${match[1]}'`, { code: "resource_missing" });
    }
    match = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)\/expire$/.exec(path);
    if (method === "POST" && match) return expireSession(match[1]);
    if (method === "POST" && path === "/v1/refunds") return createRefund(params);
    return stripeError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "http://stub");
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
    /** The customer pays on Stripe's page: the session completes, paid, by `method` (card or swish). */
    completeSession(id, { method = "card", paid = true } = {}) {
      const session = sessions.get(id);
      if (!session) throw new Error(`stripe stub: no checkout session ${id}`);
      if (session.status !== "open") throw new Error(`stripe stub: checkout session ${id} is ${session.status}`);
      session.status = "complete";
      session.payment_status = paid ? "paid" : "unpaid";
      session.payment_intent = stripeId("pi");
      session.payment_method_types = [method];
      session.url = null;
      return session;
    },
    /** Stripe expires an open session (as at its expires_at). */
    expireSession(id) {
      const answer = expireSession(id);
      if (answer.status !== 200) throw new Error(`stripe stub: ${answer.body.error.message}`);
      return answer.body;
    },
    checkoutEvent,
    signEvent,
    /** Forgets every session, refund, idempotency key and recorded request. */
    reset() {
      requests.length = 0;
      sessions.clear();
      refunds.clear();
      remembered.clear();
    },
    stop() {
      return new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      });
    },
  };
}

// Run alone: a stub on a fixed port until stopped (Ctrl-C).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const option = (name, fallback) => {
    const at = process.argv.indexOf(`--${name}`);
    return at > 0 && process.argv[at + 1] ? Number(process.argv[at + 1]) : fallback;
  };
  const stub = await startStripeStub({ port: option("port", 12111), latencyMs: option("latency-ms", 0) });
  console.log(`Stripe stub on ${stub.url} (STRIPE_API_URL=${stub.url})`);
  const stop = () => stub.stop().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
