// A payment hold belongs to the browser that made it. The attack replayed:
// a stranger posts the booking form of session S with the victim's address
// (before: a 303 to the victim's open Checkout page), then opens the
// victim's cancel URL, a GET with only the booking id (before: the victim's
// booking cancelled, its payment expired, its seat free for the stranger).
// Stripe is answered at the network edge (stripe-edge.ts).
import { exports } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { bookingForm, createSession, postBooking } from "../integration/booking-fixtures";
import { bookingOf, mailsTo, paymentOf, seatsOf } from "./payment-fixtures";
import { deliver, stripeEdge, type StripeEdge } from "./stripe-edge";

let stripe: StripeEdge;
beforeEach(() => {
  stripe = stripeEdge();
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "log").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const VICTIM = "agare@example.se";
const VICTIM_IP = "10.77.0.1";
const STRANGER_IP = "10.77.0.2";

/** A booking post for `email`, as a browser with `cookie` (none: a browser that never booked here) sends it. */
async function book(sessionId: number, email: string, ip: string, cookie?: string) {
  const form = await bookingForm({ user_email: email, user_email_confirm: email });
  return postBooking(sessionId, form, ip, cookie ? { Cookie: cookie } : {});
}

/** The victim's hold, made in the victim's browser: its booking, Checkout Session and the browser's hold cookie. */
async function victimHold(sessionId: number) {
  const res = await book(sessionId, VICTIM, VICTIM_IP);
  expect(res.status).toBe(303);
  const checkout = [...stripe.sessions.values()].find((s) => s.url === res.headers.get("Location"))!;
  const setCookie = res.headers.get("Set-Cookie")!;
  expect(setCookie).toContain("HttpOnly");
  return { bookingId: checkout.client_reference_id, checkout, cookie: setCookie.split(";")[0]! };
}

const at = (path: string, init: RequestInit & { cookie?: string } = {}) =>
  exports.default.fetch(`http://localhost:8787${path}`, {
    redirect: "manual",
    ...init,
    headers: { "CF-Connecting-IP": STRANGER_IP, ...(init.cookie ? { Cookie: init.cookie } : {}) },
  });
const bareCancelPath = (sessionId: number, bookingId: string) => `/session/${sessionId}/betalning/${bookingId}?avbruten=1`;

/** The victim's hold is as it was: pending, payment open, Checkout Session open. */
async function expectUntouched(hold: Awaited<ReturnType<typeof victimHold>>) {
  expect(await bookingOf(hold.bookingId)).toMatchObject({ booking_status: "pending" });
  expect(await paymentOf(hold.bookingId)).toMatchObject({ status: "open" });
  expect(stripe.sessions.get(hold.checkout.id)!.status).toBe("open");
  expect(stripe.calls.some((c) => c.path.endsWith("/expire"))).toBe(false);
}

describe("a payment hold and another browser", () => {
  it("gives a stranger who types the victim's address a hold of their own, never the victim's Checkout page, and cannot cancel the victim's", async () => {
    const id = await createSession({ priceSek: 400, maxParticipants: 3 });
    const victim = await victimHold(id);

    const stranger = await book(id, VICTIM, STRANGER_IP);
    expect(stranger.status).toBe(303);
    const strangerUrl = stranger.headers.get("Location")!;
    expect(strangerUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(strangerUrl).not.toBe(victim.checkout.url);
    expect(stripe.sessions.size).toBe(2);
    const strangerCookie = stranger.headers.get("Set-Cookie")!.split(";")[0]!;
    await expectUntouched(victim);

    // The victim's cancel URL with the booking id only: a GET, a POST, with the stranger's own hold cookie: nothing.
    for (const attempt of [
      at(bareCancelPath(id, victim.bookingId)),
      at(bareCancelPath(id, victim.bookingId), { cookie: strangerCookie }),
      at(bareCancelPath(id, victim.bookingId), { method: "POST", body: new URLSearchParams({ t: "" }) }),
      at(bareCancelPath(id, victim.bookingId), { method: "POST", body: new URLSearchParams({ t: "0".repeat(32) }), cookie: strangerCookie }),
      at(`${bareCancelPath(id, victim.bookingId)}&t=${"f".repeat(32)}`, { method: "POST", body: new URLSearchParams({}) }),
    ]) {
      const res = await attempt;
      expect(res.status).toBe(404);
      expect(await res.text()).toContain("Länken fungerar inte");
    }
    await expectUntouched(victim);
    expect(await seatsOf(id)).toMatchObject({ current: 2, active: 2 });

    // The victim's own browser, booking again, is sent back to its own payment page.
    const again = await book(id, VICTIM, VICTIM_IP, victim.cookie);
    expect(again.headers.get("Location")).toBe(victim.checkout.url);
    expect(stripe.sessions.size).toBe(2);
  });

  it("tells a stranger 'fullbokat' when the victim holds the last seat, as anyone else is told", async () => {
    const id = await createSession({ priceSek: 400, maxParticipants: 1 });
    const victim = await victimHold(id);
    const stranger = await book(id, VICTIM, STRANGER_IP);
    expect(stranger.status).toBe(303);
    expect(stranger.headers.get("Location")).toBe(`/session/${id}`);
    const anyone = await book(id, "nagon-annan@example.se", STRANGER_IP);
    expect(anyone.headers.get("Location")).toBe(`/session/${id}`);
    const toast = await exports.default.fetch(`http://localhost:8787/session/${id}`, {
      headers: { Cookie: stranger.headers.get("Set-Cookie")!.split(";")[0]! },
    });
    expect(await toast.text()).toContain("fullbokat");
    expect(stripe.sessions.size).toBe(1);
    await expectUntouched(victim);
    expect(await seatsOf(id)).toMatchObject({ current: 1, active: 1 });
  });

  it("lets the browser that made the hold cancel it with its cookie alone, by a POST; the GET only asks", async () => {
    const id = await createSession({ priceSek: 400, maxParticipants: 2 });
    const victim = await victimHold(id);
    const ask = await at(bareCancelPath(id, victim.bookingId), { cookie: victim.cookie });
    expect(ask.status).toBe(200);
    expect(await ask.text()).toContain("Avbryt betalningen");
    await expectUntouched(victim);

    const done = await at(bareCancelPath(id, victim.bookingId), { method: "POST", body: new URLSearchParams({ t: "" }), cookie: victim.cookie });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe(`/session/${id}`);
    expect(await bookingOf(victim.bookingId)).toMatchObject({ booking_status: "cancelled" });
    expect(await paymentOf(victim.bookingId)).toMatchObject({ status: "expired" });
    expect(await seatsOf(id)).toMatchObject({ current: 0 });
  });

  it("confirms only the first of two holds paid for one address; the other gives its seat back and is refunded", async () => {
    const id = await createSession({ priceSek: 400, maxParticipants: 3 });
    const victim = await victimHold(id);
    const stranger = await book(id, VICTIM, STRANGER_IP);
    const strangerCheckout = [...stripe.sessions.values()].find((s) => s.url === stranger.headers.get("Location"))!;

    expect((await deliver("checkout.session.completed", stripe.pay(victim.checkout.id))).status).toBe(200);
    expect((await deliver("checkout.session.completed", stripe.pay(strangerCheckout.id))).status).toBe(200);
    expect(await bookingOf(victim.bookingId)).toMatchObject({ booking_status: "confirmed" });
    expect(await bookingOf(strangerCheckout.client_reference_id)).toMatchObject({ booking_status: "cancelled" });
    expect(await paymentOf(strangerCheckout.client_reference_id)).toMatchObject({ status: "refunded", refund_reason: "late-payment" });
    expect(await seatsOf(id)).toMatchObject({ current: 1, active: 1 });
    expect(await mailsTo(VICTIM, "booking-confirmation")).toHaveLength(1);
    expect(await mailsTo(VICTIM, "payment-late-refund")).toHaveLength(1);
  });
});
