// Stripe at the network edge, for tests inside workerd: global fetch is
// replaced for calls to api.stripe.com (the app's client has no stub address
// here) and answers the two endpoints staff changes use, the way Stripe does:
//
//   POST /v1/refunds                        a full refund of a PaymentIntent
//   POST /v1/checkout/sessions/:id/expire   expire an open Checkout Session
//
// An Idempotency-Key is honoured as Stripe does (the same key answers the
// first answer again, a 5xx excepted); a PaymentIntent is refunded at most
// once (charge_already_refunded). Answers can be made to fail, and to wait,
// so two callers meet at Stripe. Every other fetch goes through untouched.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { vi } from "vitest";
import app from "../../workers/app";
import { stripeSignature } from "../support/webhook-signatures";

export const STRIPE_API = "https://api.stripe.com";

export interface StripeCall {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | null;
}

type Answer = { status: number; body: unknown };

export interface StripeFake {
  calls: StripeCall[];
  /** Calls to POST /v1/refunds, in order. */
  refundCalls(): StripeCall[];
  /** The refunds Stripe made, by PaymentIntent. */
  refunds: Map<string, { id: string; amount: number }>;
  /** The Checkout Sessions expired. */
  expired: string[];
  /** The next `times` refund calls answer this error (a 5xx is not remembered under its key, as at Stripe). */
  failRefunds(times: number, answer?: Answer): void;
  /** Every Stripe answer waits this long (ms). */
  latencyMs: number;
  restore(): void;
}

const stripeError = (status: number, type: string, message: string, code?: string): Answer => ({
  status,
  body: { error: { type, message, ...(code ? { code } : {}) } },
});

export function fakeStripe(): StripeFake {
  const original = globalThis.fetch;
  const remembered = new Map<string, Answer>();
  const fake: StripeFake = {
    calls: [],
    refundCalls: () => fake.calls.filter((c) => c.method === "POST" && c.path === "/v1/refunds"),
    refunds: new Map(),
    expired: [],
    failRefunds(times, answer = stripeError(402, "invalid_request_error", "Insufficient funds in Stripe account.", "balance_insufficient")) {
      failures.push(...Array.from({ length: times }, () => answer));
    },
    latencyMs: 0,
    restore: () => spy.mockRestore(),
  };
  const failures: Answer[] = [];
  let refundCount = 0;

  function refund(params: URLSearchParams): Answer {
    const failure = failures.shift();
    if (failure) return failure;
    const intent = params.get("payment_intent") ?? "";
    if (!/^pi_/.test(intent)) return stripeError(400, "invalid_request_error", `No such payment_intent: '${intent}'`, "resource_missing");
    if (fake.refunds.has(intent)) return stripeError(400, "invalid_request_error", `Charge for ${intent} has already been refunded.`, "charge_already_refunded");
    const made = { id: `re_fake${++refundCount}`, amount: Number(params.get("amount")) };
    fake.refunds.set(intent, made);
    return { status: 200, body: { id: made.id, object: "refund", amount: made.amount, currency: "sek", payment_intent: intent, status: "succeeded" } };
  }

  function route(method: string, path: string, params: URLSearchParams): Answer {
    if (method === "POST" && path === "/v1/refunds") return refund(params);
    const expire = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)\/expire$/.exec(path);
    if (method === "POST" && expire) {
      if (fake.expired.includes(expire[1]!)) return stripeError(400, "invalid_request_error", "Only Checkout Sessions with a status in [open] can be expired.");
      fake.expired.push(expire[1]!);
      return { status: 200, body: { id: expire[1], object: "checkout.session", status: "expired" } };
    }
    return stripeError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
  }

  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== STRIPE_API) return original(input, init);
    const body = new TextDecoder().decode(await request.arrayBuffer());
    const params = new URLSearchParams(body || url.search);
    const idempotencyKey = request.headers.get("idempotency-key");
    fake.calls.push({ method: request.method, path: url.pathname, params, idempotencyKey });
    const key = idempotencyKey ? `${url.pathname} ${idempotencyKey}` : null;
    let answer = key ? remembered.get(key) : undefined;
    const replayed = answer !== undefined;
    if (!answer) {
      answer = route(request.method, url.pathname, params);
      if (key && answer.status < 500) remembered.set(key, answer);
    }
    if (fake.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.latencyMs));
    return Response.json(answer.body, {
      status: answer.status,
      headers: { "Request-Id": `req_fake${fake.calls.length}`, ...(replayed ? { "Idempotent-Replayed": "true" } : {}) },
    });
  });
  return fake;
}

/** An event as Stripe posts it to the app's webhook, signed with `env`'s endpoint secret (t=…,v1=HMAC-SHA256 of "t.body"). */
export async function postStripeEvent(body: string, workerEnv: typeof env & { STRIPE_WEBHOOK_SECRET: string }): Promise<Response> {
  const signature = await stripeSignature(body, workerEnv.STRIPE_WEBHOOK_SECRET);
  const ctx = createExecutionContext();
  const request = new Request("http://localhost/api/stripe-handelser", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
  });
  const res = await app.fetch(request as Request<unknown, IncomingRequestCfProperties>, workerEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}
