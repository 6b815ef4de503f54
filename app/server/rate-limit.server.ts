/**
 * Fixed-window rate limits in D1, for anything that sends e-mail. One atomic
 * upsert per check; the counter row is keyed by (key, window start).
 */
import type { Env } from "./env.server";
import { sha256Hex } from "./crypto.server";

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

/** Counts one hit for `subject` (an IP or an e-mail) and says whether it is allowed. */
export async function hitRateLimit(
  env: Pick<Env, "DB">,
  rule: RateLimitRule,
  subject: string,
  now = Date.now(),
): Promise<RateLimitResult> {
  const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
  // Subjects are hashed so the table holds no addresses in clear text.
  const key = `${rule.name}:${await sha256Hex(subject.trim().toLowerCase())}`;
  const row = await env.DB.prepare(
    `INSERT INTO rate_limits (key, window_start, hits) VALUES (?, ?, 1)
     ON CONFLICT (key, window_start) DO UPDATE SET hits = hits + 1
     RETURNING hits`,
  )
    .bind(key, windowStart)
    .first<{ hits: number }>();
  const hits = row?.hits ?? 1;
  return {
    allowed: hits <= rule.limit,
    remaining: Math.max(0, rule.limit - hits),
    retryAfterSeconds: Math.ceil((windowStart + rule.windowMs - now) / 1000),
  };
}

/** The client address as Cloudflare reports it (falls back for local tools). */
export function clientIp(request: Request): string {
  return (
    request.headers.get("CF-Connecting-IP") ??
    request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() ??
    "unknown"
  );
}

export const RATE_LIMIT_MESSAGE = "Du har skickat för många förfrågningar. Vänta en stund och försök igen.";
