// How long the cron worker needs to queue one campaign to 10 000 subscribers
// and hand it over to a provider that keeps a rate limit, and in how many runs.
//
//   node bench/newsletter.mjs [--subscribers N] [--provider-rps N] [--check]
//
// Bundles the cron worker as a deploy would (workers/cron.ts, through
// bench/lib/newsletter-worker.ts, which adds only a way to start a campaign),
// serves it on workerd (Miniflare) with a fresh local D1 under
// .wrangler/bench-newsletter (migrated), seeds N subscribers (half VIP, half
// Live), starts a campaign to 'alla' (day 1 reaches them all), then calls the
// worker's scheduled entry, as the five-minute trigger would, until a local
// Resend stub (127.0.0.1, port 8783 or any free one) has received every mail.
// The stub behaves as Resend does: --provider-rps requests a second (default
// 2, its default limit) in fixed one-second windows, a 429 with retry-after
// beyond that, ratelimit-limit / -remaining / -reset on every answer, and a
// repeated Idempotency-Key sends nothing again. Halfway through the campaign
// a booking confirmation is queued and drained the way the app's booking
// action does it (bench/lib/newsletter-worker.ts /confirm); its wait until
// the stub has it is printed.
// Prints the runs, wall time, the workerd process's CPU time (the worker and
// the local D1 together, so an upper bound for the worker's), the provider
// calls and 429s, doubles, dead letters and the queue. Budget: ≤ 3 runs,
// ≤ 30 s CPU in total, 0 doubles, 0 dead letters, the confirmation within 5 s.
import "./lib/project-node.mjs";
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
const BUDGET = { runs: 3, cpuSeconds: 30, confirmationSeconds: 5 };
const DATABASE_ID = "00000000-0000-4000-8000-00000000b0b0";

const args = process.argv.slice(2);
const check = args.includes("--check");
const countArg = args.indexOf("--subscribers");
const SUBSCRIBERS = countArg >= 0 ? Number(args[countArg + 1]) : 10_000;
if (!Number.isInteger(SUBSCRIBERS) || SUBSCRIBERS < 1 || SUBSCRIBERS > 100_000) {
  console.error("--subscribers must be a whole number from 1 to 100000");
  process.exit(2);
}
const rpsArg = args.indexOf("--provider-rps");
const PROVIDER_RPS = rpsArg >= 0 ? Number(args[rpsArg + 1]) : 2;
if (!Number.isInteger(PROVIDER_RPS) || PROVIDER_RPS < 1 || PROVIDER_RPS > 100) {
  console.error("--provider-rps must be a whole number from 1 to 100");
  process.exit(2);
}
const CONFIRMATION_TO = "bekraftelse@example.se";

/** wrangler's output kept whole: applying every migration prints a table longer than spawnSync's default megabyte. */
const OUTPUT_MAX_BYTES = 64 * 1024 * 1024;

