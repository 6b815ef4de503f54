/**
 * Flurre's declared pipeline (app/domain/flurre/pipeline.ts) on the site's
 * own rows and the vocabulary in D1, with its trace: what staff see under
 * 'Prova en fråga' on /admin/flurre, step by step, for one question. It
 * stores nothing and sends nothing anywhere.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { FlurreAnswer } from "~/domain/flurre/answer";
import { runPipeline, type FlurreTrace } from "~/domain/flurre/pipeline";
import { loadFlurreKnowledge } from "./answer.server";

export type TracedQuestion = {
  /** The pipeline's answer, or null where it would say it does not know. */
  answer: FlurreAnswer | null;
  trace: FlurreTrace;
};

/** One question through the pipeline, with the trace of its steps. */
export async function traceFlurreQuestion(context: AppLoadContext, question: string, now = new Date()): Promise<TracedQuestion> {
  const { knowledge } = await loadFlurreKnowledge(context, now);
  const { composed, answered, trace } = runPipeline(question, knowledge, { now, trace: true });
  return { answer: answered ? composed.answer : null, trace: trace! };
}
