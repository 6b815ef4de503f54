/**
 * The per-address limit on booking attempts. Each booking sends two mails, so
 * it exists, but it is generous: families and offices share an address. The
 * BOOKING_RATE_LIMIT variable overrides the count (the bench sets it high).
 */
import type { Env } from "../env.server";
import type { RateLimitRule } from "../rate-limit.server";

export const DEFAULT_BOOKING_RATE_LIMIT = 20;
export const BOOKING_RATE_WINDOW_MS = 10 * 60_000;

export function bookingRateLimit(env: Env & { BOOKING_RATE_LIMIT?: string }): RateLimitRule {
  const configured = Number(env.BOOKING_RATE_LIMIT);
  const limit = Number.isSafeInteger(configured) && configured > 0 ? configured : DEFAULT_BOOKING_RATE_LIMIT;
  return { name: "booking-ip", limit, windowMs: BOOKING_RATE_WINDOW_MS };
}
