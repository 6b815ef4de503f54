#!/usr/bin/env node
// Latency and D1 round trips of the admin lists on a season's worth of data:
// 1 000 sessions and 8 000 bookings over past and future, signed in as admin.
//
//   npm run build && node bench/admin-lists.mjs [--seconds 5] [--check] [--workerd]
//
// Loopback only (127.0.0.1:8790), bounded: a 1 s warm-up plus `--seconds`
// (default 5, at most 30) per page at 1 connection. Starts and stops its own
// `wrangler dev` (NODE_ENV=production; with --workerd the deployable bundle
// straight on workerd) on a fresh database: the demo data, then the bench's
// rows and an admin session inserted directly, so no mail is involved. The
// worker runs with D1_ROUND_TRIPS=1, which makes it count each request's D1
// round trips into the X-D1-Round-Trips header (app/server/db/round-trips.server.ts).
// A page that answers 404 is shown as not built and measured no further.
// --check exits with status 1 when a built page misses a budget.
import "./lib/project-node.mjs";
import { spawnSync } from "node:child_process";
import { createHash, createHmac, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { BENCH_STATE, startWorker } from "./lib/local-worker.mjs";
import { benchEnv } from "./lib/runtime.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BUDGET = { p50Ms: 30, roundTrips: 2 };
const SESSIONS = 1_000;
const BOOKINGS = 8_000;
/** Above the demo data's ids. */
const FIRST_SESSION_ID = 10_000;
/** The customer the search row looks for: booked on about a quarter of the sessions. */
const FREQUENT_CUSTOMER = "Anna Lindqvist";
const PAGES = [
  "/admin/lediga-pass",
  "/admin/vantande-pass",
  "/admin/bokade-pass",
  "/admin/logg",
  "/admin/old",
  `/admin/old?period=kommande&q=${encodeURIComponent(FREQUENT_CUSTOMER)}&sida=2`,
];
// Measured the same way, signed in too, to show what this machine does right
// now with a rendered page that reads nothing but the session.
const REFERENCE = "/rapportera-problem";

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : process.argv[at + 1];
}
const seconds = Math.min(Math.max(Number(option("seconds", "5")) || 5, 1), 30);
const check = process.argv.includes("--check");
const runtime = process.argv.includes("--workerd") ? "workerd" : "wrangler-dev";

// ---------------------------------------------------------------------------
// The data: deterministic (a seeded generator), so runs are comparable.

function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = generator(20_260_426);
const pick = (list) => list[Math.floor(random() * list.length)];
const between = (min, max) => min + Math.floor(random() * (max - min + 1));
const uuid = () => {
  const hex = [...Array(32)].map(() => Math.floor(random() * 16).toString(16)).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20)}`;
};
/** The canonical form the schema's CHECKs ask for: YYYY-MM-DDTHH:MM:SS.sssZ. */
const iso = (ms) => new Date(ms).toISOString();
const sql = (value) => (value === null ? "NULL" : typeof value === "number" ? String(value) : `'${String(value).replaceAll("'", "''")}'`);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = Date.now();

const GROUP_TITLES = ["VALPKURS", "VARDAGSLYDNAD", "PROMENADTRÄNING", "INKALLNING", "NOSEWORK", "AGILITY NYBÖRJARE"];
const GROUP_PLACES = ["Hundhallen Gävle", "Regementsparken Gävle", "Stadsparken Sandviken", "Bronsängen Sandviken"];
const PRIVATE_PLACES = ["Hembesök", "Online", "Hundhallen Gävle"];
const FIRST_NAMES = ["Anna", "Erik", "Lisa", "Johan", "Maria", "Per", "Karin", "Lars", "Sara", "Mikael", "Emma", "Anders", "Elin", "Jonas", "Sofia", "Fredrik", "Ida", "Magnus", "Linnéa", "Oskar", "Maja", "Henrik", "Frida", "Gustav"];
const LAST_NAMES = ["Lindqvist", "Berg", "Holm", "Nordström", "Ek", "Sjöberg", "Dahl", "Andersson", "Johansson", "Karlsson", "Nilsson", "Eriksson", "Larsson", "Olsson", "Persson", "Svensson", "Gustafsson", "Pettersson", "Jonsson", "Jansson", "Hansson", "Bengtsson", "Lundgren", "Åkesson", "Öberg"];
const DOGS = ["Fido", "Bamse", "Sixten", "Molly", "Ludde", "Selma", "Zelda", "Charlie", "Nova", "Rufus", "Tyra", "Milo"];
const BREEDS = ["Labrador", "Tax", "Border collie", "Golden retriever", "Schäfer", "Pudel", "Jämthund", "Cavalier", "Blandras", null];
const NOTES = ["Inkallning", "Drar i kopplet", "Skäller på andra hundar", "Vill träna kontakt", null, null, null, null];
const ASCII = { å: "a", ä: "a", ö: "o", é: "e" };

