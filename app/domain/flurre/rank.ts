// Ranks Flurre's passages for a question: a BM25 index (MiniSearch) over the
// passages' Swedish search terms (built from a set of passages, read-only
// after, so a caller may keep it while the passages are the same), with the
// question's words resolved against the index
// vocabulary first (stem, compound split, then a typo-tolerant match) and
// boosts for the kind of passage the question's words point at and for the
// page it was asked from.
//
// `coverage` says how much of the question the site's texts know at all:
// the share of its content words (weighted by how rare they are) found in
// the vocabulary. A question mostly made of words the site never uses is
// not one Flurre can answer, however well some passage scores.

import MiniSearch from "minisearch";
import { boundedEditDistance } from "./normalise";
import { LEXICON_WORDS } from "./lexicon";
import type { Passage, PassageKind } from "./passages";
import {
  analyze,
  compoundTail,
  foldSwedishLetters,
  FRAMING_WORDS,
  intentCues,
  INTENT_CUES,
  isGreetingWord,
  isLoneLetter,
  isStopWord,
  questionWords,
  memoStem,
  normalizeText,
  splitCompound,
  stem,
  TOPIC_CUES,
  words,
  type IntentCue,
} from "./text";

export type RankedPassage = {
  passage: Passage;
  score: number;
  /** The question's whole-word terms this passage matched (not the parts of a compound). */
  matched: string[];
};

export type QueryTerm = {
  word: string;
  /** The index terms it resolved to; empty when the site's texts do not know it. */
  terms: string[];
  /** Each term's weight in the search (the parts of a compound that is known whole count less). */
  weights: number[];
  /** An intent cue ('när', 'kostar'): says what kind of answer, not what about. */
  cue: boolean;
  /** A cue that also names what is asked about ('länk', 'konto', 'avboka'): the answer must carry it. */
  topical: boolean;
  /** A site word the lexicon added for the visitor's own ('plan' for 'över nätet'): not counted in the coverage. */
  added: boolean;
  /** A word of the visitor's the lexicon read ('nätet'): known, though the texts never use it. */
  lexical: boolean;
  /** For a word the lexicon read, the index terms of the site's words it means ('nätet' → plan, online). */
  means: string[];
  /** In how many passages its rarest term occurs (0 when unknown): the rarest word is what the question is about. */
  df: number;
  /**
   * A compound the texts never use whole, split into words they do use
   * ('lekplats' → lek, plats): it names its first parts' kind of its last
   * ('lekplats' is a kind of place), so a passage carries it only with each
   * part that is not a common word.
   */
  split: boolean;
  /** In how many passages each of its terms occurs, in the order of `terms`. */
  termDfs: number[];
};

export type Ranking = {
  /** The question as asked, normalized (lower case, NFC). */
  asked: string;
  results: RankedPassage[];
  intents: Set<IntentCue>;
  query: QueryTerm[];
  /** 0–1: the rarity-weighted share of the question's content words the passages know. */
  coverage: number;
  /** Session type names the question names. */
  mentionedTypes: string[];
  /** The session the question was asked from (/session/{id}), if any. */
  pageSessionId: number | null;
  /** A word in more passages than this is common ('pass'): it says nothing of which passage answers. */
  commonDf: number;
};

/** Intent → how much each kind of passage is lifted. */
const INTENT_BOOSTS: Record<IntentCue, Partial<Record<PassageKind, number>>> = {
  sessions: { session: 1.8, type: 1.2 },
  price: { type: 1.6, session: 1.2, rule: 1.1 },
  places: { place: 1.8 },
  preparation: { preparation: 2 },
  rules: { rule: 1.7, faq: 1.2 },
  team: { team: 1.8 },
  advice: { type: 2 },
};

const PAGE_KIND: Record<string, PassageKind> = {
  "/hitta": "place",
  "/preppa": "preparation",
  "/om": "team",
  "/mina-bokningar": "rule",
};

