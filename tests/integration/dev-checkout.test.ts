// The local checkout page /dev/betala/<id>, through the worker: it exists
// only with PAYMENTS=stripe on a local stub, a local site and a local
// request; it reads the Checkout Session through the stripe library and
// hands the customer's choice to the stub. The stub is played at the network
// edge (globalThis.fetch), answering as tests/support/stripe-stub.mjs does.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import app from "../../workers/app";
import { textOf } from "./public-helpers";
import { captureLoggedFailures } from "../support/expected-logs";

const STUB = "http://127.0.0.1:12111";
const stubEnv = {
  ...env,
  PAYMENTS: "stripe",
  STRIPE_SECRET_KEY: "sk_test_hundpassDevCheckout",
  STRIPE_WEBHOOK_SECRET: "whsec_hundpassDevCheckout",
  STRIPE_API_URL: STUB,
};
const ID = "cs_test_hundpassLokalKassa01";
const SUCCESS = "http://localhost:8787/session/7/betalning/bokning-1?cs={CHECKOUT_SESSION_ID}";
const CANCEL = "http://localhost:8787/session/7/betalning/bokning-1?avbruten=1";

function checkoutSession(overrides: Record<string, unknown> = {}) {
  return {
    id: ID,
    object: "checkout.session",
    amount_subtotal: 45000,
    amount_total: 45000,
    cancel_url: CANCEL,
    client_reference_id: "bokning-1",
    currency: "sek",
    customer_email: "ada@example.se",
    expires_at: Math.floor(Date.now() / 1000) + 31 * 60,
    payment_method_types: ["card", "swish"],
    payment_status: "unpaid",
    status: "open",
    success_url: SUCCESS,
    url: `http://localhost:8787/dev/betala/${ID}`,
    line_items: {
      object: "list",
      has_more: false,
      data: [{ id: "li_1", object: "item", description: "VALPKURS 3 dec 18:00", quantity: 1, amount_total: 45000, currency: "sek" }],
    },
    ...overrides,
  };
}

type Call = { method: string; url: string; body: string };

/** The stub at the network edge: every call recorded; a Checkout Session read, and the customer's pay. */
function stubStripe(session: Record<string, unknown> | null = checkoutSession()) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.method === "POST" ? await request.text() : "";
    calls.push({ method: request.method, url: request.url, body });
    if (url.origin !== STUB) throw new Error(`unexpected call to ${request.url}`);
    if (!session) return Response.json({ error: { type: "invalid_request_error", code: "resource_missing", message: "No such checkout.session" } }, { status: 404 });
    if (request.method === "GET" && url.pathname === `/v1/checkout/sessions/${ID}`) return Response.json(session);
    if (request.method === "POST" && url.pathname === `/_stub/checkout/${ID}/pay`) {
      return Response.json({ session: { ...session, status: "complete" }, redirect_url: SUCCESS.replace("{CHECKOUT_SESSION_ID}", ID) });
    }
    return Response.json({ error: { type: "invalid_request_error", message: "Unrecognized request URL" } }, { status: 404 });
  });
  return calls;
}

function call(path: string, { workerEnv = stubEnv as typeof env, form, origin = "http://localhost:8787" }: { workerEnv?: typeof env; form?: Record<string, string>; origin?: string } = {}) {
  const request = new Request(`${origin}${path}`, {
    method: form ? "POST" : "GET",
    headers: form ? { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, Host: new URL(origin).host } : {},
    body: form ? new URLSearchParams(form).toString() : undefined,
    redirect: "manual",
  });
  return app.fetch(request as Request<unknown, IncomingRequestCfProperties>, workerEnv, createExecutionContext());
}

afterEach(() => vi.restoreAllMocks());