// Customers with their dog; the first is the frequent one.
const customers = [];
for (let i = 0; customers.length < 2_400; i++) {
  const name = i === 0 ? FREQUENT_CUSTOMER : `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`;
  if (i > 0 && name === FREQUENT_CUSTOMER) continue;
  const local = name.toLowerCase().replace(/[åäöé]/g, (c) => ASCII[c]).replace(" ", ".");
  customers.push({
    name,
    email: `${local}${i === 0 ? "" : `.${i}`}@example.se`,
    phone: `070-${between(100, 999)} ${between(10, 99)} ${between(10, 99)}`,
    dog: pick(DOGS),
    breed: pick(BREEDS),
    age: `${between(1, 12)} år`,
  });
}

/** Sessions over the last 8 months and the next 4, a third of them upcoming; 30 % private. */
function makeSessions() {
  const sessions = [];
  for (let i = 0; i < SESSIONS; i++) {
    const upcoming = random() < 0.35;
    const day = new Date(NOW + (upcoming ? random() * 120 : -(1 + random() * 240)) * DAY);
    // 08:00–19:30 Stockholm, roughly.
    day.setUTCHours(between(6, 17), pick([0, 30]), 0, 0);
    const start = day.getTime();
    const group = random() < 0.7;
    const max = group ? pick([10, 12, 15, 16, 20, 24]) : random() < 0.85 ? 1 : 2;
    const cancelled = random() < 0.04;
    let active = 0;
    const r = random();
    if (cancelled) active = 0;
    else if (group) active = r < 0.1 ? 0 : r < 0.35 ? between(1, 2) : r < 0.7 ? between(3, max - 1) : max;
    else active = r < 0.35 ? 0 : between(1, max);
    sessions.push({
      id: FIRST_SESSION_ID + i,
      title: group ? pick(GROUP_TITLES) : "PRIVATLEKTION",
      location: group ? pick(GROUP_PLACES) : pick(PRIVATE_PLACES),
      start,
      end: start + (group ? pick([60, 90]) : 60) * MINUTE,
      group,
      price: group ? pick([249, 295, 349]) : pick([595, 795, 895]),
      max,
      active,
      // A cancelled session keeps its bookings, all cancelled; others now and then lost one or two.
      cancelledBookings: cancelled ? between(1, 4) : random() < 0.3 ? between(1, 2) : 0,
      cancelledAt: cancelled ? iso(Math.min(start, NOW) - between(1, 10) * DAY) : null,
    });
  }
  // Exactly BOOKINGS in all: top up the running group sessions (3 ≤ n < max stays in
  // the same lists), then the cancelled bookings; or take off cancelled ones first.
  let missing = BOOKINGS - sessions.reduce((sum, s) => sum + s.active + s.cancelledBookings, 0);
  for (let grew = true; missing > 0 && grew; ) {
    grew = false;
    for (const s of sessions) {
      if (missing > 0 && s.group && !s.cancelledAt && s.active >= 3 && s.active < s.max - 1) {
        s.active++;
        missing--;
        grew = true;
      }
    }
  }
  const spare = sessions.reduce((sum, s) => sum + s.cancelledBookings, 0);
  if (missing < -spare) throw new Error(`the generated sessions hold ${-missing} bookings too many`);
  for (let i = 0; missing !== 0; i = (i + 1) % sessions.length) {
    const s = sessions[i];
    if (missing > 0) {
      s.cancelledBookings++;
      missing--;
    } else if (s.cancelledBookings > 0) {
      s.cancelledBookings--;
      missing++;
    }
  }
  return sessions;
}

