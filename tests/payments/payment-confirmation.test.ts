// After paying (PAYMENTS=stripe): the booking confirmation that stays on
// /mina-bokningar for the browser that made the hold, the words for a
// payment refused against one whose time ran out, and the booking form
// filled in again (e-mail included) after a payment that ended unpaid.
// Stripe at the network edge (stripe-edge.ts).
import { exports } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { bookingForm, createSession, postBooking } from "../integration/booking-fixtures";
import { deliver, stripeEdge, type StripeEdge } from "./stripe-edge";
import { env } from "cloudflare:workers";

let stripe: StripeEdge;
beforeEach(() => {
  stripe = stripeEdge();
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "log").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const get = (path: string, cookie?: string) =>
  exports.default.fetch(`http://localhost:8787${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
const post = (path: string, form: Record<string, string>, cookie?: string) =>
  exports.default.fetch(`http://localhost:8787${path}`, { method: "POST", body: new URLSearchParams(form), redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
const returnPath = (sessionId: number, bookingId: string, query: string) => `/session/${sessionId}/betalning/${bookingId}?${query}`;

/** A cookie of a response, as the browser sends it back. */
function cookieOf(res: Response, name: string): string | null {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`))?.split(";")[0] ?? null;
}

/** The text a visitor reads (tags stripped, entities decoded). */
async function pageText(res: Response) {
  return (await res.text())
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** A hold made through the form: its booking, its Checkout Session and the browser's hold cookie. */
async function hold(sessionId: number, email: string, extra: Record<string, string> = {}) {
  const res = await postBooking(sessionId, await bookingForm({ user_email: email, user_email_confirm: email, ...extra }));
  expect(res.status).toBe(303);
  const checkout = [...stripe.sessions.values()].find((s) => s.url === res.headers.get("Location"))!;
  return { bookingId: checkout.client_reference_id, checkout, holdCookie: cookieOf(res, "hp_holds")! };
}

describe("the confirmation after paying", () => {
  it("stays on /mina-bokningar for the browser that made the hold, with what was paid and how", async () => {
    const id = await createSession({ title: "VALPKURS", priceSek: 450, location: "Bronsängen Sandviken" });
    const { bookingId, checkout, holdCookie } = await hold(id, "betalat@example.se");
    expect((await deliver("checkout.session.completed", stripe.pay(checkout.id))).status).toBe(200);
    const back = await get(returnPath(id, bookingId, `cs=${checkout.id}`), holdCookie);
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe("/mina-bokningar");
    expect(cookieOf(back, "hp_toast")).not.toBeNull();
    const booked = cookieOf(back, "hp_booked");
    expect(booked).not.toBeNull();

    const text = await pageText(await get("/mina-bokningar", booked!));
    expect(text).toContain("Bokning bekräftad!");
    expect(text).toContain("Pass VALPKURS");
    expect(text).toContain("Plats Bronsängen Sandviken");
    expect(text).toContain("Pris 450 kr");
    expect(text).toContain("Betalt 450 kr med kort");
    expect(text).toContain("En bekräftelse med kalenderfil (.ics) är på väg till betalat@example.se.");
    const ics = await get(`/mina-bokningar/bekraftelse.ics?bokning=${bookingId}`, booked!);
    expect(ics.status).toBe(200);
    expect(await ics.text()).toContain(`UID:booking-${bookingId}@localhost`);
  });

  it("is only the toast for a success URL opened without the hold's cookie (another browser)", async () => {
    const id = await createSession({ priceSek: 300 });
    const { bookingId, checkout } = await hold(id, "annanwebblasare@example.se");
    await deliver("checkout.session.completed", stripe.pay(checkout.id));
    const back = await get(returnPath(id, bookingId, `cs=${checkout.id}`));
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe("/mina-bokningar");
    expect(cookieOf(back, "hp_toast")).not.toBeNull();
    expect(cookieOf(back, "hp_booked")).toBeNull();
  });
});

describe("a payment that did not happen", () => {
  it("says a refused Swish payment was not approved, not that its time ran out", async () => {
    const id = await createSession({ priceSek: 249 });
    const { bookingId, checkout, holdCookie } = await hold(id, "avvisad@example.se");
    await deliver("checkout.session.completed", stripe.pay(checkout.id, { method: "swish", paid: false }));
    expect(await pageText(await get(returnPath(id, bookingId, `cs=${checkout.id}`), holdCookie))).toContain("Betalningen behandlas");
    expect((await deliver("checkout.session.async_payment_failed", stripe.settle(checkout.id, false))).status).toBe(200);
    const text = await pageText(await get(returnPath(id, bookingId, `cs=${checkout.id}`), holdCookie));
    expect(text).toContain("Betalningen blev inte av");
    expect(text).toContain("Betalningen godkändes inte, så platsen är släppt och inget har dragits.");
    expect(text).not.toContain("Tiden för betalningen gick ut");
  });

  it("says the time ran out for a Checkout Session that expired at its end", async () => {
    const id = await createSession({ priceSek: 249 });
    const { bookingId, checkout, holdCookie } = await hold(id, "utgangen@example.se");
    // The hold's end has passed when Stripe's event comes.
    await env.DB.prepare("UPDATE payments SET checkout_expires_at = ? WHERE booking_id = ?").bind(new Date(Date.now() - 60_000).toISOString(), bookingId).run();
    expect((await deliver("checkout.session.expired", stripe.expire(checkout.id))).status).toBe(200);
    const text = await pageText(await get(returnPath(id, bookingId, `cs=${checkout.id}`), holdCookie));
    expect(text).toContain("Tiden för betalningen gick ut eller betalningen avbröts");
    expect(text).not.toContain("godkändes inte");
  });
});

describe("the form after a payment that ended unpaid", () => {
  it("comes back after Avbryt with everything as sent, both e-mail fields included, for the browser that made the hold only", async () => {
    const id = await createSession({ priceSek: 300 });
    const email = "tillbaka.igen@example.se";
    const { checkout, holdCookie } = await hold(id, email, { user_name: "Åsa Återkomst", user_phone: "070-765 43 21", dog_name: "Boll", special_notes: "Inkallning" });
    const cancel = new URL(checkout.cancel_url);
    const res = await post(`${cancel.pathname}${cancel.search}`, { t: cancel.searchParams.get("t")! }, holdCookie);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/session/${id}`);

    const html = await (await get(`/session/${id}`, holdCookie)).text();
    /** The value an input (or a textarea) is drawn with. */
    const valueOf = (name: string) =>
      /value="([^"]*)"/.exec(new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "")?.[1] ??
      new RegExp(`<textarea[^>]*name="${name}"[^>]*>([^<]*)</textarea>`).exec(html)?.[1];
    expect(valueOf("user_email")).toBe(email);
    expect(valueOf("user_email_confirm")).toBe(email);
    expect(valueOf("user_name")).toBe("Åsa Återkomst");
    expect(valueOf("user_phone")).toBe("070-765 43 21");
    expect(valueOf("dog_name")).toBe("Boll");
    expect(valueOf("special_notes")).toBe("Inkallning");
    // The terms are ticked again by the visitor.
    expect(html).not.toMatch(/name="terms"[^>]*checked/);

    // Anyone else gets the empty form.
    const other = await (await get(`/session/${id}`)).text();
    expect(other).not.toContain(email);
    expect(other).not.toContain("Åsa Återkomst");
  });

  it("starts empty once the browser's newest hold on the session was paid", async () => {
    const id = await createSession({ priceSek: 300 });
    const { checkout, holdCookie } = await hold(id, "betald.sen@example.se");
    await deliver("checkout.session.completed", stripe.pay(checkout.id));
    const html = await (await get(`/session/${id}`, holdCookie)).text();
    expect(html).not.toContain("betald.sen@example.se");
  });
});
