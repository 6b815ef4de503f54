/**
 * Bindings and configuration. The raw Worker env is validated once, at the
 * first request, so a missing or malformed variable fails loudly with its name.
 *
 * Local development runs on the committed defaults of wrangler.toml (a known
 * session secret, the dev mailbox on). Those are refused anywhere but on a
 * local host: by SITE_URL here, and by the request's own host in
 * assertServedLocally, which also catches a deploy that forgot its
 * production environment (SITE_URL still says localhost there).
 */
import { FORM_MAX_BYTES_DEFAULT } from "../forms/request-body.server";
import { z } from "zod";
import { DEFAULT_SENDER_ADDRESSES } from "~/domain/schemas/campaign";
import {
  DEFAULT_PERSONAL_SEGMENT,
  isReservedSegmentName,
  SEGMENT_NAME_PATTERN,
} from "~/domain/newsletter/segments";

export interface Env {
  DB: D1Database;
  /** The SessionSeats objects; seats.server.ts gives them their type (imports flow towards this file, never back). */
  SESSION_SEATS: DurableObjectNamespace;
  ASSETS?: Fetcher;
  /** The deployed version's id, tag and upload time ([version_metadata] in wrangler.toml); absent under plain Miniflare. */
  CF_VERSION_METADATA?: { id: string; tag?: string; timestamp?: string };
  SITE_URL?: string;
  /**
   * Other host names the site answers on, comma-separated (e.g. the
   * workers.dev one); forms posted from them are accepted. SITE_URL's host
   * is always in.
   */
  ALLOWED_HOSTNAMES?: string;
  ADMIN_EMAIL?: string;
  EMAIL_FROM?: string;
  EMAIL_TRANSPORT?: string;
  DEV_MAILBOX?: string;
  SESSION_SECRET?: string;
  RESEND_API_KEY?: string;
  RESEND_API_URL?: string;
  /** Calls a second the drain makes to the provider when its answers carry no rate-limit headers (default 2). */
  MAIL_PROVIDER_RPS?: string;
  /** The provider's webhook signing secret (whsec_…); without it the webhook endpoint answers 404. */
  RESEND_WEBHOOK_SECRET?: string;
  TURNSTILE_SITE_KEY?: string;
  TURNSTILE_SECRET_KEY?: string;
  /** Bookings per address per 10 minutes (default 20); the bench raises it. */
  BOOKING_RATE_LIMIT?: string;
  /** Days sent mail is kept in the outbox before it is deleted (default 30). */
  MAIL_RETENTION_DAYS?: string;
  /** Months after a session ends before its bookings are anonymized (default 24). */
  RETENTION_BOOKING_MONTHS?: string;
  /** Days after unsubscribing before a subscriber is deleted, leaving a suppression hash (default 30). */
  RETENTION_UNSUBSCRIBED_DAYS?: string;
  /** Months contact messages, problem reports and Flurre's unanswered questions are kept (default 12). */
  RETENTION_MESSAGE_MONTHS?: string;
  /** Months audit rows are kept (default 24). */
  RETENTION_AUDIT_MONTHS?: string;
  /** A form sent sooner than this after it was rendered is taken for a bot (default 2000; lower only locally). */
  FORM_MIN_FILL_MS?: string;
  /** The largest form body a request may carry, in bytes (default 65536); larger ones are refused with 413. */
  FORM_MAX_BYTES?: string;
  /** "1" counts each request's D1 round trips into a response header (bench/admin-lists.mjs only). */
  D1_ROUND_TRIPS?: string;
  /** Turnstile's siteverify endpoint (tests point it at a local stub). */
  TURNSTILE_VERIFY_URL?: string;
  /** The secret the newsletter's unsubscribe links are signed with (HMAC). */
  UNSUBSCRIBE_SECRET?: string;
  /** The owner's personal test segment (the spec's `{name}`), default agare-testar. */
  NEWSLETTER_PERSONAL_SEGMENT?: string;
  /** The three sender addresses a campaign may use, comma-separated; the first is the default. */
  NEWSLETTER_SENDERS?: string;
  /**
   * Workers AI, bound in production only (wrangler.toml [env.production.ai]):
   * with it a model chooses which of an answer's sentences Flurre shows (by number, never words of its own); without
   * it (local development, tests) nothing a visitor asks leaves the worker.
   */
  AI?: Ai;
  /** The Workers AI text-generation model Flurre uses (default in app/server/flurre/model.server.ts). */
  FLURRE_AI_MODEL?: string;
  /** How long Flurre waits for the model, in ms (default 5000), before answering without it. */
  FLURRE_AI_TIMEOUT_MS?: string;
  /** Questions to Flurre per client per 10 minutes (default 30); the bench raises it. */
  FLURRE_RATE_LIMIT?: string;
  /** What happens at T−25 h to a group session of 2 or fewer that the admin has not decided on: cancel (default) or run. */
  MIN_PARTICIPANTS_DEFAULT?: string;
  /** Online payment at booking: "off" (default, no payment is taken) or "stripe" (Stripe Checkout). */
  PAYMENTS?: string;
  /** Stripe's secret API key (sk_… or a restricted rk_…); read only with PAYMENTS=stripe. */
  STRIPE_SECRET_KEY?: string;
  /** The signing secret (whsec_…) of the Stripe webhook endpoint /api/stripe-handelser; read only with PAYMENTS=stripe. */
  STRIPE_WEBHOOK_SECRET?: string;
  /** The payment methods Checkout offers, comma-separated: card, swish (default both). */
  STRIPE_PAYMENT_METHODS?: string;
  /** The business's name on the customer's statement (default HUNDPASS). */
  STRIPE_STATEMENT_DESCRIPTOR?: string;
  /** Where the Stripe library calls: a local stub (a loopback URL, local sites only) or https://api.stripe.com (the default). */
  STRIPE_API_URL?: string;
}

