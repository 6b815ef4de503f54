/** How often one client may ask Flurre: answering is cheap, but it stores unanswered questions and may call a model. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { clientNetwork, hitRateLimit, type RateLimitResult, type RateLimitRule } from "../rate-limit.server";

export const FLURRE_RATE_LIMIT: RateLimitRule = { name: "flurre-ip", limit: 30, windowMs: 10 * 60_000 };

export function hitFlurreRateLimit(context: AppLoadContext, request: Request): Promise<RateLimitResult> {
  return hitRateLimit(context.cloudflare.env, FLURRE_RATE_LIMIT, clientNetwork(request));
}
