/**
 * Fixed-window rate limits in D1, for anything that sends e-mail. One atomic
 * upsert per check; the counter row is keyed by (key, window start).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { rateLimits } from "../db/schema.server";
import { hmacSha256Hex } from "./crypto.server";

export interface RateLimitRule {
  /** Namespace, e.g. "contact-ip" or "signin-email". */
  name: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

/**
 * One subject's counter in one window: plain data, so it can travel to a
 * Durable Object and be counted inside that object's own D1 batch.
 */
export interface RateLimitSlot {
  key: string;
  windowStart: number;
  limit: number;
  /** When the window closes (ms since the epoch). */
  windowEnd: number;
}

/**
 * The secret rate-limit subjects are keyed with: the session secret, under a
 * purpose of its own. Without it an address or IP cannot be guessed back from
 * its counter (a plain hash of an address can, by hashing candidates).
 */
export type RateLimitSecret = { SESSION_SECRET?: string };

function secretOf(env: RateLimitSecret): string {
  if (!env.SESSION_SECRET) throw new Error("SESSION_SECRET is required for rate limits");
  return env.SESSION_SECRET;
}

/**
 * The mailbox an address reaches, for its budgets: trimmed, lower case,
 * without a '+tag' ('anna+1@example.se' reaches anna@example.se, so its mail
 * counts on the same budget).
 */
export function mailboxOf(address: string): string {
  const folded = address.trim().toLowerCase();
  const at = folded.lastIndexOf("@");
  const plus = folded.indexOf("+");
  return plus > 0 && plus < at ? `${folded.slice(0, plus)}${folded.slice(at)}` : folded;
}

/** The slot `subject` (an IP or an e-mail) counts against now. Subjects are keyed hashes (HMAC): nothing readable, nothing guessable. */
export async function rateLimitSlot(
  env: RateLimitSecret,
  rule: RateLimitRule,
  subject: string,
  now = Date.now(),
): Promise<RateLimitSlot> {
  const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
  return {
    key: `${rule.name}:${await hmacSha256Hex(secretOf(env), `rate-limit:${mailboxOf(subject)}`)}`,
    windowStart,
    limit: rule.limit,
    windowEnd: windowStart + rule.windowMs,
  };
}

/** Counts one hit on the slot, atomically, and returns the window's hits (`RETURNING hits`). A statement for a batch plan. */
export function countHitStatement(slot: RateLimitSlot): SQL {
  return sql`INSERT INTO rate_limits (key, window_start, hits) VALUES (${slot.key}, ${slot.windowStart}, 1)
       ON CONFLICT (key, window_start) DO UPDATE SET hits = hits + 1
       RETURNING hits`;
}

/**
 * Counts one hit on the slot only if `condition` holds when the statement
 * runs (e.g. the mail it pays for was queued by the same batch). A statement
 * for a batch plan.
 */
export function countHitIfStatement(slot: RateLimitSlot, condition: SQL): SQL {
  return sql`INSERT INTO rate_limits (key, window_start, hits) SELECT ${slot.key}, ${slot.windowStart}, 1 WHERE ${condition}
       ON CONFLICT (key, window_start) DO UPDATE SET hits = hits + 1`;
}

/** A SQL condition that holds while the slot has room for one more hit. */
export function withinBudget(slot: RateLimitSlot): SQL {
  return sql`COALESCE((SELECT hits FROM rate_limits WHERE key = ${slot.key} AND window_start = ${slot.windowStart}), 0) < ${slot.limit}`;
}

/** What `hits` counted hits in the slot's window mean. */
export function rateLimitVerdict(slot: RateLimitSlot, hits: number, now = Date.now()): RateLimitResult {
  return {
    allowed: hits <= slot.limit,
    remaining: Math.max(0, slot.limit - hits),
    retryAfterSeconds: Math.max(1, Math.ceil((slot.windowEnd - now) / 1000)),
  };
}

/**
 * A count made inside the caller's own D1 batch, in one round trip with the caller's read: a hit on each slot
 * (`countHitQuery`), then `counted` with the hits they returned, in order, for the verdict. A count with no slots
 * was made before (`counted` gives its verdict).
 */
export type BatchedCount = {
  slots: readonly RateLimitSlot[];
  counted: (hits: readonly (number | undefined)[]) => RateLimitResult;
};

/** One hit for `subject` (an IP or an e-mail), to count in the caller's own batch. */
export async function batchedCount(env: RateLimitSecret, rule: RateLimitRule, subject: string, now = Date.now()): Promise<BatchedCount> {
  const slot = await rateLimitSlot(env, rule, subject, now);
  return { slots: [slot], counted: ([hits]) => rateLimitVerdict(slot, hits ?? 1, now) };
}

/**
 * `countHitStatement` as a query of the app's database, for a `db.batch` beside the caller's own queries: drizzle's
 * batch takes no raw statement with parameters, which the batch plans (`BatchBuilder`) do.
 */
export function countHitQuery(db: Db, slot: RateLimitSlot) {
  return db
    .insert(rateLimits)
    .values({ key: slot.key, windowStart: slot.windowStart, hits: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { hits: sql`${rateLimits.hits} + 1` } })
    .returning({ hits: rateLimits.hits });
}

/** Counts one hit for `subject` (an IP or an e-mail) and says whether it is allowed. */
export async function hitRateLimit(
  context: AppLoadContext,
  rule: RateLimitRule,
  subject: string,
  now = Date.now(),
): Promise<RateLimitResult> {
  const slot = await rateLimitSlot(context.cloudflare.env, rule, subject, now);
  const row = await context.db.get<{ hits: number }>(countHitStatement(slot));
  return rateLimitVerdict(slot, row?.hits ?? 1, now);
}

/** The hits `subject` has in its current window, without counting one. */
export async function peekRateLimit(
  context: AppLoadContext,
  rule: RateLimitRule,
  subject: string,
  now = Date.now(),
): Promise<number> {
  const slot = await rateLimitSlot(context.cloudflare.env, rule, subject, now);
  const row = await context.db.get<{ hits: number }>(
    sql`SELECT hits FROM rate_limits WHERE key = ${slot.key} AND window_start = ${slot.windowStart}`,
  );
  return row?.hits ?? 0;
}

/**
 * The client address as Cloudflare reports it. Only CF-Connecting-IP counts:
 * Cloudflare sets it itself (and wrangler dev locally), while any client can
 * write an X-Forwarded-For of its choice.
 */
export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}

/** The eight 16-bit groups of an IPv6 address, or null if it is not one. */
function ipv6Groups(address: string): number[] | null {
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":"));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

/**
 * What one client counts as for rate limits: an IPv4 address itself; an IPv6
 * address its /64, since one household or server is given a whole /64 and
 * could otherwise take a fresh address for every request.
 */
export function rateLimitSubject(ip: string): string {
  const address = ip.trim().replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(":")) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(":")}::/64`;
}

/** The client's rate-limit subject (see rateLimitSubject). */
export function clientNetwork(request: Request): string {
  return rateLimitSubject(clientIp(request));
}

export const RATE_LIMIT_MESSAGE = "Du har skickat för många förfrågningar. Vänta en stund och försök igen.";
