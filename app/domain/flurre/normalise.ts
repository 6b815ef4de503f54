// Step 1 of Flurre's pipeline: a question as words. Lower case, å/ä/ö folded for matching, several words read as one
// where the vocabulary says so ('boka om', 'ta … med'), everyday spellings read also as the site's words, and a typo
// mended to the site's own word when exactly one is that close.

import { fold, keysOf, lower, once, pushTo, stemOf, typedWithÅÄÖ, wordsOf, type Phrase, type Vocabulary } from "./vocabulary";

/** The words a question is read against: all of them with their stems, and by first letter for mending a typo. */
export type SiteWords = { set: ReadonlySet<string>; byFirst: ReadonlyMap<string, readonly string[]> };

export type Token = {
  /** As typed, lower-cased (a phrase: its words). */
  typed: string;
  /** Folded, mended if it was a typo. */
  word: string;
  stem: string;
  /** Also read as (folded words): the vocabulary's 'same' words. */
  also: string[];
  /** A compound the site does not use as two words it does ('mejllista': 'mejl', 'lista'): both must be accounted for. */
  parts: string[];
  /** Only filler before it in its clause: where a question word asks ('hur hittar jag…', '…, när är nästa?'). */
  leads: boolean;
  /** Which sentence of the question it is in (0 first). */
  sentence: number;
  filler: boolean;
  /** The site's word a typo was mended to. */
  mended?: string;
};

/**
 * Edit distance of a and b, or max + 1 as soon as it must exceed max. Two neighbouring letters typed the wrong way
 * round count as one edit, as on a phone ('lektoin' is one typo from 'lektion'): the optimal string alignment distance.
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, beforePrevious[j - 2]! + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** Shortest stem under which a word is read as the vocabulary's 'same' word ('mejlen' as 'mejl'). */
const SAME_STEM = 4;

/**
 * The site's word a typo means, if exactly one known word with its first letter (a typo seldom hits it) is closest and
 * within the budget: one edit from 7 letters, two from 11. Digits are never mended.
 */
function mend(word: string, known: readonly string[]): string | null {
  const budget = word.length >= 11 ? 2 : word.length >= 7 ? 1 : 0;
  if (budget === 0 || /\p{N}/u.test(word)) return null;
  let best: string | null = null;
  let bestDistance = budget + 1;
  let tied = false;
  for (const candidate of known) {
    const d = boundedEditDistance(word, candidate, bestDistance);
    if (d < bestDistance) [best, bestDistance, tied] = [candidate, d, false];
    else if (d === bestDistance && candidate !== best) tied = true;
  }
  return tied ? null : best;
}

/** Fewest letters of an ending for a typo to be mended by its stem: a lone s may be a word's own ('hundkurs' is no 'hundkur'). */
const MIN_MENDED_ENDING = 2;

/** A typo mended as typed, else by its stem, the ending typed right ('valpkrusen' by 'valpkrus': 'valpkurs'). */
function mendTyped(folded: string, stem: string, siteWords: SiteWords): string | null {
  const known = siteWords.byFirst.get(folded[0]!) ?? [];
  return mend(folded, known) ?? (folded.length - stem.length >= MIN_MENDED_ENDING ? mend(stem, known) : null);
}

/**
 * A sentence parted where the visitor turns from telling to asking ('Vi har precis skaffat en valp och undrar när…'):
 * what is told before a word of wondering ('wonders'), two words or more not filler, is a sentence of its own.
 */
function partedAtWondering(sentence: string, vocabulary: Vocabulary): string[] {
  const words = sentence.split(/\s+/u);
  const at = words.findIndex((w, i) => i > 0 && vocabulary.wonders.has(fold(wordsOf(w)[0] ?? "")));
  if (at < 0) return [sentence];
  const told = words.slice(0, at).flatMap(wordsOf).filter((w) => !vocabulary.filler.has(fold(w)));
  return told.length >= 2 ? [words.slice(0, at).join(" "), words.slice(at).join(" ")] : [sentence];
}

/**
 * The sentence without the names, which say nothing of what is asked, that the visitor gives their dog or themselves ('vår
 * valp Sigrid'): a capitalised word, not first, that the site does not know, nor after a word before a place ('i Hudiksvall').
 */
