// Every integration test file starts from the real migrations on an empty D1
// and from an empty page cache. Test files share one workerd per vitest
// worker (the project runs with `isolate: false`, which saves starting a
// runtime and loading the app for every file), so whatever an earlier file
// left is dropped here first: every table, view and trigger, including the
// migrations' own bookkeeping, then the migrations are applied again.
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { purgePublicPages, purgeSeatLists } from "../../app/server/public/page-cache.server";

async function emptyDatabase(db: D1Database) {
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

async function emptyPageCache() {
  const pending: Promise<unknown>[] = [];
  purgeSeatLists(new Request("http://localhost/"), { waitUntil: (promise) => pending.push(promise) });
  await Promise.all(pending);
  await purgePublicPages(new Request("http://localhost/"));
}

await emptyDatabase(env.DB);
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await emptyPageCache();
