// A new local database gets every migration at once (scripts/migrate-local.mjs,
// used by npm start and the e2e servers), recorded as wrangler records them:
// wrangler then finds nothing to apply, and a database that is there already
// takes wrangler's own path.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain JavaScript, run by node before anything is built
import { allMigrationsSql, isNewDatabase, migrationNames } from "../../scripts/migrate-local.mjs";

const root = path.resolve(__dirname, "../..");
const migrations = path.join(root, "migrations");

describe("every migration at once", () => {
  it("is every file of migrations/ in order, each followed by the row wrangler records for it", () => {
    const names: string[] = migrationNames(migrations);
    expect(names).toEqual(readdirSync(migrations).filter((name) => name.endsWith(".sql")).sort());
    const sql: string = allMigrationsSql(migrations);
    expect(sql.startsWith('CREATE TABLE IF NOT EXISTS "d1_migrations"(')).toBe(true);
    let at = 0;
    for (const name of names) {
      const row = `INSERT INTO "d1_migrations" (name)\nvalues ('${name}');`;
      const next = sql.indexOf(row, at);
      expect(next, name).toBeGreaterThan(at);
      at = next;
    }
  });

  it("is only for a folder that holds no database yet", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "hundpass-migrate-"));
    expect(isNewDatabase(folder)).toBe(true);
    const objects = path.join(folder, "v3/d1/miniflare-D1DatabaseObject");
    mkdirSync(objects, { recursive: true });
    writeFileSync(path.join(objects, "metadata.sqlite-wal"), "");
    expect(isNewDatabase(folder)).toBe(true);
    writeFileSync(path.join(objects, "0123abcd.sqlite"), "");
    expect(isNewDatabase(folder)).toBe(false);
  });

  // Two wrangler runs on a busy 2-core machine.
  it("leaves nothing for wrangler to apply, and on a second run wrangler applies", { timeout: 120_000 }, () => {
    const folder = mkdtempSync(path.join(tmpdir(), "hundpass-migrate-"));
    const run = () => execFileSync("node", ["scripts/migrate-local.mjs", folder], { cwd: root, encoding: "utf8" });
    expect(run()).toBe(`${migrationNames(migrations).length} migrations applied to a new database\n`);
    expect(isNewDatabase(folder)).toBe(false);
    expect(run()).toMatch(/No migrations to apply/);
  });
});
