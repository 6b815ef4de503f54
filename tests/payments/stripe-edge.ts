// Stripe at the network edge, inside workerd: the app's own `stripe` client
// calls STRIPE_API_URL (http://127.0.0.1:12111, the payments project's
// binding) through globalThis.fetch, which is answered here the way Stripe
// answers the few endpoints the flow uses (create, retrieve and expire a
// Checkout Session, retrieve a PaymentIntent, create a refund), with
// Stripe's idempotency keys. Every other address goes to the real fetch.
// The customer's side of Stripe's page is played with pay() / expire(), and
// Stripe's webhook with deliver(), signed with the endpoint's secret the way
// Stripe signs (t=…,v1=hex HMAC-SHA256 of "t.payload"), through the worker.
import { env, exports } from "cloudflare:workers";
import { vi } from "vitest";
import { stripeSignature } from "../support/webhook-signatures";

export const STRIPE_ORIGIN = "http://127.0.0.1:12111";

type Json = Record<string, unknown>;
export type StripeCall = { method: string; path: string; params: Json; idempotencyKey: string | null };
export type CheckoutSession = Json & {
  id: string;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid";
  payment_intent: string | null;
  url: string | null;
  client_reference_id: string;
  amount_total: number;
  expires_at: number;
  success_url: string;
  cancel_url: string;
  allowed_payment_method_types: string[];
  payment_method_types: string[];
  customer_email: string;
};