describe("/dev/betala/<id>, the local checkout page", () => {
  it("shows what Stripe's page would: the business, the line item, the amount in kr, the time left and the session's methods", async () => {
    const calls = stubStripe();
    const res = await call(`/dev/betala/${ID}`);
    expect(res.status).toBe(200);
    const text = textOf(await res.text());
    expect(text).toContain("Lokal testsida.");
    expect(text).toContain("Betala till Hundpass");
    expect(text).toContain("VALPKURS 3 dec 18:00 450 kr");
    expect(text).toContain("Att betala 450 kr");
    expect(text).toMatch(/Betala före kl\. \d\d:\d\d \((31|30) min kvar\)/);
    expect(text).toContain("Betala med kort");
    expect(text).toContain("Betala med Swish");
    expect(text).toContain("Avbryt");
    // Read through the stripe library, with its key, line items expanded.
    expect(calls).toHaveLength(1);
    const read = new URL(calls[0]!.url);
    expect(`${read.origin}${read.pathname}`).toBe(`${STUB}/v1/checkout/sessions/${ID}`);
    expect([...read.searchParams.values()]).toEqual(["line_items"]);
  });

  it("offers only the methods the session offers", async () => {
    stubStripe(checkoutSession({ payment_method_types: ["card"] }));
    const text = textOf(await (await call(`/dev/betala/${ID}`)).text());
    expect(text).toContain("Betala med kort");
    expect(text).not.toContain("Betala med Swish");
    expect(text).not.toContain("Svar från Swish");
  });

  it("pays through the stub's customer endpoint and goes on (303) to the success_url with the session's id", async () => {
    const calls = stubStripe();
    const res = await call(`/dev/betala/${ID}`, { form: { intent: "swish", swish_svar: "avvisad" } });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`http://localhost:8787/session/7/betalning/bokning-1?cs=${ID}`);
    const pay = calls.find((c) => c.url.endsWith("/pay"))!;
    expect(pay.url).toBe(`${STUB}/_stub/checkout/${ID}/pay`);
    expect(new URLSearchParams(pay.body).get("method")).toBe("swish");
    expect(new URLSearchParams(pay.body).get("outcome")).toBe("failed");

    const card = stubStripe();
    expect((await call(`/dev/betala/${ID}`, { form: { intent: "card" } })).status).toBe(303);
    expect(new URLSearchParams(card.find((c) => c.url.endsWith("/pay"))!.body).toString()).toBe("method=card&outcome=succeeded");
  });

  it("cancels back (303) to the cancel_url, telling the stub nothing", async () => {
    const calls = stubStripe();
    const res = await call(`/dev/betala/${ID}`, { form: { intent: "cancel" } });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(CANCEL);
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("refuses a method the session does not offer, and a session no longer open, without paying", async () => {
    const calls = stubStripe(checkoutSession({ payment_method_types: ["card"] }));
    const res = await call(`/dev/betala/${ID}`, { form: { intent: "swish" } });
    expect(res.status).toBe(409);
    expect(textOf(await res.text())).toContain("Välj ett av betalsätten som visas.");
    stubStripe(checkoutSession({ status: "expired" }));
    const expired = await call(`/dev/betala/${ID}`);
    expect(textOf(await expired.text())).toContain("Tiden för den här betalningen har gått ut.");
    expect((await call(`/dev/betala/${ID}`, { form: { intent: "card" } })).status).toBe(409);
    expect(calls.filter((c) => c.url.endsWith("/pay"))).toEqual([]);
  });

  it("answers 404 for a session the stub does not know, or an id that is not a Checkout Session's", async () => {
    stubStripe(null);
    expect((await call(`/dev/betala/${ID}`)).status).toBe(404);
    expect((await call("/dev/betala/not-a-session")).status).toBe(404);
  });

  it("does not exist with payments off, on Stripe's own API, or for a request to a host that is not local", async () => {
    const logged = captureLoggedFailures();
    const calls = stubStripe();
    expect((await call(`/dev/betala/${ID}`, { workerEnv: env })).status).toBe(404);
    const { STRIPE_API_URL: _stub, ...realStripe } = stubEnv;
    expect((await call(`/dev/betala/${ID}`, { workerEnv: realStripe as typeof env })).status).toBe(404);
    expect((await call(`/dev/betala/${ID}`, { workerEnv: realStripe as typeof env, form: { intent: "card" } })).status).toBe(404);
    // A public host: the local stub's configuration is refused outright; no page either way.
    const publicHost = await call(`/dev/betala/${ID}`, { origin: "https://hundpass.se" });
    expect(publicHost.status).not.toBe(200);
    expect(await publicHost.text()).not.toContain("Betala med kort");
    expect(calls).toEqual([]);
    expect(logged()).toContainEqual(expect.stringMatching(/^Invalid configuration:\n- the local defaults/));
  });
});
