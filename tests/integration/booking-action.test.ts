// The booking form on /session/{id} through the real worker: what a visitor
// sees for each input, what is stored, and what is mailed.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BOOKING_TEXTS } from "../../app/domain/booking-texts";
import { BOT_CHECK_MESSAGE } from "../../app/server/forms/bot-check.server";
import { getCookies } from "../../app/server/platform/cookies.server";
import { BOOKING_RATE_WINDOW_MS, bookingAttemptSlot, bookingRateLimit } from "../../app/server/booking/booking-rate-limit.server";
import {
  clientIp,
  countHitStatement,
  hitRateLimit,
  RATE_LIMIT_MESSAGE,
  rateLimitVerdict,
} from "../../app/server/platform/rate-limit.server";
import { seatsFor } from "../../app/server/seats/seats.server";
import { bookingForm, config, createSession, postBooking, seatState, sessionField, typeAsking, type TestSession } from "./booking-fixtures";
import { awayFromWindowEnd, testContext } from "./helpers";
import { exports } from "cloudflare:workers";
import { captureLoggedFailures } from "../support/expected-logs";

/** Room for the 200-way race on a busy 2-core machine (the suite's default is 20 s). */
const RACE_TIMEOUT_MS = 60_000;

const get = (path: string) => exports.default.fetch(`http://localhost${path}`, { redirect: "manual" });

async function toastOf(res: Response) {
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("hp_toast="));
  return cookie ? await getCookies(config()).toast.parse(cookie) : null;
}

