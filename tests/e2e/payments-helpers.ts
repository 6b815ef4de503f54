/**
 * Steps of the payment e2e tests on their own server and Stripe stub
 * (payments-server.ts): Checkout Sessions made on the stub directly, the
 * stub steered through its /_stub/ endpoints as a customer on Stripe's page
 * would, and the admin's sign-in on that server.
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { openSignInLink, requestSignInLink, useOwnIp, withLock } from "./auth-helpers";
import { PAYMENTS_BASE_URL, STRIPE_STUB_URL } from "./payments-server";

export { PAYMENTS_BASE_URL, STRIPE_STUB_URL };

export type StubSession = { id: string; url: string; status: string; payment_status: string; success_url: string; cancel_url: string };

/** A Checkout Session made on the stub directly, as the app would make one. */
export async function createStubSession(
  request: APIRequestContext,
  { name = "VALPKURS", amountOre = 24_900, methods = ["card", "swish"], successUrl, cancelUrl }: {
    name?: string;
    amountOre?: number;
    methods?: string[];
    successUrl: string;
    cancelUrl: string;
  },
): Promise<StubSession> {
  const form: Record<string, string> = {
    mode: "payment",
    "line_items[0][quantity]": "1",
    "line_items[0][price_data][currency]": "sek",
    "line_items[0][price_data][unit_amount]": String(amountOre),
    "line_items[0][price_data][product_data][name]": name,
    expires_at: String(Math.floor(Date.now() / 1000) + 31 * 60),
    success_url: successUrl,
    cancel_url: cancelUrl,
  };
  methods.forEach((method, i) => (form[`payment_method_types[${i}]`] = method));
  const res = await request.post(`${STRIPE_STUB_URL}/v1/checkout/sessions`, {
    form,
    headers: { Authorization: "Bearer sk_test_hundpassE2e" },
  });
  if (!res.ok()) throw new Error(`the stub refused the session: ${res.status()} ${await res.text()}`);
  return (await res.json()) as StubSession;
}

export type StubDelivery = { type: string; sessionId: string; state: string; status: number | null; paymentStatus: string };

/** The events the stub has sent (or meant to) for one Checkout Session. */
export async function stubDeliveries(request: APIRequestContext, sessionId: string): Promise<StubDelivery[]> {
  const res = await request.get(`${STRIPE_STUB_URL}/_stub/deliveries?session=${encodeURIComponent(sessionId)}`);
  return ((await res.json()) as { data: StubDelivery[] }).data;
}

/** Stripe expires the session now, as at its expires_at (the event goes to the app). */
export async function expireStubSession(request: APIRequestContext, sessionId: string) {
  const res = await request.post(`${STRIPE_STUB_URL}/_stub/checkout/${encodeURIComponent(sessionId)}/expire`);
  if (!res.ok()) throw new Error(`the stub did not expire ${sessionId}: ${res.status()} ${await res.text()}`);
}

/** This session's events arrive late (delayMs) or never (drop). */
export async function setStubDeliveries(request: APIRequestContext, sessionId: string, { delayMs, drop }: { delayMs?: number; drop?: boolean }) {
  const form: Record<string, string> = {};
  if (delayMs !== undefined) form.delay_ms = String(delayMs);
  if (drop !== undefined) form.drop = String(drop);
  await request.post(`${STRIPE_STUB_URL}/_stub/checkout/${encodeURIComponent(sessionId)}/deliveries`, { form });
}

/** A Checkout Session as the stub holds it (client_reference_id: the booking's id). */
export async function stubSession(request: APIRequestContext, sessionId: string): Promise<StubSession & { client_reference_id: string }> {
  const res = await request.get(`${STRIPE_STUB_URL}/v1/checkout/sessions/${encodeURIComponent(sessionId)}`, {
    headers: { Authorization: "Bearer sk_test_hundpassE2e" },
  });
  if (!res.ok()) throw new Error(`the stub does not know ${sessionId}: ${res.status()}`);
  return (await res.json()) as StubSession & { client_reference_id: string };
}

/**
 * The admin's cookies on the payment server, once signed in, shared by its
 * tests through a file in that server's state folder (emptied at its start);
 * the sign-in goes under a lock, one worker at a time, as on the other server.
 */
const PAYMENTS_ADMIN_COOKIES = path.resolve(".wrangler/e2e-payments-state/admin-cookies.json");

async function reusePaymentsAdmin(page: Page): Promise<boolean> {
  let saved: Awaited<ReturnType<BrowserContext["cookies"]>>;
  try {
    saved = JSON.parse(readFileSync(PAYMENTS_ADMIN_COOKIES, "utf8")) as typeof saved;
  } catch {
    return false;
  }
  await page.context().addCookies(saved);
  await page.goto("/admin");
  return new URL(page.url()).pathname === "/admin";
}

/** Signs in as the seeded admin on the payment server (a mailed link the first time in a run); ends on /admin. */
export async function signInAsPaymentsAdmin(page: Page, javaScriptEnabled: boolean) {
  if (await reusePaymentsAdmin(page)) return;
  await withLock("payments-admin-sign-in", async () => {
    if (await reusePaymentsAdmin(page)) return;
    await useOwnIp(page);
    const link = await requestSignInLink(page, "admin@hundpass.se");
    await openSignInLink(page, link, javaScriptEnabled);
    await expect(page).toHaveURL(/\/admin$/);
    const temporary = `${PAYMENTS_ADMIN_COOKIES}.${process.pid}`;
    writeFileSync(temporary, JSON.stringify(await page.context().cookies()));
    renameSync(temporary, PAYMENTS_ADMIN_COOKIES);
  });
}
