// Flurre's Ja or Nej: a yes/no question whose answer accounts for all it asks opens with the one the data gives: a
// price above nothing ('Kostar det något?' Ja, 'Är det gratis?' Nej), whether a type is held where or when asked, one
// session's seats, or a rule's or the preparation's sentence that says the word asked, read either way round. A row
// staff wrote keeps its Ja or Nej, turned when asked the other way round from the row. A turned question ('kan man inte
// avboka') gets none but a row's, and one with a condition of its own none from a rule, which says what holds in general.

import type { Judged } from "./decide";
import type { Knowledge, KnownPassage } from "./knowledge";
import { normalise, type Token } from "./normalise";
import { isNumber, stemOf } from "./vocabulary";
import { turnsIn, type Understanding } from "./understand";

export type YesNo = "Ja" | "Nej";

/** How many words before the one asked, in its sentence, may turn it or be its verb ('kan inte avbokas eller ombokas'). */
const REACH = 4;

const keys = (t: Token) => [t.word, t.stem, ...t.also, ...t.also.map(stemOf)];

/** The first word of the sentence that asks. */
const openerOf = (u: Understanding) => u.tokens.find((t) => t.sentence === u.asked)!;

/**
 * The yes or no of a text's sentence that says a word asked: its words up to it turned as many times as the
 * question's, or not. Where it says the word more than once, where it says it with the verb the question opens with.
 */
function saidIn(p: KnownPassage, u: Understanding, knowledge: Knowledge): YesNo | null {
  const { vocabulary } = knowledge;
  const { tokens } = normalise(p.text, vocabulary, knowledge.siteWords);
  // Within its sentence, after the last 'och' before it: a turn ends where the next thing listed begins ('(inte
  // flexikoppel) och ett halsband').
  const upTo = (i: number) => {
    const near = tokens.slice(Math.max(0, i - REACH), i + 1).filter((t) => t.sentence === tokens[i]!.sentence);
    const ands = near.flatMap((t, at) => (vocabulary.ands.has(t.word) ? [at] : []));
    return near.slice((ands.at(-1) ?? -1) + 1);
  };
  for (const asked of u.content) {
    const wanted = new Set(keys(asked));
    const found = tokens.flatMap((t, i) => (!t.filler && keys(t).some((k) => wanted.has(k)) ? [i] : []));
    if (found.length === 0) continue;
    const at = found.find((i) => upTo(i).some((t) => t.word === openerOf(u).word)) ?? found[0]!;
    // Several asked of what the text allows only so much of ('flera gånger' of 'kan bara användas en gång'), or does not
    // say several of ('kan jag boka flera hundar' of 'välj ett pass'): neither.
    const inSentence = tokens.filter((t) => t.sentence === tokens[at]!.sentence);
    const severalAsked = u.tokens.some((t) => t.sentence === u.asked && vocabulary.several.has(t.word));
    const saysSeveral = inSentence.some((t) => vocabulary.several.has(t.word)) && !inSentence.some((t) => vocabulary.limits.has(t.word));
    if (severalAsked && !saysSeveral) return null;
    // Asked whether it is needed, said anywhere as one of alternatives, not turned ('ett halsband eller en sele' of 'måste
    // jag ha sele'; not 'kan inte avbokas eller ombokas'): neither. Whether it may be had, one of two allowed is a Ja.
    const orBeside = (i: number, k: number) => {
      const o = tokens[i + k];
      const between = tokens.slice(Math.min(i, i + k) + 1, Math.max(i, i + k));
      return o !== undefined && o.sentence === tokens[i]!.sentence && vocabulary.ors.has(o.word) && between.every((t) => t.filler);
    };
    const needed = vocabulary.musts.has(openerOf(u).word);
    if (needed && found.some((i) => turnsIn(upTo(i), vocabulary) === 0 && [-2, -1, 1, 2].some((k) => orBeside(i, k)))) return null;
    return turnsIn(upTo(at), vocabulary) % 2 === u.turns % 2 ? "Ja" : "Nej";
  }
  return null;
}

/** The Ja or Nej the answer opens with, if the question asks yes or no and the answer's data settles it. */
export function yesNoOf(j: Judged, u: Understanding, knowledge: Knowledge): YesNo | null {
  const c = j.candidate;
  if (!u.yesNo || u.negated || j.unexplained.length > 0) return null;
  if (c.kind === "price") {
    // Weighed against a sum of its own ('mer än 300 kr'), the price stated answers it, not a Ja.
    if (u.tokens.some((t) => t.sentence === u.asked && isNumber(t.word, knowledge.vocabulary))) return null;
    if (u.turns > 0) return u.turns === 1 ? "Nej" : null;
    return u.topicsOf.get(openerOf(u))?.includes("price") ? "Ja" : null;
  }
  if (c.kind === "sessions" && c.narrowed && u.turns === 0) return c.narrowed.found ? "Ja" : "Nej";
  if (c.kind === "seats" && !c.several && u.turns === 0) {
    const full = !c.passages[0]!.session!.bookable;
    return (u.topics.has("full") ? full : !full) ? "Ja" : "Nej";
  }
  const p = c.passages[0]!;
  // Asked which of two ('sele eller halsband'), a Ja or Nej answers neither.
  if (c.kind !== "passage" || u.condition || u.alternativeOf.size > 0 || (p.kind !== "rule" && p.kind !== "preparation")) return null;
  return saidIn(p, u, knowledge);
}

/** A row staff wrote in its own words, its 'Ja, …' or 'Nej, …' turned when the question is asked the other way round. */
export function faqAnswer(p: KnownPassage, u: Understanding, knowledge: Knowledge): string {
  const lead = /^(Ja|Nej)\b/u.exec(p.text);
  if (!lead || !u.yesNo) return p.text;
  const own = turnsIn(normalise(p.title, knowledge.vocabulary, knowledge.siteWords).tokens, knowledge.vocabulary);
  return own % 2 === u.turns % 2 ? p.text : `${lead[1] === "Ja" ? "Nej" : "Ja"}${p.text.slice(lead[0].length)}`;
}
