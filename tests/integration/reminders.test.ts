// Reminders 24 h before each session, driven through the cron worker's real
// scheduled entry at chosen trigger times: who is reminded and when (also
// across both DST changes), exactly once however the runs overlap, what the
// mail says, and what staff see on the session's admin page.
import {
  createExecutionContext,
  createScheduledController,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { unfoldIcs } from "~/domain/ics";
import { placeMapUrl } from "~/domain/places";
import { SEEDED_PREPARATION } from "../fixtures/seeded-content";
import type { MailAttachment } from "~/domain/mail/message";
import { getConfig } from "~/server/platform/env.server";
import { findDueReminders, queueReminders, REMINDERS_PER_RUN } from "~/server/reminders/reminders.server";
import cron, { CRONS } from "../../workers/cron";
import { fetchAndSettle } from "./auth-helpers";
import { bookingForm, createSession, postBooking } from "./booking-fixtures";
import { signInAs, testContext } from "./helpers";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const at = (iso: string, deltaMs = 0) => new Date(Date.parse(iso) + deltaMs);

async function runCron(scheduledTime: Date) {
  const controller = createScheduledController({ scheduledTime, cron: CRONS.everyFiveMinutes });
  const ctx = createExecutionContext();
  await cron.scheduled(controller, env, ctx);
  await waitOnExecutionContext(ctx);
}

let counter = 0;
let logs: MockInstance<typeof console.log>;

/** A session starting at `start` (UTC ISO), one hour long. */
async function addSession(
  start: string,
  s: { title?: string; location?: string; cancelledAt?: string; revision?: number } = {},
): Promise<number> {
  const row = await env.DB.prepare(
    `INSERT INTO sessions (title, description, location, start_time, end_time, pass_type, price_sek,
       current_participants, max_participants, cancelled_at, revision)
     VALUES (?, 'Testpass', ?, ?, ?, 'group', 249, 0, 200, ?, ?) RETURNING id`,
  )
    .bind(
      s.title ?? "VALPKURS",
      s.location ?? "Hundhallen Gävle",
      new Date(start).toISOString(),
      new Date(Date.parse(start) + HOUR).toISOString(),
      s.cancelledAt ?? null,
      s.revision ?? 0,
    )
    .first<{ id: number }>();
  if (!row) throw new Error("no session id");
  return row.id;
}

/** A booking of `sessionId` made at `createdAt`, its seat counted. */
async function addBooking(
  sessionId: number,
  createdAt: Date,
  b: { status?: "confirmed" | "pending" | "cancelled"; homeAddress?: string; meetingType?: string } = {},
): Promise<string> {
  const id = `bok-${++counter}-${crypto.randomUUID().slice(0, 8)}`;
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO bookings (id, session_id, user_name, user_email, user_phone, dog_name, dog_breed, dog_age,
         home_address, meeting_type, booking_status, idempotency_key, session_title, session_location,
         session_start_time, session_end_time, created_at)
       SELECT ?, id, ?, ?, '0701234567', 'Flurre', 'Tax', '2 år', ?, ?, ?, ?, title, location, start_time, end_time, ?
       FROM sessions WHERE id = ?`,
    ).bind(
      id,
      `Anna ${counter}`,
      `anna${counter}@example.se`,
      b.homeAddress ?? null,
      b.meetingType ?? null,
      b.status ?? "confirmed",
      crypto.randomUUID(),
      createdAt.toISOString(),
      sessionId,
    ),
    env.DB.prepare(
      `UPDATE sessions SET current_participants = current_participants + 1 WHERE id = ? AND ? <> 'cancelled'`,
    ).bind(sessionId, b.status ?? "confirmed"),
  ]);
  return id;
}

interface Reminder {
  key: string;
  toAddress: string;
  subject: string;
  text: string;
  html: string;
  attachments: string;
}

async function reminders(): Promise<Reminder[]> {
  const { results } = await env.DB.prepare(
    `SELECT idempotency_key AS key, to_address AS toAddress, subject, text_body AS text, html_body AS html,
       attachments_json AS attachments
     FROM email_outbox WHERE kind = 'booking-reminder' ORDER BY idempotency_key`,
  ).all<Reminder>();
  return results;
}

async function remindedAt(bookingId: string): Promise<string | null> {
  const row = await env.DB.prepare("SELECT reminded_at AS r FROM bookings WHERE id = ?").bind(bookingId).first<{ r: string | null }>();
  return row?.r ?? null;
}

function icsLines(json: string | null): string[] {
  const files = JSON.parse(json ?? "[]") as MailAttachment[];
  expect(files).toHaveLength(1);
  return unfoldIcs(files[0]!.content);
}

const line = (lines: string[], name: string) => lines.find((l) => l.startsWith(`${name}:`));

beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM email_outbox"),
    env.DB.prepare("DELETE FROM bookings"),
    env.DB.prepare("DELETE FROM sessions"),
    env.DB.prepare("DELETE FROM rate_limits"),
  ]);
  logs = vi.spyOn(console, "log").mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

// A winter session: Monday 7 December 2026, 18:00 in Stockholm (17:00 UTC).
const START = "2026-12-07T17:00:00.000Z";
const bookedEarly = at(START, -5 * DAY);

describe("when a reminder goes out", () => {
  it("reminds nobody before the session's last 24 h", async () => {
    const id = await addSession(START);
    const booking = await addBooking(id, bookedEarly);
    await runCron(at(START, -2 * DAY));
    await runCron(at(START, -DAY - 5 * 60_000));
    expect(await reminders()).toEqual([]);
    expect(await remindedAt(booking)).toBeNull();
  });

  it("sends at exactly 24 h before the start, not a second earlier", async () => {
    const id = await addSession(START);
    const booking = await addBooking(id, bookedEarly);

    await runCron(at(START, -DAY - 1000));
    expect(await reminders()).toEqual([]);

    await runCron(at(START, -DAY));
    const mails = await reminders();
    expect(mails.map((m) => m.key)).toEqual([`reminder:${booking}`]);
    expect(await remindedAt(booking)).toBe(at(START, -DAY).toISOString());
    expect(logs).toHaveBeenCalledWith(expect.stringMatching(/"job":"reminders".*"reminded":1/));
  });

  it("reminds each booking once over many runs", async () => {
    const id = await addSession(START);
    const bookings = [await addBooking(id, bookedEarly), await addBooking(id, bookedEarly)];
    for (let run = 0; run < 4; run++) await runCron(at(START, -DAY + run * 5 * 60_000));
    const mails = await reminders();
    expect(mails.map((m) => m.key).sort()).toEqual(bookings.map((b) => `reminder:${b}`).sort());
  });

  it("two runs at once queue exactly one reminder per booking", async () => {
    const id = await addSession(START);
    const bookings = await Promise.all([1, 2, 3].map(() => addBooking(id, bookedEarly)));
    await Promise.all([runCron(at(START, -DAY)), runCron(at(START, -DAY)), runCron(at(START, -DAY + 5 * 60_000))]);
    const mails = await reminders();
    expect(mails).toHaveLength(3);
    expect(mails.map((m) => m.key).sort()).toEqual(bookings.map((b) => `reminder:${b}`).sort());
    for (const b of bookings) expect(await remindedAt(b)).not.toBeNull();
  });

  it("a late run still reminds while the session has not started, and never after", async () => {
    const soon = await addSession(START);
    const started = await addSession(at(START, -10 * 60_000).toISOString());
    const booking = await addBooking(soon, bookedEarly);
    const tooLate = await addBooking(started, bookedEarly);

    // The cron was down for most of the day: its first run is 10 minutes before the start.
    await runCron(at(START, -10 * 60_000));
    expect((await reminders()).map((m) => m.key)).toEqual([`reminder:${booking}`]);
    expect(await remindedAt(tooLate)).toBeNull();
  });

  it("reminds nobody of a cancelled booking, a pending one or a cancelled session", async () => {
    const open = await addSession(START);
    const cancelledSession = await addSession(START, { cancelledAt: at(START, -3 * DAY).toISOString() });
    await addBooking(open, bookedEarly, { status: "cancelled" });
    await addBooking(open, bookedEarly, { status: "pending" });
    await addBooking(cancelledSession, bookedEarly, { status: "cancelled" });
    await addBooking(cancelledSession, bookedEarly);
    await runCron(at(START, -DAY));
    await runCron(at(START, -HOUR));
    expect(await reminders()).toEqual([]);
  });

  it("a booking made within the last 24 h before the start gets no reminder (its confirmation said it all)", async () => {
    const id = await addSession(START);
    const justInTime = await addBooking(id, at(START, -DAY));
    const late = await addBooking(id, at(START, -DAY + 1000));
    await runCron(at(START, -DAY + 5000));
    await runCron(at(START, -HOUR));
    expect((await reminders()).map((m) => m.key)).toEqual([`reminder:${justInTime}`]);
    expect(await remindedAt(late)).toBeNull();
  });

  it(`reminds at most ${REMINDERS_PER_RUN} bookings a run; the next run takes the rest`, async () => {
    const id = await addSession(START);
    const total = REMINDERS_PER_RUN + 3;
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
       INSERT INTO bookings (id, session_id, user_name, user_email, user_phone, dog_name, booking_status,
         idempotency_key, session_title, session_location, session_start_time, session_end_time, created_at)
       SELECT 'many-' || i, s.id, 'Kund ' || i, 'kund' || i || '@example.se', '0701234567', 'Fido', 'confirmed',
         'many-key-' || i, s.title, s.location, s.start_time, s.end_time, ?3
       FROM n, sessions s WHERE s.id = ?1`,
    )
      .bind(id, total, bookedEarly.toISOString())
      .run();

    await runCron(at(START, -DAY));
    expect(await reminders()).toHaveLength(REMINDERS_PER_RUN);
    await runCron(at(START, -DAY + 5 * 60_000));
    expect(await reminders()).toHaveLength(total);
  });
});

