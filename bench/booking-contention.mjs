#!/usr/bin/env node
// Booking contention bench: serves the built worker with its own `wrangler
// dev` on loopback, creates sessions directly in that local D1, then
//   1. spreads N bookings over M sessions at C connections (throughput), and
//   2. fires a burst of B simultaneous bookings at one S-seat session,
// and prints bookings/s, p50/p99 latency, the burst's settle time and the
// oversell count read back from D1 (bookings beyond max), which must be 0.
//
// With --payments the worker runs with PAYMENTS=stripe against the local
// Stripe stub (tests/support/stripe-stub.mjs, answering in --stub-latency-ms,
// 50 by default): a booking counts when it reaches Checkout (a held seat and
// a 303 to the Checkout Session's page), and a third phase expires --expire
// open Checkout Sessions at once on the stub, which sends each its signed
// checkout.session.expired; every one of those holds must be released.
//
// With --card every phase-1 booking types the code of one klippkort with
// --card-uses uses (as many as the requests by default), valid for the
// bench's session type: each booking spends one use in its own batch. A third
// phase is the race: --race bookings at once (50), each on its own session,
// with the code of a second klippkort that has --race-uses uses left (3):
// exactly that many are booked, the rest refused ("Kortet är förbrukat", or
// the guess limit once refusals fill it). D1 is read back for both cards: one
// 'use' row per booking it paid, the ledger's sum equal to the kept balance.
//
//   npm run build && node bench/booking-contention.mjs
//   node bench/booking-contention.mjs --requests 3000 --sessions 50 --connections 50 --burst 200 --burst-seats 10
//   node bench/booking-contention.mjs --payments --stub-latency-ms 50 --expire 1000
//   node bench/booking-contention.mjs --card --card-uses 2000 --race 50 --race-uses 3
//
// Only talks to 127.0.0.1; every phase is bounded by a request count and a
// timeout. Exit code 1 if anything was oversold or the counts disagree.
import "./lib/project-node.mjs";
import { spawn, spawnSync } from "node:child_process";
import { createHash, createHmac, randomInt, randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { startStripeStub } from "../tests/support/stripe-stub.mjs";
import { startCpuProfile } from "./lib/cpu-profile.mjs";
import { benchEnv, serveBundledWorker } from "./lib/runtime.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PORT = option("port", 8791);
const BASE = `http://127.0.0.1:${PORT}`;
const PERSIST = ".wrangler/bench-booking";
const REQUEST_TIMEOUT_MS = 15_000;
const LIMITS = { requests: 20_000, sessions: 500, connections: 200, burst: 1_000, burstSeats: 500, expire: 20_000, stubLatencyMs: 5_000, cardUses: 20_000, race: 200, raceUses: 200 };

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i === -1) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`--${name} needs a positive whole number`);
  return value;
}

/** Serve through `wrangler dev`, as `npm start` does, instead of straight on the runtime. */
const viaWranglerDev = process.argv.includes("--wrangler-dev");
/** PAYMENTS=stripe against the local Stripe stub: bookings hold their seat and go to Checkout. */
const withPayments = process.argv.includes("--payments");
/** Phase 1's bookings pay with one klippkort's code. */
const withCard = process.argv.includes("--card");
if (withCard && withPayments) throw new Error("--card runs with payments off (a klippkort pays the whole booking)");
/** Writes a CPU profile of the worker's isolate during phase 1 there (workerd only), and prints its top functions. */
const cpuProfileFile = (() => {
  const i = process.argv.indexOf("--cpu-profile");
  return i === -1 ? null : process.argv[i + 1];
})();
if (cpuProfileFile !== null && (!cpuProfileFile || viaWranglerDev)) throw new Error("--cpu-profile needs a file name, and runs on workerd only");
const INSPECTOR_PORT = 9331;

const opts = {
  requests: option("requests", 2_000),
  sessions: option("sessions", 50),
  connections: option("connections", 50),
  burst: option("burst", 200),
  burstSeats: option("burst-seats", 10),
  expire: option("expire", 1_000),
  stubLatencyMs: option("stub-latency-ms", 50),
};
opts.cardUses = option("card-uses", opts.requests);
opts.race = option("race", 50);
opts.raceUses = option("race-uses", 3);
for (const [key, max] of Object.entries(LIMITS)) {
  if (opts[key] > max) throw new Error(`--${key} is capped at ${max} to keep the bench bounded`);
}

