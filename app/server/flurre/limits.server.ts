/**
 * How often one client may ask Flurre: answering is cheap, but it stores
 * unanswered questions and may call a model. FLURRE_RATE_LIMIT overrides the
 * count per window (the bench raises it).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Env } from "../platform/env.server";
import { batchedCount, clientNetwork, type BatchedCount, type RateLimitRule } from "../platform/rate-limit.server";

export const DEFAULT_FLURRE_RATE_LIMIT = 30;
export const FLURRE_RATE_WINDOW_MS = 10 * 60_000;

export function flurreRateLimit(env: Pick<Env, "FLURRE_RATE_LIMIT">): RateLimitRule {
  const configured = Number(env.FLURRE_RATE_LIMIT);
  const limit = Number.isSafeInteger(configured) && configured > 0 ? configured : DEFAULT_FLURRE_RATE_LIMIT;
  // Not "flurre-ip": that bucket is the /flurre message to the trainers (five per ten minutes).
  return { name: "flurre-ask-ip", limit, windowMs: FLURRE_RATE_WINDOW_MS };
}

/** One question on the client's limit, counted in Flurre's own read (`askFlurre`'s `limit`). */
export function flurreQuestionCount(context: AppLoadContext, request: Request): Promise<BatchedCount> {
  const env = context.cloudflare.env;
  return batchedCount(env, flurreRateLimit(env), clientNetwork(request));
}

/** The limit with the default count (what applies unless FLURRE_RATE_LIMIT is set). */
export const FLURRE_RATE_LIMIT: RateLimitRule = flurreRateLimit({});
