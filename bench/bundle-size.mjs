#!/usr/bin/env node
// The JavaScript and CSS each public page makes the browser load on a first
// visit, gzipped: every script, module preload and stylesheet in the page's
// HTML plus the static imports of those modules, read from build/client.
//
//   npm run build && node bench/bundle-size.mjs [--check] [--port N] [--files]
//
// Starts and stops its own local worker (127.0.0.1:8790) to get each page's
// HTML. --check exits with status 1 when a page is over the JS budget.
// --files lists each page's files with their gzipped size, largest first.
// --port N serves it on port N instead, with a database of its own under
// .wrangler/bench-state-N, so it can run beside whatever holds 8790.
import "./lib/project-node.mjs";
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { BENCH_PORT, BENCH_STATE, startWorker } from "./lib/local-worker.mjs";

const PAGES = [
  "/",
  "/alla-popups",
  "/boka",
  "/boka?steg=2&typ=alla&vy=kalender",
  "/boka?steg=2&typ=alla&vy=lista",
  "/hitta",
  "/om",
  "/preppa",
  "/flurre",
  "/flurre?fraga=Vad%20kostar%20en%20valpkurs%3F",
  "/rapportera-problem",
  // A demo session's booking page (the booking form, and the queue form's code).
  "/session/1",
];
const JS_BUDGET_KB = 120;
const CLIENT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../build/client");

const sizes = new Map();
function sizeOf(asset) {
  if (!sizes.has(asset)) {
    const content = readFileSync(path.join(CLIENT, asset));
    sizes.set(asset, { raw: content.length, gzip: gzipSync(content, { level: 9 }).length, text: content.toString("utf8") });
  }
  return sizes.get(asset);
}

/** The module plus everything it imports statically ("./x.js" inside /assets). */
function withImports(asset, seen) {
  if (seen.has(asset)) return;
  seen.add(asset);
  const dir = path.posix.dirname(asset);
  for (const m of sizeOf(asset).text.matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]*?from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    withImports(path.posix.join(dir, m[1]), seen);
  }
}

function assetsIn(html) {
  const js = new Set();
  const css = new Set();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+\.js)"/g)) js.add(m[1]);
  for (const m of html.matchAll(/<script[^>]*src="(\/assets\/[^"]+\.js)"/g)) js.add(m[1]);
  for (const m of html.matchAll(/import\s*\(?\s*["'](\/assets\/[^"']+\.js)["']/g)) js.add(m[1]);
  for (const m of html.matchAll(/<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/g)) css.add(m[1]);
  const closure = new Set();
  for (const asset of js) withImports(asset, closure);
  return { js: [...closure], css: [...css] };
}

function portOption() {
  const at = process.argv.indexOf("--port");
  if (at < 0) return BENCH_PORT;
  const port = Number(process.argv[at + 1]);
  if (!Number.isInteger(port) || port < 1024 || port > 65535) {
    console.error("--port takes a port number from 1024 to 65535");
    process.exit(2);
  }
  return port;
}

const kb = (bytes) => Math.round(bytes / 102.4) / 10;
const sum = (assets, key) => assets.reduce((total, a) => total + sizeOf(a)[key], 0);

const port = portOption();
const state = port === BENCH_PORT ? BENCH_STATE : `${BENCH_STATE}-${port}`;
const { origin, stop } = await startWorker({ port, state });
const rows = [];
let over = 0;
try {
  for (const page of PAGES) {
    const res = await fetch(`${origin}${page}`);
    if (!res.ok) throw new Error(`${page} answered ${res.status}`);
    const { js, css } = assetsIn(await res.text());
    const jsGzip = sum(js, "gzip");
    if (kb(jsGzip) > JS_BUDGET_KB) over++;
    if (process.argv.includes("--files")) {
      console.log(`\n${page}: each file's gzipped kB`);
      for (const asset of [...js].sort((x, y) => sizeOf(y).gzip - sizeOf(x).gzip)) console.log(`  ${String(kb(sizeOf(asset).gzip)).padStart(6)}  ${asset}`);
    }
    rows.push({
      page,
      "JS files": js.length,
      "JS kB": kb(sum(js, "raw")),
      "JS kB gzip": kb(jsGzip),
      "CSS kB": kb(sum(css, "raw")),
      "CSS kB gzip": kb(sum(css, "gzip")),
      budget: kb(jsGzip) <= JS_BUDGET_KB ? "ok" : `over ${JS_BUDGET_KB} kB`,
    });
  }
} finally {
  stop();
}

console.log("\nFirst-load JavaScript and CSS per public page (gzip -9 of build/client)");
console.table(rows);
console.log(`Budget: first-load JS <= ${JS_BUDGET_KB} kB gzipped.`);
if (process.argv.includes("--check") && over > 0) process.exitCode = 1;
