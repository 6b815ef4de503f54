// The way back, tried: a database made by the project's own migrations and
// demo seed is exported with `wrangler d1 export` (scripts/d1-export.sh),
// imported into a fresh database with `wrangler d1 execute --file`, and the
// two must hold the same rows in every table and serve the same pages.
// Uses the real wrangler CLI and the built worker (`npm run build` first);
// everything lives in a temporary folder and one local server at a time on
// D1_ROUND_TRIP_PORT (default 8910).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const PORT = Number(process.env.D1_ROUND_TRIP_PORT ?? 8910);
/** The app's local database id (wrangler.toml): local state is kept per id. */
const DATABASE_ID = "00000000-0000-4000-8000-000000000001";
const PAGES = ["/", "/alla-popups", "/session/1", "/session/13", "/om"];

const tmp = mkdtempSync(path.join(tmpdir(), "hundpass-d1-round-trip-"));
// `wrangler d1 export --local` takes no --persist-to: it reads .wrangler/state beside its config.
const originalDir = path.join(tmp, "original");
const original = path.join(originalDir, ".wrangler", "state");
const restored = path.join(tmp, "restored");
const backup = path.join(tmp, "backup.sql");
const env: NodeJS.ProcessEnv = {
  ...process.env,
  XDG_CONFIG_HOME: path.join(tmp, "config"),
  WRANGLER_REGISTRY_PATH: path.join(tmp, "registry"),
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  X_LOCAL_OBSERVABILITY: "false",
  X_LOCAL_EXPLORER: "false",
};

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: root, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

type Rows = Record<string, string[]>;

/** Every table's rows (as sorted JSON lines), read through Miniflare's D1 from a wrangler --persist-to folder. */
async function tablesOf(persistTo: string): Promise<Rows> {
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script: "export default { fetch() { return new Response(null, { status: 404 }); } }",
      d1Databases: { DB: DATABASE_ID },
      // wrangler's --persist-to folder keeps every resource under v3/.
      resourcePersistencePath: path.join(persistTo, "v3"),
    }),
  );
  try {
    const db = await mf.getD1Database("DB");
    const { results: tables } = await db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name")
      .all<{ name: string }>();
    const reads = await db.batch(tables.map(({ name }) => db.prepare(`SELECT * FROM "${name.replaceAll('"', '""')}"`)));
    return Object.fromEntries(
      tables.map(({ name }, i) => [name, (reads[i]?.results ?? []).map((row) => JSON.stringify(row)).sort()]),
    );
  } finally {
    await mf.dispose();
  }
}

/**
 * What must match between two renders of a page: its HTML less what each
 * response makes afresh, the script nonce, the forms' signed fill-time
 * stamps ("<ms>.<hex signature>") and the booking form's one-time key, in the
 * form and in the loader data alike.
 */
function normalized(html: string): string {
  let out = html.replace(/nonce="[^"]*"/g, 'nonce=""').replace(/\b\d{13}\.[0-9a-f]{32,}\b/g, "<stamp>");
  for (const [, key] of html.matchAll(/name="idempotency_key" value="([0-9a-f-]{36})"/g)) out = out.replaceAll(key!, "<form key>");
  return out;
}

async function waitForServer(server: ChildProcess, url: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`wrangler dev stopped (${server.exitCode})`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within 120 s`);
}

/** Serves the built worker on a database folder and fetches each page; the server is stopped afterwards. */
async function pagesOf(persistTo: string): Promise<Record<string, { status: number; html: string }>> {
  const server = spawn(
    "npx",
    ["wrangler", "dev", "--port", String(PORT), "--persist-to", persistTo, "--var", `SITE_URL:http://localhost:${PORT}`, "--log-level", "warn"],
    { cwd: root, env: { ...env, NODE_ENV: "production" }, stdio: "ignore", detached: true },
  );
  try {
    await waitForServer(server, `http://localhost:${PORT}/healthz`);
    const pages: Record<string, { status: number; html: string }> = {};
    for (const page of PAGES) {
      const res = await fetch(`http://localhost:${PORT}${page}`, { redirect: "manual" });
      pages[page] = { status: res.status, html: normalized(await res.text()) };
    }
    return pages;
  } finally {
    // The whole process group this test started (npx, wrangler, workerd), by its id.
    if (server.pid) {
      try {
        process.kill(-server.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once("exit", resolve)));
  }
}

beforeAll(() => {
  if (!existsSync(path.join(root, "build", "server", "index.js"))) throw new Error("Run `npm run build` first: the pages are served from the build.");
  mkdirSync(originalDir, { recursive: true });
  // The project's own migrate (npm run db:migrate) and seed, on a folder of its own.
  run("node", ["scripts/migrate-local.mjs", original]);
  run("npx", ["tsx", "tests/fixtures/seed.ts", "--persist-to", original]);
  writeFileSync(
    path.join(originalDir, "wrangler.toml"),
    `name = "hundpass-export"\ncompatibility_date = "2026-04-20"\n\n[[d1_databases]]\nbinding = "DB"\ndatabase_name = "hundpass"\ndatabase_id = "${DATABASE_ID}"\n`,
  );
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe("exporting the database and importing it into a fresh one", () => {
  it("gives the same rows in every table and the same pages", async () => {
    run("sh", ["scripts/d1-export.sh", backup, "--local", "-c", path.join(originalDir, "wrangler.toml")]);
    run("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", restored, "--file", backup, "--yes"]);

    const [before, after] = [await tablesOf(original), await tablesOf(restored)];
    expect(Object.keys(after)).toEqual(Object.keys(before));
    expect(before.sessions!.length).toBeGreaterThan(10);
    expect(before.bookings!.length).toBeGreaterThan(10);
    // The migrations' bookkeeping travels too: the restored database is as migrated as the original.
    expect(before.d1_migrations!.length).toBeGreaterThan(20);
    for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);

    const servedBefore = await pagesOf(original);
    const servedAfter = await pagesOf(restored);
    for (const page of PAGES) {
      expect(servedBefore[page]!.status, page).toBe(200);
      expect(servedAfter[page]!.status, page).toBe(200);
      expect(servedAfter[page]!.html, page).toBe(servedBefore[page]!.html);
    }
    expect(servedBefore["/session/1"]!.html).toContain("VALPKURS");
  });
});
