/** How often one client may ask Flurre: answering is cheap, but it stores unanswered questions and may call a model. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { clientNetwork, hitRateLimit, type RateLimitResult, type RateLimitRule } from "../rate-limit.server";

// Not "flurre-ip": that bucket is the /flurre message to the trainers (five per ten minutes).
export const FLURRE_RATE_LIMIT: RateLimitRule = { name: "flurre-ask-ip", limit: 30, windowMs: 10 * 60_000 };

export function hitFlurreRateLimit(context: AppLoadContext, request: Request): Promise<RateLimitResult> {
  return hitRateLimit(context.cloudflare.env, FLURRE_RATE_LIMIT, clientNetwork(request));
}