/** The bot check's minimum time between rendering a form and receiving it (FORM_MIN_FILL_MS). */
export const MIN_FILL_MS = 2_000;

/** The session secret committed in wrangler.toml for local use; refused on any other host. */
export const LOCAL_SESSION_SECRET = "local-development-secret-not-for-production-use";
/** The unsubscribe secret committed in wrangler.toml for local use; refused on any other host. */
export const LOCAL_UNSUBSCRIBE_SECRET = "local-unsubscribe-secret-not-for-production-use";

/** localhost, *.localhost and the loopback addresses: where the local defaults may run. */
export function isLocalHostname(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host === "::1" ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

/** The payment methods Checkout may offer (STRIPE_PAYMENT_METHODS). */
export const PAYMENT_METHODS = ["card", "swish"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Where the Stripe library sends its calls when it is not Stripe's own API: its host, port and protocol options. */
export type StripeApiTarget = { host: string; port: number; protocol: "http" | "https" };

/** PAYMENTS and, with "stripe", its validated variables; with "off" nothing else is read. */
export type PaymentsConfig =
  | { provider: "off" }
  | {
      provider: "stripe";
      secretKey: string;
      webhookSecret: string;
      methods: readonly PaymentMethod[];
      statementDescriptor: string;
      /** null: Stripe's own API (the library's default). */
      api: StripeApiTarget | null;
    };

const STRIPE_API_ORIGIN = "https://api.stripe.com";

/** The Stripe variables, read only with PAYMENTS=stripe; `localSite` says whether SITE_URL is local. */
function stripeSchema(localSite: boolean) {
  return z.object({
    STRIPE_SECRET_KEY: z
      .string({ required_error: "STRIPE_SECRET_KEY is required with PAYMENTS=stripe (sk_test_… or sk_live_…)" })
      .trim()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, "STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_…, sk_live_…, or a restricted rk_…)"),
    STRIPE_WEBHOOK_SECRET: z
      .string({ required_error: "STRIPE_WEBHOOK_SECRET is required with PAYMENTS=stripe (the endpoint's whsec_… signing secret)" })
      .trim()
      .regex(/^whsec_[A-Za-z0-9]+$/, "STRIPE_WEBHOOK_SECRET must be the whsec_… signing secret Stripe shows for the endpoint"),
    STRIPE_PAYMENT_METHODS: z
      .string()
      .default(PAYMENT_METHODS.join(","))
      .transform((value) => value.split(",").map((method) => method.trim().toLowerCase()))
      .pipe(
        z
          .array(z.enum(PAYMENT_METHODS, { errorMap: () => ({ message: "STRIPE_PAYMENT_METHODS must be card, swish or both, comma-separated" }) }))
          .min(1, "STRIPE_PAYMENT_METHODS must name at least one of card, swish")
          .transform((list) => PAYMENT_METHODS.filter((method) => list.includes(method))),
      ),
    // Stripe's rules for a statement descriptor: 5–22 Latin characters, at least one letter, none of < > \ ' " *.
    STRIPE_STATEMENT_DESCRIPTOR: z
      .string()
      .trim()
      .min(5, "STRIPE_STATEMENT_DESCRIPTOR must be 5-22 characters")
      .max(22, "STRIPE_STATEMENT_DESCRIPTOR must be 5-22 characters")
      .regex(/^[\x20-\x7e]+$/, "STRIPE_STATEMENT_DESCRIPTOR must be Latin characters only (no å, ä, ö)")
      .refine((text) => !/[<>\\'"*]/.test(text), "STRIPE_STATEMENT_DESCRIPTOR must not contain < > \\ ' \" or *")
      .refine((text) => /[A-Za-z]/.test(text), "STRIPE_STATEMENT_DESCRIPTOR must contain at least one letter")
      .default("HUNDPASS"),
    STRIPE_API_URL: z
      .string()
      .trim()
      .url("STRIPE_API_URL must be an absolute URL, e.g. http://127.0.0.1:12111")
      .optional()
      .transform((value, ctx): StripeApiTarget | null => {
        if (value === undefined) return null;
        const url = new URL(value);
        if (url.origin === STRIPE_API_ORIGIN && url.pathname === "/") return null;
        const problem =
          url.protocol !== "http:" && url.protocol !== "https:"
            ? "STRIPE_API_URL must start with http:// or https://"
            : !isLocalHostname(url.hostname)
              ? "STRIPE_API_URL must be https://api.stripe.com or a loopback address (a local stub)"
              : url.pathname !== "/" || url.search || url.hash || url.username || url.password
                ? "STRIPE_API_URL must be an origin only (scheme, host and port), e.g. http://127.0.0.1:12111"
                : !localSite
                  ? "STRIPE_API_URL must not point at a local stub on a site that is not local (unset it)"
                  : null;
        if (problem) {
          ctx.addIssue({ code: "custom", message: problem });
          return z.NEVER;
        }
        const protocol = url.protocol === "https:" ? "https" : "http";
        return { host: url.hostname, port: Number(url.port || (protocol === "https" ? 443 : 80)), protocol };
      }),
  });
}

/** A whole-number setting in `unit`, between min and max, with its default. */
function wholeNumberVar(name: string, unit: string, min: number, max: number, fallback: number) {
  return z.coerce
    .number({ invalid_type_error: `${name} must be a whole number of ${unit}` })
    .int(`${name} must be a whole number of ${unit}`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`)
    .default(fallback);
}

const ConfigSchema = z
  .object({
    // Trimmed and reduced to its origin, so "HTTPS://Hundpass.se/ " is https://hundpass.se.
    SITE_URL: z
      .string({ required_error: "SITE_URL is required, e.g. http://localhost:8787" })
      .trim()
      .url("SITE_URL must be an absolute URL, e.g. http://localhost:8787")
      .transform((value, ctx) => {
        const url = new URL(value);
        if (url.protocol !== "http:" && url.protocol !== "https:") {
          ctx.addIssue({ code: "custom", message: "SITE_URL must start with http:// or https://" });
          return z.NEVER;
        }
        return url.origin;
      }),
    ALLOWED_HOSTNAMES: z
      .string()
      .default("")
      .transform((value, ctx) => {
        const names = value.split(",").map((name) => name.trim().toLowerCase()).filter(Boolean);
        for (const name of names) {
          // A host name with an optional port: no scheme, path or wildcard.
          if (!/^[a-z0-9.-]+(?::\d{1,5})?$/.test(name) || !URL.canParse(`https://${name}`)) {
            ctx.addIssue({ code: "custom", message: `ALLOWED_HOSTNAMES: "${name}" is not a host name, e.g. hundpass.example.workers.dev` });
            return z.NEVER;
          }
        }
        return names;
      }),
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
    MAIL_PROVIDER_RPS: z.coerce
      .number({ invalid_type_error: "MAIL_PROVIDER_RPS must be a number of calls per second" })
      .min(0.1, "MAIL_PROVIDER_RPS must be at least 0.1")
      .max(1000, "MAIL_PROVIDER_RPS must be at most 1000")
      .default(2),
    RESEND_WEBHOOK_SECRET: z
      .string()
      .trim()
      .regex(/^whsec_[A-Za-z0-9+/=]+$/, "RESEND_WEBHOOK_SECRET must be the whsec_… secret the provider shows")
      .optional(),
    TURNSTILE_SITE_KEY: z.string({ required_error: "TURNSTILE_SITE_KEY is required" }).min(1),
    TURNSTILE_SECRET_KEY: z.string({ required_error: "TURNSTILE_SECRET_KEY is required" }).min(1),
    MAIL_RETENTION_DAYS: z.coerce
      .number({ invalid_type_error: "MAIL_RETENTION_DAYS must be a whole number of days" })
      .int("MAIL_RETENTION_DAYS must be a whole number of days")
      .min(1, "MAIL_RETENTION_DAYS must be at least 1")
      .max(3650, "MAIL_RETENTION_DAYS must be at most 3650")
      .default(30),
    RETENTION_BOOKING_MONTHS: wholeNumberVar("RETENTION_BOOKING_MONTHS", "months", 1, 120, 24),
    RETENTION_UNSUBSCRIBED_DAYS: wholeNumberVar("RETENTION_UNSUBSCRIBED_DAYS", "days", 1, 3650, 30),
    RETENTION_MESSAGE_MONTHS: wholeNumberVar("RETENTION_MESSAGE_MONTHS", "months", 1, 120, 12),
    RETENTION_AUDIT_MONTHS: wholeNumberVar("RETENTION_AUDIT_MONTHS", "months", 1, 120, 24),
    TURNSTILE_VERIFY_URL: z
      .string()
      .trim()
      .url("TURNSTILE_VERIFY_URL must be an absolute URL")
      .default("https://challenges.cloudflare.com/turnstile/v0/siteverify"),
    UNSUBSCRIBE_SECRET: z
      .string({ required_error: "UNSUBSCRIBE_SECRET is required (32+ random characters)" })
      .min(32, "UNSUBSCRIBE_SECRET must be at least 32 characters"),
    NEWSLETTER_PERSONAL_SEGMENT: z
      .string()
      .trim()
      .regex(SEGMENT_NAME_PATTERN, "NEWSLETTER_PERSONAL_SEGMENT must be 2-40 of a-z, 0-9 and '-', e.g. agare-testar")
      .refine((name) => !isReservedSegmentName(name), "NEWSLETTER_PERSONAL_SEGMENT must not be another segment's name")
      .default(DEFAULT_PERSONAL_SEGMENT),
    NEWSLETTER_SENDERS: z
      .string()
      .default(DEFAULT_SENDER_ADDRESSES.join(","))
      .transform((value) => value.split(",").map((address) => address.trim()))
      .pipe(
        z
          .array(z.string().email("NEWSLETTER_SENDERS must be e-mail addresses, comma-separated"))
          .length(3, "NEWSLETTER_SENDERS must be exactly three addresses, comma-separated")
          .refine((list) => new Set(list.map((a) => a.toLowerCase())).size === 3, "NEWSLETTER_SENDERS must be three different addresses"),
      ),
    FORM_MIN_FILL_MS: z.coerce
      .number({ invalid_type_error: "FORM_MIN_FILL_MS must be a whole number of milliseconds" })
      .int("FORM_MIN_FILL_MS must be a whole number of milliseconds")
      .min(0, "FORM_MIN_FILL_MS must be at least 0")
      .max(60_000, "FORM_MIN_FILL_MS must be at most 60000")
      .default(MIN_FILL_MS),
    FORM_MAX_BYTES: z.coerce
      .number({ invalid_type_error: "FORM_MAX_BYTES must be a whole number of bytes" })
      .int("FORM_MAX_BYTES must be a whole number of bytes")
      .min(1024, "FORM_MAX_BYTES must be at least 1024")
      .max(10 * 1024 * 1024, "FORM_MAX_BYTES must be at most 10485760")
      .default(FORM_MAX_BYTES_DEFAULT),
    MIN_PARTICIPANTS_DEFAULT: z
      .enum(["cancel", "run"], {
        errorMap: () => ({ message: "MIN_PARTICIPANTS_DEFAULT must be 'cancel' or 'run'" }),
      })
      .default("cancel"),
    PAYMENTS: z
      .enum(["off", "stripe"], { errorMap: () => ({ message: "PAYMENTS must be 'off' or 'stripe'" }) })
      .default("off"),
  })
  .superRefine((c, ctx) => {
    if (c.EMAIL_TRANSPORT === "resend" && !c.RESEND_API_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["RESEND_API_KEY"],
        message: "RESEND_API_KEY is required when EMAIL_TRANSPORT is 'resend'",
      });
    }
    // A malformed SITE_URL has its own issue already.
    if (!URL.canParse(c.SITE_URL) || isLocalHostname(new URL(c.SITE_URL).hostname)) return;
    if (c.DEV_MAILBOX) {
      ctx.addIssue({
        code: "custom",
        path: ["DEV_MAILBOX"],
        message: "DEV_MAILBOX must not be enabled on a site that is not local (set DEV_MAILBOX=false)",
      });
    }
    if (c.FORM_MIN_FILL_MS < MIN_FILL_MS) {
      ctx.addIssue({
        code: "custom",
        path: ["FORM_MIN_FILL_MS"],
        message: `FORM_MIN_FILL_MS below ${MIN_FILL_MS} is for local test servers only`,
      });
    }
    if (c.UNSUBSCRIBE_SECRET === LOCAL_UNSUBSCRIBE_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["UNSUBSCRIBE_SECRET"],
        message: "UNSUBSCRIBE_SECRET is the committed local value; set a secret of your own (wrangler secret put UNSUBSCRIBE_SECRET)",
      });
    }
    if (c.SESSION_SECRET === LOCAL_SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "SESSION_SECRET is the committed local value; set a secret of your own (wrangler secret put SESSION_SECRET)",
      });
    }
  });

