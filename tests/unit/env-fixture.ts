/** A complete, valid local configuration for unit tests of the config and what reads it. */
import { expect } from "vitest";
import { ConfigError, getConfig, type Env } from "../../app/server/platform/env.server";

export const LOCAL_ENV = {
  DB: {} as D1Database,
  SESSION_SEATS: {} as Env["SESSION_SEATS"],
  SITE_URL: "http://localhost:8787",
  ADMIN_EMAIL: "admin@hundpass.se",
  EMAIL_FROM: "Hundpass <info@hundpass.se>",
  EMAIL_TRANSPORT: "outbox",
  SESSION_SECRET: "x".repeat(40),
  TURNSTILE_SITE_KEY: "1x00000000000000000000AA",
  TURNSTILE_SECRET_KEY: "1x0000000000000000000000000000000AA",
  UNSUBSCRIBE_SECRET: "u".repeat(40),
} satisfies Env;

/** Why the configuration `env` is refused (the ConfigError's message); fails the test when it is accepted. */
export function configProblems(env: Env): string {
  try {
    getConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected the configuration to be refused");
}