async function mailTo(address: string) {
  const rows = await env.DB.prepare(
    "SELECT kind, subject, text_body, html_body, attachments_json, idempotency_key, reply_to FROM email_outbox WHERE lower(to_address) = lower(?) ORDER BY created_at",
  )
    .bind(address)
    .all<{
      kind: string;
      subject: string;
      text_body: string;
      html_body: string | null;
      attachments_json: string | null;
      idempotency_key: string;
      reply_to: string | null;
    }>();
  return rows.results;
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

describe("the session page", () => {
  it("shows the session and a form with the agreed field names, a fresh idempotency key and no public caching", async () => {
    const id = await createSession({ title: "VALPKURS", maxParticipants: 6, currentParticipants: 0, priceSek: 249 });
    const res = await get(`/session/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await res.text();
    for (const name of [
      "user_name",
      "user_email",
      "user_email_confirm",
      "user_phone",
      "dog_name",
      "dog_breed",
      "dog_age",
      "special_notes",
      "terms",
      "idempotency_key",
      "form_rendered_at",
      "website",
    ]) {
      expect(html).toContain(`name="${name}"`);
    }
    expect(html).toMatch(/name="idempotency_key" value="[0-9a-f-]{36}"/);
    expect(html).toContain('method="post"');
    expect(html).toContain("VALPKURS");
    expect(html).toContain("249 kr");
    expect(html).toContain("6 platser kvar");
    expect(html).toContain('href="/alla-popups"');
    expect(html).toContain("/flurre?fraga=");
    // Sessions without their own image use the type's or the default one.
    expect(html).toContain("/images/default-session.svg");
    const again = await (await get(`/session/${id}`)).text();
    const key = (h: string) => /name="idempotency_key" value="([^"]+)"/.exec(h)?.[1];
    expect(key(again)).not.toBe(key(html));
  });

  it.each([
    ["an unknown id", "/session/999999"],
    ["a malformed id", "/session/abc"],
    ["a zero id", "/session/0"],
    ["a decimal id", "/session/1.5"],
  ])("sends %s to /alla-popup with the error toast", async (_label, path) => {
    const res = await get(path);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/alla-popup");
    expect(await toastOf(res)).toEqual({
      type: "error",
      title: "Fel",
      description: "Kunde inte hämta session. Försök igen senare.",
    });
  });

  it("sends a session that has ended to /alla-popup too", async () => {
    const id = await createSession({ startsInMs: -3 * 60 * 60_000 });
    const res = await get(`/session/${id}`);
    expect(res.headers.get("Location")).toBe("/alla-popup");
  });

  it("says a session that has started can no longer be booked, without a form", async () => {
    const id = await createSession({ startsInMs: -10 * 60_000 });
    const res = await get(`/session/${id}`);
    expect(res.status).toBe(200);
    const text = await pageText(res);
    expect(text).toContain(BOOKING_TEXTS.started);
    expect(text).not.toContain("Boka pass");
  });

  it.each([
    ["a full group session", { maxParticipants: 4, currentParticipants: 4 }],
    ["a private session with a participant and a seat left", { passType: "private" as const, maxParticipants: 2, currentParticipants: 1 }],
  ])("shows 'Detta pass är fullbokat' and no form for %s", async (_label, s) => {
    const id = await createSession(s);
    const html = await (await get(`/session/${id}`)).text();
    expect(html).toContain("Detta pass är fullbokat");
    expect(html).not.toContain('name="user_name"');
  });

  it("asks PLAN bookers for a meeting type among the four choices, with the double-check warning", async () => {
    const id = await createSession({ title: "PLAN", bookingAsk: "meeting_type", passType: "private", maxParticipants: 1, location: "Online" });
    const html = await (await get(`/session/${id}`)).text();
    expect(html).toContain('name="meeting_type"');
    for (const choice of ["Telefonmöte", "Google Meets", "Facebook Messenger", "Microsoft Teams"]) {
      expect(html).toContain(`<option value="${choice}">${choice}</option>`);
    }
    expect(html).toContain("Dubbelkolla");
    expect(html).not.toContain('name="home_address"');
  });

  it("asks HEMMIS bookers for their home address", async () => {
    const id = await createSession({ title: "HEMMIS", bookingAsk: "home_address", passType: "private", maxParticipants: 1, location: "Hembesök" });
    const html = await (await get(`/session/${id}`)).text();
    const textarea = /<textarea[^>]*name="home_address"[^>]*>/.exec(html)?.[0];
    expect(textarea).toContain("required");
  });

  it("offers PRIVAT & PROFFS as Privat 495 kr or Proffs 595 kr", async () => {
    const id = await createSession({ title: "PRIVAT & PROFFS", bookingAsk: "variant", passType: "private", maxParticipants: 1, priceSek: 0 });
    const text = await pageText(await get(`/session/${id}`));
    expect(text).toContain("Privat – 495 kr");
    expect(text).toContain("Proffs – 595 kr");
  });
});

describe("booking through the form", () => {
  it("books, redirects to /mina-bokningar with the confirmation toast, and queues both mails with the .ics", async () => {
    const id = await createSession({ title: "VALPKURS", maxParticipants: 6 });
    const form = await bookingForm({ user_email: "Karin@Example.se", user_email_confirm: "karin@example.se" });
    const res = await postBooking(id, form);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/mina-bokningar");
    expect(await toastOf(res)).toEqual({
      type: "success",
      title: "Bokning bekräftad!",
      description: "En bekräftelse har skickats till din e-post.",
    });
    expect(await seatState(id)).toMatchObject({ current: 1, active: 1 });
    const booking = await env.DB.prepare("SELECT * FROM bookings WHERE session_id = ?").bind(id).first<Record<string, unknown>>();
    expect(booking).toMatchObject({
      user_name: "Anna Andersson",
      user_email: "Karin@Example.se",
      user_phone: "070-123 45 67",
      dog_name: "Flurre",
      dog_breed: "Tax",
      dog_age: "2 år",
      special_notes: null,
      price_sek: 249,
      booking_status: "confirmed",
      session_title: "VALPKURS",
      idempotency_key: form.get("idempotency_key"),
    });

    const [customer] = await mailTo("karin@example.se");
    expect(customer?.kind).toBe("booking-confirmation");
    expect(customer?.idempotency_key).toBe(`booking-confirmation:${String(booking?.id)}`);
    expect(customer?.text_body).toContain("VALPKURS");
    expect(customer?.text_body).toContain("bindande");
    expect(customer?.text_body).toContain("calendar.google.com");
    const attachments = JSON.parse(customer?.attachments_json ?? "[]") as Array<{ filename: string; content: string; contentType: string }>;
    expect(attachments).toHaveLength(1);
    expect(attachments[0]?.filename).toMatch(/^valpkurs-\d{4}-\d{2}-\d{2}\.ics$/);
    expect(attachments[0]?.contentType).toContain("text/calendar");
    expect(attachments[0]?.contentType).toContain("method=PUBLISH");
    expect(attachments[0]?.content).toContain(`UID:booking-${String(booking?.id)}@localhost`);

    const admin = (await mailTo("admin@hundpass.se")).filter((m) => m.idempotency_key === `booking-admin-notification:${String(booking?.id)}`);
    expect(admin).toHaveLength(1);
    expect(admin[0]?.text_body).toContain("Karin@Example.se");
    expect(admin[0]?.text_body).toContain("070-123 45 67");
    expect(admin[0]?.reply_to).toBe("Karin@Example.se");
  });

  it("answers a repeated submit (same idempotency key) with the same confirmation and books and mails once", async () => {
    const id = await createSession();
    const form = await bookingForm({ user_email: "repeat@example.se", user_email_confirm: "repeat@example.se" });
    const first = await postBooking(id, form);
    const second = await postBooking(id, form);
    expect(first.status).toBe(302);
    expect(second.status).toBe(302);
    expect(second.headers.get("Location")).toBe("/mina-bokningar");
    expect((await toastOf(second))?.title).toBe("Bokning bekräftad!");
    expect(await seatState(id)).toMatchObject({ current: 1, rows: 1 });
    expect(await mailTo("repeat@example.se")).toHaveLength(1);
  });

  it("gives exactly 10 of 200 simultaneous form posts on a 10-seat session; the others read 'Fullbokat'", async () => {
    const id = await createSession({ maxParticipants: 10 });
    const forms = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        bookingForm({ user_email: `rush${i}@example.se`, user_email_confirm: `rush${i}@example.se` }),
      ),
    );
    const responses = await Promise.all(forms.map((form) => postBooking(id, form)));
    const booked = responses.filter((r) => r.status === 302 && r.headers.get("Location") === "/mina-bokningar");
    const full = responses.filter((r) => r.status === 303 && r.headers.get("Location") === `/session/${id}`);
    expect(booked).toHaveLength(10);
    expect(full).toHaveLength(190);
    expect(await toastOf(full[0]!)).toEqual({ type: "error", title: "Bokningsfel", description: "Fullbokat" });
    expect(await seatState(id)).toMatchObject({ current: 10, active: 10, rows: 10 });
    // Back on the page, the form is gone and it says why.
    expect(await (await get(`/session/${id}`)).text()).toContain("Detta pass är fullbokat");
    // 2–3 s alone; on two cores beside a CPU-bound file (password hashing, 10 MB bodies) it has taken 27 s.
  }, RACE_TIMEOUT_MS);

  it("gives a private session to exactly one of 30 simultaneous form posts", async () => {
    const id = await createSession({ title: "PLAN", bookingAsk: "meeting_type", passType: "private", maxParticipants: 1, location: "Online" });
    const forms = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        bookingForm({ user_email: `plan${i}@example.se`, user_email_confirm: `plan${i}@example.se`, meeting_type: "Telefonmöte" }),
      ),
    );
    const responses = await Promise.all(forms.map((form) => postBooking(id, form)));
    expect(responses.filter((r) => r.status === 302)).toHaveLength(1);
    expect(await seatState(id)).toMatchObject({ current: 1, rows: 1 });
  }, RACE_TIMEOUT_MS);

  it("refuses the same e-mail twice on a session, in any case, with the spec's message under 'Bokningsfel'", async () => {
    const id = await createSession();
    const ok = await postBooking(id, await bookingForm({ user_email: "dubbel@example.se", user_email_confirm: "dubbel@example.se" }));
    expect(ok.status).toBe(302);
    const again = await postBooking(id, await bookingForm({ user_email: "DUBBEL@Example.SE", user_email_confirm: "dubbel@example.se" }));
    expect(again.status).toBe(409);
    const text = await pageText(again);
    expect(text).toContain("Du har redan en bokning för detta pass med denna e-postadress");
    expect(text).toContain("Bokningsfel");
    expect(await seatState(id)).toMatchObject({ current: 1, rows: 1 });
  });

  it("stores the meeting type for PLAN, the address for HEMMIS and the variant price for PRIVAT & PROFFS", async () => {
    const plan = await createSession({ title: "PLAN", bookingAsk: "meeting_type", passType: "private", maxParticipants: 1, location: "Online" });
    const hemmis = await createSession({ title: "HEMMIS", bookingAsk: "home_address", passType: "private", maxParticipants: 1, location: "Hembesök" });
    const pp = await createSession({ title: "PRIVAT & PROFFS", bookingAsk: "variant", passType: "private", maxParticipants: 1, priceSek: 0 });
    expect((await postBooking(plan, await bookingForm({ meeting_type: "Microsoft Teams" }))).status).toBe(302);
    expect((await postBooking(hemmis, await bookingForm({ home_address: "Storgatan 1, 803 20 Gävle" }))).status).toBe(302);
    expect((await postBooking(pp, await bookingForm({ variant: "proffs" }))).status).toBe(302);
    const row = (id: number) =>
      env.DB.prepare("SELECT meeting_type, home_address, variant, price_sek FROM bookings WHERE session_id = ?").bind(id).first();
    expect(await row(plan)).toMatchObject({ meeting_type: "Microsoft Teams" });
    expect(await row(hemmis)).toMatchObject({ home_address: "Storgatan 1, 803 20 Gävle" });
    expect(await row(pp)).toMatchObject({ variant: "proffs", price_sek: 595 });
  });

  it("checks the form again under the new rules when the session's title changed since it was read", async () => {
    const id = await createSession({ title: "VALPKURS", maxParticipants: 5 });
    expect((await postBooking(id, await bookingForm({ user_email: "forst@example.se", user_email_confirm: "forst@example.se" }))).status).toBe(302);
    // Renamed to a type that asks for a meeting type: the session (made without a type) now asks what that type asks.
    await typeAsking("PLAN", "meeting_type");
    await env.DB.prepare("UPDATE sessions SET title = 'PLAN' WHERE id = ?").bind(id).run();

    const res = await postBooking(id, await bookingForm({ user_email: "sedan@example.se", user_email_confirm: "sedan@example.se" }));
    expect(res.status).toBe(400);
    expect(await pageText(res)).toContain("Välj mötestyp");
    expect(await seatState(id)).toMatchObject({ current: 1, rows: 1 });

    const withMeetingType = await postBooking(
      id,
      await bookingForm({ user_email: "sedan@example.se", user_email_confirm: "sedan@example.se", meeting_type: "Telefonmöte" }),
    );
    expect(withMeetingType.status).toBe(302);
    expect(await seatState(id)).toMatchObject({ current: 2, rows: 2 });
  });

  it("asks what the session's own type asks, whatever its title, and follows the type when staff change it", async () => {
    const typeId = await typeAsking("HEMBESÖK I SKOGEN", "home_address");
    const id = await createSession({ title: "Skogspass hemma", passType: "private", maxParticipants: 1, location: "Hembesök" });
    await env.DB.prepare("UPDATE sessions SET popup_type_id = ? WHERE id = ?").bind(typeId, id).run();
    const page = await (await get(`/session/${id}`)).text();
    expect(page).toContain('name="home_address"');
    expect(page).not.toContain('name="meeting_type"');

    // The form was shown asking for an address; the type now asks for a meeting type instead.
    const shown = await sessionField(id);
    await env.DB.prepare("UPDATE popup_types SET booking_ask = 'meeting_type' WHERE id = ?").bind(typeId).run();
    const stale = await postBooking(id, await bookingForm({ home_address: "Storgatan 1, 803 20 Gävle", session: shown }));
    expect(stale.status).toBe(409);
    expect(await pageText(stale)).toContain("Passet har ändrats sedan du öppnade sidan. Kontrollera uppgifterna och skicka igen.");
    expect(await seatState(id)).toMatchObject({ current: 0, rows: 0 });

    const fresh = await postBooking(id, await bookingForm({ meeting_type: "Google Meets" }));
    expect(fresh.status).toBe(302);
    const row = await env.DB.prepare("SELECT meeting_type, home_address FROM bookings WHERE session_id = ?").bind(id).first();
    expect(row).toEqual({ meeting_type: "Google Meets", home_address: null });
  });

  it("says once that the session changed since the page was shown, keeps the form, and books the resubmission", async () => {
    const id = await createSession({ title: "VALPKURS", maxParticipants: 5 });
    const shown = await sessionField(id);
    await env.DB.prepare("UPDATE sessions SET location = 'Bronsängen Sandviken' WHERE id = ?").bind(id).run();

    const form = await bookingForm({ user_email: "flytt@example.se", user_email_confirm: "flytt@example.se", session: shown });
    const res = await postBooking(id, form);
    expect(res.status).toBe(409);
    const text = await pageText(res);
    expect(text).toContain("Passet har ändrats sedan du öppnade sidan. Kontrollera uppgifterna och skicka igen.");
    expect(text).toContain("Bronsängen Sandviken");
    expect(await seatState(id)).toMatchObject({ current: 0, rows: 0 });
    expect(await mailTo("flytt@example.se")).toHaveLength(0);

    // The page it answers with carries the session as it is now: sending it again books.
    const again = await postBooking(id, await bookingForm({ user_email: "flytt@example.se", user_email_confirm: "flytt@example.se" }));
    expect(again.status).toBe(302);
    expect(await seatState(id)).toMatchObject({ current: 1, rows: 1 });
  });

  it("refuses a post without the session it was shown and stores nothing", async () => {
    const id = await createSession();
    const res = await postBooking(id, await bookingForm({ session: "{\"title\":\"VALPKURS\"}" }));
    expect(res.status).toBe(400);
    expect(await pageText(res)).toContain("Formuläret har gått ut, ladda om sidan och försök igen");
    expect(await seatState(id)).toMatchObject({ rows: 0 });
  });

  it("refuses a session that has already started and stores nothing", async () => {
    const id = await createSession({ startsInMs: -5 * 60_000 });
    const res = await postBooking(id, await bookingForm({ user_email: "sen@example.se", user_email_confirm: "sen@example.se" }));
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/session/${id}`);
    expect(await toastOf(res)).toMatchObject({ title: "Bokningsfel", description: BOOKING_TEXTS.started });
    expect(await seatState(id)).toMatchObject({ current: 0, rows: 0 });
    expect(await mailTo("sen@example.se")).toHaveLength(0);
  });

  it("refuses a session staff cancelled, stores nothing, and its page and the lists say so", async () => {
    const id = await createSession({ title: "INSTÄLLT TESTPASS" });
    const form = await bookingForm({ user_email: "installt@example.se", user_email_confirm: "installt@example.se" });
    await seatsFor(testContext(), id).cancelSession([]);
    const res = await postBooking(id, form);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/session/${id}`);
    expect(await toastOf(res)).toMatchObject({ title: "Bokningsfel", description: BOOKING_TEXTS.cancelledPage });
    expect(await seatState(id)).toMatchObject({ current: 0, rows: 0 });
    expect(await mailTo("installt@example.se")).toHaveLength(0);
    const page = await (await get(`/session/${id}`)).text();
    expect(page).toContain(BOOKING_TEXTS.cancelledPage);
    expect(page).not.toContain('name="user_name"');
    for (const list of ["/alla-popups", "/boka?steg=2&typ=alla&vy=lista"]) {
      expect(await (await get(list)).text(), list).not.toContain("INSTÄLLT TESTPASS");
    }
  });

  it("refuses a session that has ended, stores nothing and sends the visitor on to the list", async () => {
    const id = await createSession({ startsInMs: -5 * 60 * 60_000 });
    const res = await postBooking(id, await bookingForm({ user_email: "slut@example.se", user_email_confirm: "slut@example.se" }));
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/session/${id}`);
    // The page of an ended session leads to the list.
    expect((await get(`/session/${id}`)).headers.get("Location")).toBe("/alla-popup");
    expect(await seatState(id)).toMatchObject({ current: 0, rows: 0 });
    expect(await mailTo("slut@example.se")).toHaveLength(0);
  });

  it("stores home address, meeting type and variant only for the sessions that ask for them", async () => {
    const id = await createSession({ title: "VALPKURS" });
    const res = await postBooking(id, await bookingForm({ home_address: "Storgatan 1", meeting_type: "Google Meets", variant: "proffs" }));
    expect(res.status).toBe(302);
    const row = await env.DB.prepare("SELECT home_address, meeting_type, variant, price_sek FROM bookings WHERE session_id = ?")
      .bind(id)
      .first();
    expect(row).toEqual({ home_address: null, meeting_type: null, variant: null, price_sek: 249 });
  });

  it("answers any other failure with 'Kunde inte genomföra bokningen. Försök igen.' in the form, keeping the values", async () => {
    const logged = captureLoggedFailures();
    const id = await createSession();
    await env.DB.prepare(
      `CREATE TRIGGER refuse_booking BEFORE INSERT ON bookings
       WHEN NEW.session_id = ${id} BEGIN SELECT RAISE(ABORT, 'disk full'); END`,
    ).run();
    let res: Response;
    try {
      res = await postBooking(id, await bookingForm({ user_email: "otur@example.se", user_email_confirm: "otur@example.se" }));
    } finally {
      await env.DB.prepare("DROP TRIGGER refuse_booking").run();
    }
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain("Kunde inte genomföra bokningen. Försök igen.");
    expect(html).toMatch(/data-testid="toast"[^>]*>\s*<strong>Bokningsfel<\/strong>/);
    expect(html).toContain('value="otur@example.se"');
    expect(await seatState(id)).toMatchObject({ current: 0, rows: 0 });
    expect(await mailTo("otur@example.se")).toHaveLength(0);
    expect(logged()).toEqual([expect.stringMatching(/^booking for session \d+ failed Error: D1_ERROR: disk full/)]);
  });

  it("sends a post for an unknown session to /alla-popup with the error toast", async () => {
    const res = await postBooking(999999, await bookingForm());
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/alla-popup");
  });

  it("refuses the booking when its confirmation cannot be queued: the form comes back with its values, nothing is stored", async () => {
    const logged = captureLoggedFailures();
    const id = await createSession();
    await env.DB.prepare(
      `CREATE TRIGGER refuse_mail BEFORE INSERT ON email_outbox
       WHEN NEW.to_address = 'strul@example.se' BEGIN SELECT RAISE(ABORT, 'mail down'); END`,
    ).run();
    let res: Response;
    try {
      res = await postBooking(id, await bookingForm({ user_email: "strul@example.se", user_email_confirm: "strul@example.se" }));
    } finally {
      await env.DB.prepare("DROP TRIGGER refuse_mail").run();
    }
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain("Kunde inte genomföra bokningen. Försök igen.");
    expect(html).toContain('value="strul@example.se"');
    expect(await seatState(id)).toMatchObject({ current: 0, rows: 0 });
    expect(await mailTo("strul@example.se")).toHaveLength(0);
    expect(logged()).toEqual([expect.stringMatching(/^booking for session \d+ failed Error: D1_ERROR: mail down/)]);
  });
});

