// Migration 0143 gives each session type what its booking form asks beyond
// the usual fields (set on /admin/passtyper) in place of the rules code drew
// from a session's title. Run on a database that already holds types and
// sessions, it gives each type the question its sessions asked before, and
// none to the rest; a session then asks what its type asks.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { bookingAskSql } from "~/server/booking/booking-ask.server";
import { migrateOver } from "./empty-database";

const MIGRATION = "0143_session_type_booking_ask.sql";

const asks = async () =>
  Object.fromEntries(
    (await env.DB.prepare("SELECT name, booking_ask FROM popup_types ORDER BY id").all<{ name: string; booking_ask: string | null }>()).results.map(
      (r) => [r.name, r.booking_ask],
    ),
  );

const sessionAsk = async (title: string) =>
  env.DB.prepare(`SELECT ${bookingAskSql("sessions")} AS ask FROM sessions WHERE title = ?`).bind(title).first<string | null>("ask");

beforeAll(() =>
  migrateOver(env.DB, env.TEST_MIGRATIONS, MIGRATION, async () => {
    await env.DB.prepare(
      `INSERT INTO popup_types (name, session_type, price) VALUES
         ('VALPKURS', 'group', 249), ('HEMMIS', 'private', 695), ('PLAN', 'private', 395),
         ('PRIVAT & PROFFS', 'privatpass', 0), ('PLANERING', 'group', 100), (' Plan ', 'group', 100)`,
    ).run();
    await env.DB.prepare(
      `INSERT INTO sessions (title, location, start_time, end_time, pass_type, max_participants) VALUES
         ('VALPKURS', 'Hundhallen Gävle', '2027-01-10T09:00:00.000Z', '2027-01-10T10:00:00.000Z', 'group', 8),
         ('hemmis', 'Hembesök', '2027-01-11T09:00:00.000Z', '2027-01-11T10:00:00.000Z', 'private', 1),
         ('NYTT PASS', 'Online', '2027-01-12T09:00:00.000Z', '2027-01-12T10:00:00.000Z', 'private', 1)`,
    ).run();
  }),
);

describe("migration 0143 (what a session type's booking form asks)", () => {
  it("gives each type the question its sessions asked by name (any case, spaces trimmed), and none to the rest", async () => {
    expect(await asks()).toEqual({
      VALPKURS: null,
      HEMMIS: "home_address",
      PLAN: "meeting_type",
      "PRIVAT & PROFFS": "variant",
      PLANERING: null,
      " Plan ": "meeting_type",
    });
  });

  it("lets a session ask what the type named as its title asks, or its own type's when it has one", async () => {
    expect(await sessionAsk("VALPKURS")).toBeNull();
    expect(await sessionAsk("hemmis")).toBe("home_address");
    expect(await sessionAsk("NYTT PASS")).toBeNull();
    await env.DB.prepare("UPDATE sessions SET popup_type_id = (SELECT id FROM popup_types WHERE name = 'PLAN') WHERE title = 'NYTT PASS'").run();
    expect(await sessionAsk("NYTT PASS")).toBe("meeting_type");
    // Its own type wins over a type named as its title.
    await env.DB.prepare("UPDATE sessions SET popup_type_id = (SELECT id FROM popup_types WHERE name = 'VALPKURS') WHERE title = 'hemmis'").run();
    expect(await sessionAsk("hemmis")).toBeNull();
  });

  it("refuses a question that is none of the three", async () => {
    await expect(env.DB.prepare("UPDATE popup_types SET booking_ask = 'shoe_size' WHERE name = 'VALPKURS'").run()).rejects.toThrow(/CHECK constraint failed/);
  });
});