function bookingsOf(session) {
  const chosen = new Set();
  if (random() < 0.25 && session.active + session.cancelledBookings > 0) chosen.add(0);
  while (chosen.size < session.active + session.cancelledBookings) chosen.add(between(1, customers.length - 1));
  return [...chosen].map((customerNo, n) => {
    const c = customers[customerNo];
    const latest = Math.min(session.start, NOW) - HOUR;
    const created = Math.min(latest, session.start - between(1, 40) * DAY) - between(0, 600) * MINUTE;
    return {
      id: uuid(),
      session_id: session.id,
      user_name: c.name,
      user_email: c.email,
      user_phone: c.phone,
      dog_name: c.dog,
      dog_breed: c.breed,
      dog_age: c.age,
      special_notes: pick(NOTES),
      home_address: session.location === "Hembesök" ? `Storgatan ${between(1, 60)}, Gävle` : null,
      meeting_type: session.location === "Online" ? pick(["Telefonmöte", "Google Meets", "Microsoft Teams"]) : null,
      variant: session.group ? null : pick(["privat", "proffs"]),
      price_sek: session.price,
      booking_status: n < session.active ? "confirmed" : "cancelled",
      idempotency_key: uuid(),
      session_title: session.title,
      session_location: session.location,
      session_start_time: iso(session.start),
      session_end_time: iso(session.end),
      created_at: iso(created),
    };
  });
}

/** INSERTs of up to 100 rows each (a statement stays well under D1's 100 kB). */
function inserts(table, rows) {
  const columns = Object.keys(rows[0]);
  const out = [];
  for (let i = 0; i < rows.length; i += 100) {
    const values = rows.slice(i, i + 100).map((row) => `(${columns.map((c) => sql(row[c])).join(", ")})`);
    out.push(`INSERT INTO ${table} (${columns.join(", ")}) VALUES\n${values.join(",\n")};`);
  }
  return out;
}

/** The local SESSION_SECRET of wrangler.toml's top-level [vars]. */
function localSessionSecret() {
  const topLevel = readFileSync(path.join(ROOT, "wrangler.toml"), "utf8").split(/^\[env\./m)[0] ?? "";
  const match = /^SESSION_SECRET\s*=\s*"([^"]+)"/m.exec(topLevel);
  if (!match) throw new Error("SESSION_SECRET not found in wrangler.toml [vars]");
  return match[1];
}

/**
 * An admin (a users row with the admin role) with a live staff session: the
 * row stores the SHA-256 of the cookie's random id (app/server/auth/). The
 * cookie is hp_session (no __Host- prefix over http), its value the id as
 * Remix's signed cookie encodes it: base64 of the JSON string, "." and the
 * HMAC-SHA256 of that under SESSION_SECRET, base64 without padding.
 */
function adminSession() {
  const userId = "b0000000-0000-4000-8000-00000000a001";
  const email = "bench-admin@example.se";
  const sessionId = randomBytes(32).toString("base64url");
  const statements = [
    `INSERT INTO users (id, email, display_name, email_verified_at) VALUES (${sql(userId)}, ${sql(email)}, 'Bänk Admin', ${sql(iso(NOW))});`,
    `INSERT INTO user_roles (user_id, role) VALUES (${sql(userId)}, 'admin');`,
    `INSERT INTO auth_sessions (id_hash, kind, email, user_id, created_at, expires_at) VALUES (` +
      `${sql(createHash("sha256").update(sessionId).digest("hex"))}, 'staff', ${sql(email)}, ${sql(userId)}, ${sql(iso(NOW))}, ${sql(iso(NOW + DAY))});`,
  ];
  const encoded = Buffer.from(JSON.stringify(sessionId), "latin1").toString("base64");
  const signature = createHmac("sha256", localSessionSecret()).update(encoded).digest("base64").replace(/=+$/, "");
  return { statements, email, cookie: `hp_session=${encodeURIComponent(`${encoded}.${signature}`)}` };
}

