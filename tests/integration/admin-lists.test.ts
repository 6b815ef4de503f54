// The three admin lists against the real migrations: membership by the
// spec's admin derived state (the SQL agrees with the domain's rules over
// every case), ended and cancelled sessions left out, soonest first, one D1
// round trip per list, and what each page shows.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { env, exports } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  isListedAvailable,
  isListedConfirmed,
  isListedWaiting,
  isUpcoming,
  type SessionCounts,
} from "../../app/domain/availability";
import {
  ADMIN_LIST_PAGE_SIZE,
  listAvailableSessions,
  listConfirmedSessions,
  listWaitingSessions,
} from "../../app/server/admin/admin-sessions.server";
import { formatDateTime } from "~/domain/time";
import { createSession } from "./booking-fixtures";
import { signInAs, testContext } from "./helpers";

const SELF = exports.default;
const HOUR_MS = 60 * 60_000;
let admin = "";

const ids: Record<string, number> = {};

async function insertBooking(sessionId: number, n: number, extra: Record<string, string | null> = {}) {
  const fields = {
    id: crypto.randomUUID(),
    session_id: sessionId,
    user_name: `Kund ${n}`,
    user_email: `kund${n}.${sessionId}@example.se`,
    user_phone: "070-123 45 67",
    dog_name: `Hund ${n}`,
    dog_breed: "Tax",
    dog_age: "2 år",
    special_notes: null as string | null,
    home_address: null as string | null,
    meeting_type: null as string | null,
    booking_status: "confirmed",
    idempotency_key: crypto.randomUUID(),
    session_title: "T",
    session_location: "Hundhallen Gävle",
    session_start_time: "2030-01-01T10:00:00.000Z",
    session_end_time: "2030-01-01T11:00:00.000Z",
    // Booked in the order of n, a second apart: inserts in one millisecond would tie on the time.
    created_at: new Date(Date.now() - 3_600_000 + n * 1000).toISOString(),
    ...extra,
  };
  const names = Object.keys(fields);
  await env.DB.prepare(`INSERT INTO bookings (${names.join(", ")}) VALUES (${names.map(() => "?").join(", ")})`)
    .bind(...Object.values(fields))
    .run();
}

type Row = SessionCounts & { id: number; endTime: string; cancelledAt: string | null };

async function allSessions(): Promise<Row[]> {
  const { results } = await env.DB.prepare(
    `SELECT id, pass_type AS passType, current_participants AS currentParticipants,
       max_participants AS maxParticipants, end_time AS endTime, cancelled_at AS cancelledAt
     FROM sessions ORDER BY start_time, id`,
  ).all<Row>();
  return results;
}

async function pageText(path: string) {
  const res = await SELF.fetch(`http://localhost${path}`, { headers: { Cookie: admin } });
  expect(res.status).toBe(200);
  expect(res.headers.get("Cache-Control"), path).toBe("private, no-store");
  return (await res.text()).replace(/<script[\s\S]*?<\/script>/g, " ");
}

beforeAll(async () => {
  admin = await signInAs({ email: "listor@example.se", admin: true });
});

afterEach(() => vi.restoreAllMocks());

describe("on an empty database", () => {
  it.each([
    ["/admin/lediga-pass", "Lediga pass", "Inga lediga pass"],
    ["/admin/vantande-pass", "Väntande pass", "Inga väntande pass"],
    ["/admin/bokade-pass", "Pass blir av", "Inga fullbokade pass"],
  ])("%s says its empty text", async (path, heading, empty) => {
    const html = await pageText(path);
    expect(html).toContain(`<h1>${heading}</h1>`);
    expect(html).toContain(empty);
  });
});

