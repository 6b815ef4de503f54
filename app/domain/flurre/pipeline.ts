// Flurre's pipeline, top to bottom:
//
//   normalise   the question as words (normalise.ts)
//   understand  what is asked and what it names (understand.ts)
//   resolve     the answers the content holds for it (resolve.ts)
//   decide      whether one of them answers: one rule, one threshold (decide.ts)
//   compose     one template per kind of answer, or the fallback (templates.ts)
//
// The model's choice among the answer's sentences, and the fact check, follow in the server (model.server.ts).
// With `trace` the steps are returned for a test, a developer or staff to read.

import { decide } from "./decide";
import type { Knowledge } from "./knowledge";
import { resolve } from "./resolve";
import { compose, fallback, type ComposedAnswer } from "./templates";
import { FLURRE_GREETING, FLURRE_THANKS } from "../page-texts/flurre-answers";
import { understand } from "./understand";

export type FlurreTrace = {
  words: string[];
  asked: number;
  topics: string[];
  named: string[];
  content: string[];
  /** The best candidates, best first: kind, passages, share of the words accounted for, the words not. */
  candidates: { kind: string; passages: string[]; coverage: number; unexplained: string[] }[];
  answered: boolean;
};

const TRACED_CANDIDATES = 5;

export type PipelineOptions = {
  now: Date;
  /** The path asked from: a session's page ('/session/12') is the session asked about, if nothing else is named. */
  page?: string | null;
  trace?: boolean;
};

/** The answer to a question: composed from the content, the greeting, or the fallback (`answered` false). */
export function runPipeline(
  question: string,
  knowledge: Knowledge,
  options: PipelineOptions,
): { composed: ComposedAnswer; answered: boolean; trace?: FlurreTrace } {
  const u = understand(question, knowledge, options.page);
  // A greeting or thanks alone asks nothing of the content.
  const reply = u.greeting ? FLURRE_GREETING : u.thanks ? FLURRE_THANKS : null;
  const decision = reply ? { answer: null, ranked: [] } : decide(resolve(u, knowledge, options.now), u);
  const answered = reply !== null || decision.answer !== null;
  const composed = reply
    ? { answer: reply, passages: [] }
    : decision.answer
    ? compose(decision.answer, u, knowledge)
    : fallback(decision.ranked, u);
  if (!options.trace) return { composed, answered };
  const trace: FlurreTrace = {
    words: u.tokens.map((t) => (t.filler ? `(${t.word})` : t.mended ? `${t.typed}→${t.word}` : t.word)),
    asked: u.asked,
    topics: [...u.topics],
    named: u.named.map((n) => `${n.kind}:${n.key}`),
    content: u.content.map((t) => t.word),
    candidates: decision.ranked.slice(0, TRACED_CANDIDATES).map((j) => ({
      kind: j.candidate.kind,
      passages: j.candidate.passages.slice(0, 3).map((p) => p.id),
      coverage: Math.round(j.coverage * 100) / 100,
      unexplained: j.unexplained.map((t) => t.word),
    })),
    answered,
  };
  return { composed, answered, trace };
}
