// The scripts a newcomer runs first: the test command's preflight (installs
// Chromium and Java when it can, else stops with one line saying what to
// run), and the one rule `npm run serve` and `npm run cron` share for the
// site's address and this checkout's own wrangler dev registry.
import { execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain JavaScript, run by node before anything is built
import { planPreflight } from "../../scripts/test-preflight.mjs";
// @ts-expect-error plain JavaScript, shared by the preflight and playwright.config.ts
import { chromiumPath } from "../../scripts/chromium.mjs";

const root = path.resolve(__dirname, "../..");
const facts = {
  chromiumPath: "/usr/bin/chromium-headless-shell",
  chromiumFound: true,
  chromiumFromEnv: false,
  headlessShellFound: true,
  javaFound: true,
  aptGet: true,
  root: false,
  sudo: false,
};

describe("the test preflight", () => {
  it("does nothing when Chromium's headless shell and Java are there", () => {
    expect(planPreflight(facts)).toEqual({ action: "none" });
  });

  it("installs what is missing as root, or with a sudo that asks no password", () => {
    const none = { ...facts, chromiumPath: "/usr/bin/chromium", chromiumFound: false, headlessShellFound: false };
    expect(planPreflight({ ...none, javaFound: false, root: true })).toMatchObject({
      action: "install",
      sudo: false,
      packages: ["chromium-headless-shell", "default-jre-headless"],
    });
    expect(planPreflight({ ...facts, javaFound: false, sudo: true })).toMatchObject({
      action: "install",
      sudo: true,
      packages: ["default-jre-headless"],
    });
  });

  it("puts the headless shell beside a full Chromium where it can, and else drives the full one", () => {
    const fullOnly = { ...facts, chromiumPath: "/usr/bin/chromium", headlessShellFound: false };
    expect(planPreflight({ ...fullOnly, root: true })).toMatchObject({ action: "install", packages: ["chromium-headless-shell"] });
    expect(planPreflight(fullOnly)).toEqual({ action: "none" });
  });

  it("otherwise stops with one line naming the command to run", () => {
    const plan = planPreflight({ ...facts, chromiumPath: "/usr/bin/chromium", chromiumFound: false, headlessShellFound: false });
    expect(plan.action).toBe("stop");
    expect(plan.message).toBe(
      "The end-to-end tests need Chromium's headless shell: run `sudo apt-get update && sudo apt-get install -y chromium-headless-shell` (or set CHROMIUM_PATH to a Chromium binary), then npm test again.",
    );
    expect(plan.message).not.toContain("\n");
    expect(planPreflight({ ...facts, javaFound: false, aptGet: false, root: true }).action).toBe("stop");
  });

  it("never installs over a CHROMIUM_PATH that points nowhere", () => {
    const plan = planPreflight({ ...facts, chromiumPath: "/opt/nope", chromiumFromEnv: true, chromiumFound: false, headlessShellFound: false, root: true });
    expect(plan).toMatchObject({ action: "stop" });
    expect(plan.message).toContain("CHROMIUM_PATH=/opt/nope");
    // A CHROMIUM_PATH that is there is used as it is: nothing installed beside it.
    expect(planPreflight({ ...facts, chromiumPath: "/opt/chrome", chromiumFromEnv: true, headlessShellFound: false, root: true })).toEqual({ action: "none" });
  });

  it("the tests drive CHROMIUM_PATH, else the headless shell where it is installed, else the full browser", () => {
    const only = (file: string) => (candidate: string) => candidate === file;
    expect(chromiumPath({ CHROMIUM_PATH: "/opt/chrome" }, only("/usr/bin/chromium-headless-shell"))).toBe("/opt/chrome");
    expect(chromiumPath({}, only("/usr/bin/chromium-headless-shell"))).toBe("/usr/bin/chromium-headless-shell");
    expect(chromiumPath({}, only("/usr/bin/chromium"))).toBe("/usr/bin/chromium");
  });
});

/** The command scripts/local-wrangler.sh would run, in a copy of the checkout's layout. */
function wranglerCommand(mode: "serve" | "cron", env: Record<string, string>, files: Record<string, string> = {}) {
  const checkout = mkdtempSync(path.join(tmpdir(), "hundpass-checkout-"));
  mkdirSync(path.join(checkout, "scripts"));
  writeFileSync(path.join(checkout, "scripts/local-wrangler.sh"), execFileSync("cat", [path.join(root, "scripts/local-wrangler.sh")]));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(checkout, file)), { recursive: true });
    writeFileSync(path.join(checkout, file), text);
  }
  const out = execFileSync(
    "sh",
    ["scripts/local-wrangler.sh", mode],
    { cwd: checkout, env: { PATH: process.env.PATH ?? "", LOCAL_WRANGLER_DRY_RUN: "1", ...env }, encoding: "utf8" },
  );
  return { out, checkout };
}

