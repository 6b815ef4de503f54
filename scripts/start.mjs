#!/usr/bin/env node
// `npm start`: the whole app on this machine, saying one line a step.
// Ports first (a taken one stops it in its first second, before anything is
// built or written), then the build, the migrations and the demo data, each
// quiet unless it fails (then all it printed is shown), and last the served
// app, whose own log follows.
import { spawn, spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";

/** Runs a step with its output kept back; on failure prints it all and stops. */
function step(label, command, args, { summary } = {}) {
  const started = Date.now();
  process.stdout.write(`${label}… `);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: process.env });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (code !== 0) {
        process.stdout.write(`failed after ${seconds} s:\n`);
        process.stderr.write(output);
        process.exit(code ?? 1);
      }
      process.stdout.write(`${summary ? summary(output) : "done"} (${seconds} s)\n`);
      resolve(output);
    });
  });
}

/** What scripts/migrate-local.mjs (on a new database) or `wrangler d1 migrations apply` did, in a few words. */
export function migrationSummary(output) {
  if (/No migrations to apply/i.test(output)) return "up to date";
  const all = /^(\d+) migrations applied to a new database$/m.exec(output);
  if (all) return `${all[1]} migrations applied to a new database`;
  const applied = new Set(output.match(/\b\d{4}_[\w-]+\.sql\b/g) ?? []);
  return `${applied.size} new migration${applied.size === 1 ? "" : "s"} applied`;
}

/** The seed's own one line, without the folder it names. */
export function seedSummary(output) {
  const line = output.trim().split("\n").pop() ?? "";
  return line.replace(/^Seeded demo data into \S+ /, "demo data ").replace(/\.$/, "") || "done";
}

async function main() {
  // Its one line, if a port is taken, is all this prints.
  const ports = spawnSync("sh", ["scripts/local-wrangler.sh", "check"], { stdio: "inherit", env: process.env });
  if (ports.status !== 0) process.exit(ports.status ?? 1);
  await step("Building the app", "remix", ["vite:build", "--logLevel", "warn"]);
  await step("Migrating the local database", "node", ["scripts/migrate-local.mjs", ".wrangler/state"], {
    summary: migrationSummary,
  });
  await step("Seeding", "tsx", ["tests/fixtures/seed.ts", "--persist-to", ".wrangler/state"], { summary: seedSummary });
  const server = spawn("sh", ["scripts/local-wrangler.sh", "serve"], { stdio: "inherit", env: process.env });
  // Ctrl-C reaches the server through the terminal's process group; this one only waits for it.
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
  server.on("close", (code, signal) => process.exit(code ?? (signal ? 130 : 1)));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
