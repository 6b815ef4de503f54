/**
 * Rate limits for everything sign-in does that costs e-mail or password
 * work. Each form counts per client IP and per e-mail address; a request is
 * refused when either budget is spent. Both are always counted, so the
 * answer does not depend on which one ran out.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { clientNetwork, hitRateLimit, type RateLimitRule } from "../platform/rate-limit.server";

const FIFTEEN_MINUTES = 15 * 60_000;

interface LimitPair {
  ip: RateLimitRule;
  email: RateLimitRule;
}

export const SIGN_IN_LINK_LIMITS: LimitPair = {
  ip: { name: "signin-link-ip", limit: 5, windowMs: FIFTEEN_MINUTES },
  email: { name: "signin-link-email", limit: 5, windowMs: FIFTEEN_MINUTES },
};

export const SIGN_UP_LIMITS: LimitPair = {
  ip: { name: "signup-ip", limit: 5, windowMs: FIFTEEN_MINUTES },
  email: { name: "signup-email", limit: 5, windowMs: FIFTEEN_MINUTES },
};

export async function withinLimits(
  context: AppLoadContext,
  limits: LimitPair,
  request: Request,
  email: string,
): Promise<boolean> {
  const [byIp, byEmail] = await Promise.all([
    hitRateLimit(context, limits.ip, clientNetwork(request)),
    hitRateLimit(context, limits.email, email.trim().toLowerCase()),
  ]);
  return byIp.allowed && byEmail.allowed;
}
