// The SQL constraints of migrations/ are the last line of defence: whatever
// the app code gets wrong, the database refuses impossible seat counts, prices,
// times and double bookings. The demo seed must pass the same rules and leave
// the database consistent.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { isUpcoming, publicAvailability, type PublicState } from "~/domain/availability";
import { SEEDED_LOCATIONS } from "../fixtures/seeded-content";
import { OFFICIAL_SEGMENTS } from "~/domain/newsletter/segments";
import {
  buildDemoData,
  DEMO_CUSTOMER_EMAIL,
  DEMO_SESSION_EXPECTED_STATE,
  DEMO_SESSION_IDS,
  DEMO_USER_IDS,
  demoSeedSql,
  sqlLiteral,
} from "../fixtures/demo-data";

const SEEDED_TABLES = [
  "popup_types",
  "sessions",
  "bookings",
  "users",
  "profiles",
  "user_roles",
  "newsletter_subscribers",
  "newsletter_subscriber_segments",
] as const;

// Children first, so foreign keys never block the clean-up.
async function clearTables() {
  await env.DB.batch(
    [
      "newsletter_subscriber_segments",
      "newsletter_subscribers",
      "bookings",
      "sessions",
      "popup_types",
      "auth_sessions",
      "user_roles",
      "profiles",
      "users",
    ].map((t) => env.DB.prepare(`DELETE FROM ${t}`)),
  );
}

beforeEach(clearTables);

type SessionValues = {
  title: string;
  location: string;
  start_time: string;
  end_time: string;
  pass_type: string;
  price_sek: number;
  current_participants: number;
  max_participants: number;
};

const VALID_SESSION: SessionValues = {
  title: "VALPKURS",
  location: "Hundhallen Gävle",
  start_time: "2030-05-02T16:00:00.000Z",
  end_time: "2030-05-02T17:00:00.000Z",
  pass_type: "group",
  price_sek: 249,
  current_participants: 0,
  max_participants: 3,
};

