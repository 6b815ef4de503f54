/**
 * The per-address limit on booking attempts. Each booking sends two mails, so
 * it exists, but it is generous: families and offices share an address. The
 * BOOKING_RATE_LIMIT variable overrides the count (the bench sets it high).
 *
 * The counter is the same rate_limits row hitRateLimit keeps (same table, key
 * form and window), handed out as a prepared statement so the booking action
 * can count the attempt in the same D1 round trip as its session read.
 */
import { sha256Hex } from "../crypto.server";
import type { Env } from "../env.server";
import { clientIp, type RateLimitResult, type RateLimitRule } from "../rate-limit.server";

export const DEFAULT_BOOKING_RATE_LIMIT = 20;
export const BOOKING_RATE_WINDOW_MS = 10 * 60_000;

export function bookingRateLimit(env: Pick<Env, "DB"> & { BOOKING_RATE_LIMIT?: string }): RateLimitRule {
  const configured = Number(env.BOOKING_RATE_LIMIT);
  const limit = Number.isSafeInteger(configured) && configured > 0 ? configured : DEFAULT_BOOKING_RATE_LIMIT;
  return { name: "booking-ip", limit, windowMs: BOOKING_RATE_WINDOW_MS };
}

export interface AttemptCounter {
  /** Counts one attempt and returns the window's hits (`RETURNING hits`). */
  statement: D1PreparedStatement;
  verdict(hits: number | undefined): RateLimitResult;
}

/** One hit on this address's booking counter, ready to run in a batch. */
export async function bookingAttemptCounter(
  env: Pick<Env, "DB"> & { BOOKING_RATE_LIMIT?: string },
  request: Request,
  now = Date.now(),
): Promise<AttemptCounter> {
  const rule = bookingRateLimit(env);
  const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
  const key = `${rule.name}:${await sha256Hex(clientIp(request).trim().toLowerCase())}`;
  const statement = env.DB.prepare(
    `INSERT INTO rate_limits (key, window_start, hits) VALUES (?, ?, 1)
     ON CONFLICT (key, window_start) DO UPDATE SET hits = hits + 1
     RETURNING hits`,
  ).bind(key, windowStart);
  return {
    statement,
    verdict(hits = 1) {
      return {
        allowed: hits <= rule.limit,
        remaining: Math.max(0, rule.limit - hits),
        retryAfterSeconds: Math.ceil((windowStart + rule.windowMs - now) / 1000),
      };
    },
  };
}
