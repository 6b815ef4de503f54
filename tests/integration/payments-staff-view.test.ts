// What staff see of money, through the Worker: each booking's payment on the
// session's admin page, in the attendee CSV and the print view; the session's
// sums; a failed refund with Stripe's error and a retry (admin only); the
// audit log's refund rows. With PAYMENTS=off none of it shows, even for a
// payment stored while payments were on, and the CSV's header is as before.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { parse } from "csv-parse/sync";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ATTENDEE_COLUMNS } from "~/domain/attendees";
import app from "../../workers/app";
import { bookMany, toastOf } from "./admin-fixtures";
import { createSession } from "./booking-fixtures";
import { signInAs } from "./helpers";
import { fakeStripe, type StripeFake } from "./stripe-fake";

const stripeEnv = { ...env, PAYMENTS: "stripe", STRIPE_SECRET_KEY: "sk_test_hundpassStaffView", STRIPE_WEBHOOK_SECRET: "whsec_hundpassStaffView" };

async function call(path: string, cookie: string, { workerEnv = stripeEnv as typeof env, form }: { workerEnv?: typeof env; form?: Record<string, string> } = {}) {
  const ctx = createExecutionContext();
  const request = new Request(`http://localhost${path}`, {
    method: form ? "POST" : "GET",
    redirect: "manual",
    ...(form ? { body: new URLSearchParams(form) } : {}),
    headers: { Cookie: cookie, ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}) },
  });
  const res = await app.fetch(request as Request<unknown, IncomingRequestCfProperties>, workerEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

async function payment(bookingId: string, status: string, method: "card" | "swish" | null, extra: { refundError?: string } = {}) {
  const now = new Date().toISOString();
  await env.DB.prepare(
    `INSERT INTO payments (id, booking_id, session_id, amount_ore, status, checkout_session_id, payment_intent_id, method, paid_at, refund_error, refund_attempts, created_at, updated_at)
     SELECT ?1, ?2, session_id, price_sek * 100, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10 FROM bookings WHERE id = ?2`,
  )
    .bind(`pay-${bookingId}`, bookingId, status, `cs_test_${bookingId.replaceAll("-", "")}`, `pi_${bookingId.replaceAll("-", "")}`, method,
      status === "open" ? null : now, extra.refundError ?? null, extra.refundError ? 1 : 0, now)
    .run();
}

const cancel = (bookingId: string) => env.DB.prepare("UPDATE bookings SET booking_status = 'cancelled' WHERE id = ?").bind(bookingId).run();
const pend = (bookingId: string) => env.DB.prepare("UPDATE bookings SET booking_status = 'pending' WHERE id = ?").bind(bookingId).run();

let stripe: StripeFake;
let admin: string;
let sessionId: number;
let ids: { paidCard: string; waiting: string; refunded: string; failed: string };

beforeEach(async () => {
  stripe = fakeStripe();
  admin = await signInAs({ email: `admin-${crypto.randomUUID().slice(0, 8)}@hundpass.se`, admin: true });
  sessionId = await createSession({ title: "VALPKURS", priceSek: 450 });
  const [paidCard, waiting, refunded, failed] = await bookMany(sessionId, 4);
  ids = { paidCard: paidCard!, waiting: waiting!, refunded: refunded!, failed: failed! };
  await payment(ids.paidCard, "paid", "card");
  await pend(ids.waiting);
  await payment(ids.waiting, "open", null);
  await cancel(ids.refunded);
  await payment(ids.refunded, "refunded", "swish");
  await cancel(ids.failed);
  await payment(ids.failed, "refund_failed", "card", { refundError: "Stripe: balance_insufficient: Insufficient funds in Stripe account." });
});
afterEach(() => stripe.restore());

describe("with PAYMENTS=stripe", () => {
  it("the session page shows each booking's payment, the session's sums, and a failed refund with its error and a retry", async () => {
    const html = await (await call(`/admin/pass/${sessionId}`, admin)).text();
    expect(html).toContain("Betalningar");
    expect(html).toMatch(/<dt>Betalt<\/dt><dd data-testid="paid-sum">1\u00A0350 kr<\/dd>/);
    expect(html).toMatch(/<dt>Återbetalt<\/dt><dd data-testid="refunded-sum">450 kr<\/dd>/);
    expect(html).toMatch(/<dt>Att återbetala<\/dt><dd data-testid="owed-sum">450 kr<\/dd>/);
    expect(html).toContain('<dd data-testid="payment-status">Betald (kort), 450 kr</dd>');
    for (const label of ["Väntar på betalning", "Återbetald", "Återbetalning misslyckades"]) expect(html).toContain(label);
    expect(html).toContain("Stripe: balance_insufficient: Insufficient funds in Stripe account.");
    expect(html).toContain(`action="/admin/bokning/${ids.failed}"`);
    expect(html).toContain("Försök återbetala igen");
  });

  it("the admin menu lists each refund that failed, linked to its session, until it is refunded", async () => {
    const menu = await (await call("/admin", admin)).text();
    expect(menu).toContain('data-testid="failed-refunds"');
    expect(menu).toMatch(/återbetalning(ar)? har misslyckats/);
    expect(menu).toContain(`href="/admin/pass/${sessionId}"`);
    expect(menu).toContain("Stripe: balance_insufficient: Insufficient funds in Stripe account.");
    await call(`/admin/bokning/${ids.failed}`, admin, { form: { intent: "retry-refund" } });
    expect(await (await call("/admin", admin)).text()).not.toContain(`href="/admin/pass/${sessionId}"`);
  });

  it("an admin retries a failed refund from the booking: refunded once, audited, shown; a second retry finds nothing to do", async () => {
    const res = await call(`/admin/bokning/${ids.failed}`, admin, { form: { intent: "retry-refund", returnTo: `/admin/pass/${sessionId}` } });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/admin/pass/${sessionId}`);
    expect(await toastOf(res)).toMatchObject({ type: "success", description: "Återbetalningen är skickad" });
    expect(stripe.refundCalls().map((c) => c.idempotencyKey)).toEqual([`refund-${ids.failed}-retry1`]);
    expect(await env.DB.prepare("SELECT status FROM payments WHERE booking_id = ?").bind(ids.failed).first("status")).toBe("refunded");
    const html = await (await call(`/admin/pass/${sessionId}`, admin)).text();
    expect(html).toMatch(/data-testid="refunded-sum">900 kr</);
    expect(html).not.toContain("Försök återbetala igen");

    const again = await call(`/admin/bokning/${ids.failed}`, admin, { form: { intent: "retry-refund", returnTo: `/admin/pass/${sessionId}` } });
    expect(await toastOf(again)).toMatchObject({ type: "error" });
    expect(stripe.refundCalls()).toHaveLength(1);

    const log = await (await call("/admin/logg", admin)).text();
    expect(log).toContain("Återbetalade en betalning");
    expect(log).toContain(`href="/admin/pass/${sessionId}"`);
  });

  it("a retry that fails again says so and keeps the error", async () => {
    stripe.failRefunds(1, { status: 400, body: { error: { type: "invalid_request_error", code: "charge_disputed", message: "The charge is disputed." } } });
    const res = await call(`/admin/bokning/${ids.failed}`, admin, { form: { intent: "retry-refund", returnTo: `/admin/pass/${sessionId}` } });
    expect(await toastOf(res)).toMatchObject({ type: "error", description: "Återbetalningen misslyckades igen. Felet står vid betalningen." });
    const row = await env.DB.prepare("SELECT status, refund_error, refund_attempts FROM payments WHERE booking_id = ?").bind(ids.failed).first();
    expect(row).toMatchObject({ status: "refund_failed", refund_attempts: 2, refund_error: expect.stringMatching(/^Stripe: charge_disputed: \[req_fake\d+\] The charge is disputed\.$/) });
  });

  it("only an admin may retry a refund", async () => {
    const staff = await signInAs({ email: `personal-${crypto.randomUUID().slice(0, 8)}@example.se` });
    const res = await call(`/admin/bokning/${ids.failed}`, staff, { form: { intent: "retry-refund" } });
    expect([302, 303, 403]).toContain(res.status);
    expect(stripe.calls).toHaveLength(0);
    expect(await env.DB.prepare("SELECT status FROM payments WHERE booking_id = ?").bind(ids.failed).first("status")).toBe("refund_failed");
  });

  it("the list of all sessions shows each booking's payment in the open booking info, a cancelled one's refund too", async () => {
    const html = await (await call(`/admin/old?visa=${sessionId}`, admin)).text();
    expect(html).toContain('<dd data-testid="payment-status">Betald (kort), 450 kr</dd>');
    expect(html).toContain('<dd data-testid="payment-status">Återbetald, 450 kr</dd>');
    expect(html).toContain("Återbetalning misslyckades, 450 kr – Stripe: balance_insufficient");
  });

  it("'Pass blir av' shows each confirmed booking's payment in its booking info", async () => {
    // Sooner than every other session here, so it is on the first page.
    const full = await createSession({ title: "NOSEWORK", priceSek: 300, startsInMs: 24 * 3_600_000 });
    const [first] = await bookMany(full, 3);
    await payment(first!, "paid", "swish");
    const html = await (await call("/admin/bokade-pass", admin)).text();
    expect(html).toContain('<dd data-testid="payment-status">Betald (Swish), 300 kr</dd>');
  });

  it("the attendee CSV has a 'Betalning' column after the price, for confirmed and awaiting bookings", async () => {
    const res = await call(`/admin/pass/${sessionId}/deltagare.csv`, admin);
    const rows = parse(new TextDecoder().decode(new Uint8Array(await res.arrayBuffer())), { bom: true, delimiter: ";" }) as string[][];
    const at = ATTENDEE_COLUMNS.indexOf("Pris (kr)") + 1;
    expect(rows[0]).toEqual([...ATTENDEE_COLUMNS.slice(0, at), "Betalning", ...ATTENDEE_COLUMNS.slice(at)]);
    expect(rows.slice(1).map((r) => [r[r.length - 1], r[at]])).toEqual([
      [ids.paidCard, "Betald (kort), 450 kr"],
      [ids.waiting, "Väntar på betalning, 450 kr"],
    ]);
  });

  it("the print view has a 'Betalning' column", async () => {
    const html = await (await call(`/admin/pass/${sessionId}/utskrift`, admin)).text();
    expect(html).toContain('<th scope="col">Betalning</th>');
    expect(html).toContain('<td data-testid="payment-status">Betald (kort)</td>');
    expect(html).toContain('<td data-testid="payment-status">Väntar på betalning</td>');
  });
});

describe("with PAYMENTS=off", () => {
  it("shows no payment anywhere and the CSV's columns are as before", async () => {
    await env.DB.prepare("UPDATE bookings SET booking_status = 'confirmed' WHERE id = ?").bind(ids.waiting).run();
    const page = await (await call(`/admin/pass/${sessionId}`, admin, { workerEnv: env })).text();
    const print = await (await call(`/admin/pass/${sessionId}/utskrift`, admin, { workerEnv: env })).text();
    const list = await (await call("/admin/bokade-pass", admin, { workerEnv: env })).text();
    const all = await (await call(`/admin/old?visa=${sessionId}`, admin, { workerEnv: env })).text();
    expect(all).toContain("Bokad");
    const menu = await (await call("/admin", admin, { workerEnv: env })).text();
    expect(menu).toContain("Admin");
    for (const html of [page, print, list, all, menu]) expect(html).not.toMatch(/Betalning|Betald|Betalt|Återbetal|Väntar på betalning/);
    const csv = await call(`/admin/pass/${sessionId}/deltagare.csv`, admin, { workerEnv: env });
    const rows = parse(new TextDecoder().decode(new Uint8Array(await csv.arrayBuffer())), { bom: true, delimiter: ";" }) as string[][];
    expect(rows[0]).toEqual([...ATTENDEE_COLUMNS]);
    expect(rows.every((r) => r.length === ATTENDEE_COLUMNS.length)).toBe(true);
    expect(rows.flat().join(" ")).not.toMatch(/Betald|Väntar på betalning/);
    const res = await call(`/admin/bokning/${ids.failed}`, admin, { workerEnv: env, form: { intent: "retry-refund" } });
    expect(await toastOf(res)).toMatchObject({ type: "error" });
    expect(stripe.calls).toHaveLength(0);
  });
});