describe("a change between reading and queuing", () => {

  it("queues nothing for a booking cancelled, a session cancelled or moved since the read", async () => {
    const cancelledBookingSession = await addSession(START);
    const cancelledSession = await addSession(START);
    const moved = await addSession(START);
    const kept = await addSession(START);
    const bookings = {
      cancelled: await addBooking(cancelledBookingSession, bookedEarly),
      sessionCancelled: await addBooking(cancelledSession, bookedEarly),
      moved: await addBooking(moved, bookedEarly),
      kept: await addBooking(kept, bookedEarly),
    };
    const now = at(START, -DAY);
    const due = await findDueReminders(testContext(), now);
    expect(due).toHaveLength(4);

    await env.DB.batch([
      env.DB.prepare("UPDATE bookings SET booking_status = 'cancelled' WHERE id = ?").bind(bookings.cancelled),
      env.DB.prepare("UPDATE sessions SET cancelled_at = ? WHERE id = ?").bind(now.toISOString(), cancelledSession),
      env.DB.prepare(
        "UPDATE sessions SET start_time = ?, end_time = ?, revision = revision + 1 WHERE id = ?",
      ).bind(at(START, HOUR).toISOString(), at(START, 2 * HOUR).toISOString(), moved),
    ]);
    expect(await queueReminders(testContext(), due, now, SEEDED_PREPARATION)).toEqual({ reminded: 1, skipped: 3 });
    expect((await reminders()).map((m) => m.key)).toEqual([`reminder:${bookings.kept}`]);
    expect(await remindedAt(bookings.moved)).toBeNull();

    // A later run reads the moved session again and reminds with its new time, 24 h before it.
    await runCron(at(START, HOUR - DAY - 1000));
    expect(await remindedAt(bookings.moved)).toBeNull();
    await runCron(at(START, HOUR - DAY));
    const movedMail = (await reminders()).find((m) => m.key === `reminder:${bookings.moved}`);
    expect(movedMail?.text).toContain("Tid: 19:00–20:00");
  });

  it("queues nothing for a booking another run reminded in between", async () => {
    const id = await addSession(START);
    const booking = await addBooking(id, bookedEarly);
    const now = at(START, -DAY);
    const due = await findDueReminders(testContext(), now);
    await runCron(now);
    expect(await queueReminders(testContext(), due, at(START, -DAY + 1000), SEEDED_PREPARATION)).toEqual({ reminded: 0, skipped: 1 });
    expect(await reminders()).toHaveLength(1);
    expect(await remindedAt(booking)).toBe(now.toISOString());
  });
});