describe("every validation rule refuses with its message and stores nothing", () => {
  const long = (n: number) => "x".repeat(n);
  const cases: Array<[string, Record<string, string | null>, string, TestSession?]> = [
    ["a missing name", { user_name: "" }, "Ange ditt namn"],
    ["a blank name", { user_name: "   " }, "Ange ditt namn"],
    ["a name of invisible characters only", { user_name: "\u200b\u200b" }, "Ange ditt namn"],
    ["a dog name of a zero-width joiner only", { dog_name: "\u200d" }, "Ange hundens namn"],
    ["a name that turns the text around", { user_name: "Anna\u202eevil" }, "Fältet får inte innehålla radbrytningar eller andra kontrolltecken"],
    ["a missing e-mail", { user_email: "" }, "Ange din e-postadress"],
    ["an e-mail without a top-level domain", { user_email: "anna@example", user_email_confirm: "anna@example" }, "Ange en giltig e-postadress"],
    ["an e-mail with a space", { user_email: "an na@example.se", user_email_confirm: "an na@example.se" }, "Ange en giltig e-postadress"],
    ["an e-mail over 254 characters", { user_email: `${long(250)}@example.se`, user_email_confirm: `${long(250)}@example.se` }, "Ange en giltig e-postadress"],
    ["a missing confirmation e-mail", { user_email_confirm: "" }, "Bekräfta din e-postadress"],
    ["two different e-mails", { user_email_confirm: "annan@example.se" }, "E-postadresserna matchar inte"],
    ["a missing phone", { user_phone: "" }, "Ange ditt telefonnummer"],
    ["a phone with too few digits", { user_phone: "070-12" }, "Ange ett giltigt telefonnummer"],
    ["a phone with letters", { user_phone: "070-ABC 45 67" }, "Ange ett giltigt telefonnummer"],
    ["a phone with too many digits", { user_phone: "+46 70 123 45 67 89 01 23 45 67" }, "Ange ett giltigt telefonnummer"],
    ["a missing dog name", { dog_name: "" }, "Ange hundens namn"],
    ["a dog age over 50 characters", { dog_age: long(51) }, "Högst 50 tecken"],
    ["a breed over 100 characters", { dog_breed: long(101) }, "Högst 100 tecken"],
    ["notes over 500 characters", { special_notes: long(501) }, "Högst 500 tecken"],
    ["a home address over 500 characters", { home_address: long(501) }, "Högst 500 tecken", { title: "HEMMIS", bookingAsk: "home_address", passType: "private", location: "Hembesök" }],
    ["a name with a line break", { user_name: "Anna\r\nBcc: spam@example.se" }, "Fältet får inte innehålla radbrytningar eller andra kontrolltecken"],
    ["a dog name with a control character", { dog_name: "Fido\u0000" }, "Fältet får inte innehålla radbrytningar eller andra kontrolltecken"],
    ["a breed with a line break", { dog_breed: "Tax\nPudel" }, "Fältet får inte innehålla radbrytningar eller andra kontrolltecken"],
    ["a dog age with a line break", { dog_age: "2\r\når" }, "Fältet får inte innehålla radbrytningar eller andra kontrolltecken"],
    ["a phone with a line break", { user_phone: "070\r\n1234567" }, "Fältet får inte innehålla radbrytningar eller andra kontrolltecken"],
    ["terms not accepted", { terms: null }, "Villkor måste accepteras"],
    ["terms with another value", { terms: "ja" }, "Villkor måste accepteras"],
    ["a missing idempotency key", { idempotency_key: null }, "Formuläret har gått ut, ladda om sidan och försök igen"],
    ["no meeting type for PLAN", { meeting_type: null }, "Välj mötestyp", { title: "PLAN", bookingAsk: "meeting_type", passType: "private", location: "Online" }],
    ["an unknown meeting type for PLAN", { meeting_type: "Brevduva" }, "Välj mötestyp", { title: "PLAN", bookingAsk: "meeting_type", passType: "private", location: "Online" }],
    ["no home address for HEMMIS", { home_address: "" }, "Ange hemadress", { title: "HEMMIS", bookingAsk: "home_address", passType: "private", location: "Hembesök" }],
    ["no variant for PRIVAT & PROFFS", { variant: null }, "Välj variant", { title: "PRIVAT & PROFFS", bookingAsk: "variant", passType: "private", priceSek: 0 }],
    ["an unknown variant for PRIVAT & PROFFS", { variant: "gratis" }, "Välj variant", { title: "PRIVAT & PROFFS", bookingAsk: "variant", passType: "private", priceSek: 0 }],
  ];

  it.each(cases)("%s", async (_label, overrides, message, session) => {
    const id = await createSession({ maxParticipants: 1, ...session });
    const email = `${crypto.randomUUID()}@example.se`;
    const form = await bookingForm({ user_email: email, user_email_confirm: email, ...overrides });
    const res = await postBooking(id, form);
    expect(res.status).toBe(400);
    const text = await pageText(res);
    expect(text).toContain(message);
    // The form comes back with what was typed.
    if (overrides.user_name === undefined) expect(text).not.toContain("Ange ditt namn");
    expect(await seatState(id)).toMatchObject({ current: 0, rows: 0 });
    expect(await mailTo(email)).toHaveLength(0);
  });

  it("keeps the visitor's values in the returned form", async () => {
    const id = await createSession();
    const res = await postBooking(id, await bookingForm({ user_phone: "12", dog_name: "Sigge Specialsson" }));
    const html = await res.text();
    expect(html).toContain('value="Sigge Specialsson"');
    expect(html).toContain('value="Anna Andersson"');
  });

  it("shows the e-mail mismatch as a toast too", async () => {
    const id = await createSession();
    const res = await postBooking(id, await bookingForm({ user_email_confirm: "annan@example.se" }));
    expect(await res.text()).toMatch(/data-testid="toast"[^>]*>\s*<strong>E-postadresserna matchar inte<\/strong>/);
  });
});

