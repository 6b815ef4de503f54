// Paying at booking, end to end through the worker with PAYMENTS=stripe:
// the form holds the seat (booking 'pending' with its open payment), the
// visitor is sent to Stripe's Checkout, and only Stripe's signed webhook
// confirms, once. Stripe is answered at the network edge (stripe-edge.ts).
import { env, exports } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { encodeSessionSnapshot, type SessionSnapshot } from "../../app/domain/session-snapshot";
import { seatsFor } from "../../app/server/seats/seats.server";
import { bookingForm, createSession, postBooking, seatInput, sessionField } from "../integration/booking-fixtures";
import { testContext } from "../integration/helpers";
import { deliver, stripeEdge, type StripeEdge } from "./stripe-edge";
import { bookingOf, mailsTo, paymentOf, seatsOf } from "./payment-fixtures";

let stripe: StripeEdge;
beforeEach(() => {
  stripe = stripeEdge();
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

/** Books as the form does and returns the Checkout redirect's booking id. */
async function hold(sessionId: number, email = "anna@example.se", overrides: Record<string, string> = {}) {
  const res = await postBooking(sessionId, await bookingForm({ user_email: email, user_email_confirm: email, ...overrides }));
  expect(res.status).toBe(303);
  const location = res.headers.get("Location")!;
  expect(location).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
  const session = [...stripe.sessions.values()].find((s) => s.url === location)!;
  return { bookingId: session.client_reference_id, checkout: session, res };
}

describe("holding the seat while the booker pays", () => {
  it("counts a seat being paid for as taken but not as a participant: two paid and one paying is still 'Väntande'", async () => {
    const id = await createSession({ priceSek: 200, maxParticipants: 8 });
    for (const [i, email] of ["en@example.se", "tva@example.se"].entries()) {
      const { checkout } = await hold(id, email);
      expect((await deliver("checkout.session.completed", stripe.pay(checkout.id), `evt_deltagare_${i}`)).status).toBe(200);
    }
    await hold(id, "betalar-nu@example.se");
    expect(await seatsOf(id)).toMatchObject({ current: 3 });
    const page = await (await exports.default.fetch(`http://localhost:8787/session/${id}`)).text();
    expect(page).toContain("Väntande");
    expect(page).not.toContain("Detta pass har tillräckligt med deltagare");
    expect(page).toContain("5 platser kvar");
  });

  it("tells the visitor beside the form that paying comes next, with the ways Checkout offers and how long the seat is held", async () => {
    const id = await createSession({ maxParticipants: 4, priceSek: 250 });
    const page = await (await exports.default.fetch(`http://localhost:8787/session/${id}`)).text();
    expect(page).toContain("Du betalar i nästa steg, med kort eller Swish. Platsen hålls åt dig medan du betalar, i högst en halvtimme.");
  });

  it("holds the seat as pending with its open payment, no mail yet, and sends the visitor to a Checkout Session made for the booking (reference, key, 31 minutes, return addresses)", async () => {
    const id = await createSession({ title: "VALPKURS", priceSek: 450, maxParticipants: 3 });
    const { bookingId, checkout } = await hold(id);

    expect(await bookingOf(bookingId)).toMatchObject({ booking_status: "pending", price_sek: 450 });
    const payment = await paymentOf(bookingId);
    expect(payment).toMatchObject({ status: "open", amount_ore: 45000, currency: "sek", checkout_session_id: checkout.id, checkout_url: checkout.url });
    expect(await seatsOf(id)).toMatchObject({ current: 1 });
    expect(await mailsTo("anna@example.se")).toEqual([]);

    const [create] = stripe.calls.filter((c) => c.path === "/v1/checkout/sessions");
    expect(create!.idempotencyKey).toBe(`checkout-${bookingId}`);
    expect(create!.params).toMatchObject({
      mode: "payment",
      client_reference_id: bookingId,
      metadata: { booking_id: bookingId },
      customer_email: "anna@example.se",
      allowed_payment_method_types: ["card", "swish"],
      line_items: [{ quantity: "1", price_data: { currency: "sek", unit_amount: "45000" } }],
      payment_intent_data: { statement_descriptor_suffix: "HUNDPASS" },
      success_url: `http://localhost:8787/session/${id}/betalning/${bookingId}?cs={CHECKOUT_SESSION_ID}`,
    });
    // The cancel link carries a token signed for the booking: the booking id alone cancels nothing.
    expect(String(create!.params.cancel_url)).toMatch(new RegExp(`^http://localhost:8787/session/${id}/betalning/${bookingId}\\?avbruten=1&t=[0-9a-f]{32}$`));
    expect(String((create!.params.line_items as Array<{ price_data: { product_data: { name: string } } }>)[0]!.price_data.product_data.name)).toMatch(
      /^VALPKURS \S+ \d+ \S+ \d\d:\d\d$/,
    );
    // 31 minutes ahead (Stripe's minimum is 30), the same instant as the hold's end.
    const expiresAt = Number(create!.params.expires_at) * 1000;
    expect(expiresAt - Date.now()).toBeGreaterThan(30 * 60_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(31 * 60_000);
    expect(Math.floor(Date.parse(String(payment.checkout_expires_at)) / 1000)).toBe(Number(create!.params.expires_at));
  });

  it("counts a held seat as taken: the last seat held, the next booker is told it is full", async () => {
    const id = await createSession({ priceSek: 300, maxParticipants: 1 });
    await hold(id, "forst@example.se");
    const res = await postBooking(id, await bookingForm({ user_email: "andra@example.se", user_email_confirm: "andra@example.se" }));
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/session/${id}`);
    expect(await seatsOf(id)).toMatchObject({ current: 1, active: 1 });
    const page = await (await env.DB.prepare("SELECT count(*) AS n FROM payments WHERE session_id = ?").bind(id).first<{ n: number }>())!;
    expect(page.n).toBe(1);
  });

  it("takes the price from the session on the server: a price field, or a session field with another price, changes nothing", async () => {
    const id = await createSession({ priceSek: 450 });
    const { bookingId } = await hold(id, "pris@example.se", { price_sek: "1", amount: "100", unit_amount: "100" });
    expect((await paymentOf(bookingId)).amount_ore).toBe(45000);
    expect(stripe.calls.find((c) => c.path === "/v1/checkout/sessions")!.params).toMatchObject({ line_items: [{ price_data: { unit_amount: "45000" } }] });

    // The page's hidden session field says 1 kr: refused as a changed session, nothing held, Stripe not called.
    const form = await bookingForm({ user_email: "fusk@example.se", user_email_confirm: "fusk@example.se" });
    const row = (await env.DB.prepare("SELECT title, location, start_time AS startTime, end_time AS endTime, pass_type AS passType FROM sessions WHERE id = ?")
      .bind(id)
      .first<Omit<SessionSnapshot, "priceSek">>())!;
    form.append("session", encodeSessionSnapshot({ ...row, priceSek: 1 }));
    const calls = stripe.calls.length;
    const res = await postBooking(id, form);
    expect(res.status).toBe(409);
    expect(stripe.calls.length).toBe(calls);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM bookings WHERE lower(user_email) = 'fusk@example.se'").first("n")).toBe(0);
  });

  it("sends two tabs posting the same booking to one hold and one Checkout Session; a second booking by the same address from the same browser goes back to it while it is open, and is refused once paid", async () => {
    const id = await createSession({ priceSek: 200, maxParticipants: 5 });
    const form = await bookingForm({ user_email: "tva@example.se", user_email_confirm: "tva@example.se" });
    const again = new FormData();
    for (const [name, value] of form) again.append(name, value);
    const [a, b] = await Promise.all([postBooking(id, form), postBooking(id, again)]);
    expect([a.status, b.status]).toEqual([303, 303]);
    expect(a.headers.get("Location")).toBe(b.headers.get("Location"));
    expect(stripe.sessions.size).toBe(1);
    expect(await seatsOf(id)).toMatchObject({ current: 1, active: 1, rows: 1 });

    // Back from the payment page and booking again in the same browser (a new form, a new key, the hold's cookie):
    // the same payment page, no second hold.
    const cookie = a.headers.get("Set-Cookie")!.split(";")[0]!;
    expect(cookie).toMatch(/^hp_holds=/);
    const other = await postBooking(id, await bookingForm({ user_email: "Tva@example.se", user_email_confirm: "Tva@example.se" }), undefined, { Cookie: cookie });
    expect(other.status).toBe(303);
    expect(other.headers.get("Location")).toBe(a.headers.get("Location"));
    expect(stripe.sessions.size).toBe(1);
    expect(await seatsOf(id)).toMatchObject({ current: 1, active: 1, rows: 1 });

    // Once it is paid, the address has its booking: a new one is refused.
    const checkout = [...stripe.sessions.values()][0]!;
    expect((await deliver("checkout.session.completed", stripe.pay(checkout.id), "evt_tva_betalt")).status).toBe(200);
    const paid = await postBooking(id, await bookingForm({ user_email: "tva@example.se", user_email_confirm: "tva@example.se" }));
    expect(paid.status).toBe(409);
    expect(stripe.sessions.size).toBe(1);
  });

  it("releases the hold at once when Stripe fails, shows the form again with a Swedish error, and charges nothing", async () => {
    const id = await createSession({ priceSek: 200, maxParticipants: 1 });
    stripe.failing.add("/v1/checkout/sessions");
    const res = await postBooking(id, await bookingForm({ user_email: "fel@example.se", user_email_confirm: "fel@example.se" }));
    expect(res.status).toBe(502);
    expect(await res.text()).toContain("Vi kunde inte öppna betalningen just nu");
    expect(await seatsOf(id)).toMatchObject({ current: 0, active: 0 });
    const [payment] = (await env.DB.prepare("SELECT status FROM payments WHERE session_id = ?").bind(id).all<{ status: string }>()).results;
    expect(payment?.status).toBe("expired");
    // The seat is free again for the next booker.
    stripe.failing.clear();
    await hold(id, "nasta@example.se");
  });

  it("holds N parallel bookings on a session with few seats to exactly its max", async () => {
    const id = await createSession({ priceSek: 150, maxParticipants: 3 });
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        seatsFor(testContext(), id).book(seatInput(`par-${i}`), { payment: { id: crypto.randomUUID(), holdUntil: new Date(Date.now() + 31 * 60_000).toISOString() } }),
      ),
    );
    expect(results.filter((r) => r.status === "booked")).toHaveLength(3);
    expect(results.filter((r) => r.status === "full")).toHaveLength(37);
    expect(await seatsOf(id)).toMatchObject({ current: 3, active: 3, max: 3 });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM payments WHERE session_id = ? AND status = 'open'").bind(id).first("n")).toBe(3);
  });

  it("gives a burst of 20 booking forms on 3 seats exactly 3 holds, each with its own Checkout Session", async () => {
    const id = await createSession({ priceSek: 150, maxParticipants: 3 });
    const forms = await Promise.all(Array.from({ length: 20 }, (_, i) => bookingForm({ user_email: `rusning${i}@example.se`, user_email_confirm: `rusning${i}@example.se` })));
    const answers = await Promise.all(forms.map((form) => postBooking(id, form)));
    const toStripe = answers.filter((res) => res.headers.get("Location")?.startsWith("https://checkout.stripe.com/"));
    expect(toStripe).toHaveLength(3);
    expect(answers.filter((res) => res.headers.get("Location") === `/session/${id}`)).toHaveLength(17);
    expect(stripe.sessions.size).toBe(3);
    expect(await seatsOf(id)).toMatchObject({ current: 3, active: 3, max: 3 });
  });

  it("books a free session (price 0) at once, as without payments", async () => {
    const id = await createSession({ priceSek: 0 });
    const res = await postBooking(id, await bookingForm({ user_email: "gratis@example.se", user_email_confirm: "gratis@example.se" }));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/mina-bokningar");
    expect(stripe.calls).toEqual([]);
    expect(await mailsTo("gratis@example.se")).toHaveLength(1);
  });
});

describe("Stripe's webhook confirms", () => {
  it("confirms a paid booking once: booking confirmed, payment paid with its method, today's mails with the amount paid", async () => {
    const id = await createSession({ title: "VALPKURS", priceSek: 450, maxParticipants: 4 });
    const { bookingId, checkout } = await hold(id, "betalar@example.se");
    // The webhook arrives before the visitor is back on our page.
    const paid = stripe.pay(checkout.id, { method: "swish" });
    const res = await deliver("checkout.session.completed", paid, "evt_betalt_en");
    expect(res.status).toBe(200);

    expect(await bookingOf(bookingId)).toMatchObject({ booking_status: "confirmed" });
    expect(await paymentOf(bookingId)).toMatchObject({ status: "paid", method: "swish", payment_intent_id: paid.payment_intent });
    expect(await seatsOf(id)).toMatchObject({ current: 1, active: 1 });
    // Two methods were offered: the method is the PaymentIntent's, asked of Stripe.
    expect(stripe.calls.some((c) => c.path === `/v1/payment_intents/${paid.payment_intent}`)).toBe(true);
    const [mail] = await mailsTo("betalar@example.se");
    expect(mail).toMatchObject({ kind: "booking-confirmation" });
    expect(mail!.text_body).toContain("Betalt: 450 kr med Swish");
    const admin = await mailsTo(env.ADMIN_EMAIL ?? "admin@hundpass.se");
    const notice = admin.find((m) => m.kind === "booking-admin-notification" && m.text_body.includes(bookingId));
    expect(notice?.text_body).toContain("Betalt: 450 kr med Swish");
    expect(notice?.text_body).toContain("Deltagare: 1 av 4");

    // Twice: the same event again, and then another paid event for it: nothing changes, no second mail.
    expect((await deliver("checkout.session.completed", paid, "evt_betalt_en")).status).toBe(200);
    expect((await deliver("checkout.session.async_payment_succeeded", paid)).status).toBe(200);
    expect(await mailsTo("betalar@example.se")).toHaveLength(1);
    expect(await seatsOf(id)).toMatchObject({ current: 1, active: 1 });
  });

  it("keeps the hold while a Swish payment is processing, and confirms on its async success", async () => {
    const id = await createSession({ priceSek: 300 });
    const { bookingId, checkout } = await hold(id, "swish@example.se");
    const processing = stripe.pay(checkout.id, { method: "swish", paid: false });
    expect((await deliver("checkout.session.completed", processing)).status).toBe(200);
    expect(await bookingOf(bookingId)).toMatchObject({ booking_status: "pending" });
    expect(await paymentOf(bookingId)).toMatchObject({ status: "open", payment_intent_id: processing.payment_intent });
    expect(await mailsTo("swish@example.se")).toEqual([]);

    expect((await deliver("checkout.session.async_payment_succeeded", stripe.settle(checkout.id, true))).status).toBe(200);
    expect(await bookingOf(bookingId)).toMatchObject({ booking_status: "confirmed" });
    expect(await paymentOf(bookingId)).toMatchObject({ status: "paid", method: "swish" });
    expect(await mailsTo("swish@example.se")).toHaveLength(1);
  });

  it("releases the seat when a Swish payment fails, and offers it to the queue", async () => {
    const id = await createSession({ priceSek: 300, maxParticipants: 1 });
    const { bookingId, checkout } = await hold(id, "misslyckad@example.se");
    const { joinQueue } = await import("../integration/waitlist-fixtures");
    expect((await joinQueue(id, "koar@example.se")).result.status).toBe("joined");
    stripe.pay(checkout.id, { method: "swish", paid: false });
    expect((await deliver("checkout.session.async_payment_failed", stripe.settle(checkout.id, false))).status).toBe(200);
    expect(await bookingOf(bookingId)).toMatchObject({ booking_status: "cancelled" });
    expect(await paymentOf(bookingId)).toMatchObject({ status: "expired" });
    expect(await seatsOf(id)).toMatchObject({ current: 0, held: 1 });
    expect(await mailsTo("koar@example.se", "waitlist-offer")).toHaveLength(1);
  });
});

describe("the form with JavaScript", () => {
  it("ends in a full navigation to Stripe's page: the script's data request answers a redirect that reloads the document", async () => {
    const id = await createSession({ priceSek: 250 });
    const form = await bookingForm({ user_email: "js@example.se", user_email_confirm: "js@example.se" });
    form.append("session", (await sessionField(id))!);
    const res = await exports.default.fetch(`http://localhost:8787/session/${id}.data`, {
      method: "POST",
      body: form,
      redirect: "manual",
      headers: { "CF-Connecting-IP": "10.8.0.1" },
    });
    const checkout = [...stripe.sessions.values()][0]!;
    const body = await res.text();
    expect(body).toContain(checkout.url!);
    // Remix's single fetch (turbo-stream: keys and values are indexes into the array, equal values shared):
    // the redirect's target, its status, and reload (the X-Remix-Reload-Document of redirectDocument).
    const stream = JSON.parse(body) as unknown[];
    const head = stream[0] as Record<string, number>;
    const decoded = Object.fromEntries(Object.entries(head).map(([key, value]) => [stream[Number(key.slice(1))], stream[value]]));
    expect(decoded).toMatchObject({ redirect: checkout.url, status: 303, reload: true });
    // The hold is noted as this browser's.
    expect(res.headers.get("Set-Cookie")).toMatch(/^hp_holds=/);
  });
});

describe("a held seat is an upcoming booking", () => {
  it("refuses erasing the booker's data while the seat is held for payment, as for a confirmed booking", async () => {
    const { eraseMyData } = await import("../../app/server/privacy/my-data.server");
    const id = await createSession({ priceSek: 450 });
    const { bookingId } = await hold(id, "radera@example.se");
    expect(await eraseMyData(testContext(), "radera@example.se")).toEqual({ status: "upcoming" });
    expect(await bookingOf(bookingId)).toMatchObject({ booking_status: "pending", user_email: "radera@example.se" });
    expect(await paymentOf(bookingId)).toMatchObject({ status: "open" });
  });
});