const CUE_WORDS: ReadonlySet<string> = new Set(Object.values(INTENT_CUES).flat().flatMap((w) => [w, foldSwedishLetters(w)]));

/** Words that only name Flurre: dropped unless the question is about Flurre himself. */
const SELF_NAMES: ReadonlySet<string> = new Set(["flurre", "flurres"]);

type Doc = { id: string; title: string; text: string; keywords: string };

/**
 * Typos allowed in a stem: none below 6 letters (short words are too alike:
 * 'lev' is not 'led'), one up to 9, two from 10 (two in a shorter word make
 * another word: 'parkering' is not 'planering'). A stem that differs from a
 * known one only by å, ä or ö typed as a or o matches at any length.
 */
function typoBudget(stemmed: string): number {
  if (stemmed.length < 6) return 0;
  return stemmed.length < 10 ? 1 : 2;
}

export type FlurreIndex = Index;

type Index = {
  search: MiniSearch<Doc>;
  stem: (word: string) => string;
  /** Each vocabulary term with å, ä and ö folded, for matching typos (made on first need). */
  folded: () => ReadonlyMap<string, string>;
  /** The other way round: a folded form and the vocabulary term it stands for (the commonest, if several). */
  unfolded: () => ReadonlyMap<string, string>;
  vocabulary: Set<string>;
  /**
   * The terms the passages use as whole words. A question's compound is split
   * only into these: a part of another compound ('ring' of 'planeringsmöte')
   * would make 'parkering' mean 'park' and 'ring'.
   */
  wholeTerms: ReadonlySet<string>;
  /** Passages each term occurs in. */
  documentFrequency: Map<string, number>;
  /** Every word the passages use as written, å, ä and ö folded (made on first need). */
  writtenWords: () => ReadonlySet<string>;
  passages: Map<string, Passage>;
};

/** The search terms of a passage field, with the parts of its compounds. */
function withCompoundParts(terms: string[], partsOf: (term: string) => readonly string[]): string[] {
  const out = [...terms];
  for (const term of terms) {
    if (term.length >= 8) out.push(...partsOf(term));
  }
  return out;
}

export function buildIndex(passages: readonly Passage[]): Index {
  const stem = memoStem();
  const analyzed = passages.map((p) => ({
    passage: p,
    title: analyze(p.title, stem),
    text: analyze(p.text, stem),
    keywords: analyze(p.keywords, stem),
  }));
  const base = new Set<string>();
  for (const a of analyzed) for (const t of [...a.title, ...a.text, ...a.keywords]) base.add(t);
  // Each distinct long term is split once (the passages repeat their words).
  const split = new Map<string, readonly string[]>();
  const partsOf = (term: string) => {
    let parts = split.get(term);
    if (parts === undefined) {
      parts = splitCompound(term, base, stem) ?? [];
      split.set(term, parts);
    }
    return parts;
  };

  const docs: Doc[] = [];
  const vocabulary = new Set<string>();
  const documentFrequency = new Map<string, number>();
  // A place is named by the last part of its name too ('parken' for Regementsparken).
  const placeTails = (terms: string[]) => terms.flatMap((t) => {
    const tail = compoundTail(t, base, stem);
    return tail && tail !== t ? [tail] : [];
  });
  for (const a of analyzed) {
    const doc: Doc = {
      id: a.passage.id,
      title: [...withCompoundParts(a.title, partsOf), ...(a.passage.kind === "place" ? placeTails(a.title) : [])].join(" "),
      text: withCompoundParts(a.text, partsOf).join(" "),
      keywords: a.keywords.join(" "),
    };
    docs.push(doc);
    const seen = new Set(`${doc.title} ${doc.text} ${doc.keywords}`.split(" ").filter(Boolean));
    for (const t of seen) {
      vocabulary.add(t);
      documentFrequency.set(t, (documentFrequency.get(t) ?? 0) + 1);
    }
  }
  const search = new MiniSearch<Doc>({
    fields: ["title", "text", "keywords"],
    // The fields hold analyzed terms already.
    tokenize: (s) => s.split(" ").filter(Boolean),
    processTerm: (t) => t,
  });
  search.addAll(docs);
  let folded: Map<string, string> | null = null;
  let unfolded: Map<string, string> | null = null;
  let written: Set<string> | null = null;
  const foldedTerms = () => (folded ??= new Map([...vocabulary].map((t) => [t, foldSwedishLetters(t)])));
  return {
    search,
    stem,
    folded: foldedTerms,
    unfolded: () => {
      if (unfolded) return unfolded;
      unfolded = new Map();
      for (const [term, f] of foldedTerms()) {
        const known = unfolded.get(f);
        if (known === undefined || (documentFrequency.get(term) ?? 0) > (documentFrequency.get(known) ?? 0)) unfolded.set(f, term);
      }
      return unfolded;
    },
    vocabulary,
    wholeTerms: base,
    documentFrequency,
    writtenWords: () =>
      (written ??= new Set(passages.flatMap((p) => words(`${p.title} ${p.text} ${p.keywords}`).map((w) => foldSwedishLetters(w.replace(/-/g, "")))))),
    passages: new Map(passages.map((p) => [p.id, p])),
  };
}

