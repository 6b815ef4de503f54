/**
 * The per-address limit on bookings. Each booking sends two mails, so it
 * exists, but it is generous: families and offices share an address. The
 * BOOKING_RATE_LIMIT variable overrides the count (the bench sets it high).
 *
 * The attempt is counted by the session's Durable Object inside the booking's
 * own D1 batch (same rate_limits row, key form and window as hitRateLimit),
 * and a booking over the limit is not written: no extra round trip.
 */
import { clientNetwork, rateLimitSlot, type RateLimitRule, type RateLimitSlot } from "../platform/rate-limit.server";

export const DEFAULT_BOOKING_RATE_LIMIT = 20;
export const BOOKING_RATE_WINDOW_MS = 10 * 60_000;

export function bookingRateLimit(env: { BOOKING_RATE_LIMIT?: string }): RateLimitRule {
  const configured = Number(env.BOOKING_RATE_LIMIT);
  const limit = Number.isSafeInteger(configured) && configured > 0 ? configured : DEFAULT_BOOKING_RATE_LIMIT;
  return { name: "booking-ip", limit, windowMs: BOOKING_RATE_WINDOW_MS };
}

/** The slot this request's booking attempt counts against. */
export function bookingAttemptSlot(
  env: { BOOKING_RATE_LIMIT?: string; SESSION_SECRET?: string },
  request: Request,
  now = Date.now(),
): Promise<RateLimitSlot> {
  return rateLimitSlot(env, bookingRateLimit(env), clientNetwork(request), now);
}
