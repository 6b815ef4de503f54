// My data and retention through the real Worker and the real cron entry:
// the JSON export holds everything about the signed-in address and nothing
// about anyone else; erasure anonymizes bookings, deletes the subscription
// (a suppression hash stays), messages, queue places, links and mail, ends
// the sessions and mails a confirmation; while a booking is upcoming the page
// says why it cannot erase before it asks anything, and a post is refused;
// the daily retention job at chosen dates.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { suppressionInput } from "../../app/domain/privacy";
import { formatSessionDate } from "../../app/domain/time";
import { sha256Hex } from "../../app/server/platform/crypto.server";
import { CRONS } from "../../workers/cron";
import { toastOf } from "./admin-fixtures";
import { fetchAndSettle } from "./auth-helpers";
import { signInAs } from "./helpers";
import { runCron } from "./newsletter-fixtures";
import { captureLoggedFailures } from "../support/expected-logs";

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

async function session(title: string, startMs: number): Promise<number> {
  const row = await env.DB.prepare(
    `INSERT INTO sessions (title, location, start_time, end_time, pass_type, price_sek, max_participants)
     VALUES (?, 'Hundhallen Gävle', ?, ?, 'group', 249, 8) RETURNING id`,
  )
    .bind(title, iso(startMs), iso(startMs + 3_600_000))
    .first<{ id: number }>();
  return row!.id;
}

/** A booking row as the seats object writes it (past sessions cannot be booked any more). */
async function booking(id: string, sessionId: number, email: string, startMs: number, status = "confirmed") {
  await env.DB.prepare(
    `INSERT INTO bookings (id, session_id, user_name, user_email, user_phone, dog_name, dog_breed, dog_age, special_notes,
       home_address, price_sek, booking_status, idempotency_key, session_title, session_location, session_start_time, session_end_time)
     VALUES (?1, ?2, 'Åsa Öberg', ?3, '0701234567', 'Måns', 'Schäfer', '2 år', 'Inkallning', 'Storgatan 1', 249, ?4, ?1,
       'VALPKURS', 'Hundhallen Gävle', ?5, ?6)`,
  )
    .bind(id, sessionId, email, status, iso(startMs), iso(startMs + 3_600_000))
    .run();
}

async function seedPerson(email: string, tag: string) {
  const past = Date.now() - 40 * DAY;
  const pastSession = await session(`Förra ${tag}`, past);
  await booking(`${tag}-past`, pastSession, email, past);
  await booking(`${tag}-cancelled`, await session(`Inställt ${tag}`, Date.now() + 10 * DAY), email, Date.now() + 10 * DAY, "cancelled");
  const subscriber = await env.DB.prepare(
    `INSERT INTO newsletter_subscribers (email, status, source, consent_at, consent_method, consent_page, consent_wording)
     VALUES (?, 'subscribed', 'website', ?, 'turnstile', '/om', 'nyhetsbrev-v1') RETURNING id`,
  )
    .bind(email, iso(Date.now() - 100 * DAY))
    .first<{ id: number }>();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO newsletter_subscriber_segments (subscriber_id, segment_name) VALUES (?, 'live-utskick')").bind(subscriber!.id),
    env.DB.prepare("INSERT INTO contact_messages (name, email, message) VALUES ('Åsa', ?, 'Hej från Åsa')").bind(email),
    env.DB.prepare(
      "INSERT INTO problem_reports (user_name, user_email, user_phone, message, needs_help) VALUES ('Åsa', ?, '070', 'Knappen syns inte', 'yes')",
    ).bind(email),
    env.DB.prepare(
      `INSERT INTO waitlist_entries (id, session_id, name, email, dog_name, status, leave_token_hash)
       VALUES (?, ?, 'Åsa', ?, 'Måns', 'booked', ?)`,
    ).bind(`${tag}-queue`, pastSession, email, `${tag}-leave`),
    env.DB.prepare(
      `INSERT INTO email_outbox (id, idempotency_key, kind, to_address, from_address, subject, text_body, status, next_attempt_at)
       VALUES (?1, ?1, 'booking-confirmation', ?2, 'info@hundpass.se', 'Bokad: VALPKURS', 'Hej Åsa', 'sent', ?3)`,
    ).bind(`${tag}-mail`, email, iso(Date.now())),
  ]);
  return { pastSession };
}

