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

/** What Flurre knows now: the content staff edit and the vocabulary, read in one go. */
export async function loadFlurreKnowledge(context: AppLoadContext, now: Date): Promise<Knowledge> {
  const [corpus, rows] = await Promise.all([
    loadFlurreCorpus(context, now),
    context.db
      .select({ word: flurreVocabulary.word, kind: flurreVocabulary.kind, value: flurreVocabulary.value })
      .from(flurreVocabulary)
      .orderBy(asc(flurreVocabulary.id)),
  ]);
  return buildKnowledge(corpus, rows);
}

export type TracedQuestion = {
  question: string;
  /** The pipeline's answer, or null where it would say it does not know. */
  answer: FlurreAnswer | null;
  trace: FlurreTrace;
};

/** One question through the pipeline, with the trace of its steps. */
export async function traceFlurreQuestion(context: AppLoadContext, question: string, now = new Date()): Promise<TracedQuestion> {
  const knowledge = await loadFlurreKnowledge(context, now);
  const { composed, trace } = runPipeline(question, knowledge, { now, trace: true });
  return { question, answer: composed?.answer ?? null, trace: trace! };
}
