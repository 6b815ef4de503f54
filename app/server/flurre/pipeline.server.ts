/**
 * Flurre's declared pipeline (app/domain/flurre/pipeline.ts) on the site's
 * own rows and the vocabulary in D1, with its trace: what staff see under
 * 'Prova en fråga' on /admin/flurre, step by step, for one question. It
 * stores nothing and sends nothing anywhere.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { asc } from "drizzle-orm";
import type { FlurreAnswer } from "~/domain/flurre/answer";
import { buildKnowledge, type Knowledge } from "~/domain/flurre/knowledge";
import { runPipeline, type FlurreTrace } from "~/domain/flurre/pipeline";
import { flurreVocabulary } from "../db/schema.server";
import { loadFlurreCorpus } from "./corpus.server";

/**
 * The knowledge built from the rows last read, kept for the next question
 * while the rows are unchanged: one entry per isolate, keyed by the rows
 * themselves (as answer.server.ts keeps its index), so any change staff make
 * builds it afresh. Building it is most of a question's work.
 */
let lastKnowledge: { key: string; knowledge: Knowledge } | null = null;

/** What Flurre knows now: the content staff edit and the vocabulary, read in one go. */
export async function loadFlurreKnowledge(context: AppLoadContext, now: Date): Promise<Knowledge> {
  const [corpus, rows] = await Promise.all([
    loadFlurreCorpus(context, now),
    context.db
      .select({ word: flurreVocabulary.word, kind: flurreVocabulary.kind, value: flurreVocabulary.value })
      .from(flurreVocabulary)
      .orderBy(asc(flurreVocabulary.id)),
  ]);
  const key = JSON.stringify([corpus, rows]);
  if (lastKnowledge?.key !== key) lastKnowledge = { key, knowledge: buildKnowledge(corpus, rows) };
  return lastKnowledge.knowledge;
}

export type TracedQuestion = {
  /** The pipeline's answer, or null where it would say it does not know. */
  answer: FlurreAnswer | null;
  trace: FlurreTrace;
};

/** One question through the pipeline, with the trace of its steps. */
export async function traceFlurreQuestion(context: AppLoadContext, question: string, now = new Date()): Promise<TracedQuestion> {
  const knowledge = await loadFlurreKnowledge(context, now);
  const { composed, answered, trace } = runPipeline(question, knowledge, { now, trace: true });
  return { answer: answered ? composed.answer : null, trace: trace! };
}
