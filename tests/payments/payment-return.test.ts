// The page Stripe sends the booker back to, and holds that end without a
// payment: cancelled on Stripe's page, expired (Stripe's event, the seat
// object's alarm, the cron), and a payment that arrives after its hold
// ended (the seat still free, or taken). With PAYMENTS=stripe; Stripe at the
// network edge (stripe-edge.ts).
import { createExecutionContext, createScheduledController, runDurableObjectAlarm, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { seatsStub } from "../../app/server/seats/seats.server";
import cron, { CRONS } from "../../workers/cron";
import { bookingForm, createSession, postBooking } from "../integration/booking-fixtures";
import { testContext } from "../integration/helpers";
import { joinQueue } from "../integration/waitlist-fixtures";
import { bookingOf, mailsTo, paymentOf, seatsOf } from "./payment-fixtures";
import { deliver, stripeEdge, type StripeEdge } from "./stripe-edge";

let stripe: StripeEdge;
beforeEach(() => {
  stripe = stripeEdge();
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "log").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

async function hold(sessionId: number, email: string) {
  const res = await postBooking(sessionId, await bookingForm({ user_email: email, user_email_confirm: email }));
  expect(res.status).toBe(303);
  const checkout = [...stripe.sessions.values()].find((s) => s.url === res.headers.get("Location"))!;
  return { bookingId: checkout.client_reference_id, checkout };
}

const get = (path: string, headers: Record<string, string> = {}) => exports.default.fetch(`http://localhost:8787${path}`, { redirect: "manual", headers });
/** The cancel page's button, as the browser posts it (the link's token in the form). */
const post = (path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  exports.default.fetch(`http://localhost:8787${path}`, { method: "POST", body: new URLSearchParams(form), redirect: "manual", headers });
/** The path and token of a Checkout Session's cancel link, as Stripe leads the browser there. */
function cancelLink(checkout: { cancel_url: string }) {
  const url = new URL(checkout.cancel_url);
  return { path: `${url.pathname}${url.search}`, token: url.searchParams.get("t")! };
}
const returnPath = (sessionId: number, bookingId: string, query: string) => `/session/${sessionId}/betalning/${bookingId}?${query}`;

/** The hold's end, moved into the past beyond the grace (as if 33 minutes had gone by). */
const lapse = (bookingId: string) =>
  env.DB.prepare("UPDATE payments SET checkout_expires_at = ? WHERE booking_id = ?").bind(new Date(Date.now() - 3 * 60_000).toISOString(), bookingId).run();

describe("the return page", () => {
  it("shows 'processing' (refreshing itself, without JavaScript too) until the webhook confirms, then the booking confirmation; a success URL typed by hand never confirms", async () => {
    const id = await createSession({ priceSek: 450 });
    const { bookingId, checkout } = await hold(id, "tillbaka@example.se");
    // Opened by hand, nothing paid: processing, and the booking stays held.
    const early = await get(returnPath(id, bookingId, `cs=${checkout.id}`));
    expect(early.status).toBe(200);
    expect(early.headers.get("Cache-Control")).toBe("no-store");
    const html = await early.text();
    expect(html).toContain("Betalningen behandlas");
    // In the head, inside <noscript>: a reload for a page without JavaScript only (with it, the page revalidates).
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toMatch(/<noscript><meta http-equiv="refresh" content="3"\/?><\/noscript>/);
    expect(html.match(/http-equiv="refresh"/g)).toHaveLength(1);
    expect(await bookingOf(bookingId)).toMatchObject({ booking_status: "pending" });

    // Paid on Stripe's page, the visitor is back before the webhook: still processing.
    const paid = stripe.pay(checkout.id);
    expect(await (await get(returnPath(id, bookingId, `cs=${checkout.id}`))).text()).toContain("Betalningen behandlas");
    expect((await deliver("checkout.session.completed", paid)).status).toBe(200);
    const done = await get(returnPath(id, bookingId, `cs=${checkout.id}`));
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/mina-bokningar");
    expect(done.headers.get("Set-Cookie")).toContain("toast");
  });

  it("says the link does not work, showing nothing of the booking, for a forged or missing Checkout Session id or an unknown booking", async () => {
    const id = await createSession({ priceSek: 450, title: "HEMLIGT PASS" });
    const { bookingId, checkout } = await hold(id, "forfalskad@example.se");
    const other = await hold(id, "annan@example.se");
    for (const path of [
      returnPath(id, bookingId, "cs=cs_test_forfalskad"),
      returnPath(id, bookingId, `cs=${other.checkout.id}`),
      returnPath(id, bookingId, ""),
      returnPath(id, crypto.randomUUID(), `cs=${checkout.id}`),
      returnPath(id + 1, bookingId, `cs=${checkout.id}`),
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html).toContain("Länken fungerar inte");
      expect(html).not.toContain("HEMLIGT PASS");
    }
    expect(await bookingOf(bookingId)).toMatchObject({ booking_status: "pending" });
  });

  it("cancelled on Stripe's page: expires the Checkout Session, releases the seat at once, offers it to the queue and shows the form again", async () => {
    const id = await createSession({ priceSek: 300, maxParticipants: 1 });
    const { bookingId, checkout } = await hold(id, "avbryter@example.se");
    expect((await joinQueue(id, "vantar@example.se")).result.status).toBe("joined");

    // Stripe's cancel link only asks, and changes nothing.
    const link = cancelLink(checkout);
    const asked = await get(link.path);
    expect(asked.status).toBe(200);
    const askPage = await asked.text();
    expect(askPage).toContain("Avbryta betalningen?");
    expect(askPage).toMatch(/<form method="post"/);
    expect(askPage).toContain(`name="t" value="${link.token}"`);
    expect(await bookingOf(bookingId)).toMatchObject({ booking_status: "pending" });
    expect(stripe.sessions.get(checkout.id)!.status).toBe("open");

    const res = await post(link.path, { t: link.token });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/session/${id}`);
    expect(stripe.calls.some((c) => c.path === `/v1/checkout/sessions/${checkout.id}/expire`)).toBe(true);
    expect(stripe.sessions.get(checkout.id)!.status).toBe("expired");
    expect(await bookingOf(bookingId)).toMatchObject({ booking_status: "cancelled" });
    expect(await paymentOf(bookingId)).toMatchObject({ status: "expired" });
    expect(await seatsOf(id)).toMatchObject({ current: 0, held: 1 });
    expect(await mailsTo("vantar@example.se", "waitlist-offer")).toHaveLength(1);
    // The note rides the toast cookie to the session page.
    const page = await exports.default.fetch(`http://localhost:8787/session/${id}`, { headers: { Cookie: res.headers.get("Set-Cookie")!.split(";")[0]! } });
    expect(await page.text()).toContain("Betalningen avbröts");

    // Again: nothing more happens; the expired event that Stripe sends afterwards changes nothing either.
    expect((await post(link.path, { t: link.token })).status).toBe(303);
    expect((await get(link.path)).status).toBe(303);
    expect((await deliver("checkout.session.expired", stripe.sessions.get(checkout.id)!)).status).toBe(200);
    expect(await seatsOf(id)).toMatchObject({ current: 0, held: 1 });
  });

  it("does not release a hold cancelled in one tab while it was paid in another: the webhook confirms it", async () => {
    const id = await createSession({ priceSek: 300 });
    const { bookingId, checkout } = await hold(id, "tvaflikar@example.se");
    const paid = stripe.pay(checkout.id);
    const link = cancelLink(checkout);
    const res = await post(link.path, { t: link.token });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Betalningen behandlas");
    expect(await bookingOf(bookingId)).toMatchObject({ booking_status: "pending" });
    await deliver("checkout.session.completed", paid);
    expect(await bookingOf(bookingId)).toMatchObject({ booking_status: "confirmed" });
    expect(await seatsOf(id)).toMatchObject({ current: 1 });
  });
});

describe("a hold that is never paid", () => {
  it("is released by Stripe's expired event, and the seat offered to the queue", async () => {
    const id = await createSession({ priceSek: 300, maxParticipants: 1 });
    const { bookingId, checkout } = await hold(id, "glomde@example.se");
    await joinQueue(id, "nasta-i-kon@example.se");
    expect((await deliver("checkout.session.expired", stripe.expire(checkout.id))).status).toBe(200);
    expect(await bookingOf(bookingId)).toMatchObject({ booking_status: "cancelled" });
    expect(await paymentOf(bookingId)).toMatchObject({ status: "expired" });
    expect(await seatsOf(id)).toMatchObject({ current: 0, held: 1 });
    expect(await mailsTo("nasta-i-kon@example.se", "waitlist-offer")).toHaveLength(1);
    const page = await (await get(returnPath(id, bookingId, `cs=${checkout.id}`))).text();
    expect(page).toContain("Betalningen blev inte av");
  });

  it("is released by the seat object's alarm at the hold's end, after Stripe has expired its Checkout Session", async () => {
    const id = await createSession({ priceSek: 300, maxParticipants: 1 });
    const { bookingId, checkout } = await hold(id, "alarm@example.se");
    const stub = seatsStub(testContext(), id);
    const payment = await paymentOf(bookingId);
    // One alarm, at the hold's end plus two minutes' grace.
    const alarmAt = await runInDurableObject(stub, (_instance, state) => state.storage.getAlarm());
    expect(alarmAt).toBe(Date.parse(String(payment.checkout_expires_at)) + 2 * 60_000);

    await lapse(bookingId);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(stripe.calls.some((c) => c.path === `/v1/checkout/sessions/${checkout.id}/expire`)).toBe(true);
    expect(stripe.sessions.get(checkout.id)!.status).toBe("expired");
    expect(await bookingOf(bookingId)).toMatchObject({ booking_status: "cancelled" });
    expect(await paymentOf(bookingId)).toMatchObject({ status: "expired" });
    expect(await seatsOf(id)).toMatchObject({ current: 0 });
  });

  it("shares the one alarm with the queue's offers: it rings at the earliest of a queue hold's end and a payment hold's", async () => {
    const id = await createSession({ priceSek: 300, maxParticipants: 3 });
    const { seatsFor } = await import("../../app/server/seats/seats.server");
    const { seatInput } = await import("../integration/booking-fixtures");
    const first = await seatsFor(testContext(), id).book(seatInput(`larm-a-${id}`));
    await seatsFor(testContext(), id).book(seatInput(`larm-b-${id}`));
    const { bookingId } = await hold(id, "larm@example.se");
    await joinQueue(id, "larmko@example.se");
    // A seat freed: offered to the queue and held for two hours; the payment hold ends first.
    await seatsFor(testContext(), id).cancelBooking(first.status === "booked" ? first.booking.id : "");
    expect(await seatsOf(id)).toMatchObject({ current: 2, held: 1 });
    const stub = seatsStub(testContext(), id);
    const paymentEnd = Date.parse(String((await paymentOf(bookingId)).checkout_expires_at)) + 2 * 60_000;
    expect(await runInDurableObject(stub, (_instance, state) => state.storage.getAlarm())).toBe(paymentEnd);
    // Once the payment hold is gone, the queue's hold end is the alarm.
    await deliver("checkout.session.expired", stripe.expire(stripe.sessionOf(bookingId).id));
    const queueEnd = await env.DB.prepare("SELECT hold_expires_at AS at FROM waitlist_entries WHERE session_id = ? AND status = 'offered'").bind(id).first<{ at: string }>();
    expect(await runInDurableObject(stub, (_instance, state) => state.storage.getAlarm())).toBe(Date.parse(queueEnd!.at));
  });

  it("is kept by the alarm when Stripe says the Checkout Session is complete (a Swish payment processing), and looked at again later", async () => {
    const id = await createSession({ priceSek: 300 });
    const { bookingId, checkout } = await hold(id, "behandlas@example.se");
    stripe.pay(checkout.id, { method: "swish", paid: false });
    await lapse(bookingId);
    const stub = seatsStub(testContext(), id);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await bookingOf(bookingId)).toMatchObject({ booking_status: "pending" });
    expect(await paymentOf(bookingId)).toMatchObject({ status: "open" });
    const next = await runInDurableObject(stub, (_instance, state) => state.storage.getAlarm());
    expect(next! - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(next! - Date.now()).toBeLessThanOrEqual(5 * 60_000);
  });

  it("is released by the cron when the alarm did not run, the Checkout Session expired at Stripe first", async () => {
    const id = await createSession({ priceSek: 300, maxParticipants: 2 });
    const { bookingId, checkout } = await hold(id, "cron@example.se");
    const kept = await hold(id, "fortfarande@example.se");
    await lapse(bookingId);
    const ctx = createExecutionContext();
    await cron.scheduled(createScheduledController({ scheduledTime: new Date(), cron: CRONS.everyFiveMinutes }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(stripe.sessions.get(checkout.id)!.status).toBe("expired");
    expect(await bookingOf(bookingId)).toMatchObject({ booking_status: "cancelled" });
    expect(await bookingOf(kept.bookingId)).toMatchObject({ booking_status: "pending" });
    expect(await seatsOf(id)).toMatchObject({ current: 1 });
  });
});

describe("a payment that completes after its hold was released", () => {
  it("confirms the booking when its seat is still free (taking it back, with today's mails)", async () => {
    const id = await createSession({ priceSek: 300, maxParticipants: 2 });
    const { bookingId, checkout } = await hold(id, "sen@example.se");
    await deliver("checkout.session.expired", stripe.sessions.get(checkout.id)!);
    expect(await seatsOf(id)).toMatchObject({ current: 0 });

    expect((await deliver("checkout.session.completed", stripe.pay(checkout.id))).status).toBe(200);
    expect(await bookingOf(bookingId)).toMatchObject({ booking_status: "confirmed" });
    expect(await paymentOf(bookingId)).toMatchObject({ status: "paid", method: "card" });
    expect(await seatsOf(id)).toMatchObject({ current: 1, active: 1 });
    expect(await mailsTo("sen@example.se", "booking-confirmation")).toHaveLength(1);
  });

  it("never goes over max: the seat taken, the booking stays cancelled, the payment goes back and the customer is told", async () => {
    const id = await createSession({ priceSek: 300, maxParticipants: 1 });
    const late = await hold(id, "forsenad@example.se");
    await deliver("checkout.session.expired", stripe.sessions.get(late.checkout.id)!);
    const first = await hold(id, "snabb@example.se");
    await deliver("checkout.session.completed", stripe.pay(first.checkout.id));
    expect(await seatsOf(id)).toMatchObject({ current: 1, active: 1 });

    expect((await deliver("checkout.session.completed", stripe.pay(late.checkout.id))).status).toBe(200);
    expect(await bookingOf(late.bookingId)).toMatchObject({ booking_status: "cancelled" });
    expect(await seatsOf(id)).toMatchObject({ current: 1, active: 1, max: 1 });
    expect(await mailsTo("forsenad@example.se", "booking-confirmation")).toEqual([]);
    const [mail] = await mailsTo("forsenad@example.se", "payment-late-refund");
    expect(mail!.subject).toContain("Platsen hann gå till någon annan");
    expect(mail!.text_body).toContain("Hela beloppet, 300 kr, betalas tillbaka");
    // Refunded in full through Stripe's Refunds API, once per booking.
    const refund = stripe.calls.find((c) => c.path === "/v1/refunds");
    expect(refund).toMatchObject({ params: { payment_intent: stripe.sessions.get(late.checkout.id)!.payment_intent }, idempotencyKey: `refund-${late.bookingId}` });
    expect(await paymentOf(late.bookingId)).toMatchObject({ status: "refunded", refund_reason: "late-payment" });
    const page = await (await get(returnPath(id, late.bookingId, `cs=${late.checkout.id}`))).text();
    expect(page).toContain("Hela beloppet betalas tillbaka");
    // Stripe repeats the event: no second refund, no second mail.
    expect((await deliver("checkout.session.completed", stripe.sessions.get(late.checkout.id)!)).status).toBe(200);
    expect(stripe.calls.filter((c) => c.path === "/v1/refunds")).toHaveLength(1);
    expect(await mailsTo("forsenad@example.se", "payment-late-refund")).toHaveLength(1);
  });

  it("never takes back a booking staff cancelled while it awaited payment: its late payment is refunded, the free seat stays free", async () => {
    const { cancelBookingAsStaff } = await import("../../app/server/admin/session-actions.server");
    const id = await createSession({ priceSek: 300, maxParticipants: 3 });
    const { bookingId, checkout } = await hold(id, "avbokad@example.se");
    const paidMeanwhile = stripe.pay(checkout.id);
    const staff = { userId: null, email: "admin@hundpass.se" };
    expect((await cancelBookingAsStaff(testContext(), new Request("http://localhost:8787/admin"), staff, bookingId)).status).toBe("done");
    expect(await seatsOf(id)).toMatchObject({ current: 0 });

    expect((await deliver("checkout.session.completed", paidMeanwhile)).status).toBe(200);
    expect(await bookingOf(bookingId)).toMatchObject({ booking_status: "cancelled" });
    expect(await seatsOf(id)).toMatchObject({ current: 0 });
    expect(await paymentOf(bookingId)).toMatchObject({ status: "refunded", refund_reason: "late-payment" });
    const [mail] = await mailsTo("avbokad@example.se", "payment-late-refund");
    expect(mail!.subject).toContain("Din betalning betalas tillbaka");
    expect(mail!.text_body).toContain("var avbokad");
  });

  it("tells a booking cancelled by staff while it awaited payment that nothing was charged, with no calendar file to remove", async () => {
    const { cancelBookingAsStaff } = await import("../../app/server/admin/session-actions.server");
    const id = await createSession({ priceSek: 300, maxParticipants: 3 });
    const { bookingId } = await hold(id, "obetald@example.se");
    const staff = { userId: null, email: "admin@hundpass.se" };
    expect((await cancelBookingAsStaff(testContext(), new Request("http://localhost:8787/admin"), staff, bookingId)).status).toBe("done");
    const mails = await mailsTo("obetald@example.se", "booking-cancelled");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain("Betalningen hann inte bli klar, så inget har dragits.");
    expect(mails[0]!.text_body).not.toContain("kalenderfilen");
    const stored = await env.DB.prepare("SELECT attachments_json FROM email_outbox WHERE id = ?").bind(mails[0]!.id).first("attachments_json");
    expect(stored).toBeNull();
  });
});
