/**
 * Flurre's answer to one question: reads the site's own content and the
 * vocabulary from D1 and answers through the declared pipeline
 * (app/domain/flurre/pipeline.ts), an extractive answer with the passages'
 * links. With the Workers AI binding a model
 * chooses, by their numbers, which of the same passages' sentences answer
 * the question; the chosen sentences are shown as written, and only if the
 * fact check finds every price, date, time, seat count and link in them
 * one of theirs. A
 * question Flurre cannot answer gets the fallback and, when `record` is set,
 * is stored for staff after the response (`waitUntil`): the visitor does not
 * wait for a note that is only for staff.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { FlurreAnswer } from "~/domain/flurre/answer";
import { checkFacts } from "~/domain/flurre/fact-check";
import { buildKnowledge, type Knowledge } from "~/domain/flurre/knowledge";
import type { FlurreCorpus } from "~/domain/flurre/passages";
import { runPipeline } from "~/domain/flurre/pipeline";
import type { ComposedAnswer } from "~/domain/flurre/templates";
import type { BatchedCount, RateLimitResult } from "../platform/rate-limit.server";
import { loadFlurreContent, readContentToken, vocabularyRows } from "./corpus.server";
import { chooseWithModel } from "./model.server";
import { storeUnansweredQuestion } from "./unanswered.server";

export type FlurreQuestion = {
  /** Trimmed, at most FLURRE_QUESTION_MAX_LENGTH characters. */
  question: string;
  /** The path the question was asked from, if known. */
  page: string | null;
  /** Store the question for staff if Flurre cannot answer it (false for a plain GET of /flurre?fraga=). */
  record: boolean;
  /** The moment to answer for (default now): which sessions are upcoming. */
  now?: Date;
  /**
   * The question on the client's limit: counted in Flurre's own read (one D1
   * round trip), and a client over the limit gets FlurreRateLimited before
   * anything is stored or sent to a model.
   */
  limit?: BatchedCount;
};

/** Thrown by askFlurre when the `limit` it was given refuses the question. */
export class FlurreRateLimited extends Error {
  override name = "FlurreRateLimited";
  constructor(readonly result: RateLimitResult) {
    super("too many questions to Flurre from one client");
  }
}

/**
 * The content last read: the token of the version it was read with (migrations/0176_content_version.sql), the
 * moment it was read for, and the start of its first session, when the sessions not started are no longer the same.
 * A question at a moment in that span reads only the token; an unchanged token means unchanged content, so the content
 * is read again only after a write to it (a booking, an edit by staff) or once a session has started.
 */
let lastContent: { token: string; from: string; until: string | null; corpus: FlurreCorpus; json: string } | null = null;

/**
 * The knowledge built from that content, kept for the next question while it is unchanged: one entry per isolate,
 * keyed by the content itself (the rows staff edit, as JSON) and the vocabulary, so a write that changed nothing
 * Flurre reads (a booking's reminder sent) builds nothing. Building it is most of a question's work
 * (docs/architecture.md, "Memories kept"). Read-only once built, so concurrent questions share it.
 */
let lastKnowledge: { json: string; vocabulary: number; knowledge: Knowledge } | null = null;

/**
 * The vocabulary changes only with a migration, so it is read again at most this often, not with every question
 * (its thousands of rows are most of what a question reads): a migration applied takes effect within this time.
 */
const VOCABULARY_REREAD_MS = 5 * 60_000;

/** The vocabulary last read, when, and a number that changes whenever it did. */
let lastVocabulary: { json: string; readAt: number; version: number } | null = null;

/** Whether the content last read is the content at `now` if its token is unchanged. */
function holdsAt(content: NonNullable<typeof lastContent>, now: Date): boolean {
  const at = now.toISOString();
  return at >= content.from && (content.until === null || at < content.until);
}

/**
 * What Flurre knows now: the content staff edit (or only its token, when what was read last still holds) and, at most
 * every five minutes, the vocabulary, read in one round trip (two when the token has changed), with the question
 * counted on the client's limit when a count is given (its verdict: `limit`).
 */
