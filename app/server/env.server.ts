/**
 * Bindings and configuration. The raw Worker env is validated once, at the
 * first request, so a missing or malformed variable fails loudly with its name.
 */
import { z } from "zod";

export interface Env {
  DB: D1Database;
  SESSION_SEATS: DurableObjectNamespace<import("./seats/session-seats.server").SessionSeats>;
  ASSETS?: Fetcher;
  SITE_URL?: string;
  ADMIN_EMAIL?: string;
  EMAIL_FROM?: string;
  EMAIL_TRANSPORT?: string;
  DEV_MAILBOX?: string;
  SESSION_SECRET?: string;
  RESEND_API_KEY?: string;
  RESEND_API_URL?: string;
  TURNSTILE_SITE_KEY?: string;
  TURNSTILE_SECRET_KEY?: string;
  /** Bookings per address per 10 minutes (default 20); the bench raises it. */
  BOOKING_RATE_LIMIT?: string;
}

const ConfigSchema = z
  .object({
    SITE_URL: z.string().url("SITE_URL must be an absolute URL, e.g. http://localhost:8787"),
    ADMIN_EMAIL: z.string().email("ADMIN_EMAIL must be an e-mail address"),
    EMAIL_FROM: z.string().min(3, "EMAIL_FROM is required, e.g. Hundpass <info@hundpass.se>"),
    EMAIL_TRANSPORT: z.enum(["outbox", "resend"], {
      errorMap: () => ({ message: "EMAIL_TRANSPORT must be 'outbox' or 'resend'" }),
    }),
    DEV_MAILBOX: z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true"),
    SESSION_SECRET: z
      .string({ required_error: "SESSION_SECRET is required (32+ random characters)" })
      .min(32, "SESSION_SECRET must be at least 32 characters"),
    RESEND_API_KEY: z.string().optional(),
    RESEND_API_URL: z.string().url().default("https://api.resend.com/emails"),
    TURNSTILE_SITE_KEY: z.string({ required_error: "TURNSTILE_SITE_KEY is required" }).min(1),
    TURNSTILE_SECRET_KEY: z.string({ required_error: "TURNSTILE_SECRET_KEY is required" }).min(1),
  })
  .superRefine((c, ctx) => {
    if (c.EMAIL_TRANSPORT === "resend" && !c.RESEND_API_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["RESEND_API_KEY"],
        message: "RESEND_API_KEY is required when EMAIL_TRANSPORT is 'resend'",
      });
    }
    if (c.SITE_URL.startsWith("https://") && c.DEV_MAILBOX) {
      ctx.addIssue({
        code: "custom",
        path: ["DEV_MAILBOX"],
        message: "DEV_MAILBOX must not be enabled on an https (production) site",
      });
    }
  });

export type Config = z.infer<typeof ConfigSchema> & { secureCookies: boolean };

export class ConfigError extends Error {
  override name = "ConfigError";
}

const cache = new WeakMap<object, Config>();

/** Validates the env once per env object; throws ConfigError naming every problem. */
export function getConfig(env: Env): Config {
  const cached = cache.get(env);
  if (cached) return cached;
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (i) => `${i.path.join(".") || "env"}: ${i.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n- ${problems.join("\n- ")}`);
  }
  const config = { ...parsed.data, secureCookies: parsed.data.SITE_URL.startsWith("https://") };
  cache.set(env, config);
  return config;
}
