// Where a held booking shows and counts, with PAYMENTS=stripe: a waitlist
// offer's hold link pays like the session page; the customer's own list and
// staff's booking info call a held booking by its name; the
// minimum-participant decision counts confirmed bookings only.
import { runDurableObjectAlarm } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { seatsFor, seatsStub } from "../../app/server/seats/seats.server";
import { bookingForm, createSession, postBooking } from "../integration/booking-fixtures";
import { signInAs, testContext } from "../integration/helpers";
import { entries, fullSession, joinQueue, offerTokenOf } from "../integration/waitlist-fixtures";
import { bookingOf, mailsTo, seatsOf } from "./payment-fixtures";
import { deliver, stripeEdge, type StripeEdge } from "./stripe-edge";

let stripe: StripeEdge;
beforeEach(() => {
  stripe = stripeEdge();
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const get = (path: string, headers: Record<string, string> = {}) => exports.default.fetch(`http://localhost:8787${path}`, { redirect: "manual", headers });

describe("a waitlist offer's hold link", () => {
  it("pays the same way: the held seat becomes the payment's hold for as long as its Checkout Session is open, and is the holder's again if it ends unpaid while the offer lasts", async () => {
    const { id, bookingIds } = await fullSession({ maxParticipants: 2, priceSek: 350 });
    await joinQueue(id, "forst-i-kon@example.se");
    await joinQueue(id, "andra-i-kon@example.se");
    await seatsFor(testContext(), id).cancelBooking(bookingIds[0]!);
    const token = await offerTokenOf("forst-i-kon@example.se");

    const page = await (await get(`/ko/${token}`)).text();
    const snapshot = /name="session" value="([^"]+)"/.exec(page)![1]!.replace(/&quot;/g, '"').replace(/&amp;/g, "&");
    const form = await bookingForm({ user_email: "", user_email_confirm: "", session: snapshot });
    const res = await exports.default.fetch(`http://localhost:8787/ko/${token}`, { method: "POST", body: form, redirect: "manual", headers: { "CF-Connecting-IP": "10.7.0.1" } });
    expect(res.status).toBe(303);
    const checkout = [...stripe.sessions.values()].find((s) => s.url === res.headers.get("Location"))!;
    expect(checkout.customer_email).toBe("forst-i-kon@example.se");
    expect(checkout.amount_total).toBe(35000);
    const bookingId = checkout.client_reference_id;
    expect(await bookingOf(bookingId)).toMatchObject({ booking_status: "pending" });
    // The offer's seat moved from held to the payment's hold: nobody else is offered it meanwhile.
    expect(await seatsOf(id)).toMatchObject({ current: 2, held: 0 });
    expect((await entries(id)).map((e) => e.status)).toEqual(["booked", "waiting"]);
    expect(await mailsTo("andra-i-kon@example.se", "waitlist-offer")).toHaveLength(0);

    // The Checkout Session ends unpaid while the offer's two hours last: the offer and its held seat are the holder's again.
    expect((await deliver("checkout.session.expired", stripe.expire(checkout.id))).status).toBe(200);
    expect(await bookingOf(bookingId)).toMatchObject({ booking_status: "cancelled" });
    expect(await seatsOf(id)).toMatchObject({ current: 1, held: 1 });
    expect((await entries(id)).map((e) => e.status)).toEqual(["offered", "waiting"]);
    expect(await mailsTo("andra-i-kon@example.se", "waitlist-offer")).toHaveLength(0);
    expect(await (await get(`/ko/${token}`)).text()).toContain('name="session"');

    // Once the offer's own time is over, the seat goes to the next in line.
    await env.DB.prepare("UPDATE waitlist_entries SET hold_expires_at = ? WHERE email = 'forst-i-kon@example.se'")
      .bind(new Date(Date.now() - 1_000).toISOString())
      .run();
    await runDurableObjectAlarm(seatsStub(testContext(), id));
    expect(await mailsTo("andra-i-kon@example.se", "waitlist-offer")).toHaveLength(1);
  });
});

describe("a waitlist offer whose Checkout cannot be opened", () => {
  it("keeps its offer and held seat: the form says so and the holder can try again", async () => {
    const { id, bookingIds } = await fullSession({ maxParticipants: 2, priceSek: 350 });
    await joinQueue(id, "behaller@example.se");
    await joinQueue(id, "efter@example.se");
    await seatsFor(testContext(), id).cancelBooking(bookingIds[0]!);
    const token = await offerTokenOf("behaller@example.se");
    const page = await (await get(`/ko/${token}`)).text();
    const snapshot = /name="session" value="([^"]+)"/.exec(page)![1]!.replace(/&quot;/g, '"').replace(/&amp;/g, "&");
    const post = async () =>
      exports.default.fetch(`http://localhost:8787/ko/${token}`, {
        method: "POST",
        body: await bookingForm({ user_email: "", user_email_confirm: "", session: snapshot }),
        redirect: "manual",
        headers: { "CF-Connecting-IP": "10.7.0.2" },
      });

    stripe.failing.add("/v1/checkout/sessions");
    const failed = await post();
    expect(failed.status).toBe(502);
    expect(await failed.text()).toContain("Vi kunde inte öppna betalningen just nu");
    expect((await entries(id)).map((e) => e.status)).toEqual(["offered", "waiting"]);
    expect(await seatsOf(id)).toMatchObject({ current: 1, held: 1 });
    expect(await mailsTo("efter@example.se", "waitlist-offer")).toHaveLength(0);

    stripe.failing.clear();
    const again = await post();
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(await seatsOf(id)).toMatchObject({ current: 2, held: 0 });
  });
});