function withoutNames(sentence: string, vocabulary: Vocabulary, siteWords: SiteWords, personWords: ReadonlySet<string>): string {
  let previous: string | undefined;
  return sentence
    .split(/(\s+)/u)
    .map((w) => {
      if (/^\s*$/u.test(w)) return w;
      const letters = w.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
      const folded = fold(lower(letters));
      const name =
        previous !== undefined &&
        /^\p{Lu}\p{Ll}+$/u.test(letters) &&
        !vocabulary.beforePlace.has(previous) &&
        ![folded, stemOf(folded)].some((k) => vocabulary.known.has(k) || siteWords.set.has(k) || personWords.has(k));
      previous = folded;
      return name ? w.replace(letters, "") : w;
    })
    .join("");
}

/** A word the site does not use, as two it does ('mejllista': 'mejl', 'lista'), a linking s dropped. */
function compoundParts(word: string, known: ReadonlySet<string>): string[] {
  for (let at = word.length - 3; at >= 3; at--) {
    const head = word.slice(0, at);
    const tail = word.slice(at);
    const bare = head.endsWith("s") && !known.has(head) ? head.slice(0, -1) : head;
    if (bare.length >= 3 && known.has(bare) && known.has(tail)) return [bare, tail];
  }
  return [];
}

/** The most words a phrase's gap takes: one ('~' or '+' filler, '*' any) and filler words with it ('ha nåt särskilt med'). */
const MAX_GAP = 3;

/** Whether the typed word is the phrase's k-th: as written, or folded when typed without å, ä and ö. */
function isPhraseWord(typed: string | undefined, phrase: Phrase, k: number): boolean {
  return typed !== undefined && (typed === phrase.written[k] || (!typedWithÅÄÖ(typed) && typed === phrase.words[k]));
}

/** How many words stand in the phrase's gap at `at`, before its next word: 0 when that word does not follow in reach. */
function gapBefore(words: readonly string[], at: number, phrase: Phrase, vocabulary: Vocabulary): number {
  for (let size = 1; size <= MAX_GAP && at + size < words.length; size++) {
    const others = words.slice(at, at + size).filter((w) => !vocabulary.filler.has(fold(w))).length;
    if (others > (phrase.anyGap ? 1 : 0)) return 0;
    if (isPhraseWord(words[at + size], phrase, phrase.gap)) return size;
  }
  return 0;
}

/** The vocabulary's phrases by their first word (as written and folded), and those that open with a gap. */
const phraseIndex = once((vocabulary: Vocabulary) => {
  const index = { written: new Map<string, number[]>(), folded: new Map<string, number[]>(), gapFirst: [] as number[] };
  vocabulary.phrases.forEach((phrase, n) => {
    if (phrase.gap === 0) index.gapFirst.push(n);
    else for (const [map, word] of [[index.written, phrase.written[0]!], [index.folded, phrase.words[0]!]] as const) pushTo(map, word, n);
  });
  return index;
});

/** The phrases that may start at a word, in the vocabulary's order (longest first): the rest cannot, and the table is long. */
function phrasesAt(typed: string, vocabulary: Vocabulary): Phrase[] {
  const index = phraseIndex(vocabulary);
  const at = new Set([...(index.written.get(typed) ?? []), ...(typedWithÅÄÖ(typed) ? [] : (index.folded.get(typed) ?? [])), ...index.gapFirst]);
  return [...at].sort((a, b) => a - b).map((n) => vocabulary.phrases[n]!);
}

/** The first phrase at word i, where it ends, and the words in its gap: kept as words of their own ('loggar jag in'). */
function phraseAt(words: readonly string[], i: number, vocabulary: Vocabulary): { phrase: Phrase; end: number; between: number[] } | null {
  phrases: for (const phrase of phrasesAt(words[i]!, vocabulary)) {
    let j = i;
    let between: number[] = [];
    for (let k = 0; k < phrase.words.length; k++) {
      if (isPhraseWord(words[j], phrase, k) && !(phrase.gapNeeded && k === phrase.gap)) {
        j++;
        continue;
      }
      const gapped = k === phrase.gap ? gapBefore(words, j, phrase, vocabulary) : 0;
      if (gapped === 0) continue phrases;
      between = Array.from({ length: gapped }, (_, n) => j + n);
      j += gapped + 1;
    }
    return { phrase, end: j, between };
  }
  return null;
}