async function insertSession(overrides: Partial<SessionValues> = {}): Promise<number> {
  const v = { ...VALID_SESSION, ...overrides };
  const row = await env.DB.prepare(
    `INSERT INTO sessions (title, location, start_time, end_time, pass_type, price_sek, current_participants, max_participants)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(v.title, v.location, v.start_time, v.end_time, v.pass_type, v.price_sek, v.current_participants, v.max_participants)
    .first<{ id: number }>();
  if (!row) throw new Error("insert returned no id");
  return row.id;
}

function updateSession(id: number, set: string, ...params: unknown[]) {
  return env.DB.prepare(`UPDATE sessions SET ${set} WHERE id = ?`)
    .bind(...params, id)
    .run();
}

let bookingNo = 0;
async function insertBooking(
  sessionId: number | null,
  email: string,
  status: "confirmed" | "pending" | "cancelled" = "confirmed",
  id: string | null = crypto.randomUUID(),
) {
  bookingNo++;
  return env.DB.prepare(
    `INSERT INTO bookings (id, session_id, user_name, user_email, user_phone, dog_name, booking_status,
       idempotency_key, session_title, session_location, session_start_time, session_end_time)
     VALUES (?, ?, 'Test Testsson', ?, '0701234567', 'Fido', ?, ?, 'VALPKURS', 'Hundhallen Gävle', ?, ?)`,
  )
    .bind(id, sessionId, email, status, `test-key-${bookingNo}-${crypto.randomUUID()}`, VALID_SESSION.start_time, VALID_SESSION.end_time)
    .run();
}

describe("sessions table constraints", () => {
  it("accepts a well-formed session (the baseline the other cases vary)", async () => {
    const id = await insertSession();
    await updateSession(id, "current_participants = 3");
    const row = await env.DB.prepare("SELECT title, current_participants, max_participants FROM sessions WHERE id = ?")
      .bind(id)
      .first();
    expect(row).toEqual({ title: "VALPKURS", current_participants: 3, max_participants: 3 });
  });

  it("refuses more participants than seats, on insert and on update", async () => {
    await expect(insertSession({ current_participants: 4, max_participants: 3 })).rejects.toThrow(
      /CHECK constraint failed/,
    );
    const id = await insertSession({ current_participants: 3, max_participants: 3 });
    await expect(updateSession(id, "current_participants = current_participants + 1")).rejects.toThrow(
      /CHECK constraint failed/,
    );
    await expect(updateSession(id, "max_participants = 2")).rejects.toThrow(/CHECK constraint failed/);
    const row = await env.DB.prepare("SELECT current_participants, max_participants FROM sessions WHERE id = ?")
      .bind(id)
      .first();
    expect(row).toEqual({ current_participants: 3, max_participants: 3 });
  });

  it("refuses a negative participant count, on insert and on update", async () => {
    await expect(insertSession({ current_participants: -1 })).rejects.toThrow(/CHECK constraint failed/);
    const id = await insertSession();
    await expect(updateSession(id, "current_participants = current_participants - 1")).rejects.toThrow(
      /CHECK constraint failed/,
    );
  });

  it("refuses a session with 0 seats", async () => {
    await expect(insertSession({ max_participants: 0 })).rejects.toThrow(/CHECK constraint failed/);
  });

  it("refuses a negative price", async () => {
    await expect(insertSession({ price_sek: -1 })).rejects.toThrow(/CHECK constraint failed/);
    const id = await insertSession();
    await expect(updateSession(id, "price_sek = -1")).rejects.toThrow(/CHECK constraint failed/);
  });

  it("refuses an end time at or before the start time", async () => {
    await expect(insertSession({ end_time: VALID_SESSION.start_time })).rejects.toThrow(
      /CHECK constraint failed/,
    );
    await expect(insertSession({ end_time: "2030-05-02T15:59:59.999Z" })).rejects.toThrow(
      /CHECK constraint failed/,
    );
    const id = await insertSession();
    await expect(updateSession(id, "end_time = start_time")).rejects.toThrow(/CHECK constraint failed/);
  });

  it("refuses a pass type other than group or private", async () => {
    await expect(insertSession({ pass_type: "other" })).rejects.toThrow(/CHECK constraint failed/);
    await expect(insertSession({ pass_type: "private" })).resolves.toBeGreaterThan(0);
  });

  it("refuses a location that is no place", async () => {
    await expect(insertSession({ location: "Stockholm" })).rejects.toThrow(/FOREIGN KEY constraint failed/);
    for (const location of SEEDED_LOCATIONS) {
      await expect(insertSession({ location })).resolves.toBeGreaterThan(0);
    }
  });

  it("stores times only in the canonical UTC form that sorts as text", async () => {
    const bad = [
      "2030-05-02T16:00:00Z", // no milliseconds
      "2030-05-02 16:00:00.000Z", // space instead of T
      "2030-05-02T16:00:00.000", // no zone
      "2030-05-02T18:00:00.000+02:00", // offset instead of UTC
      "2030-02-30T16:00:00.000Z", // no such day
      "2030-5-2T16:00:00.000Z",
      "",
    ];
    for (const start_time of bad) {
      await expect(
        insertSession({ start_time, end_time: "2031-01-01T00:00:00.000Z" }),
        start_time,
      ).rejects.toThrow(/CHECK constraint failed/);
    }
    await expect(
      insertSession({ start_time: "2030-05-02T16:00:00.000Z", end_time: "2030-05-02T17:00:00.000Z" }),
    ).resolves.toBeGreaterThan(0);
    await expect(
      insertSession({ start_time: "2030-05-02T16:00:00.000Z", end_time: "2030-05-02T17:00:00Z" }),
    ).rejects.toThrow(/CHECK constraint failed/);
  });
});

describe("bookings table constraints", () => {
  it("refuses a second confirmed booking of the same session by the same e-mail in another case, holds being paid for aside", async () => {
    const sessionId = await insertSession();
    await insertBooking(sessionId, "Kund@Example.se");
    await expect(insertBooking(sessionId, "kund@example.SE")).rejects.toThrow(/UNIQUE constraint failed/);
    // A hold being paid for is the browser's that made it, not the address's (migrations/0024): another may stand beside,
    // but never becomes a second confirmed booking.
    const hold = crypto.randomUUID();
    await insertBooking(sessionId, "KUND@EXAMPLE.SE", "pending", hold);
    await expect(env.DB.prepare("UPDATE bookings SET booking_status = 'confirmed' WHERE id = ?").bind(hold).run()).rejects.toThrow(
      /UNIQUE constraint failed/,
    );
    const count = await env.DB.prepare("SELECT booking_status AS status FROM bookings WHERE session_id = ? ORDER BY booking_status")
      .bind(sessionId)
      .all<{ status: string }>();
    expect(count.results.map((r) => r.status)).toEqual(["confirmed", "pending"]);
  });

  it("lets a cancelled booking stand beside a new active one for the same e-mail", async () => {
    const sessionId = await insertSession();
    await insertBooking(sessionId, "kund@example.se", "cancelled");
    await insertBooking(sessionId, "KUND@example.se", "cancelled");
    await insertBooking(sessionId, "Kund@Example.se");
    // The same e-mail may book another session.
    const other = await insertSession({ title: "PLAN", location: "Online" });
    await insertBooking(other, "kund@example.se");
    const rows = await env.DB.prepare(
      "SELECT session_id, booking_status FROM bookings WHERE lower(user_email) = 'kund@example.se' AND session_id IN (?, ?) ORDER BY session_id, booking_status",
    )
      .bind(sessionId, other)
      .all();
    expect(rows.results).toEqual([
      { session_id: sessionId, booking_status: "cancelled" },
      { session_id: sessionId, booking_status: "cancelled" },
      { session_id: sessionId, booking_status: "confirmed" },
      { session_id: other, booking_status: "confirmed" },
    ]);
  });

  it("refuses a booking of a session that does not exist (foreign keys are enforced)", async () => {
    await expect(insertBooking(987654, "kund@example.se")).rejects.toThrow(/FOREIGN KEY constraint failed/);
    const id = await insertSession();
    await insertBooking(id, "kund@example.se");
    await expect(
      env.DB.prepare("UPDATE bookings SET session_id = 987654 WHERE session_id = ?").bind(id).run(),
    ).rejects.toThrow(/FOREIGN KEY constraint failed/);
  });

  it("keeps a booking, detached, when its session is deleted", async () => {
    const id = await insertSession();
    await insertBooking(id, "kund@example.se");
    await env.DB.prepare("DELETE FROM sessions WHERE id = ?").bind(id).run();
    const row = await env.DB.prepare("SELECT session_id, session_title FROM bookings").first();
    expect(row).toEqual({ session_id: null, session_title: "VALPKURS" });
  });

  it("refuses a booking without an id", async () => {
    const id = await insertSession();
    await expect(insertBooking(id, "kund@example.se", "confirmed", null)).rejects.toThrow(
      /NOT NULL constraint failed/,
    );
  });
});

// ---------------------------------------------------------------------------

function seedStatements(sql: string): string[] {
  return sql
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("--"));
}

async function applySeed(now: Date) {
  await env.DB.batch(seedStatements(demoSeedSql(now)).map((s) => env.DB.prepare(s)));
}

async function dumpSeededTables(): Promise<Record<string, unknown[]>> {
  const dump: Record<string, unknown[]> = {};
  for (const table of SEEDED_TABLES) {
    const { results } = await env.DB.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all();
    dump[table] = results;
  }
  return dump;
}

type SessionRow = {
  id: number;
  title: string;
  location: string;
  start_time: string;
  end_time: string;
  pass_type: "group" | "private";
  current_participants: number;
  max_participants: number;
  active_bookings: number;
};

async function seededSessions(): Promise<SessionRow[]> {
  const { results } = await env.DB.prepare(
    `SELECT s.*, (SELECT count(*) FROM bookings b
                   WHERE b.session_id = s.id AND b.booking_status <> 'cancelled') AS active_bookings
     FROM sessions s ORDER BY s.id`,
  ).all<SessionRow>();
  return results;
}

function stateOf(s: SessionRow): PublicState {
  return publicAvailability({
    currentParticipants: s.current_participants,
    maxParticipants: s.max_participants,
    passType: s.pass_type,
  }).state;
}

describe("the demo seed", () => {
  it("renders string values safely, quotes and newlines included", async () => {
    const tricky = "Sean O'Brien; DROP TABLE sessions; --\nrad två";
    const row = await env.DB.prepare(`SELECT ${sqlLiteral(tricky)} AS v`).first<{ v: string }>();
    expect(row?.v).toBe(tricky);
    expect(demoSeedSql(new Date())).toContain("'Sean O''Brien'");
  });

  it("loads every row it builds, each session counting exactly its active bookings", async () => {
    const now = new Date();
    await applySeed(now);
    const data = buildDemoData(now);

    const counts = await env.DB.batch(
      SEEDED_TABLES.map((t) => env.DB.prepare(`SELECT count(*) AS n FROM ${t}`)),
    );
    expect(counts.map((c) => (c.results[0] as { n: number }).n)).toEqual([
      data.popupTypes.length,
      data.sessions.length,
      data.bookings.length,
      data.users.length,
      data.profiles.length,
      data.userRoles.length,
      data.newsletterSubscribers.length,
      data.newsletterSubscriberSegments.length,
    ]);

    const sessions = await seededSessions();
    expect(sessions.length).toBeGreaterThanOrEqual(20);
    for (const s of sessions) {
      expect(s.current_participants, `session ${s.id}`).toBe(s.active_bookings);
    }
  });

  it("shows every public availability state among upcoming sessions, as its handles promise", async () => {
    const now = new Date();
    await applySeed(now);
    const sessions = await seededSessions();
    const upcoming = sessions.filter((s) => isUpcoming(s.end_time, now));
    const states = new Set(upcoming.map(stateOf));
    const all: PublicState[] = ["available", "pending-1", "pending-2", "confirmed", "full"];
    expect([...states].sort()).toEqual([...all].sort());

    for (const [key, id] of Object.entries(DEMO_SESSION_IDS)) {
      const s = sessions.find((row) => row.id === id);
      expect(s, key).toBeDefined();
      expect(stateOf(s!), key).toBe(DEMO_SESSION_EXPECTED_STATE[key as keyof typeof DEMO_SESSION_IDS]);
    }
    const past = sessions.filter((s) => !isUpcoming(s.end_time, now)).map((s) => s.id);
    expect(past.sort()).toEqual([DEMO_SESSION_IDS.pastGroup, DEMO_SESSION_IDS.pastPlan].sort());
    // Six weeks ahead at most.
    const sixWeeks = now.getTime() + 43 * 24 * 60 * 60 * 1000;
    expect(upcoming.every((s) => Date.parse(s.start_time) < sixWeeks)).toBe(true);
  });

  it("matches each session to a session type by title and snapshots the session into its bookings", async () => {
    await applySeed(new Date());
    const { results: unmatched } = await env.DB.prepare(
      "SELECT s.id FROM sessions s LEFT JOIN popup_types t ON t.name = s.title WHERE t.id IS NULL",
    ).all();
    expect(unmatched).toEqual([]);
    const { results: drifted } = await env.DB.prepare(
      `SELECT b.id FROM bookings b JOIN sessions s ON s.id = b.session_id
       WHERE b.session_title <> s.title OR b.session_location <> s.location
          OR b.session_start_time <> s.start_time OR b.session_end_time <> s.end_time`,
    ).all();
    expect(drifted).toEqual([]);
    const { results: types } = await env.DB.prepare(
      "SELECT name, session_type, price, hidden, app_order, image_url FROM popup_types",
    ).all<{ name: string; session_type: string; price: number; hidden: number; app_order: number | null; image_url: string }>();
    expect(types.map((t) => t.name)).toEqual(
      expect.arrayContaining(["PLAN", "HEMMIS", "PRIVAT & PROFFS", "VALPKURS", "VARDAGSLYDNAD", "PROMENADTRÄNING"]),
    );
    expect(types.some((t) => t.hidden === 1)).toBe(true);
    expect(types.some((t) => t.app_order === null)).toBe(true);
    expect(types.find((t) => t.session_type === "combined")?.price).toBe(0);
    expect(types.find((t) => t.name === "PRIVAT & PROFFS")).toMatchObject({ session_type: "privatpass", price: 0 });
    expect(types.every((t) => /^\/images\/types\/[a-z-]+\.svg$/.test(t.image_url))).toBe(true);
  });

  it("gives the demo customer upcoming and past bookings, and the admin the admin role", async () => {
    const now = new Date();
    await applySeed(now);
    const { results: mine } = await env.DB.prepare(
      "SELECT booking_status, session_end_time FROM bookings WHERE lower(user_email) = ?",
    )
      .bind(DEMO_CUSTOMER_EMAIL)
      .all<{ booking_status: string; session_end_time: string }>();
    const confirmed = mine.filter((b) => b.booking_status === "confirmed");
    expect(confirmed.filter((b) => isUpcoming(b.session_end_time, now)).length).toBeGreaterThanOrEqual(2);
    expect(confirmed.filter((b) => !isUpcoming(b.session_end_time, now)).length).toBeGreaterThanOrEqual(2);
    expect(mine.some((b) => b.booking_status === "cancelled")).toBe(true);

    const { results: roles } = await env.DB.prepare(
      "SELECT u.email, r.role FROM users u LEFT JOIN user_roles r ON r.user_id = u.id ORDER BY u.email",
    ).all();
    expect(roles).toEqual([
      { email: "admin@hundpass.se", role: "admin" },
      { email: "personal@hundpass.se", role: null },
    ]);
    const admin = await env.DB.prepare("SELECT display_name, password_hash FROM users WHERE id = ?")
      .bind(DEMO_USER_IDS.admin)
      .first();
    expect(admin).toEqual({ display_name: "Linnea Berg", password_hash: null });
  });

  it("puts every subscribed subscriber in exactly one official segment", async () => {
    await applySeed(new Date());
    const { results } = await env.DB.prepare(
      `SELECT s.id, s.status, s.consent_at,
              (SELECT count(*) FROM newsletter_subscriber_segments g
                WHERE g.subscriber_id = s.id AND g.segment_name IN (${OFFICIAL_SEGMENTS.map(() => "?").join(", ")})) AS official
       FROM newsletter_subscribers s`,
    )
      .bind(...OFFICIAL_SEGMENTS)
      .all<{ id: number; status: string; consent_at: string | null; official: number }>();
    const subscribed = results.filter((r) => r.status === "subscribed");
    expect(subscribed.length).toBeGreaterThanOrEqual(5);
    expect(subscribed.every((r) => r.official === 1 && r.consent_at !== null)).toBe(true);
    expect(results.some((r) => r.status === "unsubscribed")).toBe(true);
  });

  it("changes nothing when applied a second time, even at another moment", async () => {
    const now = new Date();
    await applySeed(now);
    const first = await dumpSeededTables();
    await applySeed(new Date(now.getTime() + 3 * 24 * 60 * 60 * 1000 + 17 * 60 * 1000));
    expect(await dumpSeededTables()).toEqual(first);
  });
});
