// The booking confirmation that stays on /mina-bokningar: the signed cookie
// a booked outcome sets, what the page shows of the bookings it names (read
// from D1), the calendar file, and that nobody else's browser, a tampered
// cookie or a booking that no longer stands shows anything.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { bookedCookie, bookedInThisBrowser } from "../../app/server/booking/confirmation.server";
import { getCookies } from "../../app/server/platform/cookies.server";
import { unfoldIcs } from "../../app/domain/ics";
import { bookingForm, config, createSession, postBooking } from "./booking-fixtures";
import { signInAs, testContext } from "./helpers";

const get = (path: string, cookie?: string) =>
  exports.default.fetch(`http://localhost${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });

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

/** Books `sessionId` as `email` through the form; returns the response and the booking's id. */
async function book(sessionId: number, email: string, cookie?: string) {
  const res = await postBooking(sessionId, await bookingForm({ user_email: email, user_email_confirm: email }), undefined, cookie ? { Cookie: cookie } : {});
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/mina-bokningar");
  const row = await env.DB.prepare("SELECT id FROM bookings WHERE session_id = ? AND lower(user_email) = lower(?)").bind(sessionId, email).first<{ id: string }>();
  return { res, bookingId: row!.id };
}

/** The confirmation cookie a response sets, as the browser sends it back. */
function bookedCookieOf(res: Response): string {
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("hp_booked="));
  if (!cookie) throw new Error("no hp_booked cookie");
  return cookie.split(";")[0]!;
}

describe("the confirmation cookie", () => {
  it("is signed, HttpOnly, Secure and SameSite=Lax, lives three hours and names the booking made", async () => {
    const id = await createSession({ title: "VALPKURS" });
    const { res, bookingId } = await book(id, "kaka@example.se");
    const header = res.headers.getSetCookie().find((c) => c.startsWith("hp_booked="))!;
    expect(header).toMatch(/; HttpOnly/i);
    expect(header).toMatch(/; Secure/i);
    expect(header).toMatch(/; SameSite=Lax/i);
    expect(header).toMatch(/; Max-Age=10800/i);
    // The toast rides along as before.
    expect(res.headers.getSetCookie().some((c) => c.startsWith("hp_toast="))).toBe(true);
    const request = new Request("http://localhost/mina-bokningar", { headers: { Cookie: bookedCookieOf(res) } });
    expect(await bookedInThisBrowser(testContext(), request)).toEqual([bookingId]);
  });

  it("keeps the newest five bookings, newest first, each once", async () => {
    const context = testContext();
    let cookie = "";
    for (const id of ["a", "b", "c", "b", "d", "e", "f"]) {
      const request = new Request("http://localhost/", { headers: cookie ? { Cookie: cookie } : {} });
      cookie = (await bookedCookie(context, request, id)).split(";")[0]!;
    }
    expect(await bookedInThisBrowser(context, new Request("http://localhost/", { headers: { Cookie: cookie } }))).toEqual(["f", "e", "d", "b", "c"]);
  });

  it("reads as none when tampered with, signed with another secret or malformed", async () => {
    const context = testContext();
    const genuine = (await bookedCookie(context, new Request("http://localhost/"), "bokning-1")).split(";")[0]!;
    const [name, value] = genuine.split("=") as [string, string];
    const [payload, signature] = decodeURIComponent(value).split(".") as [string, string];
    // Another booking's id with the genuine signature.
    const forgedPayload = btoa(JSON.stringify(["bokning-2"]));
    const forged = `${name}=${encodeURIComponent(`${forgedPayload}.${signature}`)}`;
    // An unsigned value, and one signed with another secret.
    const unsigned = `${name}=${encodeURIComponent(payload)}`;
    const otherSecret = (await getCookies({ ...config(), SESSION_SECRET: "en-helt-annan-hemlighet-som-ar-lang-nog" }).booked.serialize(["bokning-1"])).split(";")[0]!;
    for (const cookie of [forged, unsigned, otherSecret, `${name}=inte-base64%%%`, `${name}=`]) {
      expect(await bookedInThisBrowser(context, new Request("http://localhost/", { headers: { Cookie: cookie } })), cookie).toEqual([]);
    }
    expect(await bookedInThisBrowser(context, new Request("http://localhost/", { headers: { Cookie: genuine } }))).toEqual(["bokning-1"]);
  });
});

describe("/mina-bokningar after a booking", () => {
  it("shows the booking above the sign-in form to the browser that booked: what, when, where, price, the mail on its way, the binding rule and the calendar file", async () => {
    const id = await createSession({ title: "VALPKURS", location: "Regementsparken Gävle", priceSek: 249 });
    const { res, bookingId } = await book(id, "visas@example.se");
    const page = await get("/mina-bokningar", bookedCookieOf(res));
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await pageText(page);
    expect(text).toContain("Bokning bekräftad!");
    expect(text).toContain("Pass VALPKURS");
    expect(text).toContain("Typ Grupp-pass");
    expect(text).toMatch(/Datum \S+dag \d{1,2} \S+ \d{4}/);
    expect(text).toMatch(/Tid \d{2}:\d{2}–\d{2}:\d{2}/);
    expect(text).toContain("Plats Regementsparken Gävle");
    expect(text).toContain("Pris 249 kr");
    expect(text).toContain("En bekräftelse med kalenderfil (.ics) är på väg till visas@example.se.");
    expect(text).toContain("Kom ihåg: bokningen är bindande och kan inte avbokas eller ombokas.");
    expect(text).toContain("Vill du se dina bokningar senare?");
    // The sign-in form stays below it.
    expect(text).toContain("Skicka inloggningslänk");
    expect(text.indexOf("Bokning bekräftad!")).toBeLessThan(text.indexOf("Skicka inloggningslänk"));
    expect(await (await get("/mina-bokningar", bookedCookieOf(res))).text()).toContain(`href="/mina-bokningar/bekraftelse.ics?bokning=${bookingId}"`);
  });

  it("shows nothing of it to another browser, or to one with a forged cookie", async () => {
    const id = await createSession({ title: "HEMLIGT PASS" });
    const { bookingId } = await book(id, "hemlig@example.se");
    const forged = `hp_booked=${encodeURIComponent(`${btoa(JSON.stringify([bookingId]))}.forfalskad`)}`;
    for (const cookie of [undefined, forged]) {
      const text = await pageText(await get("/mina-bokningar", cookie));
      expect(text).not.toContain("Bokning bekräftad!");
      expect(text).not.toContain("HEMLIGT PASS");
      expect(text).not.toContain("hemlig@example.se");
      expect(text).toContain("Skicka inloggningslänk");
    }
  });

  it("shows no booking that no longer stands (cancelled by staff since)", async () => {
    const id = await createSession({ title: "INSTÄLLT PASS" });
    const { res, bookingId } = await book(id, "installt@example.se");
    await env.DB.prepare("UPDATE bookings SET booking_status = 'cancelled' WHERE id = ?").bind(bookingId).run();
    const text = await pageText(await get("/mina-bokningar", bookedCookieOf(res)));
    expect(text).not.toContain("INSTÄLLT PASS");
    expect(text).not.toContain("Bokning bekräftad!");
    expect((await get(`/mina-bokningar/bekraftelse.ics?bokning=${bookingId}`, bookedCookieOf(res))).status).toBe(404);
  });

  it("lists a second booking from the same browser first, and keeps the first", async () => {
    const first = await createSession({ title: "FÖRSTA PASSET" });
    const second = await createSession({ title: "ANDRA PASSET", passType: "private", maxParticipants: 1 });
    const one = await book(first, "tva@example.se");
    const two = await book(second, "tva@example.se", bookedCookieOf(one.res));
    const text = await pageText(await get("/mina-bokningar", bookedCookieOf(two.res)));
    expect(text).toContain("Typ Privatpass");
    expect(text.indexOf("ANDRA PASSET")).toBeGreaterThan(0);
    expect(text.indexOf("ANDRA PASSET")).toBeLessThan(text.indexOf("FÖRSTA PASSET"));
  });

  it("shows a signed-in customer the confirmation and the way to the list; without one, the customer goes to the list as before", async () => {
    const id = await createSession({ title: "VALPKURS" });
    const { res } = await book(id, "inloggad@example.se");
    const login = await signInAs({ email: "inloggad@example.se", kind: "customer" });
    const page = await get("/mina-bokningar", `${login}; ${bookedCookieOf(res)}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Bokning bekräftad!");
    expect(html).toContain('href="/mina-bokningar/lista"');
    expect(html).not.toContain("Skicka inloggningslänk");
    const plain = await get("/mina-bokningar", login);
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toBe("/mina-bokningar/lista");
  });
});