function auditRows(sessions, actorEmail) {
  const rows = [];
  const actions = ["session.create", "session.create", "session.update", "session.release", "booking.cancel", "session.cancel"];
  for (let i = 0; i < 400; i++) {
    const action = pick(actions);
    const session = pick(sessions);
    rows.push({
      actor_user_id: null,
      actor_email: actorEmail,
      action,
      target_type: action.startsWith("booking") ? "booking" : "session",
      target_id: action.startsWith("booking") ? uuid() : String(session.id),
      details_json: JSON.stringify({ before: { maxParticipants: session.max - 1 }, after: { maxParticipants: session.max } }),
      created_at: iso(NOW - (400 - i) * 12 * HOUR),
    });
  }
  return rows;
}

function seed() {
  const sessions = makeSessions();
  const bookings = sessions.flatMap(bookingsOf);
  const admin = adminSession();
  const sessionRows = sessions.map((s) => ({
    id: s.id,
    title: s.title,
    description: s.group ? "Träning i grupp, max en hund per deltagare." : "Enskild lektion efter hundens behov.",
    location: s.location,
    start_time: iso(s.start),
    end_time: iso(s.end),
    pass_type: s.group ? "group" : "private",
    price_sek: s.price,
    current_participants: s.active,
    max_participants: s.max,
    created_at: iso(Math.min(s.start, NOW) - 45 * DAY),
    updated_at: iso(Math.min(s.start, NOW) - 45 * DAY),
    cancelled_at: s.cancelledAt,
  }));
  const statements = [
    ...inserts("sessions", sessionRows),
    ...inserts("bookings", bookings),
    ...admin.statements,
    ...inserts("audit_log", auditRows(sessions, admin.email)),
  ];
  // What each list should hold (the rules of app/domain/availability.ts).
  const listed = sessions.filter((s) => !s.cancelledAt && s.end >= NOW);
  const counts = {
    upcoming: listed.length,
    available: listed.filter((s) => s.active < s.max && (s.active === 0 || (s.group && s.active >= 3))).length,
    waiting: listed.filter((s) => s.group && s.active >= 1 && s.active < 3).length,
    confirmed: listed.filter((s) => (s.group ? s.active >= 3 : s.active >= 1)).length,
    confirmedBookings: listed.filter((s) => (s.group ? s.active >= 3 : s.active >= 1)).reduce((n, s) => n + s.active, 0),
    cancelledSessions: sessions.filter((s) => s.cancelledAt).length,
    cancelledBookings: bookings.filter((b) => b.booking_status === "cancelled").length,
    frequent: bookings.filter((b) => b.user_name === FREQUENT_CUSTOMER).length,
    frequentUpcoming: bookings.filter((b) => b.user_name === FREQUENT_CUSTOMER && Date.parse(b.session_end_time) >= NOW).length,
  };
  return { sql: statements.join("\n"), cookie: admin.cookie, bookings: bookings.length, counts };
}

