import { readFile } from "node:fs/promises";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";

const alias = { "~": path.resolve(__dirname, "app") };
type D1Migrations = Awaited<ReturnType<typeof readD1Migrations>>;

/**
 * The stripe package ships a sourcemap comment in each file but leaves the
 * sources out, and Vite warns once per file (over 200 lines) whenever a test
 * loads the library; its files are read here without that comment.
 */
const stripeWithoutSourcemaps: Plugin = {
  name: "hundpass:stripe-without-sourcemaps",
  enforce: "pre",
  async load(id) {
    if (!/\/node_modules\/stripe\/esm\/.+\.js$/.test(id)) return null;
    return (await readFile(id, "utf8")).replace(/\n\/\/# sourceMappingURL=\S+\s*$/, "\n");
  },
};

/**
 * A project whose tests run inside workerd with the app's Worker, its
 * Durable Objects and the real migrations (applied by the setup file, which
 * gives each file an empty database and page cache) and the project's
 * own variables.
 */
function workerProject(name: string, include: string, migrations: D1Migrations, vars: Record<string, string>) {
  return {
    resolve: { alias },
    plugins: [
      stripeWithoutSourcemaps,
      cloudflareTest({
        main: "./workers/app.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: { bindings: { TEST_MIGRATIONS: migrations, ...vars } },
      }),
    ],
    test: {
      name,
      // One workerd per vitest worker, shared by the files it runs: starting a
      // runtime and loading the app per file cost more than the tests.
      isolate: false,
      // Race tests fire hundreds of requests on one core while the other runs
      // a file of its own; five seconds is too tight on a 2-core machine.
      testTimeout: 20_000,
      include: [include],
      setupFiles: ["./tests/integration/apply-migrations.ts"],
    },
  };
}

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(__dirname, "migrations"));
  return {
    resolve: { alias },
    test: {
      // Two files at a time, each worker with its own workerd and D1. Vitest's
      // default on a 2-core machine is one (cores − 1), which ran every file
      // after the other: 98 s instead of 180 s for the whole suite here.
      maxWorkers: 2,
      // The usual report, then one summary line for the whole suite.
      reporters: ["default", "./tests/support/vitest-summary-reporter.ts"],
      projects: [
        {
          resolve: { alias },
          test: {
            name: "unit",
            include: ["tests/unit/**/*.test.ts"],
            environment: "node",
            // One module graph for every file, as the workerd projects have: the unit
            // files mock nothing and stub no globals, and loading the modules again for
            // each file was most of the project's time (138 s here, 17 s shared; the
            // files pass in any order, vitest --sequence.shuffle).
            isolate: false,
            // Some unit tests start a shell or node (the start and serve scripts); on a
            // 2-core machine busy with the integration project that takes seconds.
            testTimeout: 15_000,
          },
        },
        // The way back (tests/backup/): export the local D1 with the real wrangler
        // CLI, import it into a fresh one and compare rows and served pages.
        // Starts wrangler several times: minutes on a busy 2-core machine.
        {
          resolve: { alias },
          test: {
            name: "backup",
            include: ["tests/backup/**/*.test.ts"],
            environment: "node",
            testTimeout: 300_000,
            hookTimeout: 300_000,
          },
        },
        // The provider stubs of most tests answer at once and carry no rate-limit
        // headers; pacing at the default 2 calls a second would only slow them.
        // The pacing tests (mail-pacing.test.ts) set their own rate and clock.
        // The webhook secret signs the provider's events in mail-events.test.ts.
        workerProject("integration", "tests/integration/**/*.test.ts", migrations, {
          MAIL_PROVIDER_RPS: "1000",
          RESEND_WEBHOOK_SECRET: "whsec_aHVuZHBhc3MtdGVzdC13ZWJob29rLXNpZ25pbmcta2V5",
        }),
        // The same runtime with PAYMENTS=stripe for the whole worker, its seat
        // objects and the cron (tests/payments/): the payment flow end to end.
        // Stripe itself is answered at the network edge (globalThis.fetch) by
        // tests/payments/stripe-edge.ts, at the local address below.
        workerProject("payments", "tests/payments/**/*.test.ts", migrations, {
          MAIL_PROVIDER_RPS: "1000",
          PAYMENTS: "stripe",
          STRIPE_SECRET_KEY: "sk_test_hundpassFlowTests",
          STRIPE_WEBHOOK_SECRET: "whsec_hundpassFlowTestSigningSecret",
          STRIPE_API_URL: "http://127.0.0.1:12111",
        }),
      ],
    },
  };
});