export type Config = Omit<z.infer<typeof ConfigSchema>, "PAYMENTS"> & {
  /** PAYMENTS, with the Stripe variables when it is "stripe". */
  payments: PaymentsConfig;
  secureCookies: boolean;
  /** The origins forms may be posted from: SITE_URL's and, with its scheme, each of ALLOWED_HOSTNAMES. */
  allowedOrigins: string[];
  /** Runs on the committed local defaults (or a local Stripe stub): only a local host may be served with it. */
  localOnly: boolean;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** True when SITE_URL parses and names a local host (a malformed one has its own issue). */
function hasLocalSite(env: Env): boolean {
  const site = env.SITE_URL?.trim() ?? "";
  return URL.canParse(site) && isLocalHostname(new URL(site).hostname);
}

/**
 * The configuration of each env object (an isolate's env does not change;
 * a test's own env is an object of its own). Remembered: validating it was
 * a sixth of an uncached page render's CPU (docs/architecture.md, "Memories kept").
 */
const configs = new WeakMap<Env, Config>();

/** Validates the env once per env object; throws ConfigError naming every problem (and remembers no failure). */
export function getConfig(env: Env): Config {
  const known = configs.get(env);
  if (known) return known;
  const config = parseConfig(env);
  configs.set(env, config);
  return config;
}

function parseConfig(env: Env): Config {
  const parsed = ConfigSchema.safeParse(env);
  const issues = parsed.success ? [] : [...parsed.error.issues];
  // With PAYMENTS=off (or unset) nothing reads the Stripe variables.
  const stripe = env.PAYMENTS === "stripe" ? stripeSchema(hasLocalSite(env)).safeParse(env) : null;
  if (stripe && !stripe.success) issues.push(...stripe.error.issues);
  if (!parsed.success || issues.length > 0) {
    const problems = issues.map(
      (i) => `${i.path.join(".") || "env"}: ${i.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n- ${problems.join("\n- ")}`);
  }
  const { PAYMENTS: _payments, ...data } = parsed.data;
  const payments: PaymentsConfig =
    stripe?.success
      ? {
          provider: "stripe",
          secretKey: stripe.data.STRIPE_SECRET_KEY,
          webhookSecret: stripe.data.STRIPE_WEBHOOK_SECRET,
          methods: stripe.data.STRIPE_PAYMENT_METHODS,
          statementDescriptor: stripe.data.STRIPE_STATEMENT_DESCRIPTOR,
          api: stripe.data.STRIPE_API_URL,
        }
      : { provider: "off" };
  const config = {
    ...data,
    payments,
    secureCookies: new URL(data.SITE_URL).protocol === "https:",
    allowedOrigins: [
      data.SITE_URL,
      ...data.ALLOWED_HOSTNAMES.map((host) => new URL(`${new URL(data.SITE_URL).protocol}//${host}`).origin),
    ],
    localOnly:
      data.DEV_MAILBOX ||
      data.SESSION_SECRET === LOCAL_SESSION_SECRET ||
      data.UNSUBSCRIBE_SECRET === LOCAL_UNSUBSCRIBE_SECRET ||
      (payments.provider === "stripe" && payments.api !== null),
  };
  return config;
}

/**
 * Refuses to serve a request to a host that is not local with the local
 * defaults (a deploy without `--env production` keeps SITE_URL on localhost,
 * so SITE_URL alone cannot tell).
 */
export function assertServedLocally(config: Config, requestUrl: string): void {
  if (!config.localOnly || isLocalHostname(new URL(requestUrl).hostname)) return;
  throw new ConfigError(
    "Invalid configuration:\n- the local defaults (DEV_MAILBOX=true or the committed SESSION_SECRET) " +
      "are in use on a host that is not local; deploy with --env production and its secrets",
  );
}