describe("bots and floods", () => {
  it("refuses a form sent faster than a person can fill it", async () => {
    const id = await createSession();
    const { formRenderedAt } = await import("../../app/server/forms/bot-check.server");
    const res = await postBooking(id, await bookingForm({ form_rendered_at: await formRenderedAt(config(), Date.now()) }));
    expect(res.status).toBe(400);
    expect(await pageText(res)).toContain(BOT_CHECK_MESSAGE);
    expect(await seatState(id)).toMatchObject({ rows: 0 });
  });

  it("refuses a form whose hidden honeypot field was filled in", async () => {
    const id = await createSession();
    const res = await postBooking(id, await bookingForm({ website: "http://spam.example" }));
    expect(res.status).toBe(400);
    expect(await seatState(id)).toMatchObject({ rows: 0 });
  });

  it("counts booking attempts in the same rate_limits row that hitRateLimit keeps for the rule", async () => {
    const request = new Request("http://localhost/session/1", { headers: { "CF-Connecting-IP": "198.51.100.9" } });
    const now = Date.now();
    await hitRateLimit(testContext(), bookingRateLimit(env), clientIp(request), now);
    const slot = await bookingAttemptSlot(env, request, now);
    const row = await testContext().db.get<{ hits: number }>(countHitStatement(slot));
    expect(row?.hits).toBe(2);
    expect(rateLimitVerdict(slot, 2, now)).toMatchObject({ allowed: true, remaining: 18 });
    expect(rateLimitVerdict(slot, 21, now).allowed).toBe(false);
  });

  it("allows 20 bookings per address in 10 minutes and refuses the 21st with the rate-limit message", async () => {
    await awayFromWindowEnd(BOOKING_RATE_WINDOW_MS);
    const id = await createSession({ maxParticipants: 30 });
    const ip = "192.0.2.77";
    for (let i = 0; i < 20; i++) {
      const res = await postBooking(id, await bookingForm({ user_email: `flood${i}@example.se`, user_email_confirm: `flood${i}@example.se` }), ip);
      expect(res.status).toBe(302);
    }
    const res = await postBooking(id, await bookingForm({ user_email: "flood20@example.se", user_email_confirm: "flood20@example.se" }), ip);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await pageText(res)).toContain(RATE_LIMIT_MESSAGE);
    expect(await seatState(id)).toMatchObject({ current: 20, rows: 20 });
    // Another address is not affected.
    const other = await postBooking(id, await bookingForm({ user_email: "annan@example.se", user_email_confirm: "annan@example.se" }), "192.0.2.78");
    expect(other.status).toBe(302);
  }, 60_000);

  it("counts an IPv6 client by its /64: a fresh address from the same network is the same client", async () => {
    await awayFromWindowEnd(BOOKING_RATE_WINDOW_MS);
    const id = await createSession({ maxParticipants: 30 });
    const form = (i: number) => bookingForm({ user_email: `v6-${i}@example.se`, user_email_confirm: `v6-${i}@example.se` });
    for (let i = 0; i < 20; i++) {
      expect((await postBooking(id, await form(i), `2001:db8:aa:1::${(i + 1).toString(16)}`)).status).toBe(302);
    }
    const refused = await postBooking(id, await form(20), "2001:db8:aa:1:ffff:1234:5678:9abc");
    expect(refused.status).toBe(429);
    expect(await seatState(id)).toMatchObject({ current: 20, rows: 20 });
    // The next /64 is another client.
    expect((await postBooking(id, await form(21), "2001:db8:aa:2::1")).status).toBe(302);
  }, 60_000);
});
