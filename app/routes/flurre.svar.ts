/**
 * POST /flurre/svar: the chat widget's questions. A resource route answering
 * JSON, so asking re-runs no page loader. Fields: fraga (the question), sida
 * (the path it was asked from).
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import type { FlurreAnswer } from "~/domain/flurre/answer";
import { FlurreQuestionSchema } from "~/domain/schemas/flurre";
import { askFlurre } from "~/server/flurre/answer.server";
import { hitFlurreRateLimit } from "~/server/flurre/limits.server";
import { RATE_LIMIT_MESSAGE } from "~/server/rate-limit.server";

export type FlurreReply = { ok: true; question: string; answer: FlurreAnswer } | { ok: false; error: string };

const NO_STORE = { "Cache-Control": "no-store" };

export async function action({ request, context }: ActionFunctionArgs) {
  const limit = await hitFlurreRateLimit(context, request);
  if (!limit.allowed) {
    return Response.json({ ok: false, error: RATE_LIMIT_MESSAGE } satisfies FlurreReply, {
      status: 429,
      headers: { ...NO_STORE, "Retry-After": String(limit.retryAfterSeconds) },
    });
  }
  const parsed = FlurreQuestionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    const error = parsed.error.issues[0]?.message ?? "";
    return Response.json({ ok: false, error } satisfies FlurreReply, { status: 400, headers: NO_STORE });
  }
  const { fraga, sida } = parsed.data;
  const answer = await askFlurre(context, { question: fraga, page: sida ?? null, record: true });
  return Response.json({ ok: true, question: fraga, answer } satisfies FlurreReply, { headers: NO_STORE });
}