function run(command, commandArgs) {
  const result = spawnSync(command, commandArgs, { cwd: ROOT, env: benchEnv(), encoding: "utf8", maxBuffer: OUTPUT_MAX_BYTES });
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

/**
 * Plays Resend at PROVIDER_RPS requests a second: fixed one-second windows,
 * 429 + retry-after beyond the limit, the rate-limit headers on every
 * answer, and its idempotency (a repeated key sends nothing again).
 */
function startResendStub() {
  const seen = {
    calls: 0,
    rateLimited: 0,
    messages: 0,
    single: 0,
    addresses: new Set(),
    /** New sends per address: more than one is a double. */
    perAddress: new Map(),
    confirmationAt: null,
  };
  const answers = new Map();
  let windowStart = -Infinity;
  let used = 0;
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const now = Date.now();
      if (now - windowStart >= 1000) {
        windowStart = now;
        used = 0;
      }
      const reset = String(Math.max(1, Math.ceil((windowStart + 1000 - now) / 1000)));
      res.setHeader("content-type", "application/json");
      res.setHeader("ratelimit-limit", String(PROVIDER_RPS));
      res.setHeader("ratelimit-reset", reset);
      if (used >= PROVIDER_RPS) {
        seen.rateLimited++;
        res.statusCode = 429;
        res.setHeader("ratelimit-remaining", "0");
        res.setHeader("retry-after", reset);
        res.end(JSON.stringify({ statusCode: 429, name: "rate_limit_exceeded", message: "Too many requests" }));
        return;
      }
      used++;
      res.setHeader("ratelimit-remaining", String(PROVIDER_RPS - used));
      const key = req.headers["idempotency-key"] ?? "";
      const repeat = key ? answers.get(key) : undefined;
      if (repeat) return res.end(repeat);
      const items = JSON.parse(body || "null");
      const batch = req.url === "/emails/batch" && Array.isArray(items);
      const list = batch ? items : [items];
      for (const item of list) {
        const to = item.to[0];
        seen.addresses.add(to);
        seen.perAddress.set(to, (seen.perAddress.get(to) ?? 0) + 1);
        if (to === CONFIRMATION_TO && seen.confirmationAt === null) seen.confirmationAt = now;
      }
      let answer;
      if (batch) {
        seen.calls++;
        seen.messages += items.length;
        answer = JSON.stringify({ data: items.map((_, i) => ({ id: `re_${seen.calls}_${i}` })) });
      } else {
        seen.single++;
        answer = JSON.stringify({ id: `re_single_${seen.single}` });
      }
      if (key) answers.set(key, answer);
      res.end(answer);
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
  const { Miniflare, convertV4MiniflareOptions } = await import("miniflare");
  const cronToml = readFileSync(path.join(ROOT, "workers/cron.wrangler.toml"), "utf8");
  const vars = Object.fromEntries(
    [...cronToml.split("[env.production]")[0].split(/^\[vars\]$/m)[1].matchAll(/^([A-Z_]+) = "([^"]*)"/gm)].map((m) => [m[1], m[2]]),
  );
  // Miniflare 4's shape, converted for Miniflare 5.
  const mf = new Miniflare(convertV4MiniflareOptions({
    host: "127.0.0.1",
    port: 0,
    resourcePersistencePath: path.join(STATE, "v3"),
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
  }));
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
    let confirmation = null;
    /** Halfway through the campaign, a booking confirmation queued and drained as the app does it. */
    const confirmHalfway = async (running) => {
      while (running.pending && stub.seen.messages < SUBSCRIBERS / 2) await new Promise((r) => setTimeout(r, 50));
      if (!running.pending || confirmation) return;
      const queuedAt = Date.now();
      const queued = await (await mf.dispatchFetch(`http://localhost/confirm?to=${CONFIRMATION_TO}`)).json();
      confirmation = { queuedAt, status: queued.status, campaignMailsBefore: stub.seen.messages };
    };
    while (stub.seen.messages < SUBSCRIBERS && rows.length < MAX_RUNS) {
      const cpu0 = workerdCpuSeconds();
      const t0 = performance.now();
      const calls0 = stub.seen.calls;
      const messages0 = stub.seen.messages;
      const limited0 = stub.seen.rateLimited;
      const running = { pending: true };
      const cron = worker.scheduled({ scheduledTime: new Date(), cron: "*/5 * * * *" }).finally(() => (running.pending = false));
      await Promise.all([cron, confirmHalfway(running)]);
      rows.push({
        run: rows.length + 1,
        wallSeconds: (performance.now() - t0) / 1000,
        cpuSeconds: workerdCpuSeconds() - cpu0,
        calls: stub.seen.calls - calls0,
        limited: stub.seen.rateLimited - limited0,
        messages: stub.seen.messages - messages0,
      });
    }
    // A confirmation not yet handed over gets the time its after-response drain may take.
    for (let i = 0; confirmation && stub.seen.confirmationAt === null && i < 60; i++) await new Promise((r) => setTimeout(r, 500));
    const wall = (performance.now() - wallBefore) / 1000;
    const cpu = workerdCpuSeconds() - cpuBefore;
    const queue = await db
      .prepare(
        `SELECT (SELECT count(*) FROM email_outbox WHERE kind = 'newsletter') AS queued,
           (SELECT count(*) FROM email_outbox WHERE kind = 'newsletter' AND status = 'sent') AS sent,
           (SELECT count(*) FROM email_outbox WHERE status = 'failed') AS dead,
           (SELECT status FROM email_campaigns WHERE id = ?) AS status`,
      )
      .bind(campaign.id)
      .first();

    console.log("");
    console.log("run   wall s   workerd CPU s   provider calls   429 answers   mails handed over");
    for (const r of rows) {
      console.log(
        `${String(r.run).padStart(3)}   ${r.wallSeconds.toFixed(2).padStart(6)}   ${r.cpuSeconds.toFixed(2).padStart(13)}   ${String(r.calls).padStart(14)}   ${String(r.limited).padStart(11)}   ${String(r.messages).padStart(17)}`,
      );
    }
    console.log("");
    console.log(`Subscribers:           ${SUBSCRIBERS}`);
    console.log(`Runs until all handed: ${rows.length} (budget ≤ ${BUDGET.runs})`);
    console.log(`Wall time:             ${wall.toFixed(2)} s`);
    console.log(`CPU (workerd + D1):    ${cpu.toFixed(2)} s (budget ≤ ${BUDGET.cpuSeconds} s)`);
    const doubles = [...stub.seen.perAddress.values()].filter((n) => n > 1).length;
    const waitSeconds =
      confirmation && stub.seen.confirmationAt !== null ? (stub.seen.confirmationAt - confirmation.queuedAt) / 1000 : null;
    console.log(`Provider:              ${PROVIDER_RPS} requests/s (429 beyond, with retry-after)`);
    console.log(`Provider calls:        ${stub.seen.calls} batch, ${stub.seen.single} single, ${stub.seen.rateLimited} answered 429`);
    console.log(`Distinct recipients:   ${stub.seen.addresses.size}; messages ${stub.seen.messages}`);
    console.log(`Doubles:               ${doubles}`);
    console.log(`Dead letters:          ${queue.dead}`);
    console.log(
      confirmation
        ? `Confirmation:          queued after ${confirmation.campaignMailsBefore} campaign mails, handed over ${
            waitSeconds === null ? "never" : `after ${waitSeconds.toFixed(2)} s`
          } (budget ≤ ${BUDGET.confirmationSeconds} s)`
        : "Confirmation:          not queued (the campaign finished first)",
    );
    console.log(
      `Outbox:                ${queue.queued} queued rows, ${queue.sent} sent; campaign ${queue.status}` +
        (queue.status === "sending" ? " (its day 2 and 3 waves, empty here, and the day-4 report are still due)" : ""),
    );

    const ok =
      stub.seen.messages === SUBSCRIBERS &&
      doubles === 0 &&
      queue.dead === 0 &&
      confirmation !== null &&
      waitSeconds !== null &&
      waitSeconds <= BUDGET.confirmationSeconds &&
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