describe("the reminder mail", () => {
  it("has the Stockholm time, the place's map link, what to bring and the confirmation's calendar event at the current SEQUENCE", async () => {
    // Booked the way a visitor books: the session page's form, which queues the confirmation with its calendar file.
    const id = await createSession({ title: "VARDAGSLYDNAD", location: "Regementsparken Gävle", startsInMs: 3 * DAY });
    const posted = await postBooking(id, await bookingForm({ dog_name: "Sigge" }));
    expect(posted.status).toBe(302);
    const booking = await env.DB.prepare("SELECT id, user_email AS userEmail FROM bookings WHERE session_id = ?")
      .bind(id)
      .first<{ id: string; userEmail: string }>();
    if (!booking) throw new Error("not booked");
    // Staff moved the session twice since (time kept here): its calendar file is at revision 2.
    await env.DB.prepare("UPDATE sessions SET revision = 2 WHERE id = ?").bind(id).run();
    const session = await env.DB.prepare("SELECT start_time AS start FROM sessions WHERE id = ?").bind(id).first<{ start: string }>();

    await runCron(at(session!.start, -DAY));

    const [mail] = await reminders();
    expect(mail).toBeDefined();
    expect(mail!.toAddress).toBe(booking.userEmail);
    const stockholm = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Stockholm", hour: "2-digit", minute: "2-digit" });
    const startLocal = stockholm.format(new Date(session!.start));
    const endLocal = stockholm.format(new Date(Date.parse(session!.start) + HOUR));
    expect(mail!.subject).toBe(`Påminnelse: VARDAGSLYDNAD i morgon kl. ${startLocal}`);
    expect(mail!.text).toContain("Hej Anna Andersson!");
    expect(mail!.text).toContain("Sigge");
    expect(mail!.text).toContain(`Tid: ${startLocal}–${endLocal}`);
    expect(mail!.text).toContain("Plats: Regementsparken Gävle");
    expect(mail!.text).toContain(`Hitta dit: ${placeMapUrl("Regementsparken Gävle")}`);
    for (const item of SEEDED_PREPARATION) expect(mail!.text).toContain(`- ${item.title} ${item.text}`);
    expect(mail!.text).toContain(`Dina bokningar hittar du på ${new URL("/mina-bokningar", getConfig(env).SITE_URL)}`);
    expect(mail!.html).toContain(placeMapUrl("Regementsparken Gävle").replaceAll("&", "&amp;"));
    expect(mail!.html).toContain("Det här tar du med dig:");

    const confirmation = await env.DB.prepare(
      "SELECT attachments_json AS a FROM email_outbox WHERE idempotency_key = ?",
    )
      .bind(`booking-confirmation:${booking.id}`)
      .first<{ a: string }>();
    const confirmationIcs = icsLines(confirmation!.a);
    const reminderIcs = icsLines(mail!.attachments);
    expect(line(reminderIcs, "UID")).toBe(`UID:booking-${booking.id}@${new URL(getConfig(env).SITE_URL).hostname}`);
    expect(line(reminderIcs, "UID")).toBe(line(confirmationIcs, "UID"));
    expect(line(confirmationIcs, "SEQUENCE")).toBe("SEQUENCE:0");
    expect(line(reminderIcs, "SEQUENCE")).toBe("SEQUENCE:2");
    expect(line(reminderIcs, "DTSTART")).toBe(line(confirmationIcs, "DTSTART"));
  });

  it("on the day summer time ends: an 18:00 session on Sunday 25 October is reminded at 19:00 CEST on the 24th, and says 18:00", async () => {
    const start = "2026-10-25T17:00:00.000Z"; // 18:00 CET
    const id = await addSession(start);
    const booking = await addBooking(id, at(start, -7 * DAY));

    await runCron(new Date("2026-10-24T16:55:00.000Z"));
    expect(await reminders()).toEqual([]);
    await runCron(new Date("2026-10-24T17:00:00.000Z")); // 19:00 CEST
    const [mail] = await reminders();
    expect(mail?.key).toBe(`reminder:${booking}`);
    expect(mail!.subject).toBe("Påminnelse: VALPKURS i morgon kl. 18:00");
    expect(mail!.text).toContain("Datum: söndag 25 oktober 2026");
    expect(mail!.text).toContain("Tid: 18:00–19:00");
    expect(line(icsLines(mail!.attachments), "DTSTART")).toBe("DTSTART:20261025T170000Z");
  });

  it("on the day summer time begins: an 18:00 session on Sunday 29 March is reminded at 17:00 CET on the 28th, and says 18:00", async () => {
    const start = "2026-03-29T16:00:00.000Z"; // 18:00 CEST
    const id = await addSession(start);
    const booking = await addBooking(id, at(start, -7 * DAY));

    await runCron(new Date("2026-03-28T15:55:00.000Z"));
    expect(await reminders()).toEqual([]);
    await runCron(new Date("2026-03-28T16:00:00.000Z")); // 17:00 CET
    const [mail] = await reminders();
    expect(mail?.key).toBe(`reminder:${booking}`);
    expect(mail!.subject).toBe("Påminnelse: VALPKURS i morgon kl. 18:00");
    expect(mail!.text).toContain("Datum: söndag 29 mars 2026");
    expect(mail!.text).toContain("Tid: 18:00–19:00");
  });

  it("a home visit states the customer's address and an online session its meeting type, without a map link", async () => {
    const home = await addSession(START, { title: "HEMMIS", location: "Hembesök" });
    const online = await addSession(START, { title: "PLAN", location: "Online" });
    await addBooking(home, bookedEarly, { homeAddress: "Storgatan 1, Gävle" });
    await addBooking(online, bookedEarly, { meetingType: "Google Meets" });
    await runCron(at(START, -DAY));
    const mails = await reminders();
    expect(mails).toHaveLength(2);
    const homeMail = mails.find((m) => m.subject.includes("HEMMIS"))!;
    const onlineMail = mails.find((m) => m.subject.includes("PLAN"))!;
    expect(homeMail.text).toContain("Hemadress: Storgatan 1, Gävle");
    expect(onlineMail.text).toContain("Mötestyp: Google Meets");
    for (const mail of [homeMail, onlineMail]) expect(mail.text).not.toContain("google.com/maps");
    // Each says only what its own type needs.
    expect(onlineMail.text).toContain("Online-pass (PLAN) kräver bara en lugn plats");
    expect(onlineMail.text).not.toContain("hembesök (HEMMIS)");
    expect(onlineMail.html).not.toContain("hembesök (HEMMIS)");
    expect(homeMail.text).toContain("På hembesök (HEMMIS) tränar vi där utmaningarna finns");
    expect(homeMail.text).not.toContain("Online-pass (PLAN)");
    expect(homeMail.html).not.toContain("Online-pass (PLAN)");
    // The calendar event is where the mail says: the customer's address.
    const [homeIcs] = JSON.parse(homeMail.attachments!) as Array<{ content: string }>;
    expect(unfoldIcs(homeIcs!.content)).toContain("LOCATION:Storgatan 1\\, Gävle");
  });
});