describe("npm run serve and npm run cron", () => {
  it("serve links to its own port, and to SITE_URL when one is given", () => {
    expect(wranglerCommand("serve", {}).out).toContain("--port 8787 --persist-to .wrangler/state --var SITE_URL:http://localhost:8787");
    expect(wranglerCommand("serve", { PORT: "9000" }).out).toContain("--port 9000 --persist-to .wrangler/state --var SITE_URL:http://localhost:9000");
    expect(wranglerCommand("serve", { PORT: "9000", SITE_URL: "https://abc.example" }).out).toContain("--var SITE_URL:https://abc.example");
    expect(wranglerCommand("serve", {}, { ".dev.vars": "SITE_URL=https://tunnel.example\n" }).out).toContain("--var SITE_URL:https://tunnel.example");
  });

  it("cron links to the address the served app announced, or to PORT's", () => {
    const served = { ".wrangler/site-url": "http://localhost:9000\n" };
    expect(wranglerCommand("cron", {}, served).out).toContain("--port 8788 --var SITE_URL:http://localhost:9000");
    expect(wranglerCommand("cron", { PORT: "9100" }, served).out).toContain("--var SITE_URL:http://localhost:9100");
    expect(wranglerCommand("cron", { CRON_PORT: "9001" }).out).toContain("--port 9001 --var SITE_URL:http://localhost:8787");
  });

  it("reads PORT, CRON_PORT and STRIPE_STUB_PORT from .dev.vars too, the environment winning", () => {
    const devVars = { ".dev.vars": "PORT=9110  # min port\nCRON_PORT='9112'\nSTRIPE_STUB_PORT=9111\nPAYMENTS=stripe\n" };
    const { out } = wranglerCommand("serve", {}, devVars);
    expect(out).toContain("--port 9110 --persist-to .wrangler/state --var SITE_URL:http://localhost:9110");
    expect(out).toContain("--var STRIPE_API_URL:http://127.0.0.1:9111");
    expect(out).toContain("stripe-stub.mjs --port 9111 --webhook-url http://localhost:9110/api/stripe-handelser");
    expect(wranglerCommand("cron", {}, devVars).out).toContain("--port 9112 --var SITE_URL:http://localhost:9110");
    const overridden = wranglerCommand("serve", { PORT: "9000", STRIPE_STUB_PORT: "9002" }, devVars).out;
    expect(overridden).toContain("--port 9000 ");
    expect(overridden).toContain("stripe-stub.mjs --port 9002 ");
  });

  it("says beside the committed local webhook secret that it is for local use only", () => {
    const script = readFileSync(path.join(root, "scripts/local-wrangler.sh"), "utf8");
    const line = script.split("\n").findIndex((l) => l.includes("whsec_hundpassLokal}"));
    expect(script.split("\n")[line - 1]).toMatch(/local use only.*any local dev server/);
    expect(readFileSync(path.join(root, ".dev.vars.example"), "utf8")).toMatch(/whsec_hundpassLokal: for local use only/);
  });

  it("gives the cron worker the app's .dev.vars", () => {
    const { out, checkout } = wranglerCommand("cron", {}, { ".dev.vars": "UNSUBSCRIBE_SECRET=x\n" });
    expect(out).toContain(`--env-file=${path.join(checkout, ".dev.vars")}`);
    expect(wranglerCommand("cron", {}).out).not.toContain("--env-file");
  });

  it("keeps wrangler's dev registry inside the checkout", () => {
    for (const mode of ["serve", "cron"] as const) {
      const { out, checkout } = wranglerCommand(mode, {});
      expect(out.startsWith(`WRANGLER_REGISTRY_PATH=${path.join(checkout, ".wrangler/registry")} wrangler dev`)).toBe(true);
    }
  });
});