const SESSION_ID_BASE = 1_000;
const BURST_SESSION_ID = 900;
const WARMUP_SESSION_ID = 901;
const RACE_SESSION_ID_BASE = 3_000;
const seatsPerSession = Math.ceil(opts.requests / opts.sessions);

// ---------------------------------------------------------------------------
// Helpers

/** wrangler's output kept whole: applying every migration prints a table longer than spawnSync's default megabyte. */
const OUTPUT_MAX_BYTES = 64 * 1024 * 1024;

function run(cmd, args, { quiet = true } = {}) {
  const result = spawnSync(cmd, args, { cwd: ROOT, encoding: "utf8", env: benchEnv(), maxBuffer: OUTPUT_MAX_BYTES });
  if (result.status !== 0) {
    process.stderr.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    throw new Error(`${cmd} ${args.join(" ")} failed (${result.status})`);
  }
  if (!quiet) process.stdout.write(result.stdout);
  return result.stdout;
}

/** The local-only SESSION_SECRET of wrangler.toml's top-level [vars]. */
function localSessionSecret() {
  const toml = readFileSync(path.join(ROOT, "wrangler.toml"), "utf8");
  const topLevel = toml.split(/^\[env\./m)[0] ?? "";
  const match = /^SESSION_SECRET\s*=\s*"([^"]+)"/m.exec(topLevel);
  if (!match) throw new Error("SESSION_SECRET not found in wrangler.toml [vars]");
  return match[1];
}