/** Reads a bracketed form body (a[b][0]=x) into nested objects and arrays. */
function parseForm(text: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

let counter = 0;
const stripeId = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(counter++).toString(36).padStart(4, "0")}x`;

export function stripeEdge() {
  const calls: StripeCall[] = [];
  const sessions = new Map<string, CheckoutSession>();
  const intents = new Map<string, { id: string; method: string; status: string }>();
  const remembered = new Map<string, { body: string; answer: { status: number; json: unknown } }>();
  /** Paths whose next call answers 500 (Stripe down). */
  const failing = new Set<string>();

  function route(method: string, path: string, params: Json): { status: number; json: unknown } {
    if ([...failing].some((prefix) => path.startsWith(prefix))) return { status: 500, json: { error: { type: "api_error", message: "down" } } };
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const items = params.line_items as Array<{ price_data: { unit_amount: string } }>;
      const id = stripeId("cs_test");
      const session: CheckoutSession = {
        ...params,
        id,
        object: "checkout.session",
        status: "open",
        payment_status: "unpaid",
        payment_intent: null,
        url: `https://checkout.stripe.com/c/pay/${id}`,
        client_reference_id: String(params.client_reference_id),
        amount_total: Number(items[0]!.price_data.unit_amount),
        currency: "sek",
        expires_at: Number(params.expires_at),
        success_url: String(params.success_url),
        cancel_url: String(params.cancel_url),
        allowed_payment_method_types: params.allowed_payment_method_types as string[],
        payment_method_types: params.allowed_payment_method_types as string[],
        customer_email: String(params.customer_email),
      };
      sessions.set(id, session);
      return { status: 200, json: session };
    }
    let match = /^\/v1\/checkout\/sessions\/([\w]+)(\/expire)?$/.exec(path);
    if (match) {
      const session = sessions.get(match[1]!);
      if (!session) return { status: 404, json: { error: { message: "No such checkout.session" } } };
      if (!match[2]) return { status: 200, json: session };
      if (session.status !== "open") return { status: 400, json: { error: { message: "Only Checkout Sessions with a status in [open] can be expired." } } };
      session.status = "expired";
      session.url = null;
      return { status: 200, json: session };
    }
    match = /^\/v1\/payment_intents\/([\w]+)$/.exec(path);
    if (match && method === "GET") {
      const intent = intents.get(match[1]!);
      if (!intent) return { status: 404, json: { error: { message: "No such payment_intent" } } };
      return {
        status: 200,
        json: { id: intent.id, object: "payment_intent", status: intent.status, payment_method: { id: stripeId("pm"), object: "payment_method", type: intent.method } },
      };
    }
    if (method === "POST" && path === "/v1/refunds") {
      return { status: 200, json: { id: stripeId("re"), object: "refund", status: "succeeded", payment_intent: params.payment_intent, amount: Number(params.amount ?? 0) } };
    }
    return { status: 404, json: { error: { message: `Unrecognized request URL (${method}: ${path})` } } };
  }

  const realFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== STRIPE_ORIGIN) return realFetch(input, init);
    const body = request.method === "GET" ? url.search.slice(1) : new TextDecoder().decode(await request.arrayBuffer()); // a form body: .text() would make workerd warn that it is not text
    const params = parseForm(body);
    const idempotencyKey = request.headers.get("idempotency-key");
    calls.push({ method: request.method, path: url.pathname, params, idempotencyKey });
    let answer: { status: number; json: unknown };
    const key = idempotencyKey && request.method === "POST" ? `${url.pathname} ${idempotencyKey}` : null;
    const before = key ? remembered.get(key) : undefined;
    if (before && before.body !== body) answer = { status: 400, json: { error: { type: "idempotency_error", message: "Keys for idempotent requests can only be used with the same parameters." } } };
    else if (before) answer = before.answer;
    else {
      answer = route(request.method, url.pathname, params);
      if (key && answer.status < 500) remembered.set(key, { body, answer: structuredClone(answer) });
    }
    return Response.json(answer.json, { status: answer.status, headers: { "Request-Id": stripeId("req") } });
  });

  return {
    calls,
    sessions,
    /** The Checkout Session made for a booking. */
    sessionOf(bookingId: string): CheckoutSession {
      const session = [...sessions.values()].find((s) => s.client_reference_id === bookingId);
      if (!session) throw new Error(`no Checkout Session for booking ${bookingId}`);
      return session;
    },
    /** The customer pays on Stripe's page: complete, paid (a card) or unpaid (Swish still processing). */
    pay(id: string, { method = "card", paid = true }: { method?: "card" | "swish"; paid?: boolean } = {}) {
      const session = sessions.get(id)!;
      session.status = "complete";
      session.payment_status = paid ? "paid" : "unpaid";
      session.payment_intent = stripeId("pi");
      session.url = null;
      intents.set(session.payment_intent, { id: session.payment_intent, method, status: paid ? "succeeded" : "processing" });
      return session;
    },
    /** The Swish payment went through (or not), after a completed unpaid session. */
    settle(id: string, paid: boolean) {
      const session = sessions.get(id)!;
      session.payment_status = paid ? "paid" : "unpaid";
      intents.get(session.payment_intent!)!.status = paid ? "succeeded" : "requires_payment_method";
      return session;
    },
    /** Stripe ends an open session by itself (its expires_at passed). */
    expire(id: string) {
      const session = sessions.get(id)!;
      session.status = "expired";
      session.url = null;
      return session;
    },
    failing,
    restore: () => spy.mockRestore(),
  };
}

export type StripeEdge = ReturnType<typeof stripeEdge>;

const sign = (payload: string, timestamp: number) => stripeSignature(payload, env.STRIPE_WEBHOOK_SECRET!, timestamp);

/** Stripe delivers an event about a Checkout Session (as it is now) to the webhook; the same id again is a replay. */
export async function deliver(type: string, session: CheckoutSession, id = stripeId("evt")): Promise<Response> {
  const payload = JSON.stringify({
    id,
    object: "event",
    api_version: "2026-11-18.endive",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object: session },
  });
  return exports.default.fetch("http://localhost:8787/api/stripe-handelser", {
    method: "POST",
    body: payload,
    headers: { "Content-Type": "application/json", "Stripe-Signature": await sign(payload, Math.floor(Date.now() / 1000)) },
  });
}
