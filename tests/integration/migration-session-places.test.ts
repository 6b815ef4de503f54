// Migration 0016 rebuilds `sessions` (its location becomes a foreign key to
// `places`). Run on a database that already holds sessions with bookings, a
// queue and a minimum-participant decision, it keeps every row and link: no
// booking loses its session, no queue place or decision goes, ids are not
// handed out again, and a location that is no place is refused afterwards.
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { emptyDatabase } from "./empty-database";

const REBUILD = "0016_sessions_location_places.sql";

const counts = async () => ({
  sessions: await env.DB.prepare("SELECT count(*) AS n FROM sessions").first<number>("n"),
  linked: await env.DB.prepare("SELECT count(*) AS n FROM bookings WHERE session_id IS NOT NULL").first<number>("n"),
  waitlist: await env.DB.prepare("SELECT count(*) AS n FROM waitlist_entries").first<number>("n"),
  decisions: await env.DB.prepare("SELECT count(*) AS n FROM session_decisions").first<number>("n"),
});

let before: Awaited<ReturnType<typeof counts>>;
let sessionsBefore: unknown[] = [];

beforeAll(async () => {
  const all = env.TEST_MIGRATIONS;
  expect(all.some((m) => m.name === REBUILD)).toBe(true);
  await emptyDatabase(env.DB);
  await applyD1Migrations(env.DB, all.filter((m) => m.name < REBUILD));

  const start = (days: number) => new Date(Date.UTC(2031, 0, days, 17)).toISOString();
  const end = (days: number) => new Date(Date.UTC(2031, 0, days, 18)).toISOString();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO sessions (id, title, location, start_time, end_time, pass_type, price_sek, current_participants, max_participants, revision, held_seats)
       VALUES (1, 'VALPKURS', 'Hundhallen Gävle', ?, ?, 'group', 249, 2, 6, 3, 1),
              (2, 'HEMMIS', 'Hembesök', ?, ?, 'private', 695, 1, 1, 0, 0),
              (7, 'PLAN', 'Online', ?, ?, 'private', 395, 0, 1, 0, 0)`,
    ).bind(start(5), end(5), start(6), end(6), start(7), end(7)),
    // A session deleted before the migration: its id (9) must not come back.
    env.DB.prepare(
      "INSERT INTO sessions (id, title, location, start_time, end_time, pass_type, max_participants) VALUES (9, 'X', 'Online', ?, ?, 'group', 1)",
    ).bind(start(8), end(8)),
    env.DB.prepare("DELETE FROM sessions WHERE id = 9"),
    ...[1, 1, 2].map((sessionId, i) =>
      env.DB.prepare(
        `INSERT INTO bookings (id, session_id, user_name, user_email, user_phone, dog_name, booking_status, idempotency_key,
           session_title, session_location, session_start_time, session_end_time)
         VALUES (?, ?, 'Kund', ?, '0701234567', 'Hund', 'confirmed', ?, 'VALPKURS', 'Hundhallen Gävle', ?, ?)`,
      ).bind(`00000000-0000-4000-8000-00000000000${i}`, sessionId, `kund${i}@example.se`, `key-${i}`, start(5), end(5)),
    ),
    env.DB.prepare(
      `INSERT INTO waitlist_entries (id, session_id, name, email, dog_name, leave_token_hash) VALUES ('w1', 1, 'Kö', 'ko@example.se', 'Hund', ?)`,
    ).bind("a".repeat(64)),
    env.DB.prepare(
      `INSERT INTO session_decisions (session_id, start_time, deadline, participants, token_hash) VALUES (1, ?, ?, 2, ?)`,
    ).bind(start(5), new Date(Date.parse(start(5)) - 25 * 3_600_000).toISOString(), "b".repeat(64)),
  ]);
  before = await counts();
  sessionsBefore = (await env.DB.prepare("SELECT * FROM sessions ORDER BY id").all()).results;

  await applyD1Migrations(env.DB, all.filter((m) => m.name >= REBUILD));
});

describe("migration 0016 (sessions' location becomes a place)", () => {
  it("keeps every session, booking link, queue place and decision", async () => {
    expect(before).toEqual({ sessions: 3, linked: 3, waitlist: 1, decisions: 1 });
    expect(await counts()).toEqual(before);
    expect((await env.DB.prepare("SELECT * FROM sessions ORDER BY id").all()).results).toEqual(sessionsBefore);
    const { results } = await env.DB.prepare("SELECT session_id FROM bookings ORDER BY id").all<{ session_id: number }>();
    expect(results.map((r) => r.session_id)).toEqual([1, 1, 2]);
    expect(await env.DB.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'keep_%'").all()).toMatchObject({ results: [] });
  });

  it("never hands out the id of a session deleted before it", async () => {
    const row = await env.DB.prepare(
      "INSERT INTO sessions (title, location, start_time, end_time, pass_type, max_participants) VALUES ('NY', 'Online', '2031-02-01T10:00:00.000Z', '2031-02-01T11:00:00.000Z', 'group', 1) RETURNING id",
    ).first<{ id: number }>();
    expect(row!.id).toBe(10);
  });

  it("refuses a location that is no place, and follows a place's rename", async () => {
    await expect(
      env.DB.prepare(
        "INSERT INTO sessions (title, location, start_time, end_time, pass_type, max_participants) VALUES ('NY', 'Stockholm', '2031-02-01T10:00:00.000Z', '2031-02-01T11:00:00.000Z', 'group', 1)",
      ).run(),
    ).rejects.toThrow(/FOREIGN KEY constraint failed/);
    await env.DB.prepare("UPDATE places SET name = 'Hundhallen i Gävle' WHERE name = 'Hundhallen Gävle'").run();
    expect(await env.DB.prepare("SELECT location FROM sessions WHERE id = 1").first("location")).toBe("Hundhallen i Gävle");
    await expect(env.DB.prepare("DELETE FROM places WHERE name = 'Online'").run()).rejects.toThrow(/FOREIGN KEY constraint failed/);
  });
});
