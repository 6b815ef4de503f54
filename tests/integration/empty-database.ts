import { applyD1Migrations, type D1Migration } from "cloudflare:test";

// Drops every table, view and trigger of a D1 database, the migrations' own
// bookkeeping too: the setup file empties each test file's database with it
// before applying the migrations, and a migration's own test empties it to
// apply the migrations before that one over data of its own.
export async function emptyDatabase(db: D1Database): Promise<void> {
  const { results } = await db
    .prepare(
      `SELECT type, name FROM sqlite_master
       WHERE type IN ('trigger', 'view', 'table') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'
       ORDER BY CASE type WHEN 'trigger' THEN 0 WHEN 'view' THEN 1 ELSE 2 END`,
    )
    .all<{ type: "trigger" | "view" | "table"; name: string }>();
  if (results.length === 0) return;
  await db.batch([
    // Tables go in any order: their foreign keys are only checked at the end, when none is left.
    db.prepare("PRAGMA defer_foreign_keys = ON"),
    ...results.map(({ type, name }) => db.prepare(`DROP ${type.toUpperCase()} IF EXISTS "${name.replaceAll('"', '""')}"`)),
  ]);
}

/**
 * Applies every migration to an empty database in one batch, recorded as
 * applyD1Migrations records them (its own bookkeeping table, made by calling
 * it with none): one batch a migration cost each test file about half a
 * second more. A migration's own test applies them one batch each, as
 * wrangler does (migrateOver below).
 */
export async function applyAllMigrations(db: D1Database, all: readonly D1Migration[]): Promise<void> {
  await applyD1Migrations(db, []);
  const record = db.prepare(`INSERT INTO d1_migrations (name) VALUES (?)`);
  await db.batch(all.flatMap((migration) => [...migration.queries.map((query) => db.prepare(query)), record.bind(migration.name)]));
}

/**
 * A migration's own test: empties the database, applies the migrations before
 * `migration`, writes the data it is to meet (`before`), and applies the rest.
 */
export async function migrateOver(db: D1Database, all: readonly D1Migration[], migration: string, before: () => Promise<unknown>): Promise<void> {
  if (!all.some((m) => m.name === migration)) throw new Error(`no migration ${migration}`);
  await emptyDatabase(db);
  await applyD1Migrations(db, all.filter((m) => m.name < migration));
  await before();
  await applyD1Migrations(db, all.filter((m) => m.name >= migration));
}
