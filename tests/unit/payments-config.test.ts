// PAYMENTS and the Stripe variables (app/server/platform/env.server.ts):
// off by default, and then nothing Stripe's is read; with "stripe" every
// variable is checked and a misconfiguration names itself.
import { describe, expect, it } from "vitest";
import { assertServedLocally, ConfigError, getConfig, type Env } from "../../app/server/platform/env.server";
import { configProblems as problems, LOCAL_ENV } from "./env-fixture";

const base = { ...LOCAL_ENV, DEV_MAILBOX: "true" } satisfies Env;

/** A site that is not local, with its own secrets. */
const production = { ...base, SITE_URL: "https://hundpass.se", DEV_MAILBOX: "false" } satisfies Env;

const stripe = {
  PAYMENTS: "stripe",
  STRIPE_SECRET_KEY: "sk_test_51Hundpass000000000000",
  STRIPE_WEBHOOK_SECRET: "whsec_hundpassTestSigningSecret0000",
} satisfies Partial<Env>;


describe("PAYMENTS", () => {
  it("is off by default, and off reads none of the Stripe variables, however wrong they are", () => {
    expect(getConfig(base).payments).toEqual({ provider: "off" });
    const off = getConfig({
      ...production,
      PAYMENTS: "off",
      STRIPE_SECRET_KEY: "not a key",
      STRIPE_WEBHOOK_SECRET: "nope",
      STRIPE_PAYMENT_METHODS: "paypal",
      STRIPE_STATEMENT_DESCRIPTOR: "Hundpass i Gävle med å",
      STRIPE_API_URL: "http://127.0.0.1:12111",
    });
    expect(off.payments).toEqual({ provider: "off" });
    // No Stripe variable (nor PAYMENTS itself) travels in the config beside `payments`.
    expect(Object.keys(off).filter((key) => key.startsWith("STRIPE") || key === "PAYMENTS")).toEqual([]);
  });

  it("takes only off or stripe", () => {
    expect(problems({ ...base, PAYMENTS: "paypal" })).toContain("PAYMENTS must be 'off' or 'stripe'");
    expect(problems({ ...base, PAYMENTS: "Stripe" })).toContain("PAYMENTS must be 'off' or 'stripe'");
  });

  it("with stripe, requires both secrets and names each, with the rest of the problems", () => {
    const message = problems({ ...base, PAYMENTS: "stripe", ADMIN_EMAIL: "nobody" });
    expect(message).toContain("STRIPE_SECRET_KEY is required with PAYMENTS=stripe");
    expect(message).toContain("STRIPE_WEBHOOK_SECRET is required with PAYMENTS=stripe");
    expect(message).toContain("ADMIN_EMAIL");
  });

  it("with stripe, has card and Swish, HUNDPASS on the statement and Stripe's own API by default", () => {
    expect(getConfig({ ...base, ...stripe }).payments).toEqual({
      provider: "stripe",
      secretKey: stripe.STRIPE_SECRET_KEY,
      webhookSecret: stripe.STRIPE_WEBHOOK_SECRET,
      methods: ["card", "swish"],
      statementDescriptor: "HUNDPASS",
      api: null,
    });
    // A live setup on the real site.
    const live = getConfig({ ...production, ...stripe, STRIPE_SECRET_KEY: "rk_live_abc123", STRIPE_API_URL: "https://api.stripe.com" });
    expect(live.payments).toMatchObject({ provider: "stripe", secretKey: "rk_live_abc123", api: null });
  });

  it("refuses what is not a secret key or a signing secret", () => {
    expect(problems({ ...base, ...stripe, STRIPE_SECRET_KEY: "pk_test_publishable" })).toContain("STRIPE_SECRET_KEY must be a Stripe secret key");
    expect(problems({ ...base, ...stripe, STRIPE_WEBHOOK_SECRET: "hundpass" })).toContain("STRIPE_WEBHOOK_SECRET must be the whsec_");
    expect(problems({ ...base, ...stripe, STRIPE_WEBHOOK_SECRET: "whsec_" })).toContain("STRIPE_WEBHOOK_SECRET must be the whsec_");
  });

  it("reads the payment methods as a comma list of card and swish", () => {
    const methods = (value: string) => {
      const { payments } = getConfig({ ...base, ...stripe, STRIPE_PAYMENT_METHODS: value });
      return payments.provider === "stripe" ? payments.methods : null;
    };
    expect(methods("swish")).toEqual(["swish"]);
    expect(methods(" Swish , card ")).toEqual(["card", "swish"]);
    expect(methods("card,card")).toEqual(["card"]);
    for (const wrong of ["paypal", "", "card,klarna", "card;swish"]) {
      expect(problems({ ...base, ...stripe, STRIPE_PAYMENT_METHODS: wrong }), wrong).toContain("STRIPE_PAYMENT_METHODS must be");
    }
  });

  it("takes a statement descriptor only as Stripe does: 5-22 Latin characters with a letter", () => {
    const { payments } = getConfig({ ...base, ...stripe, STRIPE_STATEMENT_DESCRIPTOR: "HUNDPASS GAVLE" });
    expect(payments).toMatchObject({ statementDescriptor: "HUNDPASS GAVLE" });
    const refused = {
      HUND: "5-22 characters",
      "HUNDPASS HUNDTRANING AB": "5-22 characters",
      "HUNDPASS GÄVLE": "Latin characters only",
      "HUND*PASS": "must not contain",
      "12345": "at least one letter",
    };
    for (const [value, message] of Object.entries(refused)) {
      expect(problems({ ...base, ...stripe, STRIPE_STATEMENT_DESCRIPTOR: value }), value).toContain(message);
    }
  });

  it("points the library at a local stub by host, port and protocol, on a local site only", () => {
    const target = (url: string) => {
      const { payments } = getConfig({ ...base, ...stripe, STRIPE_API_URL: url });
      return payments.provider === "stripe" ? payments.api : undefined;
    };
    expect(target("http://127.0.0.1:12111")).toEqual({ host: "127.0.0.1", port: 12111, protocol: "http" });
    expect(target("http://localhost:12111/")).toEqual({ host: "localhost", port: 12111, protocol: "http" });
    expect(target("https://127.0.0.1")).toEqual({ host: "127.0.0.1", port: 443, protocol: "https" });
    expect(target("https://api.stripe.com")).toBeNull();

    expect(problems({ ...base, ...stripe, STRIPE_API_URL: "https://stripe.example.com" })).toContain(
      "STRIPE_API_URL must be https://api.stripe.com or a loopback address",
    );
    expect(problems({ ...base, ...stripe, STRIPE_API_URL: "http://127.0.0.1:12111/v1" })).toContain("origin only");
    expect(problems({ ...base, ...stripe, STRIPE_API_URL: "ftp://127.0.0.1" })).toContain("http:// or https://");
    expect(problems({ ...base, ...stripe, STRIPE_API_URL: "not a url" })).toContain("STRIPE_API_URL must be an absolute URL");
    // The stub is refused where the site is not local, like the dev mailbox, and so is a request to a public host.
    const onStub = getConfig({ ...base, DEV_MAILBOX: "false", ...stripe, STRIPE_API_URL: "http://127.0.0.1:12111" });
    expect(onStub.localOnly).toBe(true);
    expect(() => assertServedLocally(onStub, "https://hundpass.se/")).toThrow(ConfigError);
    expect(getConfig({ ...base, DEV_MAILBOX: "false", ...stripe }).localOnly).toBe(false);
    expect(problems({ ...production, ...stripe, STRIPE_API_URL: "http://127.0.0.1:12111" })).toContain(
      "STRIPE_API_URL must not point at a local stub on a site that is not local",
    );
  });
});
