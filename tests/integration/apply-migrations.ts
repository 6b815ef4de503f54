// Every integration test file starts from the real migrations on an empty D1
// and from an empty page cache. Test files share one workerd per vitest
// worker (the project runs with `isolate: false`, which saves starting a
// runtime and loading the app for every file), so whatever an earlier file
// left is dropped here first: every table, view and trigger, including the
// migrations' own bookkeeping, then the migrations are applied again (all in
// one batch, as scripts/migrate-local.mjs gives a new local database).
import { env } from "cloudflare:workers";
import { purgePublicPages, purgeSeatLists } from "../../app/server/public/page-cache.server";
import { applyAllMigrations, emptyDatabase } from "./empty-database";

async function emptyPageCache() {
  const pending: Promise<unknown>[] = [];
  purgeSeatLists(new Request("http://localhost/"), { waitUntil: (promise) => pending.push(promise) });
  await Promise.all(pending);
  await purgePublicPages(new Request("http://localhost/"));
}

await emptyDatabase(env.DB);
await applyAllMigrations(env.DB, env.TEST_MIGRATIONS);
await emptyPageCache();
