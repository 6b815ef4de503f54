// How long the cron worker needs to queue one campaign to 10 000 subscribers
// and hand it over to the provider, and in how many runs.
//
//   node bench/newsletter.mjs [--subscribers N] [--check]
//
// Bundles the cron worker as a deploy would (workers/cron.ts, through
// bench/lib/newsletter-worker.ts, which adds only a way to start a campaign),
// serves it on workerd (Miniflare) with a fresh local D1 under
// .wrangler/bench-newsletter (migrated), seeds N subscribers (half VIP, half
// Live), starts a campaign to 'alla' (day 1 reaches them all), then calls the
// worker's scheduled entry, as the five-minute trigger would, until a local
// Resend stub (127.0.0.1, port 8783 or any free one) has received every mail.
// Prints the runs, wall time, the workerd process's CPU time (the worker and
// the local D1 together, so an upper bound for the worker's), the provider
// calls and the D1 size of the queue. Budget: ≤ 3 runs, ≤ 30 s CPU in total.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { benchEnv } from "./lib/runtime.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const STATE = path.join(ROOT, ".wrangler/bench-newsletter");
const STUB_PORT = 8783;
const MAX_RUNS = 10;
const BUDGET = { runs: 3, cpuSeconds: 30 };
const DATABASE_ID = "00000000-0000-4000-8000-00000000b0b0";

const args = process.argv.slice(2);
const check = args.includes("--check");
const countArg = args.indexOf("--subscribers");
const SUBSCRIBERS = countArg >= 0 ? Number(args[countArg + 1]) : 10_000;
if (!Number.isInteger(SUBSCRIBERS) || SUBSCRIBERS < 1 || SUBSCRIBERS > 100_000) {
  console.error("--subscribers must be a whole number from 1 to 100000");
  process.exit(2);
}

function run(command, commandArgs) {
  const result = spawnSync(command, commandArgs, { cwd: ROOT, env: benchEnv(), encoding: "utf8" });
  if (result.status !== 0) {
    process.stderr.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    throw new Error(`${command} ${commandArgs.join(" ")} failed (exit ${result.status})`);
  }
}

/** A wrangler config for the bench worker: the cron worker's settings, its own database. */
function writeConfig() {
  const cronToml = readFileSync(path.join(ROOT, "workers/cron.wrangler.toml"), "utf8");
  const compatibilityDate = /^compatibility_date = "([^"]+)"/m.exec(cronToml)?.[1] ?? "2026-04-20";
  const file = path.join(STATE, "wrangler.toml");
  writeFileSync(
    file,
    [
      `name = "hundpass-cron-bench"`,
      `main = ${JSON.stringify(path.join(ROOT, "bench/lib/newsletter-worker.ts"))}`,
      `compatibility_date = "${compatibilityDate}"`,
      `compatibility_flags = ["nodejs_compat"]`,
      `[[d1_databases]]`,
      `binding = "DB"`,
      `database_name = "hundpass-bench-newsletter"`,
      `database_id = "${DATABASE_ID}"`,
      `migrations_dir = ${JSON.stringify(path.join(ROOT, "migrations"))}`,
    ].join("\n"),
  );
  return file;
}

/** Plays Resend's batch endpoint: counts calls and messages. */
function startResendStub() {
  const seen = { calls: 0, messages: 0, single: 0, addresses: new Set() };
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const items = JSON.parse(body || "null");
      res.setHeader("content-type", "application/json");
      if (req.url === "/emails/batch" && Array.isArray(items)) {
        seen.calls++;
        seen.messages += items.length;
        for (const item of items) seen.addresses.add(item.to[0]);
        res.end(JSON.stringify({ data: items.map((_, i) => ({ id: `re_${seen.calls}_${i}` })) }));
      } else {
        seen.single++;
        res.end(JSON.stringify({ id: `re_single_${seen.single}` }));
      }
    });
  });
  return new Promise((resolve, reject) => {
    const listen = (port) =>
      server.listen(port, "127.0.0.1", () => resolve({ server, seen, port: server.address().port }));
    server.once("error", (error) => {
      if (error.code !== "EADDRINUSE") return reject(error);
      server.removeAllListeners("error");
      listen(0);
    });
    listen(STUB_PORT);
  });
}