/** Share of the passages a word must be in to be common ('pass', 'hund'). */
const COMMON_SHARE = 0.25;

/** A part of a compound counts less than the whole word. */
const PART_WEIGHT = 0.5;

type Resolved = { terms: string[]; weights: number[]; split?: boolean };

/** The index terms one question word stands for, with their weights. */
function resolveWord(word: string, index: Index): Resolved {
  const none: Resolved = { terms: [], weights: [] };
  if (/^\p{N}+$/u.test(word)) return index.vocabulary.has(word) ? { terms: [word], weights: [1] } : none;
  const bare = word.replace(/-/g, "");
  // Something else made of a site word ('hundpassare' of Hundpass): the stem is the site's, the thing is not.
  if (derivedFromWrittenWord(bare, index)) return none;
  const stemmed = stem(bare);
  const parts = bare.length >= 8 || word.includes("-") ? splitCompound(bare, index.wholeTerms) : null;
  if (index.vocabulary.has(stemmed)) {
    // A compound the texts use whole still finds the texts that use its parts.
    const extra = (parts ?? []).filter((p) => p !== stemmed);
    return { terms: [stemmed, ...extra], weights: [1, ...extra.map(() => PART_WEIGHT)] };
  }
  // Typed without å, ä and ö as the texts use it whole ('hundinstruktor'): the stemmer may cut the two apart.
  const unfolded = index.unfolded().get(foldSwedishLetters(bare)) ?? unfoldedInflected(bare, index);
  if (unfolded !== undefined && unfolded.length >= 3) return { terms: [unfolded], weights: [1] };
  const split = parts ?? splitCompound(bare, index.wholeTerms);
  if (split) return { terms: split, weights: split.map(() => 1), split: true };
  const doubled = doubledLetterTerm(bare, index);
  if (doubled) return { terms: [doubled], weights: [1] };
  const typo = closestTerm(stemmed, index);
  return typo ? { terms: [typo], weights: [1] } : none;
}

const MIN_DOUBLING_LENGTH = 5;

/**
 * A letter typed twice where the word has it once, or once where it has it
 * twice ('kosstar', 'hundhalen'), as happens on a phone: the vocabulary term
 * of the word so mended, when the texts write that word, at any length
 * (short words get no other typo).
 */