describe("membership", () => {
  beforeAll(async () => {
    let hour = 24;
    const make = async (key: string, s: Parameters<typeof createSession>[0]) => {
      ids[key] = await createSession({ startsInMs: (hour += 2) * HOUR_MS, ...s });
    };
    for (const n of [0, 1, 2, 3]) await make(`group${n}`, { passType: "group", currentParticipants: n, maxParticipants: 10 });
    await make("groupFull", { passType: "group", currentParticipants: 3, maxParticipants: 3 });
    await make("groupFull2", { passType: "group", currentParticipants: 2, maxParticipants: 2 });
    await make("private0", { passType: "private", currentParticipants: 0, maxParticipants: 1 });
    await make("private1", { passType: "private", currentParticipants: 1, maxParticipants: 1 });
    await make("private1of2", { passType: "private", currentParticipants: 1, maxParticipants: 2 });
    // Started but not ended yet: still listed.
    await make("running", { passType: "group", currentParticipants: 0, startsInMs: -30 * 60_000, durationMs: HOUR_MS });
    await make("ended", { passType: "group", currentParticipants: 0, startsInMs: -2 * HOUR_MS, durationMs: HOUR_MS });
    await make("endedConfirmed", { passType: "private", currentParticipants: 1, maxParticipants: 1, startsInMs: -3 * HOUR_MS });
    await make("cancelled", { passType: "group", currentParticipants: 0 });
    await make("cancelledWaiting", { passType: "group", currentParticipants: 1 });
    await env.DB.prepare("UPDATE sessions SET cancelled_at = ? WHERE id IN (?, ?)")
      .bind(new Date().toISOString(), ids.cancelled, ids.cancelledWaiting)
      .run();
    for (let n = 1; n <= 3; n++) await insertBooking(ids.group3!, n, n === 2 ? { special_notes: "Inkallning", dog_breed: null } : {});
    await insertBooking(ids.group3!, 9, { booking_status: "cancelled" });
    await insertBooking(ids.private1!, 1, { home_address: "Storgatan 1, Gävle", meeting_type: "Telefonmöte" });
    await insertBooking(ids.endedConfirmed!, 1);
  });

  const now = () => new Date();
  const listIds = async (list: (context: AppLoadContext, now: Date) => Promise<{ sessions: Array<{ id: number }> }>) =>
    (await list(testContext(), now())).sessions.map((s) => s.id);

  it("lists exactly what the domain's rules list, for every session (the SQL and the rules agree)", async () => {
    const rows = await allSessions();
    const expected = (rule: (s: SessionCounts) => boolean) =>
      rows.filter((r) => r.cancelledAt === null && isUpcoming(r.endTime, now()) && rule(r)).map((r) => r.id);
    expect(await listIds(listAvailableSessions)).toEqual(expected(isListedAvailable));
    expect(await listIds(listWaitingSessions)).toEqual(expected(isListedWaiting));
    expect(await listIds(listConfirmedSessions)).toEqual(expected(isListedConfirmed));
  });

  it("follows the admin derived state table, case by case", async () => {
    const available = await listIds(listAvailableSessions);
    const waiting = await listIds(listWaitingSessions);
    const confirmed = await listIds(listConfirmedSessions);
    const where = (key: string) =>
      [available.includes(ids[key]!) && "available", waiting.includes(ids[key]!) && "waiting", confirmed.includes(ids[key]!) && "confirmed"].filter(Boolean);
    expect(where("group0")).toEqual(["available"]);
    expect(where("group1")).toEqual(["waiting"]);
    expect(where("group2")).toEqual(["waiting"]);
    expect(where("group3")).toEqual(["available", "confirmed"]); // runs, and still has seats
    expect(where("groupFull")).toEqual(["confirmed"]);
    expect(where("groupFull2")).toEqual(["waiting"]);
    expect(where("private0")).toEqual(["available"]);
    expect(where("private1")).toEqual(["confirmed"]);
    expect(where("private1of2")).toEqual(["confirmed"]);
    expect(where("running")).toEqual(["available"]);
    for (const gone of ["ended", "endedConfirmed", "cancelled", "cancelledWaiting"]) expect(where(gone), gone).toEqual([]);
  });

  it("lists the soonest first", async () => {
    const rows = await listIds(listAvailableSessions);
    expect(rows[0]).toBe(ids.running);
    expect(rows.slice(1)).toEqual([ids.group0, ids.group3, ids.private0]);
  });

  it("gives each confirmed session its confirmed bookings only, with the dog's line and the booking date", async () => {
    const { sessions } = await listConfirmedSessions(testContext(), now());
    const group3 = sessions.find((s) => s.id === ids.group3)!;
    expect(group3.bookings.map((b) => b.userName)).toEqual(["Kund 1", "Kund 2", "Kund 3"]);
    expect(group3.bookings[0]).toMatchObject({ dogLabel: "Hund 1 (Tax, 2 år)", specialNotes: null });
    expect(group3.bookings[1]).toMatchObject({ dogLabel: "Hund 2 (2 år)", specialNotes: "Inkallning" });
    // When the booking was made, in Stockholm time ('1 dec. 2026 18:05': the day without a leading zero, as time.ts writes every date).
    const bookedAt = await env.DB.prepare("SELECT created_at FROM bookings WHERE session_id = ? AND user_name = 'Kund 1'")
      .bind(ids.group3)
      .first<string>("created_at");
    expect(group3.bookings[0]!.bookedAtLabel).toBe(formatDateTime(bookedAt!));
    expect(group3.bookings[0]!.bookedAtLabel).toMatch(/^\d{1,2} [a-zåäö]+\.? \d{4} \d{2}:\d{2}$/);
    const private1 = sessions.find((s) => s.id === ids.private1)!;
    expect(private1.bookings).toHaveLength(1);
    expect(private1.bookings[0]).toMatchObject({ homeAddress: "Storgatan 1, Gävle", meetingType: "Telefonmöte" });
    expect(private1).toMatchObject({ participantsLabel: "1/1", state: { label: "Bekräftat", colour: "red" } });
  });

  it("reads each list in one D1 round trip, however many sessions and bookings", async () => {
    const statementProto = Object.getPrototypeOf(env.DB.prepare("SELECT 1")) as Record<string, unknown>;
    const direct = (["all", "raw", "first", "run"] as const).map((method) => vi.spyOn(statementProto as never, method as never));
    const batch = vi.spyOn(env.DB, "batch");
    const trips = () => batch.mock.calls.length + direct.reduce((sum, spy) => sum + (spy as { mock: { calls: unknown[] } }).mock.calls.length, 0);
    for (const list of [listAvailableSessions, listWaitingSessions, listConfirmedSessions]) {
      const before = trips();
      await list(testContext(), now());
      expect(trips() - before, list.name).toBe(1);
    }
    expect(batch).toHaveBeenCalledTimes(3); // each a batch: the total and the page (and the confirmed list's bookings)
  });

  it("pages a long list (25 sessions a page, fewer for confirmed with their bookings), soonest first, a page past the end showing the last", async () => {
    const size = ADMIN_LIST_PAGE_SIZE.confirmed;
    const late = 500 * HOUR_MS;
    for (let i = 0; i < 30; i++) await createSession({ startsInMs: late + i * HOUR_MS, passType: "group", currentParticipants: 0 });
    const confirmedExtra: number[] = [];
    for (let i = 0; i < 12; i++) {
      const id = await createSession({ startsInMs: late + i * HOUR_MS, passType: "private", currentParticipants: 1, maxParticipants: 1 });
      await insertBooking(id, 100 + i);
      confirmedExtra.push(id);
    }
    const rows = await allSessions();
    const expected = (rule: (s: SessionCounts) => boolean) =>
      rows.filter((r) => r.cancelledAt === null && isUpcoming(r.endTime, now()) && rule(r)).map((r) => r.id);

    const first = await listAvailableSessions(testContext(), now(), 1);
    const all = expected(isListedAvailable);
    expect(first).toMatchObject({ page: 1, total: all.length, pageCount: Math.ceil(all.length / 25) });
    expect(first.sessions.map((s) => s.id)).toEqual(all.slice(0, 25));
    const second = await listAvailableSessions(testContext(), now(), 2);
    expect(second.sessions.map((s) => s.id)).toEqual(all.slice(25, 50));
    const past = await listAvailableSessions(testContext(), now(), 999);
    expect(past.page).toBe(first.pageCount);
    expect(past.sessions.map((s) => s.id)).toEqual(all.slice((first.pageCount - 1) * 25));

    const confirmed = expected(isListedConfirmed);
    const pageOne = await listConfirmedSessions(testContext(), now(), 1);
    expect(pageOne.sessions.map((s) => s.id)).toEqual(confirmed.slice(0, size));
    const pageTwo = await listConfirmedSessions(testContext(), now(), 2);
    expect(pageTwo.sessions.map((s) => s.id)).toEqual(confirmed.slice(size, 2 * size));
    // Each session of the page carries its own bookings (the second page holds only the late ones, one booking each).
    expect(pageTwo.sessions.every((s) => confirmedExtra.includes(s.id))).toBe(true);
    for (const s of pageTwo.sessions) {
      expect(s.bookings.map((b) => b.userName)).toEqual([`Kund ${100 + confirmedExtra.indexOf(s.id)}`]);
    }
  });
});