describe("/mina-bokningar/bekraftelse.ics", () => {
  it("gives the browser that booked the booking's calendar file, as the mail attaches it", async () => {
    const id = await createSession({ title: "VALPKURS", location: "Hundhallen Gävle" });
    const { res, bookingId } = await book(id, "kalender@example.se");
    const file = await get(`/mina-bokningar/bekraftelse.ics?bokning=${bookingId}`, bookedCookieOf(res));
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toContain("text/calendar");
    expect(file.headers.get("Content-Disposition")).toMatch(/^attachment; filename="valpkurs-\d{4}-\d{2}-\d{2}\.ics"$/);
    expect(file.headers.get("Cache-Control")).toBe("private, no-store");
    const lines = unfoldIcs(await file.text());
    expect(lines).toContain(`UID:booking-${bookingId}@localhost`);
    expect(lines).toContain("SUMMARY:VALPKURS – Hundpass");
    expect(lines).toContain("LOCATION:Hundhallen Gävle");
    expect(lines).toContain("SEQUENCE:0");
  });

  it("answers 404 to another browser, to a forged cookie and for a booking the cookie does not name", async () => {
    const id = await createSession({ title: "VALPKURS" });
    const mine = await book(id, "min@example.se");
    const theirs = await book(id, "deras@example.se");
    const forged = `hp_booked=${encodeURIComponent(`${btoa(JSON.stringify([theirs.bookingId]))}.forfalskad`)}`;
    for (const [path, cookie] of [
      [`/mina-bokningar/bekraftelse.ics?bokning=${mine.bookingId}`, undefined],
      [`/mina-bokningar/bekraftelse.ics?bokning=${theirs.bookingId}`, forged],
      [`/mina-bokningar/bekraftelse.ics?bokning=${theirs.bookingId}`, bookedCookieOf(mine.res)],
      ["/mina-bokningar/bekraftelse.ics", bookedCookieOf(mine.res)],
    ] as const) {
      const res = await get(path, cookie);
      expect(res.status, `${path} ${cookie ?? "(no cookie)"}`).toBe(404);
      expect(await res.text()).not.toContain("BEGIN:VCALENDAR");
    }
  });
});
