#!/usr/bin/env node
// Load test of the three busiest public pages on the locally served worker:
// prints requests/s and p50/p99 latency at 1 and at 50 connections.
//
//   npm run build && node bench/load.mjs [--seconds 5] [--check] [--no-reference] [--workerd] [--uncached]
//
// Loopback only (127.0.0.1:8790), bounded: a short warm-up plus `--seconds`
// (default 5, at most 30) per page and connection count. Starts and stops its
// own `wrangler dev` (NODE_ENV=production), or with --workerd the deployable
// bundle straight on workerd, on a fresh seeded database.
// --uncached sends a (meaningless) toast cookie, which makes every request
// personal: each one is rendered, as for a signed-in visitor, instead of
// being answered from the page cache as anonymous visits are.
// Two reference rows (a static file, a page without data) show how busy the
// machine is. --check exits with status 1 when a budget is missed.
import "./lib/project-node.mjs";
import autocannon from "autocannon";
import { startWorker } from "./lib/local-worker.mjs";

const PAGES = ["/", "/alla-popups", "/boka?steg=2&typ=alla&vy=kalender"];
// Measured the same way to show what this machine does right now without our
// pages' work: a static file, and a server-rendered page that reads no data.
const REFERENCES = ["/favicon.svg", "/rapportera-problem"];
const CONNECTIONS = [1, 50];
const BUDGET = { p50AtOneMs: 10, rpsAtFifty: 200 };

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : process.argv[at + 1];
}
const seconds = Math.min(Math.max(Number(option("seconds", "5")) || 5, 1), 30);
const check = process.argv.includes("--check");
const runtime = process.argv.includes("--workerd") ? "workerd" : "wrangler-dev";
const uncached = process.argv.includes("--uncached");

function cannon(url, connections, duration) {
  return new Promise((resolve, reject) => {
    const headers = uncached ? { cookie: "hp_toast=bench" } : {};
    autocannon({ url, connections, duration, pipelining: 1, timeout: 10, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const { origin, stop } = await startWorker({ runtime });
const rows = [];
let missed = 0;
try {
  for (const page of [...PAGES, ...(process.argv.includes("--no-reference") ? [] : REFERENCES)]) {
    const reference = REFERENCES.includes(page);
    const url = `${origin}${page}`;
    // Warm-up: first requests compile code and fill caches.
    await cannon(url, 10, 1);
    for (const connections of CONNECTIONS) {
      const r = await cannon(url, connections, seconds);
      const notOk = r.non2xx + r.errors + r.timeouts;
      let verdict = "";
      if (reference) verdict = "(reference)";
      else if (connections === 1) verdict = r.latency.p50 <= BUDGET.p50AtOneMs ? "ok" : `over ${BUDGET.p50AtOneMs} ms`;
      else verdict = r.requests.average >= BUDGET.rpsAtFifty ? "ok" : `under ${BUDGET.rpsAtFifty} req/s`;
      if (verdict !== "ok" && !reference) missed++;
      rows.push({
        page,
        connections,
        "req/s": Math.round(r.requests.average),
        "p50 ms": r.latency.p50,
        "p99 ms": r.latency.p99,
        requests: r.requests.total,
        "not 2xx": notOk,
        budget: verdict,
      });
    }
  }
} finally {
  await stop();
}

console.log(
  `\nPublic pages, ${seconds} s per run, ${runtime === "workerd" ? "bundle on workerd" : "wrangler dev"} (NODE_ENV=production), ` +
    `${uncached ? "every request rendered" : "anonymous (page cache)"}, ${new Date().toISOString()}`,
);
console.table(rows);
console.log(`Budgets: p50 <= ${BUDGET.p50AtOneMs} ms at 1 connection, >= ${BUDGET.rpsAtFifty} req/s at 50 connections.`);
if (check && missed > 0) process.exitCode = 1;