describe("a held booking, as people see it", () => {
  it("is 'Väntar på betalning' in the customer's own list and 'Väntande betalning' in staff's booking info", async () => {
    const id = await createSession({ title: "NOSEWORK", priceSek: 400 });
    const res = await postBooking(id, await bookingForm({ user_email: "lista@example.se", user_email_confirm: "lista@example.se" }));
    expect(res.status).toBe(303);

    const customer = await signInAs({ email: "lista@example.se", kind: "customer" });
    const mine = await (await get("/mina-bokningar/lista", { Cookie: customer })).text();
    expect(mine).toContain('data-testid="awaiting-payment-bookings"');
    expect(mine).toContain("Väntar på betalning");
    expect(mine).toContain("NOSEWORK");

    const admin = await signInAs({ email: "chef@hundpass.se", admin: true });
    const all = await (await get(`/admin/old?visa=${id}`, { Cookie: admin })).text();
    expect(all).toContain("Väntande betalning");
  });
});

describe("the customer's own list, after paying or not", () => {
  it("does not list a booking whose payment was never made, and tells what became of a payment made", async () => {
    const id = await createSession({ title: "SPÅRKURS", priceSek: 300, maxParticipants: 4 });
    const book = async () => {
      const res = await postBooking(id, await bookingForm({ user_email: "pengar@example.se", user_email_confirm: "pengar@example.se" }));
      expect(res.status).toBe(303);
      return [...stripe.sessions.values()].find((s) => s.url === res.headers.get("Location"))!;
    };
    // Left on the payment page until it ran out.
    const left = await book();
    expect((await deliver("checkout.session.expired", stripe.expire(left.id))).status).toBe(200);
    const customer = await signInAs({ email: "pengar@example.se", kind: "customer" });
    expect(await (await get("/mina-bokningar/lista", { Cookie: customer })).text()).not.toContain("SPÅRKURS");

    // Paid, then cancelled by staff: the refund is shown.
    const paid = await book();
    expect((await deliver("checkout.session.completed", stripe.pay(paid.id, { method: "card" }), "evt_pengar_betalt")).status).toBe(200);
    let mine = await (await get("/mina-bokningar/lista", { Cookie: customer })).text();
    expect(mine).toContain("Betald (kort), 300 kr");
    const { cancelBookingAsStaff } = await import("../../app/server/admin/session-actions.server");
    const staff = { userId: null, email: "admin@hundpass.se" };
    expect((await cancelBookingAsStaff(testContext(), new Request("http://localhost:8787/admin"), staff, paid.client_reference_id)).status).toBe("done");
    mine = await (await get("/mina-bokningar/lista", { Cookie: customer })).text();
    expect(mine).toMatch(/Återbetal(as|d), 300 kr/);
    expect(mine.match(/data-testid="booking-card"/g)?.length).toBe(1);
  });
});

describe("staff about to release or cancel a session with paid bookings", () => {
  it("are told before they confirm that the paid bookings are paid back in full", async () => {
    const id = await createSession({ title: "REFUSERAS", priceSek: 249, maxParticipants: 4 });
    for (const [i, email] of ["a.betald@example.se", "b.betald@example.se"].entries()) {
      const res = await postBooking(id, await bookingForm({ user_email: email, user_email_confirm: email }));
      const checkout = [...stripe.sessions.values()].find((s) => s.url === res.headers.get("Location"))!;
      expect((await deliver("checkout.session.completed", stripe.pay(checkout.id), `evt_refund_note_${i}`)).status).toBe(200);
    }
    const admin = await signInAs({ email: "chef2@hundpass.se", admin: true });
    for (const change of ["cancel", "release"]) {
      const page = await (await get(`/admin/pass/${id}?atgard=${change}`, { Cookie: admin })).text();
      expect(page).toContain("De 2 betalda bokningarna, 498 kr i allt, betalas tillbaka i sin helhet.");
    }
  });
});

describe("the minimum-participant decision", () => {
  it("counts confirmed bookings only: a session with two confirmed and one seat being paid for is asked about", async () => {
    const { requestDecisions } = await import("../../app/server/decisions/decisions.server");
    const startsIn = 30 * 3_600_000 - 60_000;
    const id = await createSession({ title: "GRUPPASS", priceSek: 200, maxParticipants: 8, startsInMs: startsIn });
    for (const n of [1, 2]) {
      const booked = await seatsFor(testContext(), id).book({
        userName: `Kund ${n}`, userEmail: `beslut${n}@example.se`, userPhone: "0701234567", dogName: "Fido", dogBreed: null, dogAge: null,
        specialNotes: null, homeAddress: null, meetingType: null, variant: null, priceSek: null, idempotencyKey: crypto.randomUUID(),
      });
      expect(booked.status).toBe("booked");
    }
    expect((await postBooking(id, await bookingForm({ user_email: "haller@example.se", user_email_confirm: "haller@example.se" }))).status).toBe(303);
    expect(await seatsOf(id)).toMatchObject({ current: 3 });

    await requestDecisions(testContext(), new Date());
    const row = await env.DB.prepare("SELECT participants FROM session_decisions WHERE session_id = ?").bind(id).first<{ participants: number }>();
    expect(row?.participants).toBe(2);
  });
});