describe("staff see who was reminded", () => {
  it("the session's admin page shows 'Påmind' with the Stockholm time for reminded bookings only", async () => {
    const admin = await signInAs({ email: `admin-${crypto.randomUUID().slice(0, 8)}@hundpass.se`, admin: true });
    const start = "2026-10-25T17:00:00.000Z";
    const id = await addSession(start);
    const reminded = await addBooking(id, at(start, -7 * DAY));
    const lateBooking = await addBooking(id, at(start, -2 * HOUR));
    await runCron(new Date("2026-10-24T17:00:00.000Z"));
    expect(await remindedAt(reminded)).not.toBeNull();
    expect(await remindedAt(lateBooking)).toBeNull();

    const res = await fetchAndSettle(`/admin/pass/${id}`, { headers: { Cookie: admin } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const list = /<ul class="booking-list">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? "";
    const items = list.split("<li").filter((chunk) => chunk.includes("Anna "));
    expect(items).toHaveLength(2);
    const remindedItem = items.find((chunk) => chunk.includes(`anna${reminded.split("-")[1]}@example.se`));
    const lateItem = items.find((chunk) => chunk.includes(`anna${lateBooking.split("-")[1]}@example.se`));
    expect(remindedItem).toContain("Påmind 24 okt. 2026 19:00");
    expect(lateItem).toBeDefined();
    expect(lateItem).not.toContain("Påmind");
    expect(items.filter((chunk) => chunk.includes("Påmind"))).toHaveLength(1);
  });
});