const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

/** CPU seconds (user + system) of the workerd processes this script started. */
function workerdCpuSeconds() {
  const parents = new Map();
  const stats = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const comm = stat.slice(stat.indexOf("(") + 1, close);
      const fields = stat.slice(close + 2).split(" ");
      parents.set(Number(entry), Number(fields[1]));
      stats.set(Number(entry), { comm, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // Gone meanwhile.
    }
  }
  const descends = (pid) => {
    for (let p = pid; p > 1; p = parents.get(p) ?? 0) if (p === process.pid) return true;
    return false;
  };
  let ticks = 0;
  for (const [pid, { comm, ticks: t }] of stats) if (comm.startsWith("workerd") && descends(pid)) ticks += t;
  return ticks / CLOCK_TICKS;
}

async function main() {
  rmSync(STATE, { recursive: true, force: true });
  mkdirSync(STATE, { recursive: true });
  const config = writeConfig();
  process.stdout.write("Migrating and bundling… ");
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE, "-c", config]);
  const outdir = mkdtempSync(path.join(tmpdir(), "hundpass-cron-bundle-"));
  run("npx", ["wrangler", "deploy", "--dry-run", "--outdir", outdir, "-c", config]);
  const bundle = readdirSync(outdir).find((f) => f.endsWith(".js"));
  console.log("done.");

  const stub = await startResendStub();
  const { Miniflare } = await import("miniflare");
  const cronToml = readFileSync(path.join(ROOT, "workers/cron.wrangler.toml"), "utf8");
  const vars = Object.fromEntries(
    [...cronToml.split("[env.production]")[0].split(/^\[vars\]$/m)[1].matchAll(/^([A-Z_]+) = "([^"]*)"/gm)].map((m) => [m[1], m[2]]),
  );
  const mf = new Miniflare({
    host: "127.0.0.1",
    port: 0,
    d1Persist: path.join(STATE, "v3/d1"),
    d1Databases: { DB: DATABASE_ID },
    compatibilityDate: "2026-04-20",
    compatibilityFlags: ["nodejs_compat"],
    modulesRoot: outdir,
    modules: [{ type: "ESModule", path: path.join(outdir, bundle) }],
    bindings: {
      ...vars,
      EMAIL_TRANSPORT: "resend",
      RESEND_API_KEY: "re_bench",
      RESEND_API_URL: `http://127.0.0.1:${stub.port}/emails`,
    },
  });
  try {
    await mf.ready;
    const db = await mf.getD1Database("DB");
    const seedStart = Date.now();
    const CHUNK = 2_000;
    for (let from = 0; from < SUBSCRIBERS; from += CHUNK) {
      const people = Array.from({ length: Math.min(CHUNK, SUBSCRIBERS - from) }, (_, i) => {
        const n = from + i;
        return { e: `prenumerant${String(n).padStart(6, "0")}@example.se`, g: n % 2 === 0 ? "vip-utskick" : "live-utskick" };
      });
      await db.batch([
        db
          .prepare(
            `INSERT INTO newsletter_subscribers (email, status, source, consent_at)
             SELECT json_extract(value, '$.e'), 'subscribed', 'website', '2026-01-01T00:00:00.000Z' FROM json_each(?)`,
          )
          .bind(JSON.stringify(people)),
        db
          .prepare(
            `INSERT INTO newsletter_subscriber_segments (subscriber_id, segment_name)
             SELECT s.id, json_extract(p.value, '$.g') FROM json_each(?) p
             JOIN newsletter_subscribers s ON lower(s.email) = lower(json_extract(p.value, '$.e'))`,
          )
          .bind(JSON.stringify(people)),
      ]);
    }
    const campaign = await db
      .prepare(
        `INSERT INTO email_campaigns (campaign_name, subject, subheader, html_content, button_text, button_url,
           from_email, target_segment, footer_line1, footer_line2)
         VALUES ('Benchbrevet', 'Nya pass i april', 'Våren är här', ?, 'Boka pass', 'https://hundpass.se/alla-popups',
           'nyhetsbrev@hundpass.se', 'agare-testar', 'Hundpass', 'Stockholm')
         RETURNING id`,
      )
      .bind(Array.from({ length: 12 }, (_, i) => `Stycke ${i + 1}: nu finns vårens pass att boka.`).join("\n\n"))
      .first();
    console.log(`Seeded ${SUBSCRIBERS} subscribers (half VIP, half Live) in ${((Date.now() - seedStart) / 1000).toFixed(1)} s.`);

    const answer = await mf.dispatchFetch(`http://localhost/start?campaign=${campaign.id}&target=alla`);
    const started = answer.ok ? await answer.json() : { ok: false, error: await answer.text() };
    if (!started.ok) throw new Error(`the campaign did not start: ${JSON.stringify(started)}`);

    const worker = await mf.getWorker();
    const rows = [];
    const cpuBefore = workerdCpuSeconds();
    const wallBefore = performance.now();
    while (stub.seen.addresses.size < SUBSCRIBERS && rows.length < MAX_RUNS) {
      const cpu0 = workerdCpuSeconds();
      const t0 = performance.now();
      const calls0 = stub.seen.calls;
      const messages0 = stub.seen.messages;
      await worker.scheduled({ scheduledTime: new Date(), cron: "*/5 * * * *" });
      rows.push({
        run: rows.length + 1,
        wallSeconds: (performance.now() - t0) / 1000,
        cpuSeconds: workerdCpuSeconds() - cpu0,
        calls: stub.seen.calls - calls0,
        messages: stub.seen.messages - messages0,
      });
    }
    const wall = (performance.now() - wallBefore) / 1000;
    const cpu = workerdCpuSeconds() - cpuBefore;
    const queue = await db
      .prepare(
        `SELECT (SELECT count(*) FROM email_outbox WHERE kind = 'newsletter') AS queued,
           (SELECT count(*) FROM email_outbox WHERE kind = 'newsletter' AND status = 'sent') AS sent,
           (SELECT status FROM email_campaigns WHERE id = ?) AS status`,
      )
      .bind(campaign.id)
      .first();

    console.log("");
    console.log("run   wall s   workerd CPU s   provider calls   mails handed over");
    for (const r of rows) {
      console.log(
        `${String(r.run).padStart(3)}   ${r.wallSeconds.toFixed(2).padStart(6)}   ${r.cpuSeconds.toFixed(2).padStart(13)}   ${String(r.calls).padStart(14)}   ${String(r.messages).padStart(17)}`,
      );
    }
    console.log("");
    console.log(`Subscribers:           ${SUBSCRIBERS}`);
    console.log(`Runs until all handed: ${rows.length} (budget ≤ ${BUDGET.runs})`);
    console.log(`Wall time:             ${wall.toFixed(2)} s`);
    console.log(`CPU (workerd + D1):    ${cpu.toFixed(2)} s (budget ≤ ${BUDGET.cpuSeconds} s)`);
    console.log(`Provider calls:        ${stub.seen.calls} batch, ${stub.seen.single} single`);
    console.log(`Distinct recipients:   ${stub.seen.addresses.size}; messages ${stub.seen.messages}`);
    console.log(
      `Outbox:                ${queue.queued} queued rows, ${queue.sent} sent; campaign ${queue.status}` +
        (queue.status === "sending" ? " (its day 2 and 3 waves, empty here, and the day-4 report are still due)" : ""),
    );

    const ok =
      stub.seen.addresses.size === SUBSCRIBERS &&
      stub.seen.messages === SUBSCRIBERS &&
      rows.length <= BUDGET.runs &&
      cpu <= BUDGET.cpuSeconds;
    if (!ok) console.log("Budget missed (or a mail was lost or sent twice).");
    if (check && !ok) process.exitCode = 1;
  } finally {
    await mf.dispose();
    stub.server.close();
    rmSync(outdir, { recursive: true, force: true });
  }
}

await main();
