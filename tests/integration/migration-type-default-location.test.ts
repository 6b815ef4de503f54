// Migration 0137 gives each session type its own default location (a place,
// set on /admin/passtyper) in place of the rules code drew from a type's name
// and kind. Run on a database that already holds types, it gives each the
// location its sessions started from before, and none to the rest; the column
// then follows a place's rename and is cleared when the place goes.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateOver } from "./empty-database";

const MIGRATION = "0137_session_type_default_location.sql";

const defaults = async () =>
  Object.fromEntries(
    (await env.DB.prepare("SELECT name, default_location FROM popup_types ORDER BY id").all<{ name: string; default_location: string | null }>()).results.map(
      (r) => [r.name, r.default_location],
    ),
  );

beforeAll(() =>
  migrateOver(env.DB, env.TEST_MIGRATIONS, MIGRATION, async () => {
    await env.DB.prepare(
      `INSERT INTO popup_types (name, session_type, price) VALUES
         ('VALPKURS', 'group', 249), ('HEMMIS', 'private', 695), ('PLAN', 'private', 395),
         ('KOMBIPASS', 'combined', 0), ('PRIVAT & PROFFS', 'privatpass', 0), ('Hemmis', 'group', 100)`,
    ).run();
  }),
);

describe("migration 0137 (a session type's default location)", () => {
  it("gives each type the location its sessions started from, and none to the rest", async () => {
    expect(await defaults()).toEqual({
      VALPKURS: null,
      HEMMIS: "Hembesök",
      PLAN: "Online",
      KOMBIPASS: "Hundhallen Gävle",
      "PRIVAT & PROFFS": null,
      Hemmis: null,
    });
  });

  it("refuses a location that is no place, follows a place's rename and is cleared when the place goes", async () => {
    await expect(env.DB.prepare("UPDATE popup_types SET default_location = 'Stockholm' WHERE name = 'VALPKURS'").run()).rejects.toThrow(
      /FOREIGN KEY constraint failed/,
    );
    await env.DB.prepare("UPDATE places SET name = 'Hundhallen i Gävle' WHERE name = 'Hundhallen Gävle'").run();
    expect((await defaults()).KOMBIPASS).toBe("Hundhallen i Gävle");
    await env.DB.prepare("INSERT INTO places (name, town, kind) VALUES ('Skogen', 'Gävle', 'outdoor')").run();
    await env.DB.prepare("UPDATE popup_types SET default_location = 'Skogen' WHERE name = 'VALPKURS'").run();
    await env.DB.prepare("DELETE FROM places WHERE name = 'Skogen'").run();
    expect((await defaults()).VALPKURS).toBeNull();
  });
});
