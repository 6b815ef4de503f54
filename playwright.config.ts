import { defineConfig } from "@playwright/test";
import { WEBHOOK_SECRET } from "./tests/e2e/mail-events";
// @ts-expect-error plain JavaScript, shared with the test preflight
import { chromiumPath } from "./scripts/chromium.mjs";
import { PAYMENTS_BASE_URL, PAYMENTS_PORT, STRIPE_E2E_WEBHOOK_SECRET, STRIPE_STUB_PORT, STRIPE_STUB_URL, SWISH_DELAY_MS } from "./tests/e2e/payments-server";

// A port of its own so tests never touch a developer's running app (8787).
const PORT = Number(process.env.E2E_PORT ?? 8799);
const BASE_URL = `http://localhost:${PORT}`;
/** Turnstile's siteverify, stubbed locally (the server has no network); serve.sh points the app at it. */
const TURNSTILE_STUB_PORT = PORT - 10;
/**
 * How long a server may take to start. On a clean clone the first applies every migration to an empty database
 * (kept for later runs, tests/e2e/serve.sh) and seeds it before wrangler bundles the worker: on 2 cores with other
 * work running that has taken more than two minutes, and a server that is slow to start fails every test.
 */
const SERVER_START_MS = 240_000;
/** The payment server's local D1 (tests/e2e/serve-payments.sh). */
const PAYMENTS_STATE = ".wrangler/e2e-payments-state";

/** Debian's headless shell where installed, else its full Chromium (scripts/chromium.mjs); CHROMIUM_PATH names another. */
const launchOptions = {
  executablePath: chromiumPath() as string,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  expect: { timeout: 5_000 },
  // Three workers share the one local server: most of a test's time is spent
  // waiting (form fill times, mail polling, the server), so three overlap
  // well on 2 cores (6.3 min here against 7–8.6 with two; four gained only
  // 0.2 min more). Tests in one file run in order, except the axe cases,
  // which are independent; files that share state keep to their own rows
  // (own e-mail addresses, own client IPs, own sessions).
  fullyParallel: false,
  workers: 3,
  // On CI (2 cores, one shared local server) a page load has now and then
  // stalled past the timeout in wrangler dev; a test that fails twice fails.
  // Playwright lists a test that passed only on its retry as "flaky".
  retries: process.env.CI ? 1 : 0,
  // The list as it goes, then one summary line (tests/support/playwright-summary-reporter.ts).
  reporter: [["list"], ["./tests/support/playwright-summary-reporter.ts"]],
  use: { baseURL: BASE_URL, locale: "sv-SE", timezoneId: "Europe/Stockholm", trace: "off" },
  projects: [
    { name: "js", use: { javaScriptEnabled: true, launchOptions } },
    { name: "no-js", use: { javaScriptEnabled: false, launchOptions } },
  ],
  webServer: [
    {
      command: `bash tests/e2e/serve.sh ${PORT} ${WEBHOOK_SECRET}`,
      url: `${BASE_URL}/`,
      // The payment server's database is this one's, migrated and seeded once
      // (the servers start one after the other).
      env: { E2E_STATE_COPY: PAYMENTS_STATE },
      timeout: SERVER_START_MS,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `node tests/e2e/turnstile-stub.mjs ${TURNSTILE_STUB_PORT}`,
      url: `http://127.0.0.1:${TURNSTILE_STUB_PORT}/`,
      timeout: 10_000,
      reuseExistingServer: false,
    },
    // The payment tests' own server (PAYMENTS=stripe, E2E_PORT + 2) and its
    // local Stripe stub (E2E_PORT + 3), which sends Stripe's signed events to
    // it; the server above and its tests keep payments off.
    {
      command: `bash tests/e2e/serve-payments.sh ${PAYMENTS_PORT} ${STRIPE_STUB_PORT} ${TURNSTILE_STUB_PORT}`,
      url: `${PAYMENTS_BASE_URL}/`,
      env: { STRIPE_WEBHOOK_SECRET: STRIPE_E2E_WEBHOOK_SECRET, E2E_STATE_PREPARED: "1" },
      timeout: SERVER_START_MS,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command:
        `node tests/support/stripe-stub.mjs --port ${STRIPE_STUB_PORT} --webhook-url ${PAYMENTS_BASE_URL}/api/stripe-handelser ` +
        `--checkout-page-url ${PAYMENTS_BASE_URL}/dev/betala --swish-delay-ms ${SWISH_DELAY_MS}`,
      url: `${STRIPE_STUB_URL}/_stub/`,
      env: { STRIPE_WEBHOOK_SECRET: STRIPE_E2E_WEBHOOK_SECRET },
      timeout: 10_000,
      reuseExistingServer: false,
    },
  ],
});