function applyPhrases(sentence: string, vocabulary: Vocabulary): { typed: string; words: string[]; clauseStart: boolean }[] {
  const out: { typed: string; words: string[]; clauseStart: boolean }[] = [];
  const starts = new Set<number>();
  const words: string[] = [];
  for (const clause of sentence.split(/[,;:]/u)) {
    starts.add(words.length);
    words.push(...wordsOf(clause));
  }
  for (let i = 0; i < words.length; ) {
    const { phrase, end, between } = phraseAt(words, i, vocabulary) ?? { phrase: undefined, end: i + 1, between: [] as number[] };
    const typed = words.slice(i, end).filter((_, n) => !between.includes(i + n)).join(" ");
    out.push({ typed, words: phrase ? [...phrase.value] : [typed], clauseStart: starts.has(i) });
    for (const at of between) out.push({ typed: words[at]!, words: [words[at]!], clauseStart: false });
    i = end;
  }
  return out;
}

/**
 * The question's tokens. `siteWords` are the words (folded) of the site's content, its names and the vocabulary: a
 * word that is none of them is mended to one of them when it is a typo or two away.
 */
export function normalise(
  question: string,
  vocabulary: Vocabulary,
  siteWords: SiteWords,
  personWords: ReadonlySet<string> = new Set(),
): { tokens: Token[]; questionMarks: boolean[] } {
  const tokens: Token[] = [];
  const isKnown = (w: string) => vocabulary.known.has(w) || siteWords.set.has(w) || siteWords.set.has(stemOf(w));
  const sentences = question
    .replace(/<[^<>]*>/g, " ")
    .split(/(?<=[.!?])\s+|\n+/u)
    .filter((s) => wordsOf(s).length > 0)
    .map((s) => withoutNames(s, vocabulary, siteWords, personWords))
    .flatMap((s) => partedAtWondering(s, vocabulary));
  sentences.forEach((sentence, index) => {
    let clauseHasContent = false;
    const parts = applyPhrases(sentence, vocabulary);
    // A person's name first, or after a greeting, then a comma or a question word ('Flurre, när är…', 'Hej Flurre, går
    // det…') speaks to them: filler. Not a clause of it ('Maja som leder…'), nor with only filler after ('Maja, vem är det?').
    const nameAt = vocabulary.greetings.has(fold(parts[0]?.typed ?? "")) ? 1 : 0;
    const after = parts[nameAt + 1];
    const word = fold(after?.words[0] ?? "");
    const spokenTo =
      after !== undefined &&
      personWords.has(fold(parts[nameAt]!.typed)) &&
      vocabulary.filler.has(word) &&
      (after.clauseStart || vocabulary.opens.has(word) || vocabulary.yesNo.has(word)) &&
      parts.slice(nameAt + 1).some((part) => part.words.some((w) => !vocabulary.filler.has(fold(w))));
    parts.forEach((part, at) => {
      if (part.clauseStart) clauseHasContent = false;
      const phrase = part.words.length !== 1 || part.words[0] !== part.typed;
      for (const raw of part.words) {
        const folded = fold(raw);
        const mended = !phrase && !isKnown(folded) && !isKnown(stemOf(raw)) ? mendTyped(folded, stemOf(raw), siteWords) : null;
        const word = mended ?? folded;
        const also = [...new Set(keysOf(mended ?? raw, SAME_STEM).flatMap((k) => vocabulary.same.get(k) ?? []).map(fold))];
        const filler = vocabulary.filler.has(word) || (spokenTo && at === nameAt);
        tokens.push({
          typed: part.typed,
          word,
          stem: stemOf(mended ?? raw),
          also,
          parts: !mended && !isKnown(word) ? compoundParts(word, siteWords.set) : [],
          sentence: index,
          leads: !clauseHasContent,
          filler,
          ...(mended ? { mended } : {}),
        });
        if (!filler) clauseHasContent = true;
      }
    });
  });
  return { tokens, questionMarks: sentences.map((s) => s.includes("?")) };
}