/** Reads the seeded rows back after the run: totals, and sessions whose count disagrees with their bookings. */
function verifySeed() {
  const query =
    `SELECT (SELECT count(*) FROM sessions WHERE id >= ${FIRST_SESSION_ID}) AS sessions, ` +
    `(SELECT count(*) FROM bookings WHERE session_id >= ${FIRST_SESSION_ID}) AS bookings, ` +
    `(SELECT count(*) FROM sessions s WHERE s.id >= ${FIRST_SESSION_ID} AND s.current_participants <> ` +
    `(SELECT count(*) FROM bookings b WHERE b.session_id = s.id AND b.booking_status <> 'cancelled')) AS mismatched`;
  const result = spawnSync(
    "npx",
    ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", BENCH_STATE, "--json", "--command", query],
    { cwd: ROOT, encoding: "utf8", env: benchEnv() },
  );
  if (result.status !== 0) return null;
  try {
    return JSON.parse(result.stdout)[0].results[0];
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------
// The run

function cannon(url, headers, connections, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, pipelining: 1, timeout: 10, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** One request: its status, size and the round trips the worker counted (null without the header). */
async function probe(url, cookie) {
  const res = await fetch(url, { headers: { cookie }, redirect: "manual", signal: AbortSignal.timeout(15_000) });
  const body = await res.arrayBuffer();
  const trips = res.headers.get("x-d1-round-trips");
  return { status: res.status, location: res.headers.get("location"), bytes: body.byteLength, trips: trips === null ? null : Number(trips) };
}

const data = seed();
console.log(
  `Seeding ${SESSIONS} sessions and ${data.bookings} bookings (${data.counts.cancelledSessions} sessions and ` +
    `${data.counts.cancelledBookings} bookings cancelled; ${FREQUENT_CUSTOMER} has ${data.counts.frequent}, ` +
    `${data.counts.frequentUpcoming} upcoming); upcoming sessions: ` +
    `${data.counts.upcoming}, of which available ${data.counts.available}, waiting ${data.counts.waiting}, ` +
    `confirmed ${data.counts.confirmed} with ${data.counts.confirmedBookings} bookings.`,
);
const started = Date.now();
const { origin, stop } = await startWorker({ runtime, vars: { D1_ROUND_TRIPS: "1" }, seedSql: data.sql });
console.log(`Worker ready in ${((Date.now() - started) / 1000).toFixed(1)} s (migrations, demo data, bench rows, start).`);

const rows = [];
let missed = 0;
let uncounted = false;
try {
  const signedIn = await probe(`${origin}/admin/lediga-pass`, data.cookie);
  if (signedIn.status !== 200) {
    throw new Error(`signing in failed: /admin/lediga-pass answered ${signedIn.status} ${signedIn.location ?? ""}`);
  }
  for (const page of [...PAGES, REFERENCE]) {
    const reference = page === REFERENCE;
    const url = `${origin}${page}`;
    const first = await probe(url, data.cookie);
    if (first.status === 404) {
      rows.push({ page, requests: "404 – not built", "p50 ms": "", "p99 ms": "", "D1 trips": "", kB: "", budget: "" });
      continue;
    }
    // Warm-up: first requests compile code and fill caches.
    await cannon(url, { cookie: data.cookie }, 1, 1);
    const r = await cannon(url, { cookie: data.cookie }, 1, seconds);
    const last = await probe(url, data.cookie);
    const trips = first.trips === null || last.trips === null ? null : Math.max(first.trips, last.trips);
    if (trips === null) uncounted = true;
    const over = [];
    if (first.status !== 200) over.push(`status ${first.status}`);
    if (r.non2xx + r.errors + r.timeouts > 0) over.push(`${r.non2xx + r.errors + r.timeouts} not 2xx`);
    if (r.latency.p50 > BUDGET.p50Ms) over.push(`p50 over ${BUDGET.p50Ms} ms`);
    if (trips === null || trips > BUDGET.roundTrips) over.push(trips === null ? "trips not counted" : `over ${BUDGET.roundTrips} trips`);
    if (over.length > 0 && !reference) missed++;
    rows.push({
      page,
      requests: r.requests.total,
      "p50 ms": r.latency.p50,
      "p99 ms": r.latency.p99,
      "D1 trips": trips === null ? "?" : first.trips === last.trips ? trips : `${first.trips}/${last.trips}`,
      kB: Math.round(last.bytes / 1024),
      budget: reference ? "(reference)" : over.length === 0 ? "ok" : over.join(", "),
    });
  }
} finally {
  await stop();
}

const check1 = verifySeed();
console.log(
  `\nAdmin lists, ${seconds} s per page at 1 connection, ${runtime === "workerd" ? "bundle on workerd" : "wrangler dev"} ` +
    `(NODE_ENV=production), signed in as admin, ${new Date().toISOString()}`,
);
console.table(rows);
console.log(`Budgets: p50 <= ${BUDGET.p50Ms} ms at 1 connection, <= ${BUDGET.roundTrips} D1 round trips per page.`);
console.log(
  check1
    ? `Seed read back: ${check1.sessions} sessions, ${check1.bookings} bookings, ${check1.mismatched} sessions whose count disagrees with their bookings.`
    : "Seed read back: the check query failed.",
);
if (uncounted) console.log("No X-D1-Round-Trips header: the build predates the counter; run `npm run build`.");
if (check && (missed > 0 || !check1 || check1.mismatched !== 0)) process.exitCode = 1;