describe("the pages", () => {
  it("/admin/lediga-pass shows the card: title, green 'Ledigt', 'dd MMM yyyy HH:mm', place, x/y, price in kr, description", async () => {
    const html = await pageText("/admin/lediga-pass");
    const card = html.slice(html.indexOf(`data-testid="admin-session-${ids.group0}"`));
    expect(card).toMatch(/<span class="badge badge-green"[^>]*>Ledigt<\/span>/);
    expect(card).toMatch(/<dd>\d{2} [a-zåäö]+\.? \d{4} \d{2}:\d{2}<\/dd>/);
    expect(card).toContain("Hundhallen Gävle");
    expect(card).toContain(">0/10<");
    expect(card).toContain("249 kr");
    expect(card).toContain("Testpass");
    expect(html).not.toContain(`admin-session-${ids.group1}"`);
  });

  it("/admin/vantande-pass shows the yellow 'Väntande (n av minst 3)' badge", async () => {
    const html = await pageText("/admin/vantande-pass");
    expect(html).toMatch(/<span class="badge badge-yellow"[^>]*>Väntande \(1 av minst 3\)<\/span>/);
    expect(html).toMatch(/<span class="badge badge-yellow"[^>]*>Väntande \(2 av minst 3\)<\/span>/);
  });

  it("/admin/bokade-pass shows 'Pass blir av', red 'Bekräftat' and the booking info behind 'Visa/Dölj Bokningsinfo'", async () => {
    const html = await pageText("/admin/bokade-pass");
    expect(html).toContain("<h1>Pass blir av</h1>");
    expect(html).toMatch(/<span class="badge badge-red"[^>]*>Bekräftat<\/span>/);
    expect(html).toMatch(/<details class="admin-booking-info"><summary>Visa\/Dölj Bokningsinfo<\/summary>/);
    expect(html).toContain(`href="mailto:kund1.${ids.group3}@example.se"`);
    expect(html).toContain('href="tel:0701234567"');
    expect(html).toContain("<dt>Vad vill du träna?</dt><dd>Inkallning</dd>");
    expect(html).toContain("Storgatan 1, Gävle");
    expect(html).toContain("Telefonmöte");
    expect(html).not.toContain("Kund 9");
  });

  it("shows 'Fel' / 'Kunde inte ladda pass' over an empty list when the read fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const html = await pageTextFailingList("/admin/vantande-pass");
    expect(html).toContain("Kunde inte ladda pass");
    expect(html).toContain("Inga väntande pass");
  });
});

/** The page with its session read failing (the admin check still reads its own tables). */
async function pageTextFailingList(path: string) {
  const real = env.DB.prepare.bind(env.DB);
  vi.spyOn(env.DB, "prepare").mockImplementation((query: string) => {
    if (/from "sessions"/i.test(query)) throw new Error("D1 is down");
    return real(query);
  });
  return pageText(path);
}
