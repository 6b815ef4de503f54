import { describe, expect, it } from "vitest";
import {
  assertServedLocally,
  ConfigError,
  getConfig,
  isLocalHostname,
  LOCAL_SESSION_SECRET,
  LOCAL_UNSUBSCRIBE_SECRET,
  type Env,
} from "../../app/server/platform/env.server";
import { configProblems as problems, LOCAL_ENV } from "./env-fixture";

const base = { ...LOCAL_ENV, DEV_MAILBOX: "true" } satisfies Env;


describe("getConfig", () => {
  it("accepts the local defaults and enables the dev mailbox", () => {
    const config = getConfig({ ...base });
    expect(config.DEV_MAILBOX).toBe(true);
    expect(config.secureCookies).toBe(false);
    expect(config.RESEND_API_URL).toBe("https://api.resend.com/emails");
  });

  it("names every missing variable", () => {
    const { SESSION_SECRET: _s, ADMIN_EMAIL: _a, ...rest } = base;
    const message = problems(rest);
    expect(message).toContain("SESSION_SECRET");
    expect(message).toContain("ADMIN_EMAIL");
  });

  it("lists the origins forms may come from: SITE_URL's always, then ALLOWED_HOSTNAMES' with its scheme", () => {
    expect(getConfig({ ...base }).allowedOrigins).toEqual(["http://localhost:8787"]);
    const config = getConfig({ ...base, ALLOWED_HOSTNAMES: " Hundpass.Example.workers.dev, 127.0.0.1:9110 ," });
    expect(config.allowedOrigins).toEqual(["http://localhost:8787", "http://hundpass.example.workers.dev", "http://127.0.0.1:9110"]);
    expect(problems({ ...base, ALLOWED_HOSTNAMES: "https://hundpass.se" })).toContain("ALLOWED_HOSTNAMES");
    expect(problems({ ...base, ALLOWED_HOSTNAMES: "*.workers.dev" })).toContain("ALLOWED_HOSTNAMES");
  });

  it("refuses a short session secret", () => {
    expect(problems({ ...base, SESSION_SECRET: "short" })).toMatch(/SESSION_SECRET must be at least 32/);
  });

  it("requires an API key for the resend transport", () => {
    expect(problems({ ...base, EMAIL_TRANSPORT: "resend" })).toContain("RESEND_API_KEY");
    expect(getConfig({ ...base, EMAIL_TRANSPORT: "resend", RESEND_API_KEY: "re_x" }).EMAIL_TRANSPORT).toBe(
      "resend",
    );
  });

  it("refuses an unknown transport", () => {
    expect(problems({ ...base, EMAIL_TRANSPORT: "smtp" })).toContain("EMAIL_TRANSPORT");
  });

  it("never allows the dev mailbox on an https site and uses secure cookie names there", () => {
    expect(problems({ ...base, SITE_URL: "https://hundpass.se" })).toContain("DEV_MAILBOX");
    const prod = getConfig({ ...base, SITE_URL: "https://hundpass.se", DEV_MAILBOX: "false" });
    expect(prod.secureCookies).toBe(true);
  });

  it("decides https from the parsed URL, whatever its case or surrounding spaces", () => {
    for (const SITE_URL of ["HTTPS://hundpass.se", " https://hundpass.se", "HTTPS://Hundpass.SE/ "]) {
      expect(problems({ ...base, SITE_URL }), SITE_URL).toContain("DEV_MAILBOX");
      const prod = getConfig({ ...base, SITE_URL, DEV_MAILBOX: "false" });
      expect(prod.secureCookies, SITE_URL).toBe(true);
      expect(prod.SITE_URL, SITE_URL).toBe("https://hundpass.se");
      expect(prod.localOnly).toBe(false);
    }
  });

  it("refuses the dev mailbox on any site that is not local, https or not", () => {
    expect(problems({ ...base, SITE_URL: "http://hundpass.se" })).toMatch(/DEV_MAILBOX must not be enabled/);
  });

  it("refuses the committed local session secret on a site that is not local", () => {
    const message = problems({ ...base, SITE_URL: "https://hundpass.se", DEV_MAILBOX: "false", SESSION_SECRET: LOCAL_SESSION_SECRET });
    expect(message).toMatch(/SESSION_SECRET is the committed local value/);
    // Locally it is the default and fine.
    expect(getConfig({ ...base, SESSION_SECRET: LOCAL_SESSION_SECRET }).localOnly).toBe(true);
  });

  it("refuses the committed unsubscribe secret on a site that is not local", () => {
    const message = problems({ ...base, SITE_URL: "https://hundpass.se", DEV_MAILBOX: "false", UNSUBSCRIBE_SECRET: LOCAL_UNSUBSCRIBE_SECRET });
    expect(message).toMatch(/UNSUBSCRIBE_SECRET is the committed local value/);
    expect(getConfig({ ...base, UNSUBSCRIBE_SECRET: LOCAL_UNSUBSCRIBE_SECRET }).localOnly).toBe(true);
    expect(problems({ ...base, UNSUBSCRIBE_SECRET: "short" })).toMatch(/UNSUBSCRIBE_SECRET must be at least 32/);
  });

  it("reads the newsletter's personal segment and three senders, with defaults", () => {
    const config = getConfig({ ...base });
    expect(config.NEWSLETTER_PERSONAL_SEGMENT).toBe("agare-testar");
    expect(config.NEWSLETTER_SENDERS).toEqual(["info@hundpass.se", "nyhetsbrev@hundpass.se", "flurre@hundpass.se"]);
    expect(config.TURNSTILE_VERIFY_URL).toBe("https://challenges.cloudflare.com/turnstile/v0/siteverify");
    const own = getConfig({ ...base, NEWSLETTER_PERSONAL_SEGMENT: "ellen-testar", NEWSLETTER_SENDERS: "a@x.se, b@x.se,c@x.se" });
    expect(own.NEWSLETTER_PERSONAL_SEGMENT).toBe("ellen-testar");
    expect(own.NEWSLETTER_SENDERS).toEqual(["a@x.se", "b@x.se", "c@x.se"]);
    expect(problems({ ...base, NEWSLETTER_PERSONAL_SEGMENT: "{name}" })).toMatch(/NEWSLETTER_PERSONAL_SEGMENT must be/);
    expect(problems({ ...base, NEWSLETTER_PERSONAL_SEGMENT: "vip-utskick" })).toMatch(/another segment's name/);
    expect(problems({ ...base, NEWSLETTER_SENDERS: "a@x.se,b@x.se" })).toMatch(/exactly three/);
    expect(problems({ ...base, NEWSLETTER_SENDERS: "a@x.se,a@x.se,b@x.se" })).toMatch(/three different/);
  });

  it("refuses a SITE_URL that is not http(s)", () => {
    expect(problems({ ...base, SITE_URL: "ftp://hundpass.se" })).toContain("SITE_URL");
  });

  it("knows which hosts are local", () => {
    for (const host of ["localhost", "LOCALHOST", "app.localhost", "127.0.0.1", "127.1.2.3", "[::1]", "::1"]) {
      expect(isLocalHostname(host), host).toBe(true);
    }
    for (const host of ["hundpass.se", "localhost.hundpass.se", "hundpass.workers.dev", "10.0.0.1", "128.0.0.1"]) {
      expect(isLocalHostname(host), host).toBe(false);
    }
  });

  it("serves the local defaults only to a local host (a deploy that forgot --env production)", () => {
    const local = getConfig({ ...base, SESSION_SECRET: LOCAL_SESSION_SECRET, DEV_MAILBOX: "false" });
    expect(() => assertServedLocally(local, "http://localhost:8787/")).not.toThrow();
    expect(() => assertServedLocally(local, "https://hundpass.workers.dev/")).toThrow(ConfigError);
    const mailbox = getConfig({ ...base });
    expect(() => assertServedLocally(mailbox, "https://hundpass.se/dev/mail")).toThrow(/not local/);
    const prod = getConfig({ ...base, SITE_URL: "https://hundpass.se", DEV_MAILBOX: "false" });
    expect(() => assertServedLocally(prod, "https://hundpass.se/")).not.toThrow();
  });
});
