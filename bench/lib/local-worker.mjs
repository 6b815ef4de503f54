// Starts the built worker for a bench run on 127.0.0.1:8790 (or `port`) with
// NODE_ENV=production and its own database under .wrangler/bench-state (or
// `state`), migrated and seeded with the demo data: `wrangler dev` (as `npm start`
// serves it), or with { runtime: "workerd" } the deployable bundle straight
// on workerd (see runtime.mjs). A bench adds rows of its own with `seedSql`
// (run after the demo data) and variables with `vars`. Stop it with stop();
// it is also stopped when the process exits or is interrupted.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { benchEnv, serveBundledWorker } from "./runtime.mjs";

export const BENCH_PORT = 8790;
export const BENCH_ORIGIN = `http://127.0.0.1:${BENCH_PORT}`;
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
export const BENCH_STATE = path.join(ROOT, ".wrangler/bench-state");
const READY_TIMEOUT_MS = 60_000;

function run(command, args, env) {
  const result = spawnSync(command, args, { cwd: ROOT, env, stdio: ["ignore", "ignore", "inherit"] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (exit ${result.status})`);
}

export function assertBuilt() {
  for (const file of ["build/server/index.js", "build/client"]) {
    if (!existsSync(path.join(ROOT, file))) {
      console.error(`${file} is missing: run \`npm run build\` first.`);
      process.exit(2);
    }
  }
}

/** A free loopback port, so the devtools inspector never clashes with another local wrangler. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Serves the bundle on workerd; resolves once it answers. */
async function startBundled(vars, port, state, origin) {
  const server = await serveBundledWorker({ port, persistTo: state, vars: { ...vars, SITE_URL: origin } });
  let stopped;
  const stop = () => (stopped ??= server.stop());
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      void stop().finally(() => process.exit(130));
    });
  }
  return { origin, stop };
}

/** Runs SQL on the bench database through wrangler's local D1 (no network, no login). */
function executeSql(sql, env, state) {
  const dir = mkdtempSync(path.join(tmpdir(), "hundpass-bench-seed-"));
  const file = path.join(dir, "seed.sql");
  try {
    writeFileSync(file, sql, "utf8");
    run("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", state, "--file", file], env);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * @param {{ runtime?: "wrangler-dev" | "workerd", vars?: Record<string, string>, seedSql?: string, port?: number, state?: string }} [options]
 *   vars: extra worker variables; seedSql: rows of the bench's own, inserted after the demo data;
 *   port and state: for a bench that must not share 8790 and .wrangler/bench-state.
 */
export async function startWorker({ runtime = "wrangler-dev", vars = {}, seedSql, port = BENCH_PORT, state = BENCH_STATE } = {}) {
  const origin = `http://127.0.0.1:${port}`;
  assertBuilt();
  const env = { ...benchEnv(), NODE_ENV: "production" };
  mkdirSync(env.XDG_CONFIG_HOME, { recursive: true });
  rmSync(state, { recursive: true, force: true });
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", state], env);
  run("npx", ["tsx", "tests/fixtures/seed.ts", "--persist-to", state], env);
  if (seedSql) executeSql(seedSql, env, state);
  if (runtime === "workerd") return startBundled(vars, port, state, origin);

  // Its own process group, so stopping it also stops workerd.
  const child = spawn(
    "npx",
    [
      "wrangler", "dev", "--ip", "127.0.0.1", "--port", String(port), "--persist-to", state,
      "--inspector-port", String(await freePort()),
      ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
      "--var", `SITE_URL:${origin}`, "--log-level", "warn",
    ],
    { cwd: ROOT, env, detached: true, stdio: ["ignore", "ignore", "inherit"] },
  );
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  };
  process.on("exit", stop);
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      stop();
      process.exit(130);
    });
  }

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early (${child.exitCode})`);
    try {
      const res = await fetch(`${origin}/`);
      if (res.ok) return { origin, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  stop();
  throw new Error(`the worker did not answer on ${origin} within ${READY_TIMEOUT_MS / 1000} s`);
}