function doubledLetterTerm(bare: string, index: Index): string | null {
  for (let i = 0; i < bare.length; i++) {
    // A letter doubled only in words of five letters or more: 'hal' is not 'hall'.
    if (bare[i] !== bare[i + 1] && bare.length < MIN_DOUBLING_LENGTH) continue;
    const mended = bare[i] === bare[i + 1] ? bare.slice(0, i) + bare.slice(i + 1) : bare.slice(0, i + 1) + bare.slice(i);
    // Mended into a word the texts write as such, not merely one with a known stem ('kontoret' is not 'kontorett').
    if (!index.writtenWords().has(foldSwedishLetters(mended))) continue;
    const term = stem(mended);
    if (term.length >= 3 && index.vocabulary.has(term)) return term;
  }
  return null;
}

/**
 * Endings that make another word of a word ('hundpass' → 'hundpassare', one
 * who minds dogs; 'park' → 'parkerar'), which the stemmer cuts off as if they
 * were inflections. Not '-arna' ('hundarna' is the dogs).
 */
const DERIVING_ENDINGS = ["are", "aren", "ares", "erar", "erade", "erat", "ering", "eringen", "eringar"] as const;

/** A written word this short, or an adjective in -ig, takes '-are' as its comparative ('lugnare', 'lydigare'): the same thing, more of it. */
const MIN_DERIVED_BASE = 5;
const COMPARES_WITH_ARE = /ig$/u;

/**
 * A word the texts never use that is one they do use plus an ending that
 * makes another word of it: what it names is not what the texts speak of,
 * however alike the stems.
 */
function derivedFromWrittenWord(bare: string, index: Index): boolean {
  const written = index.writtenWords();
  const folded = foldSwedishLetters(bare);
  if (written.has(folded)) return false;
  return DERIVING_ENDINGS.some((ending) => {
    const base = folded.slice(0, -ending.length);
    return folded.endsWith(ending) && base.length >= MIN_DERIVED_BASE && !COMPARES_WITH_ARE.test(base) && written.has(base);
  });
}

/** Swedish endings of the definite and plural forms ('instruktören', 'tränarna'): the stemmer may read them otherwise without å, ä and ö. */
const INFLECTIONS = ["erna", "arna", "orna", "en", "et", "na", "er", "ar", "or", "n", "t"] as const;

/**
 * A word typed without å, ä and ö in an inflected form ('hundinstruktoren'):
 * the vocabulary term its bare form folds to ('hundinstruktör'), if any.
 */
function unfoldedInflected(bare: string, index: Index): string | undefined {
  const folded = foldSwedishLetters(bare);
  if (folded === bare && !/[ao]/u.test(bare)) return undefined;
  for (const ending of INFLECTIONS) {
    if (!folded.endsWith(ending) || folded.length - ending.length < 6) continue;
    const term = index.unfolded().get(folded.slice(0, -ending.length));
    if (term !== undefined) return term;
  }
  return undefined;
}

/** Å, ä or ö typed as a or o: closer than any real typo, allowed at any length. */
const FOLDED_DISTANCE = 0.5;