beforeEach(() => {
  vi.spyOn(console, "log").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("my data: the export", () => {
  it("downloads everything held about the signed-in address, and nothing about anyone else", async () => {
    const email = "asa.export@example.se";
    await seedPerson(email, "exp");
    await seedPerson("annan.export@example.se", "exp-annan");
    const cookie = await signInAs({ email, kind: "customer" });

    const res = await fetchAndSettle("/mina-bokningar/mina-uppgifter.json", { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="hundpass-mina-uppgifter-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await res.text();
    expect(text).not.toContain("annan.export@example.se");
    const data = JSON.parse(text);
    expect(data.epost).toBe(email);
    // The file is written for the customer: statuses and codes in Swedish words
    // (they were the database's English codes) and times in Swedish time
    // (they were UTC); app/domain/my-data-export.ts.
    expect(data.skapad).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(text).not.toMatch(/\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z"/);
    expect(data.bokningar.map((b: { bokningsnummer: string; status: string }) => [b.bokningsnummer, b.status])).toEqual([
      ["exp-past", "Bekräftad"],
      ["exp-cancelled", "Avbokad"],
    ]);
    expect(data.bokningar[0]).toMatchObject({ namn: "Åsa Öberg", telefon: "0701234567", hund: "Måns", ras: "Schäfer", vad_vill_du_trana: "Inkallning", hemadress: "Storgatan 1", pris_kr: 249 });
    expect(data.nyhetsbrev).toMatchObject({
      status: "Aktiv",
      kalla: "Webbplatsen",
      samtycke_hur: "Anmälan på webbplatsen (robotkontrollen godkänd)",
      samtycke_sida: "/om",
      samtycke_version: "nyhetsbrev-v1",
      segment: ["live-utskick"],
    });
    expect(data.nyhetsbrev.samtycke_text).toMatch(/^Genom att prenumerera godkänner du/);
    expect(data.meddelanden).toEqual([expect.objectContaining({ meddelande: "Hej från Åsa" })]);
    expect(data.problemrapporter).toEqual([expect.objectContaining({ meddelande: "Knappen syns inte", vill_ha_hjalp: "ja" })]);
    expect(data.koplatser).toEqual([expect.objectContaining({ hund: "Måns", status: "Bokade" })]);
    expect(data.mejl_vi_har_skickat).toEqual([expect.objectContaining({ amne: "Bokad: VALPKURS", status: "Skickat" })]);
  });

  it("needs the customer's sign-in: without it, to the page that says the sign-in ran out, not logged as a fault", async () => {
    const logged = captureLoggedFailures();
    const res = await fetchAndSettle("/mina-bokningar/mina-uppgifter.json", { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get("Location")!, "http://x").pathname).toBe("/mina-bokningar/lista");
    const page = await fetchAndSettle("/mina-bokningar/lista");
    expect(page.status).toBe(401);
    expect(await page.text()).toContain("Sessionen gick ut");
    expect(logged()).toEqual([]);
  });
});

describe("my data: erasure", () => {
  const post = (cookie: string, fields: Record<string, string>) =>
    fetchAndSettle("/mina-bokningar/radera", {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    });

  it("asks for the box to be ticked before it erases anything", async () => {
    const email = "asa.kryssa@example.se";
    await seedPerson(email, "tick");
    const cookie = await signInAs({ email, kind: "customer" });

    const page = await (await fetchAndSettle("/mina-bokningar/radera", { headers: { Cookie: cookie } })).text();
    expect(page).toContain("Jag förstår att raderingen inte går att ångra");
    expect(page).not.toContain("Vi kan inte radera dina uppgifter än");
    const unticked = await post(cookie, {});
    expect(unticked.status).toBe(400);
    expect(await unticked.text()).toContain("Kryssa i rutan för att bekräfta");
    expect(await env.DB.prepare("SELECT count(*) AS n FROM newsletter_subscribers WHERE email = ?").bind(email).first("n")).toBe(1);
  });

  it("says up front, while a booking is upcoming, why it cannot erase and from when it can, and asks nothing", async () => {
    const email = "asa.kommande@example.se";
    await seedPerson(email, "upc");
    const start = Date.now() + 7 * DAY;
    await booking("upc-next", await session("Nästa vecka", start), email, start);
    const cookie = await signInAs({ email, kind: "customer" });

    // The page tells first: the booking, the binding rule, the day it can go ahead; no box, no button.
    const page = await (await fetchAndSettle("/mina-bokningar/radera", { headers: { Cookie: cookie } })).text();
    expect(page).toContain("Vi kan inte radera dina uppgifter än");
    expect(page).toContain("Du har en kommande bokning:");
    expect(page).toContain(`VALPKURS, ${formatSessionDate(iso(start))}`);
    expect(page).toContain("En bokning är bindande och kan inte avbokas");
    expect(page).toContain(`Efter ditt sista pass, ${formatSessionDate(iso(start))}, kan du radera dina uppgifter här.`);
    expect(page).not.toContain("avboka.");
    expect(page).not.toContain('name="bekrafta"');
    expect(page).not.toMatch(/<button[^>]*type="submit"[^>]*>Radera mina uppgifter/);

    // A post all the same (a booking made since the form was shown) is refused with the same reason, changing nothing.
    const upcoming = await post(cookie, { bekrafta: "on" });
    expect(upcoming.status).toBe(409);
    expect(await upcoming.text()).toContain("Vi kan inte radera dina uppgifter än");
    const names = await env.DB.prepare("SELECT user_name AS name FROM bookings WHERE lower(user_email) = ?").bind(email).all();
    expect(names.results).toHaveLength(3);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM newsletter_subscribers WHERE email = ?").bind(email).first("n")).toBe(1);
  });

  it("anonymizes the bookings, deletes the rest, keeps a suppression hash, signs out and mails a confirmation", async () => {
    const email = "Asa.Radera@example.se";
    await seedPerson(email, "era");
    await seedPerson("annan.radera@example.se", "era-annan");
    const cookie = await signInAs({ email, kind: "customer" });

    const res = await post(cookie, { bekrafta: "on" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(await toastOf(res)).toMatchObject({ type: "success", title: "Dina uppgifter är raderade" });
    expect(res.headers.getSetCookie().join(";")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);

    const rows = await env.DB.prepare(
      `SELECT id, user_name AS name, user_email AS email, user_phone AS phone, dog_name AS dog, dog_breed AS breed, dog_age AS age,
         special_notes AS notes, home_address AS address, price_sek AS price, session_title AS title, booking_status AS status,
         anonymized_at AS anonymizedAt FROM bookings WHERE id IN ('era-past', 'era-cancelled') ORDER BY id`,
    ).all();
    expect(rows.results).toEqual([
      expect.objectContaining({ id: "era-cancelled", name: "Raderad", email: "raderad-era-cancelled@anonym.invalid", phone: "", dog: "Raderad", status: "cancelled" }),
      expect.objectContaining({ id: "era-past", name: "Raderad", email: "raderad-era-past@anonym.invalid", phone: "", dog: "Raderad", breed: null, age: null, notes: null, address: null, price: 249, title: "VALPKURS", status: "confirmed" }),
    ]);
    expect(rows.results.every((r) => typeof r.anonymizedAt === "string")).toBe(true);

    const count = (sql: string) => env.DB.prepare(sql).bind(email).first<number>("n");
    expect(await count("SELECT count(*) AS n FROM newsletter_subscribers WHERE lower(email) = lower(?)")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM contact_messages WHERE lower(email) = lower(?)")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM problem_reports WHERE lower(user_email) = lower(?)")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM waitlist_entries WHERE lower(email) = lower(?)")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM auth_sessions WHERE lower(email) = lower(?)")).toBe(0);
    const hash = await sha256Hex(suppressionInput(email));
    expect(await env.DB.prepare("SELECT reason FROM newsletter_suppressions WHERE email_hash = ?").bind(hash).first("reason")).toBe("erased");

    // The only mail left to the address is the confirmation.
    const mail = await env.DB.prepare("SELECT kind, subject, text_body AS text FROM email_outbox WHERE lower(to_address) = lower(?)").bind(email).all<{
      kind: string;
      subject: string;
      text: string;
    }>();
    expect(mail.results).toHaveLength(1);
    expect(mail.results[0]).toMatchObject({ kind: "privacy-erasure", subject: "Dina uppgifter hos Hundpass är raderade" });
    expect(mail.results[0]!.text).toContain("Dina 2 bokningar är anonymiserade");
    expect(mail.results[0]!.text).toContain("Din prenumeration på nyhetsbrevet är borttagen.");
    expect(mail.results[0]!.text).toContain("Dina meddelanden till oss (2 st) är raderade.");

    // The audit row says what was done, never to whom.
    const audit = await env.DB.prepare("SELECT actor_email AS actor, details_json AS details FROM audit_log WHERE action = 'privacy.erase'").all<{ actor: string; details: string }>();
    expect(audit.results.at(-1)).toMatchObject({ actor: "kunden själv" });
    expect(audit.results.at(-1)!.details).not.toContain("@");

    // Nobody else's data was touched.
    expect(await env.DB.prepare("SELECT user_name AS n FROM bookings WHERE id = 'era-annan-past'").first("n")).toBe("Åsa Öberg");
    expect(await env.DB.prepare("SELECT count(*) AS n FROM contact_messages WHERE email = 'annan.radera@example.se'").first("n")).toBe(1);

    // Signed out: the bookings page asks for a new link.
    expect((await fetchAndSettle("/mina-bokningar/lista", { headers: { Cookie: cookie } })).status).toBe(401);

    // The admin cannot add the address back; its owner can subscribe anew by the mailed link.
    const admin = await signInAs({ email: "admin.radera@hundpass.se", admin: true });
    const add = await fetchAndSettle(`/admin/utskick?flik=segment&epost=${encodeURIComponent(email)}`, {
      method: "POST",
      body: new URLSearchParams([["intent", "add-subscriber"], ["email", email], ["name", ""], ["segments", "live-utskick"]]),
      headers: { Cookie: admin, "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(add.status).toBe(409);
    expect(await add.text()).toContain("Adressen har avprenumererat eller bett om att bli raderad");
    expect(await count("SELECT count(*) AS n FROM newsletter_subscribers WHERE lower(email) = lower(?)")).toBe(0);
  });
});

describe("retention (the daily cron at chosen dates)", () => {
  it("anonymizes, deletes and hashes exactly what is past its period, and a second run changes nothing", async () => {
    const now = Date.parse("2031-06-15T07:00:00.000Z");
    const monthsAgo = (months: number, days = 0) => {
      const d = new Date(now);
      d.setUTCMonth(d.getUTCMonth() - months);
      return d.getTime() - days * DAY;
    };
    const oldSession = await session("Gammalt pass", monthsAgo(24, 2));
    const recentSession = await session("Nyare pass", monthsAgo(23));
    await booking("ret-old", oldSession, "gammal@example.se", monthsAgo(24, 2));
    await booking("ret-recent", recentSession, "nyare@example.se", monthsAgo(23));
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO newsletter_subscribers (email, status, source, consent_at, unsubscribed_at) VALUES
           ('slutade.for.lange@example.se', 'unsubscribed', 'website', ?1, ?2),
           ('slutade.nyss@example.se', 'unsubscribed', 'website', ?1, ?3),
           ('kvar@example.se', 'subscribed', 'website', ?1, NULL)`,
      ).bind(iso(monthsAgo(30)), iso(now - 31 * DAY), iso(now - 29 * DAY)),
      env.DB.prepare("INSERT INTO contact_messages (name, email, message, created_at) VALUES ('A', 'a@example.se', 'gammalt', ?), ('B', 'b@example.se', 'nytt', ?)").bind(
        iso(monthsAgo(12, 1)),
        iso(monthsAgo(11)),
      ),
      env.DB.prepare(
        "INSERT INTO problem_reports (user_name, user_email, user_phone, message, needs_help, created_at) VALUES ('A', 'a@example.se', '', 'gammal', 'no', ?), ('B', 'b@example.se', '', 'ny', 'no', ?)",
      ).bind(iso(monthsAgo(12, 1)), iso(monthsAgo(11))),
      env.DB.prepare("INSERT INTO flurre_unanswered (question, normalized, asked_at) VALUES ('gammal fråga', 'gammal fraga', ?), ('ny fråga', 'ny fraga', ?)").bind(
        iso(monthsAgo(12, 1)),
        iso(monthsAgo(11)),
      ),
      env.DB.prepare(
        "INSERT INTO audit_log (actor_email, action, target_type, created_at) VALUES ('x', 'ret.old', 'test', ?), ('x', 'ret.new', 'test', ?)",
      ).bind(iso(monthsAgo(24, 1)), iso(monthsAgo(23))),
      env.DB.prepare(
        `INSERT INTO waitlist_entries (id, session_id, name, email, dog_name, status, leave_token_hash, updated_at) VALUES
           ('ret-q-old', ?1, 'A', 'a@example.se', 'Fido', 'left', 'ret-l1', ?2),
           ('ret-q-new', ?1, 'B', 'b@example.se', 'Fido', 'expired', 'ret-l2', ?3)`,
      ).bind(recentSession, iso(now - 31 * DAY), iso(now - 29 * DAY)),
    ]);

    await runCron(new Date(now), env, CRONS.daily);

    const name = (id: string) => env.DB.prepare("SELECT user_name AS n FROM bookings WHERE id = ?").bind(id).first("n");
    expect(await name("ret-old")).toBe("Raderad");
    expect(await name("ret-recent")).toBe("Åsa Öberg");
    const subscribers = await env.DB.prepare(
      "SELECT email FROM newsletter_subscribers WHERE email IN ('slutade.for.lange@example.se', 'slutade.nyss@example.se', 'kvar@example.se') ORDER BY email",
    ).all<{ email: string }>();
    expect(subscribers.results.map((r) => r.email)).toEqual(["kvar@example.se", "slutade.nyss@example.se"]);
    const hash = await sha256Hex(suppressionInput("slutade.for.lange@example.se"));
    expect(await env.DB.prepare("SELECT reason FROM newsletter_suppressions WHERE email_hash = ?").bind(hash).first("reason")).toBe("unsubscribed");
    const left = async (sql: string) => (await env.DB.prepare(sql).all<{ v: string }>()).results.map((r) => r.v);
    expect(await left("SELECT message AS v FROM contact_messages WHERE email IN ('a@example.se', 'b@example.se')")).toEqual(["nytt"]);
    expect(await left("SELECT message AS v FROM problem_reports WHERE user_email IN ('a@example.se', 'b@example.se')")).toEqual(["ny"]);
    expect(await left("SELECT question AS v FROM flurre_unanswered WHERE question IN ('gammal fråga', 'ny fråga')")).toEqual(["ny fråga"]);
    expect(await left("SELECT action AS v FROM audit_log WHERE action LIKE 'ret.%'")).toEqual(["ret.new"]);
    expect(await left("SELECT id AS v FROM waitlist_entries WHERE id LIKE 'ret-q-%'")).toEqual(["ret-q-new"]);

    // Idempotent: the same day again anonymizes and deletes nothing more.
    const logs = vi.spyOn(console, "log").mockImplementation(() => {});
    logs.mockClear();
    await runCron(new Date(now + 60_000), env, CRONS.daily);
    const figures = logs.mock.calls.map((c) => String(c[0])).find((line) => line.includes('"job":"retention"'));
    expect(JSON.parse(figures!)).toMatchObject({
      bookingsAnonymized: 0,
      subscribersDeleted: 0,
      messagesDeleted: 0,
      questionsDeleted: 0,
      auditRowsDeleted: 0,
      queuePlacesDeleted: 0,
    });
  });
});
