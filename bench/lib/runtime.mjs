// Serves the worker for a bench straight on workerd through Miniflare: the
// bundle `wrangler deploy --dry-run` builds (the code that would be
// uploaded), the bindings of wrangler.toml (local D1, the Durable Objects,
// the static assets) and a persisted state directory. Unlike `wrangler dev`
// there is no dev proxy in front, no DevTools relay and no request logging
// through the wrangler process: what is measured is the app on the runtime.
//
//   const server = await serveBundledWorker({ port, persistTo, vars });
//   …
//   await server.stop();
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The environment bench tools run wrangler with: no metrics, no network, a local config dir. */
export function benchEnv() {
  return {
    ...process.env,
    WRANGLER_SEND_METRICS: "false",
    // No network: the placeholder Request.cf object is fine here.
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    // wrangler's local trace store and data explorer cost every request (see tests/e2e/serve.sh).
    X_LOCAL_OBSERVABILITY: "false",
    X_LOCAL_EXPLORER: "false",
    XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME ?? path.join(ROOT, ".wrangler/config"),
    // A dev registry of the benches' own, apart from a served app's and the e2e server's.
    WRANGLER_REGISTRY_PATH: path.join(ROOT, ".wrangler/bench-registry"),
  };
}

/** Bundles workers/app.ts (and the Remix build it imports) exactly as a deploy would. */
function bundle() {
  const outdir = mkdtempSync(path.join(tmpdir(), "hundpass-bundle-"));
  const result = spawnSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", outdir], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...benchEnv(), NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    throw new Error("wrangler deploy --dry-run failed");
  }
  return outdir;
}

/**
 * @param {{ port: number, persistTo: string, vars?: Record<string, string>, inspectorPort?: number }} options
 *   persistTo: the same directory `wrangler … --persist-to` used (migrations, seed data).
 *   inspectorPort: opens workerd's inspector there (for a CPU profile, see cpu-profile.mjs).
 */
export async function serveBundledWorker({ port, persistTo, vars = {}, inspectorPort }) {
  Object.assign(process.env, benchEnv());
  const outdir = bundle();
  const { unstable_getMiniflareWorkerOptions } = await import("wrangler");
  const { Miniflare, convertV4MiniflareOptions } = await import("miniflare");
  const { workerOptions } = unstable_getMiniflareWorkerOptions(path.join(ROOT, "wrangler.toml"));
  const persist = path.resolve(ROOT, persistTo, "v3");
  // Written in Miniflare 4's shape, which Miniflare 5 converts (its own groups each worker's settings under `config`).
  const mf = new Miniflare(convertV4MiniflareOptions({
    host: "127.0.0.1",
    port,
    logRequests: false,
    ...(inspectorPort ? { inspectorPort } : {}),
    // D1, the Durable Objects and the cache, each in its folder under v3/, as wrangler keeps them.
    resourcePersistencePath: persist,
    workers: [
      {
        ...workerOptions,
        name: "hundpass",
        // One self-contained ES module: named, so Miniflare does not walk its (dynamic) imports.
        modulesRoot: outdir,
        modules: [{ type: "ESModule", path: path.join(outdir, "app.js") }],
        bindings: { ...workerOptions.bindings, ...vars },
      },
    ],
  }));
  await mf.ready;
  return {
    async stop() {
      await mf.dispose();
      rmSync(outdir, { recursive: true, force: true });
    },
  };
}