describe("npm start with payments", () => {
  it("runs no stub and adds nothing with payments off, the default", () => {
    for (const env of [{}, { PAYMENTS: "off" }] as Record<string, string>[]) {
      const { out } = wranglerCommand("serve", env);
      expect(out.trim().split("\n")).toHaveLength(1);
      expect(out).not.toMatch(/stripe/i);
    }
  });

  it("with PAYMENTS=stripe also runs the local stub, sending events to the served app, and points the app at it", () => {
    const { out } = wranglerCommand("serve", { PAYMENTS: "stripe", PORT: "9000" });
    const [app, stub] = out.trim().split("\n");
    expect(app).toContain("--port 9000 --persist-to .wrangler/state --var SITE_URL:http://localhost:9000 --var PAYMENTS:stripe");
    expect(app).toContain("--var STRIPE_API_URL:http://127.0.0.1:12111");
    // No account: local test keys stand in.
    expect(app).toMatch(/--var STRIPE_SECRET_KEY:sk_test_\w+ --var STRIPE_WEBHOOK_SECRET:whsec_\w+/);
    expect(stub).toContain(
      "node tests/support/stripe-stub.mjs --port 12111 --webhook-url http://localhost:9000/api/stripe-handelser --checkout-page-url http://localhost:9000/dev/betala --exit-with",
    );
    expect(wranglerCommand("serve", { PAYMENTS: "stripe", STRIPE_STUB_PORT: "9002" }).out).toContain("STRIPE_API_URL:http://127.0.0.1:9002");
    // A local STRIPE_API_URL names the stub's port.
    const onPort = wranglerCommand("serve", { PAYMENTS: "stripe", STRIPE_API_URL: "http://127.0.0.1:12199" }).out;
    expect(onPort).toContain("STRIPE_API_URL:http://127.0.0.1:12199");
    expect(onPort).toContain("stripe-stub.mjs --port 12199 ");
  });

  it("reads PAYMENTS and the keys from .dev.vars, leaving them to wrangler; a real Stripe API runs no stub", () => {
    const devVars = 'PAYMENTS=stripe   # betalning på\nSTRIPE_SECRET_KEY=sk_test_eget\nSTRIPE_WEBHOOK_SECRET="whsec_eget"\n';
    const { out } = wranglerCommand("serve", {}, { ".dev.vars": devVars });
    expect(out).toContain("--var STRIPE_API_URL:http://127.0.0.1:12111");
    expect(out).not.toContain("sk_test_");
    expect(out).not.toContain("whsec_");
    expect(out).toContain("node tests/support/stripe-stub.mjs");

    const real = wranglerCommand("serve", {}, { ".dev.vars": `${devVars}STRIPE_API_URL=https://api.stripe.com\n` }).out;
    expect(real.trim().split("\n")).toHaveLength(1);
    expect(real).not.toContain("STRIPE_API_URL");
    expect(wranglerCommand("serve", { PAYMENTS: "off" }, { ".dev.vars": devVars }).out).not.toContain("stripe-stub");
  });

  it("gives the cron worker the same stub", () => {
    expect(wranglerCommand("cron", { PAYMENTS: "stripe" }).out).toContain("--var PAYMENTS:stripe --var STRIPE_SECRET_KEY:sk_test_");
    expect(wranglerCommand("cron", { PAYMENTS: "stripe" }).out).toContain("--var STRIPE_API_URL:http://127.0.0.1:12111");
    expect(wranglerCommand("cron", {}).out).not.toMatch(/stripe/i);
  });
});