/** The vocabulary term a misspelt stem most likely means, if any is close enough. */
function closestTerm(stemmed: string, index: Index): string | null {
  const folded = foldSwedishLetters(stemmed);
  const budget = typoBudget(stemmed);
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const [term, foldedTerm] of index.folded()) {
    // A short stem only as the texts spell it with å, ä or ö ('lopa' → 'löp'), never by a typo.
    if (term.length < 3 || (term.length < 4 && foldedTerm !== folded)) continue;
    let distance = Infinity;
    if (foldedTerm === folded) distance = FOLDED_DISTANCE;
    // A typo rarely hits the first letter; requiring it keeps 'säljer' from meaning 'välj'.
    else if (budget > 0 && term[0] === stemmed[0]) distance = boundedEditDistance(stemmed, term, budget);
    if (distance !== FOLDED_DISTANCE && distance > budget) continue;
    const better =
      distance < bestDistance ||
      (distance === bestDistance && (index.documentFrequency.get(term) ?? 0) > (index.documentFrequency.get(best ?? "") ?? 0));
    if (better) {
      best = term;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * Two neighbouring letters swapped ('lektoin'), or one letter typed twice
 * ('hundhalllen'): the slips that rarely make another real word, unlike a
 * letter changed or left out ('betalar' is not 'betalat').
 */
function slipOf(typed: string, known: string): boolean {
  if (typed.length === known.length) {
    const at = [...typed].findIndex((letter, i) => letter !== known[i]);
    return at >= 0 && typed[at] === known[at + 1] && typed[at + 1] === known[at] && typed.slice(at + 2) === known.slice(at + 2);
  }
  if (typed.length !== known.length + 1) return false;
  const at = [...known].findIndex((letter, i) => letter !== typed[i]);
  const i = at < 0 ? known.length : at;
  return typed[i] === typed[i - 1] && typed.slice(0, i) + typed.slice(i + 1) === known;
}

/** What a slip is mended to: the lexicon's words, and the words that say what is asked ('kosstar': 'kostar'). */
const MENDABLE_WORDS: ReadonlyArray<{ word: string; runsOn: boolean }> = [
  ...LEXICON_WORDS,
  ...Object.values(INTENT_CUES)
    .flat()
    .filter((cue) => cue.length >= 6 && /^\p{L}+$/u.test(cue))
    .map((cue) => ({ word: cue, runsOn: false })),
];

/**
 * A question with each word that is one slip from a word of the lexicon
 * ('privatlektoin', 'privatlektoinen') or a word that says what is asked
 * ('kosstar') written as Flurre knows it, so it is read as such. A word the
 * texts write is left as typed.
 */
export function mendSlips(question: string, index: Index): string {
  return question.replace(/[\p{L}]+/gu, (typed) => {
    const word = typed.toLocaleLowerCase("sv-SE");
    if (word.length < 7 || index.writtenWords().has(foldSwedishLetters(word))) return typed;
    for (const { word: known, runsOn } of MENDABLE_WORDS) {
      if (known === word || known[0] !== word[0]) continue;
      if (slipOf(word, known)) return known;
      // Run on ('privatlektoinen'): the slip within the lexicon word's length, the ending kept.
      for (const length of [known.length, known.length + 1]) {
        if (runsOn && word.length > length && slipOf(word.slice(0, length), known)) return known + word.slice(length);
      }
    }
    return typed;
  });
}

export function analyzeQuestion(question: string, index: Index): QueryTerm[] {
  const typedWords = questionWords(question);
  const { own, readByLexicon } = typedWords;
  // What the site does not speak of unless a passage files it (paying by card while payments are taken at booking):
  // read as that passage's word when one does.
  const spokenOf = (typed: string) => {
    const word = typedWords.saidBy.get(typed);
    return word !== undefined && (index.documentFrequency.get(stem(word)) ?? 0) > 0 ? word : null;
  };
  const unsaid = typedWords.unsaid.filter((typed) => spokenOf(typed) === null);
  const added = [...typedWords.added];
  for (const typed of typedWords.unsaid) {
    const word = spokenOf(typed);
    if (word === null) continue;
    if (!added.includes(word)) added.push(word);
    for (const w of words(typed)) readByLexicon.set(w, [...(readByLexicon.get(w) ?? []), word]);
  }
  const framed = intentCues(question).size > 0;
  const keep = (w: string) => !isStopWord(w) && !isLoneLetter(w) && !(framed && FRAMING_WORDS.has(w));
  // Words of something the site does not speak of are one unknown word, whatever they look like.
  const unsaidWords = new Set(unsaid.flatMap((phrase) => words(phrase)));
  const ownWords = words(own).filter((w) => keep(w) && !unsaidWords.has(w));
  const addedWords = added.filter(keep);
  const aboutSelfOnly = [...ownWords, ...addedWords].every((w) => SELF_NAMES.has(w) || CUE_WORDS.has(w));
  // Flurre's name addresses him when it opens the question, after a greeting at most ('Flurre, vad kostar…?', 'hej
  // flurre'), unless the question asks about him ('hur gammal är flurre', 'vad gör flurre om han inte kan svara').
  const asTyped = words(own);
  const opens = (w: string) => asTyped.includes(w) && asTyped.slice(0, asTyped.indexOf(w)).every(isGreetingWord);
  // Asked what he is ('flurre är du en riktig vovve'), the question is about him however it opens.
  const ofYou = /(?<![\p{L}])(?:är|ar|e) du(?![\p{L}])/u.test(own);
  const addressed = (w: string) => SELF_NAMES.has(w) && !ofYou && (opens(w) || new RegExp(`${w}\\s*[,:!]`, "u").test(own));
  const term = (word: string, isAdded: boolean): QueryTerm => {
    const { split, ...resolved } = resolveWord(word, index);
    return {
      word,
      ...resolved,
      split: split === true,
      termDfs: resolved.terms.map((t) => index.documentFrequency.get(t) ?? 0),
      cue: CUE_WORDS.has(word),
      topical: TOPIC_CUES.has(word),
      added: isAdded,
      lexical: !isAdded && readByLexicon.has(word),
      means: isAdded ? [] : (readByLexicon.get(word) ?? []).flatMap((w) => resolveWord(w, index).terms),
      df: resolved.terms.length > 0 ? Math.min(...resolved.terms.map((t) => index.documentFrequency.get(t) ?? 0)) : 0,
    };
  };
  const unknown = (phrase: string): QueryTerm => ({ word: phrase, terms: [], weights: [], cue: false, topical: false, added: false, lexical: false, means: [], df: 0, split: false, termDfs: [] });
  return [...ownWords.map((w) => term(w, false)), ...addedWords.map((w) => term(w, true)), ...unsaid.map(unknown)].filter(
    (q) => aboutSelfOnly || !addressed(q.word),
  );
}

function idf(index: Index, term: string | null): number {
  const n = index.passages.size;
  const df = term === null ? 0 : (index.documentFrequency.get(term) ?? 0);
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

function coverageOf(query: readonly QueryTerm[], index: Index): number {
  // The visitor's own words: what the lexicon adds stands for a word already counted.
  const content = query.filter((q) => !q.cue && !q.added);
  if (content.length === 0) return 1;
  let known = 0;
  let total = 0;
  for (const q of content) {
    if (q.terms.length === 0 && q.lexical) {
      // Read by the lexicon: known, weighed as a rare word.
      known += idf(index, null);
      total += idf(index, null);
      continue;
    }
    if (q.terms.length === 0) {
      total += idf(index, null);
      continue;
    }
    const weight = Math.max(...q.terms.map((t) => idf(index, t)));
    known += weight;
    total += weight;
  }
  return total === 0 ? 0 : known / total;
}

/** Type names the question names: every word of the name among the question's resolved terms ('valpkursen', 'Privat & Proffs'). */
function mentionedTypeNames(query: readonly QueryTerm[], passages: readonly Passage[], stem: (word: string) => string): string[] {
  const asked = new Set(query.flatMap((q) => q.terms));
  const names = new Set<string>();
  for (const p of passages) {
    if (p.kind !== "type" || !p.typeName) continue;
    const nameStems = words(p.typeName).map((w) => stem(w));
    if (nameStems.length > 0 && nameStems.every((s) => asked.has(s))) names.add(p.typeName);
  }
  return [...names];
}

function pageSession(page: string | null): number | null {
  const match = /^\/session\/(\d+)(?:[/?#]|$)/.exec(page ?? "");
  return match ? Number(match[1]) : null;
}

/**
 * Where the visitor says they live, of the towns and places the site trains
 * in ('vi bor i Sandviken', 'bor nära Bronsängen'): the place's words as
 * written. Not a town or place they only mention ('vi var i Stadsparken
 * förra månaden', 'Sandviken funkar inte för oss').
 */
export function placesLivedIn(text: string, passages: readonly Passage[]): string[] {
  const places = new Set(passages.flatMap((p) => [...(p.session?.town ? words(p.session.town) : []), ...(p.kind === "place" ? words(p.title) : [])]));
  const normalized = normalizeText(text);
  const found: string[] = [];
  for (const match of normalized.matchAll(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu)) {
    if (places.has(match[0]) && LIVES_IN.test(normalized.slice(0, match.index))) found.push(match[0]);
  }
  return found;
}

/** The words just before where a visitor lives ('vi bor i', 'bor nära', 'jag är från'), the place or town next. */
const LIVES_IN = /(?<![\p{L}])(?:bor|bosatt|boende|fr[aå]n)(?:\s+(?:i|p[aå]|n[aä]ra|vid|utanf[oö]r|mitt i|precis vid))?(?:\s+\p{L}+)?\s+$/u;

/** Where a question was asked from (a session's page boosts that session), and the index built from the passages. */
export type RankOptions = { page?: string | null; index?: FlurreIndex };

export function rankPassages(passages: readonly Passage[], typed: string, options: RankOptions = {}): Ranking {
  // The index must be the one built from these passages.
  const index = options.index ?? buildIndex(passages);
  // Read as if the lexicon's everyday words and the words that say what is asked were spelt right.
  const question = mendSlips(typed, index);
  const query = analyzeQuestion(question, index);
  const intents = intentCues(question);
  const mentionedTypes = mentionedTypeNames(query, passages, index.stem);
  const pageSessionId = pageSession(options.page ?? null);
  const pageKind = PAGE_KIND[(options.page ?? "").replace(/[?#].*$/, "")];
  const terms = query.flatMap((q) => q.terms);
  const termWeights = new Map<string, number>();
  for (const q of query) {
    q.terms.forEach((t, i) => termWeights.set(t, Math.max(termWeights.get(t) ?? 0, q.weights[i] ?? 1)));
  }
  const base = {
    asked: normalizeText(question),
    intents,
    query,
    coverage: coverageOf(query, index),
    mentionedTypes,
    pageSessionId,
    commonDf: Math.floor(index.passages.size * COMMON_SHARE),
  };
  if (terms.length === 0) return { ...base, results: [] };

  const boostOf = (passage: Passage): number => {
    let boost = 1;
    for (const intent of intents) boost *= INTENT_BOOSTS[intent][passage.kind] ?? 1;
    if (passage.kind === "session") {
      if (passage.session?.id === pageSessionId) {
        // Asked from this session's page: the question is about it unless it plainly is not.
        boost *= 6;
      } else {
        // Sessions are many and alike: without a question about dates or seats the type says more.
        if (!intents.has("sessions") && !intents.has("price")) boost *= 0.6;
        if (pageSessionId !== null) boost *= 0.8;
      }
    }
    if (passage.kind === "faq") boost *= 1.2;
    if (pageKind === passage.kind) boost *= 1.3;
    if (mentionedTypes.length > 0 && (passage.kind === "type" || passage.kind === "session")) {
      boost *= passage.typeName && mentionedTypes.includes(passage.typeName) ? 1.6 : 0.5;
    }
    return boost;
  };

  const hits = index.search.search(terms.join(" "), {
    boost: { title: 2, text: 1, keywords: 0.8 },
    combineWith: "OR",
    boostTerm: (term) => termWeights.get(term) ?? 1,
    boostDocument: (id) => {
      const passage = index.passages.get(String(id));
      return passage ? boostOf(passage) : 1;
    },
  });
  const results: RankedPassage[] = [];
  for (const hit of hits) {
    const passage = index.passages.get(String(hit.id));
    const matched = hit.terms.filter((t) => (termWeights.get(t) ?? 0) >= 1);
    if (passage) results.push({ passage, score: hit.score, matched });
  }
  return { ...base, results };
}
