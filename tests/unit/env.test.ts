import { describe, expect, it } from "vitest";
import { ConfigError, getConfig, type Env } from "../../app/server/env.server";

const base = {
  DB: {} as D1Database,
  SESSION_SEATS: {} as Env["SESSION_SEATS"],
  SITE_URL: "http://localhost:8787",
  ADMIN_EMAIL: "admin@hundpass.se",
  EMAIL_FROM: "Hundpass <info@hundpass.se>",
  EMAIL_TRANSPORT: "outbox",
  DEV_MAILBOX: "true",
  SESSION_SECRET: "x".repeat(40),
  TURNSTILE_SITE_KEY: "1x00000000000000000000AA",
  TURNSTILE_SECRET_KEY: "1x0000000000000000000000000000000AA",
} satisfies Env;

function problems(env: Env): string {
  try {
    getConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected the configuration to be refused");
}

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
});