export async function loadFlurreKnowledge(
  context: AppLoadContext,
  now: Date,
  count?: BatchedCount,
): Promise<{ knowledge: Knowledge; limit: RateLimitResult | null }> {
  const stale = lastVocabulary === null || Date.now() - lastVocabulary.readAt >= VOCABULARY_REREAD_MS;
  const kept = lastContent !== null && holdsAt(lastContent, now) ? lastContent : null;
  const full = kept ? null : await loadFlurreContent(context, now, { vocabulary: stale, count });
  const read = full ?? (await readContentToken(context, { vocabulary: stale, count }));
  if (read.vocabulary !== null) {
    const version = lastVocabulary === null ? 0 : lastVocabulary.json === read.vocabulary ? lastVocabulary.version : lastVocabulary.version + 1;
    lastVocabulary = { json: read.vocabulary, readAt: Date.now(), version };
  }
  const content = kept !== null && read.token === kept.token ? kept : await remember(context, now, full);
  const words = lastVocabulary!;
  if (lastKnowledge?.json !== content.json || lastKnowledge.vocabulary !== words.version) {
    lastKnowledge = { json: content.json, vocabulary: words.version, knowledge: buildKnowledge(content.corpus, vocabularyRows(words.json)) };
  }
  return { knowledge: lastKnowledge.knowledge, limit: read.limit };
}

/** The content as read (or, when only its token was, read now), kept for the next question if it has a token. */
async function remember(
  context: AppLoadContext,
  now: Date,
  read: { corpus: FlurreCorpus; token: string | null } | null,
): Promise<NonNullable<typeof lastContent>> {
  const { corpus, token } = read ?? (await loadFlurreContent(context, now, { vocabulary: false }));
  const content = { token: token ?? "", from: now.toISOString(), until: corpus.sessions[0]?.startTime ?? null, corpus, json: JSON.stringify(corpus) };
  // A database without the token (one not yet migrated) is read afresh for every question.
  lastContent = token === null ? null : content;
  return content;
}

/** The answer from the content (or the greeting, or the fallback) and the passages it was made from, without the model or any write. */
export async function composeFlurreAnswer(
  context: AppLoadContext,
  input: Pick<FlurreQuestion, "question" | "page" | "now" | "limit">,
): Promise<ComposedAnswer> {
  const now = input.now ?? new Date();
  const { knowledge, limit } = await loadFlurreKnowledge(context, now, input.limit);
  if (limit && !limit.allowed) throw new FlurreRateLimited(limit);
  return runPipeline(input.question, knowledge, { now, page: input.page }).composed;
}

export async function askFlurre(context: AppLoadContext, input: FlurreQuestion): Promise<FlurreAnswer> {
  const env = context.cloudflare.env;
  const composed = await composeFlurreAnswer(context, input);
  if (composed.answer.kind === "fallback") {
    if (input.record) {
      context.cloudflare.ctx.waitUntil(
        storeUnansweredQuestion(context, { question: input.question, page: input.page }).catch((error: unknown) => {
          // The visitor still gets the fallback; only the note for staff is lost.
          console.error("Flurre: could not store an unanswered question", error);
        }),
      );
    }
    return composed.answer;
  }
  // A greeting has no passages for a model to phrase.
  if (!env.AI || composed.passages.length === 0) return composed.answer;
  return (await phrased(env, input.question, composed)) ?? composed.answer;
}

/** The answer made of the sentences the model chose, if it passes the fact check. */
async function phrased(
  env: AppLoadContext["cloudflare"]["env"],
  question: string,
  composed: ComposedAnswer,
): Promise<FlurreAnswer | null> {
  const paragraphs = await chooseWithModel(env, question, composed.passages);
  if (!paragraphs) return null;
  // The sentences are the passages' own; the check stays, so that nothing reaches a visitor unchecked.
  const check = checkFacts(paragraphs.join("\n"), {
    facts: composed.passages.flatMap((p) => p.facts),
    links: [...composed.passages.flatMap((p) => p.links), ...composed.answer.links].map((l) => l.href),
  });
  if (!check.ok) {
    console.warn(
      "Flurre: the chosen sentences stated what the passages do not; answering without them",
      check.unsupported.map((c) => c.text),
    );
    return null;
  }
  // The links are always the passages' own, never the model's.
  return { ...composed.answer, paragraphs, source: "model" };
}
