/**
 * POST /flurre/svar: the chat widget's questions. A resource route answering
 * JSON, so asking re-runs no page loader. Fields: fraga (the question), sida
 * (the path it was asked from).
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import type { FlurreAnswer } from "~/domain/flurre/answer";
import { FlurreQuestionSchema } from "~/domain/schemas/flurre";
import { askFlurre, FlurreRateLimited } from "~/server/flurre/answer.server";
import { hitFlurreRateLimit } from "~/server/flurre/limits.server";
import { RATE_LIMIT_MESSAGE, type RateLimitResult } from "~/server/platform/rate-limit.server";
import { readForm } from "~/server/forms/request-body.server";

export type FlurreReply = { ok: true; question: string; answer: FlurreAnswer } | { ok: false; error: string };

const NO_STORE = { "Cache-Control": "no-store" };

function rateLimited(limit: RateLimitResult) {
  return Response.json({ ok: false, error: RATE_LIMIT_MESSAGE } satisfies FlurreReply, {
    status: 429,
    headers: { ...NO_STORE, "Retry-After": String(limit.retryAfterSeconds) },
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  // Every post counts, valid or not; the count runs alongside Flurre's read
  // (two D1 round trips at once), and askFlurre stops before storing
  // anything or calling a model if the client is over the limit.
  const limit = hitFlurreRateLimit(context, request);
  const parsed = FlurreQuestionSchema.safeParse(Object.fromEntries(await readForm({ request, context })));
  if (!parsed.success) {
    const counted = await limit;
    if (!counted.allowed) return rateLimited(counted);
    const error = parsed.error.issues[0]?.message ?? "";
    return Response.json({ ok: false, error } satisfies FlurreReply, { status: 400, headers: NO_STORE });
  }
  const { fraga, sida } = parsed.data;
  try {
    const answer = await askFlurre(context, { question: fraga, page: sida ?? null, record: true, limit });
    return Response.json({ ok: true, question: fraga, answer } satisfies FlurreReply, { headers: NO_STORE });
  } catch (error) {
    if (error instanceof FlurreRateLimited) return rateLimited(error.result);
    throw error;
  }
}
