#!/usr/bin/env node
// Applies the migrations to a local D1 (the folder given, as wrangler's
// --persist-to). `wrangler d1 migrations apply --local` starts a runtime of
// its own for each migration: on a new database, 165 of them took 105–117 s on a
// 2-core machine. A database with none yet gets them all in one
// `wrangler d1 execute` (5 s): the same files in the same order, each
// followed by the same bookkeeping row wrangler writes (d1_migrations), so a
// later `wrangler d1 migrations apply` sees them applied and applies only
// newer ones. A database that is there already takes wrangler's own path.
// The one difference: all run in one transaction, not one each, so a
// migration's PRAGMA defer_foreign_keys (0016) holds until the end.
//   node scripts/migrate-local.mjs <persist folder>
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** The checkout: wrangler reads its wrangler.toml, and the migrations are its migrations/. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** wrangler's table of applied migrations, and its statement that makes it (d1 migrations apply). */
const TABLE = "d1_migrations";
const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "${TABLE}"(
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		name       TEXT UNIQUE,
		applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`;

/** The migration files wrangler applies, in its order (migrations/*.sql by name). */
export function migrationNames(dir) {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".sql"))
    .sort();
}

/** Every migration as one SQL text, each with the row wrangler records for it. */
export function allMigrationsSql(dir) {
  const parts = migrationNames(dir).map((name) => {
    const sql = readFileSync(path.join(dir, name), "utf8");
    return `${sql}\nINSERT INTO "${TABLE}" (name)\nvalues ('${name.replace(/'/g, "''")}');`;
  });
  return [CREATE_TABLE, ...parts].join("\n");
}

/** Whether the persist folder holds no local D1 database yet. */
export function isNewDatabase(persistTo) {
  const folder = path.join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
  return !existsSync(folder) || !readdirSync(folder).some((name) => name.endsWith(".sqlite"));
}

/** Runs wrangler; its output is shown when `show` is set or it fails (a batch's results are one JSON entry a statement). */
function wrangler(args, { show }) {
  const result = spawnSync("npx", ["wrangler", ...args], { cwd: ROOT, encoding: "utf8", env: process.env, maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  if (show || result.status !== 0) {
    process.stdout.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
  }
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function main() {
  const persistTo = process.argv[2] && path.resolve(process.argv[2]);
  if (!persistTo) {
    console.error("usage: node scripts/migrate-local.mjs <persist folder>");
    process.exit(2);
  }
  if (!isNewDatabase(persistTo)) {
    wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], { show: true });
    return;
  }
  const scratch = mkdtempSync(path.join(tmpdir(), "hundpass-migrations-"));
  try {
    const file = path.join(scratch, "all.sql");
    const migrations = path.join(ROOT, "migrations");
    writeFileSync(file, allMigrationsSql(migrations));
    wrangler(["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file], { show: false });
    console.log(`${migrationNames(migrations).length} migrations applied to a new database`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