/** The hidden form_rendered_at stamp, signed like app/server/forms/bot-check.server.ts does. */
function formStamp(secret, renderedAt) {
  const sig = createHmac("sha256", secret).update(`form:${renderedAt}`).digest("hex").slice(0, 32);
  return `${renderedAt}.${sig}`;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

const iso = (ms) => new Date(ms).toISOString();

// Every bench session is this one, a week ahead; the form carries it back as the page renders it.
const SESSION_START = Date.now() + 7 * 24 * 3600_000;
const SESSION_FIELD = JSON.stringify({
  title: "VALPKURS",
  location: "Hundhallen Gävle",
  startTime: iso(SESSION_START),
  endTime: iso(SESSION_START + 3600_000),
  passType: "group",
  priceSek: 249,
});

function sessionSql() {
  const start = SESSION_START;
  const row = (id, max) =>
    `INSERT INTO sessions (id, title, description, location, start_time, end_time, pass_type, price_sek, current_participants, max_participants) ` +
    `VALUES (${id}, 'VALPKURS', 'Bänkpass', 'Hundhallen Gävle', '${iso(start)}', '${iso(start + 3600_000)}', 'group', 249, 0, ${max});`;
  const lines = [row(WARMUP_SESSION_ID, 1_000), row(BURST_SESSION_ID, opts.burstSeats)];
  for (let i = 0; i < opts.sessions; i++) lines.push(row(SESSION_ID_BASE + i, seatsPerSession));
  if (withCard) {
    for (let i = 0; i < opts.race; i++) lines.push(row(RACE_SESSION_ID_BASE + i, 5));
    lines.push(...cardSql());
  }
  return lines.join("\n");
}

// ---------------------------------------------------------------------------
// --card: klippkort for VALPKURS, sold at the counter as sell-card.server.ts writes them:
// phase 1's, and the race's.

const CARD_ID = 1;
const RACE_CARD_ID = 2;
const CARD_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/** A card's code as the buyer types it (plain; the form reads dashes and case too). */
const newCardCode = () => Array.from({ length: 16 }, () => CARD_ALPHABET[randomInt(CARD_ALPHABET.length)]).join("");
const CARD_CODE = newCardCode();
const RACE_CARD_CODE = newCardCode();

function cardSql() {
  const now = Date.now();
  const card = (id, code, uses) => [
    `INSERT INTO cards (id, product_id, kind, code_hash, code_last4, holder_email, sold_via, paid_sek, session_types_json, uses_left, issued_at, expires_at) ` +
      `VALUES (${id}, 1, 'klippkort', '${createHash("sha256").update(code).digest("hex")}', '${code.slice(-4)}', 'bench-${id}@example.se', 'counter', 0, '["VALPKURS"]', ${uses}, '${iso(now - 60_000)}', '${iso(now + 365 * 24 * 3600_000)}');`,
    `INSERT INTO card_ledger (card_id, kind, uses_delta, amount_delta_sek, created_at) VALUES (${id}, 'issue', ${uses}, 0, '${iso(now - 60_000)}');`,
  ];
  return [
    `INSERT INTO card_products (id, kind, name, uses, price_sek, session_types_json, validity_months) VALUES (1, 'klippkort', 'Bänkkort', 100, 0, '["VALPKURS"]', 12);`,
    ...card(CARD_ID, CARD_CODE, opts.cardUses),
    ...card(RACE_CARD_ID, RACE_CARD_CODE, opts.raceUses),
  ];
}

/** The first body of each unexpected answer, shown at the end to explain it. */
const unexpected = new Map();

let requestNo = 0;
function bookingBody(stamp, cardCode) {
  requestNo++;
  const email = `bench-${requestNo}-${randomUUID().slice(0, 8)}@example.se`;
  return new URLSearchParams({
    user_name: `Bänk ${requestNo}`,
    user_email: email,
    user_email_confirm: email,
    user_phone: "0701234567",
    dog_name: "Fido",
    terms: "on",
    idempotency_key: randomUUID(),
    session: SESSION_FIELD,
    website: "",
    form_rendered_at: stamp,
    ...(cardCode ? { card_code: cardCode } : {}),
  }).toString();
}

/** Where the stub's Checkout Sessions send the customer: the app's local checkout page. */
const CHECKOUT_PAGE = `${BASE}/dev/betala`;
const STRIPE_WEBHOOK_SECRET = "whsec_hundpassBenchEvents";

/**
 * One booking: "booked" (302 to /mina-bokningar), with payments "checkout"
 * (a held seat: 303 to the Checkout Session's page), "full" (303 back to the
 * session page) or what else came, with its latency.
 */
async function book(sessionId, stamp, cardCode) {
  const started = performance.now();
  let outcome = "other";
  try {
    const res = await fetch(`${BASE}/session/${sessionId}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: bookingBody(stamp, cardCode),
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = await res.text();
    const location = res.headers.get("location") ?? "";
    if (res.status === 302 && location === "/mina-bokningar") outcome = "booked";
    else if (res.status === 303 && location.startsWith(`${CHECKOUT_PAGE}/`)) outcome = "checkout";
    else if (res.status === 303 && res.headers.get("location") === `/session/${sessionId}`) outcome = "full";
    // The card could not pay (used up), or the refusals filled the network's guess limit.
    else if (cardCode && res.status === 409 && body.includes("Kortet är förbrukat")) outcome = "card-used";
    else if (cardCode && res.status === 429 && body.includes("För många försök med koder")) outcome = "card-limited";
    else {
      outcome = `http-${res.status}`;
      if (!unexpected.has(outcome)) unexpected.set(outcome, body.replace(/\s+/g, " ").slice(0, 300));
    }
  } catch (error) {
    outcome = `error-${error?.name ?? "unknown"}`;
  }
  return { outcome, ms: performance.now() - started };
}

async function waitForServer(exited) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exited()) throw new Error("wrangler dev exited before it was ready");
    try {
      const res = await fetch(`${BASE}/`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("wrangler dev did not answer within 60 s");
}

function tally(results) {
  const counts = {};
  for (const r of results) counts[r.outcome] = (counts[r.outcome] ?? 0) + 1;
  return counts;
}

// ---------------------------------------------------------------------------
// Main

if (!existsSync(path.join(ROOT, "build/server/index.js"))) {
  console.log("No build found; running `remix vite:build` first…");
  run("npx", ["remix", "vite:build"]);
}

console.log(`Preparing a fresh local D1 in ${PERSIST}…`);
rmSync(path.join(ROOT, PERSIST), { recursive: true, force: true });
run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", PERSIST]);
const sqlDir = mkdtempSync(path.join(tmpdir(), "hundpass-bench-"));
const sqlFile = path.join(sqlDir, "sessions.sql");
writeFileSync(sqlFile, sessionSql());
run("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", PERSIST, "--file", sqlFile]);
rmSync(sqlDir, { recursive: true, force: true });

// With payments: the Stripe stub, answering every API call after stubLatencyMs and sending its events to the app.
const stub = withPayments
  ? await startStripeStub({
      latencyMs: opts.stubLatencyMs,
      webhookUrl: `${BASE}/api/stripe-handelser`,
      webhookSecret: STRIPE_WEBHOOK_SECRET,
      checkoutPageUrl: CHECKOUT_PAGE,
    })
  : null;
const paymentVars = stub
  ? { PAYMENTS: "stripe", STRIPE_SECRET_KEY: "sk_test_hundpassBench", STRIPE_WEBHOOK_SECRET, STRIPE_API_URL: stub.url }
  : {};
if (stub) console.log(`Stripe stub on ${stub.url}, answering in ${opts.stubLatencyMs} ms, events to ${BASE}/api/stripe-handelser`);

const server = viaWranglerDev ? await startWithCli() : await startOnRuntime();

/**
 * `wrangler dev` as `npm start` runs it. Its DevTools relay turns every
 * binding call (each D1 query) into four inspector events that the wrangler
 * process receives over HTTP and appends to its debug log, so it measures
 * the dev tooling as much as the app.
 */
async function startWithCli() {
  console.log(`Starting wrangler dev (NODE_ENV=production, DevTools relay on) on ${BASE}…`);
  const child = spawn(
    "npx",
    [
      "wrangler", "dev",
      "--ip", "127.0.0.1",
      "--port", String(PORT),
      "--persist-to", PERSIST,
      "--var", `SITE_URL:${BASE}`,
      // Every bench request comes from one address; the per-address limit would stop it.
      "--var", "BOOKING_RATE_LIMIT:1000000",
      ...Object.entries(paymentVars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
      "--log-level", "error",
    ],
    { cwd: ROOT, env: { ...benchEnv(), NODE_ENV: "production" }, detached: true, stdio: ["ignore", "ignore", "inherit"] },
  );
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, "SIGTERM"); // the whole group: wrangler and its workerd
      } catch {
        // already gone
      }
      await new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", resolve);
        setTimeout(resolve, 5_000);
      });
    }
  };
  process.on("exit", () => {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGTERM");
  });
  await waitForServer(() => child.exitCode !== null);
  return { stop };
}

async function startOnRuntime() {
  console.log(`Serving the bundled worker on workerd (Miniflare, NODE_ENV=production) at ${BASE}…`);
  return serveBundledWorker({
    port: PORT,
    persistTo: PERSIST,
    // Every bench request comes from one address; the per-address limit would stop it.
    vars: { SITE_URL: BASE, BOOKING_RATE_LIMIT: "1000000", ...paymentVars },
    ...(cpuProfileFile ? { inspectorPort: INSPECTOR_PORT } : {}),
  });
}

let failed = false;
/** Phase 3's figures, for the check against D1. */
let expiredHolds = 0;
/** With --card, the bookings each card paid: for the check against its ledger. */
const cardBooked = new Map();
const won = withPayments ? "checkout" : "booked";
const perSecond = withPayments ? "reached Checkout/s:" : "bookings/s:     ";
try {
  const stamp = formStamp(localSessionSecret(), Date.now() - 5_000);

  // Warm-up: first requests compile the worker and wake the objects.
  await Promise.all(Array.from({ length: 20 }, () => book(WARMUP_SESSION_ID, stamp)));

  // Phase 1: throughput across sessions.
  console.log(`\nPhase 1: ${opts.requests} bookings over ${opts.sessions} sessions (${seatsPerSession} seats each) at ${opts.connections} connections`);
  if (withCard) console.log(`  each with the code of one klippkort with ${opts.cardUses} uses`);
  const results = [];
  let next = 0;
  const profile = cpuProfileFile ? await startCpuProfile(INSPECTOR_PORT, "hundpass") : null;
  const phaseStart = performance.now();
  await Promise.all(
    Array.from({ length: opts.connections }, async () => {
      while (next < opts.requests) {
        const i = next++;
        results.push(await book(SESSION_ID_BASE + (i % opts.sessions), stamp, withCard ? CARD_CODE : undefined));
      }
    }),
  );
  const phaseSeconds = (performance.now() - phaseStart) / 1000;
  await profile?.stop(cpuProfileFile);
  const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
  const counts = tally(results);
  const booked = counts[won] ?? 0;
  console.log(`  outcomes:        ${JSON.stringify(counts)}`);
  console.log(`  ${perSecond} ${(booked / phaseSeconds).toFixed(0)}   (${booked} in ${phaseSeconds.toFixed(2)} s)`);
  console.log(`  latency p50/p99: ${percentile(latencies, 50).toFixed(1)} ms / ${percentile(latencies, 99).toFixed(1)} ms`);
  if (withCard) {
    cardBooked.set(CARD_ID, booked);
    if (booked !== Math.min(opts.cardUses, opts.requests)) {
      console.log(`  !! expected exactly ${Math.min(opts.cardUses, opts.requests)} booked with the card`);
      failed = true;
    }
  }

  // Phase 2: a burst on one small session.
  console.log(`\nPhase 2: ${opts.burst} simultaneous bookings on one ${opts.burstSeats}-seat session`);
  const burstStart = performance.now();
  const burst = await Promise.all(Array.from({ length: opts.burst }, () => book(BURST_SESSION_ID, stamp)));
  const settleMs = performance.now() - burstStart;
  const burstCounts = tally(burst);
  const burstLatencies = burst.map((r) => r.ms).sort((a, b) => a - b);
  console.log(`  outcomes:        ${JSON.stringify(burstCounts)}`);
  console.log(`  settled in:      ${settleMs.toFixed(0)} ms   (p50 ${percentile(burstLatencies, 50).toFixed(0)} ms)`);
  if ((burstCounts[won] ?? 0) !== opts.burstSeats) {
    console.log(`  !! expected exactly ${opts.burstSeats} ${withPayments ? "holds" : "booked"}`);
    failed = true;
  }

  if (withCard) {
    // Phase 3: the race for a card's last uses, on as many sessions as bookings (no seat is short).
    console.log(`\nPhase 3: ${opts.race} simultaneous bookings, each on its own session, with one klippkort that has ${opts.raceUses} uses left`);
    const raceStart = performance.now();
    const race = await Promise.all(Array.from({ length: opts.race }, (_, i) => book(RACE_SESSION_ID_BASE + i, stamp, RACE_CARD_CODE)));
    const raceMs = performance.now() - raceStart;
    const raceCounts = tally(race);
    const raceBooked = raceCounts.booked ?? 0;
    cardBooked.set(RACE_CARD_ID, raceBooked);
    console.log(`  outcomes:        ${JSON.stringify(raceCounts)}`);
    console.log(`  settled in:      ${raceMs.toFixed(0)} ms`);
    const expected = Math.min(opts.race, opts.raceUses);
    if (raceBooked !== expected || raceBooked + (raceCounts["card-used"] ?? 0) + (raceCounts["card-limited"] ?? 0) !== opts.race) {
      console.log(`  !! expected exactly ${expected} booked with the card and every other one refused`);
      failed = true;
    }
  }

  if (stub) {
    // Phase 3: Stripe expires many open Checkout Sessions at once (as when they all reach their
    // expires_at together): each sends its signed checkout.session.expired, all in flight at once.
    const open = [...stub.sessions.values()].filter((session) => session.status === "open").slice(0, opts.expire);
    expiredHolds = open.length;
    console.log(`\nPhase 3: ${open.length} held seats' Checkout Sessions expire at once (checkout.session.expired to the app)`);
    const expireStart = performance.now();
    const before = stub.deliveries.length;
    for (const session of open) stub.expireSession(session.id);
    await stub.idle();
    const expireMs = performance.now() - expireStart;
    const sent = stub.deliveries.slice(before);
    const answers = {};
    for (const delivery of sent) {
      const key = delivery.status === null ? delivery.state : `${delivery.status}`;
      answers[key] = (answers[key] ?? 0) + 1;
    }
    console.log(`  events answered: ${JSON.stringify(answers)}`);
    console.log(`  all answered in: ${expireMs.toFixed(0)} ms   (${(sent.length / (expireMs / 1000)).toFixed(0)} events/s)`);
    if (sent.length !== open.length || (answers["200"] ?? 0) !== open.length) {
      console.log(`  !! expected ${open.length} events, each answered 200`);
      failed = true;
    }
  }
  // Let the last follow-up drains finish before the server goes.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
} finally {
  await server.stop();
  await stub?.stop();
}

for (const [outcome, body] of unexpected) console.log(`\nFirst ${outcome} answer: ${body}`);

/** A one-row query on the bench's D1, with the server stopped. */
function readD1(sql) {
  const out = run("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", PERSIST, "--json", "--command", sql]);
  return JSON.parse(out)[0]?.results?.[0] ?? {};
}

// Read the truth back from D1, with the server stopped.
const out = run("npx", [
  "wrangler", "d1", "execute", "DB", "--local", "--persist-to", PERSIST, "--json", "--command",
  `SELECT
     coalesce(sum(max(0, a.active - s.max_participants)), 0) AS oversold,
     coalesce(sum(CASE WHEN a.active <> s.current_participants THEN 1 ELSE 0 END), 0) AS count_mismatches,
     coalesce(sum(a.active), 0) AS bookings,
     (SELECT count(*) FROM email_outbox WHERE kind IN ('booking-confirmation', 'booking-admin-notification')) AS mails,
     (SELECT count(*) FROM email_outbox WHERE status = 'sent') AS mails_sent
   FROM sessions s
   JOIN (SELECT s2.id, (SELECT count(*) FROM bookings b WHERE b.session_id = s2.id AND b.booking_status <> 'cancelled') AS active
         FROM sessions s2) a ON a.id = s.id`,
]);
const row = JSON.parse(out)[0]?.results?.[0] ?? {};
console.log(`\nD1 after the run: ${row.bookings} bookings, oversold ${row.oversold}, count mismatches ${row.count_mismatches}`);
if (withPayments) {
  // Nothing was paid: no confirmation mail; every expired session's hold released, every other one still held.
  const held = readD1(
    `SELECT
       (SELECT count(*) FROM bookings WHERE booking_status = 'pending') AS pending,
       (SELECT count(*) FROM payments WHERE status = 'expired') AS expired_payments,
       (SELECT count(*) FROM bookings b JOIN payments p ON p.booking_id = b.id
         WHERE p.status = 'expired' AND b.booking_status <> 'cancelled') AS expired_not_released,
       (SELECT count(*) FROM bookings b JOIN payments p ON p.booking_id = b.id
         WHERE p.status = 'expired' AND b.booking_status = 'cancelled') AS released`,
  );
  console.log(`  holds still awaiting payment: ${held.pending}; Checkout Sessions expired: ${held.expired_payments}`);
  console.log(`  released by the expiry: ${held.released} of ${expiredHolds}, still held after their session expired: ${held.expired_not_released}`);
  console.log(`  confirmation mails queued: ${row.mails} (none before a payment)`);
  if (held.released !== expiredHolds || held.expired_not_released !== 0 || held.pending !== row.bookings || row.mails !== 0) failed = true;
} else {
  console.log(`  confirmation mails queued: ${row.mails} (two per booking), delivered by the follow-up drains: ${row.mails_sent}`);
  if (row.mails !== 2 * row.bookings) failed = true;
}
if (withCard) {
  for (const [id, uses] of [[CARD_ID, opts.cardUses], [RACE_CARD_ID, opts.raceUses]]) {
    const card = readD1(
      `SELECT uses_left AS left,
         (SELECT count(*) FROM card_ledger WHERE card_id = cards.id AND kind = 'use') AS uses,
         (SELECT sum(uses_delta) FROM card_ledger WHERE card_id = cards.id) AS ledger,
         (SELECT count(*) FROM card_ledger l JOIN bookings b ON b.id = l.booking_id
           WHERE l.card_id = cards.id AND l.kind = 'use' AND b.booking_status = 'confirmed') AS bookings
       FROM cards WHERE id = ${id}`,
    );
    const paid = cardBooked.get(id) ?? 0;
    console.log(`  card ${id}: ${card.uses} uses spent of ${uses}, ${card.left} left, ledger sum ${card.ledger}, bookings paid with it ${card.bookings} (booked with it ${paid})`);
    if (card.uses !== paid || card.left !== uses - paid || card.ledger !== card.left || card.bookings !== paid) {
      console.log(`  !! card ${id}'s uses do not match the bookings it paid`);
      failed = true;
    }
  }
}
if (row.oversold !== 0 || row.count_mismatches !== 0) failed = true;
console.log(failed ? "FAIL" : "OK");
process.exit(failed ? 1 : 0);
