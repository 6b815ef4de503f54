#!/usr/bin/env node
// Whether the local dev server (`wrangler dev`, as `npm start` and the e2e
// tests run it) survives requests written to connections that sat idle for
// 5 s: the pattern that stopped it before patches/wrangler+4.86.0.patch
// (see docs/architecture.md, "Patched dependencies").
//
//   npm run build && node bench/dev-proxy-idle.mjs [--rounds 8]
//
// Each round sends `/` (rendered, not from the page cache) on 10 connections
// for 1 s, on 1 connection for 5 s (the other connections to the worker sit
// idle), then on 50 connections for 2 s, and checks that the server still
// answers. Prints the rounds it survived and the status codes seen.
import "./lib/project-node.mjs";
import autocannon from "autocannon";
import { startWorker } from "./lib/local-worker.mjs";

const at = process.argv.indexOf("--rounds");
const rounds = Math.min(Math.max(Number(at < 0 ? 8 : process.argv[at + 1]) || 8, 1), 30);

function cannon(url, connections, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, timeout: 10, headers: { cookie: "hp_toast=bench" } }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

async function answers(origin) {
  try {
    return (await fetch(`${origin}/om`)).ok;
  } catch {
    return false;
  }
}

const { origin, stop } = await startWorker();
const codes = {};
let survived = 0;
try {
  for (let round = 0; round < rounds; round++) {
    for (const [connections, seconds] of [[10, 1], [1, 5], [50, 2]]) {
      const r = await cannon(`${origin}/`, connections, seconds);
      for (const [code, { count }] of Object.entries(r.statusCodeStats ?? {})) codes[code] = (codes[code] ?? 0) + count;
      if (r.errors > 0) codes.errors = (codes.errors ?? 0) + r.errors;
    }
    if (!(await answers(origin))) break;
    survived++;
  }
} finally {
  await stop();
}
console.log(`\nwrangler dev, idle connections then 50 at once on /: survived ${survived} of ${rounds} rounds; responses ${JSON.stringify(codes)}`);
process.exitCode = survived === rounds ? 0 : 1;
