// Flurre's pipeline, top to bottom:
//
//   normalise   the question as words (normalise.ts)
//   understand  what is asked and what it names (understand.ts)
//   resolve     the answers the content holds for it (resolve.ts)
//   decide      whether one of them answers: one rule, one threshold (decide.ts)
//   compose     one template per kind of answer (templates.ts)
//
// The model's choice among the answer's sentences, and the fact check, follow in the server (model.server.ts).
// With `trace` the steps are returned for a test, a developer or staff to read.

import type { ComposedAnswer } from "./compose";
import { decide } from "./decide";
import type { Knowledge } from "./knowledge";
import { resolve } from "./resolve";
import { compose } from "./templates";
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

export function runPipeline(
  question: string,
  knowledge: Knowledge,
  options: { now: Date; trace?: boolean; /** For measuring: another share than decide.ts's ANSWERABLE. */ threshold?: number },
): { composed: ComposedAnswer | null; trace?: FlurreTrace } {
  const u = understand(question, knowledge);
  const decision = decide(resolve(u, knowledge, options.now), u, options.threshold);
  const composed = decision.answer ? compose(decision.answer, u, knowledge.passages) : null;
  if (!options.trace) return { composed };
  return {
    composed,
    trace: {
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
      answered: decision.answer !== null,
    },
  };
}
