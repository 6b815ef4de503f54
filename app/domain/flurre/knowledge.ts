// What Flurre knows, made once per change of the content: the passages (passages.ts) with their search terms and the
// topics they answer, the things the content names (session types, places, towns, people, each with the words that
// name it) and every word the site uses, for mending typos.

import { PLACE_KIND_LABEL, trainingTowns, type Place } from "../places";
import { aboutIntro } from "../team";
import { BINDING_RULE_ID, buildPassages, HOW_TO_BOOK_RULE_ID, PREPARATION_IDS, WAITLIST_RULE_ID, type FlurreCorpus, type Passage } from "./passages";
import { normalise, type SiteWords } from "./normalise";
import { agesIn, buildVocabulary, fold, isNumber, keysOf, lower, MIN_STEM_KEY, pushTo, stemOf, wordsOf } from "./vocabulary";
import type { Topic, Vocabulary, VocabularyRow } from "./vocabulary";

export type NamedKind = "type" | "place" | "town" | "person";

/** Something the content names: a session type, a place, a town or a person, and the folded words that name it. */
export type Named = { kind: NamedKind; key: string; words: readonly string[]; written: readonly string[] };

export type KnownPassage = Passage & {
  /** Folded words and stems of its title and text. */
  termSet: ReadonlySet<string>;
  /** Folded words and stems of its title alone (and a place's kind): what it is about. */
  titleSet: ReadonlySet<string>;
  /** The words of its title and text as written, lower-cased (with å, ä and ö). */
  written: readonly string[];
  /** What it answers besides what its words say. */
  topics: readonly Topic[];
  /** The words its text counts: each after a number ('två hundtränare', '10 minuter'), folded, with its stem. */
  counted: ReadonlySet<string>;
  /** The words (and stems) just before a number in a unit in its text: what it gives a measure of ('Hallen är 400 kvm'). */
  measured: ReadonlySet<string>;
  /** Those before a number in a unit of time: what it gives a duration of ('Länken gäller i 10 minuter'). */
  lasting: ReadonlySet<string>;
  /** The terms of each of its parts (the checklist's items), as `termSet` is of the whole. */
  partTerms?: readonly ReadonlySet<string>[];
  /** The dog's ages, in weeks, its text says a type is for ('valpar 8–20 veckor'), and the stem of what is that old ('valp'). */
  ages?: { min: number; max: number; of: string };
};

/** The words (folded) of the role a team member's text opens with ('Maja, hundinstruktör.'). */
export const roleWordsOf = (p: Passage | undefined): string[] => wordsOf(fold(lower(p?.text.split(/[.!?]\s/u)[0] ?? "")));

export type Knowledge = {
  vocabulary: Vocabulary;
  passages: readonly KnownPassage[];
  byId: ReadonlyMap<string, KnownPassage>;
  named: readonly Named[];
  /** The words of people's names (folded): one first in a question and then a question word is spoken to. */
  personWords: ReadonlySet<string>;
  /** Words in so many passages that they say nothing of what is asked ('hund', 'pass'). */
  common: ReadonlySet<string>;
  places: readonly Place[];
  /** Every word (folded) of the content, its names and the vocabulary, and their stems (`set`); the words of four letters or more by their first letter (`byFirst`, what a typo is mended to). */
  siteWords: SiteWords;
};

/**
 * The topics each site passage answers besides what its words say. The rules that say where on the site a thing is
 * done answer where too; the binding rule holds the note on a sick dog; the sign-in link's terms (how long it lasts,
 * that it works once) say why it stops working; the note on a dog ill or in heat is one of the preparation; the list of
 * types, each with its kind, says how group and private sessions differ.
 */
const PASSAGE_TOPICS: Record<string, readonly Topic[]> = {
  [BINDING_RULE_ID]: ["cancel", "sick"],
  "rule:group-minimum": ["held", "count"],
  [HOW_TO_BOOK_RULE_ID]: ["book", "where"],
  "rule:my-bookings": ["signin", "where", "book", "why"],
  "rule:contact": ["contact", "where", "who"],
  "rule:newsletter": ["newsletter", "leave", "when", "where"],
  [WAITLIST_RULE_ID]: ["queue", "full", "seats", "where"],
  "rule:waitlist-offer": ["queue", "leave"],
  "rule:payment": ["payment"],
  "preparation:sick": ["sick", "bring"],
  [PREPARATION_IDS.onSite]: ["bring"],
  [PREPARATION_IDS.onlineOrHome]: ["bring"],
  "place:all": ["where", "about"],
  "type:all": ["types", "about", "difference"],
  "team:about": ["who", "about"],
};

/** By its kind: the cards on sale answer what is sold, what each costs and paying with one (asked of them only: asksOfCards). */
const KIND_TOPICS: Partial<Record<Passage["kind"], readonly Topic[]>> = { card: ["buy", "price", "payment"], place: ["where", "about"], team: ["who", "about"], type: ["about"] };

function topicsOf(passage: Passage, vocabulary: Vocabulary): readonly Topic[] {
  // A row staff wrote answers what its question asks, read as a visitor's question is.
  if (passage.kind === "faq") return [...new Set(questionWords(passage.title, vocabulary).flatMap((k) => vocabulary.topics.get(k) ?? []))];
  return PASSAGE_TOPICS[passage.id] ?? KIND_TOPICS[passage.kind] ?? [];
}

/** A question's words as Flurre reads them (phrases joined, the vocabulary's readings added), with their long stems. */
function questionWords(text: string, vocabulary: Vocabulary): string[] {
  const { tokens } = normalise(text, vocabulary, NO_SITE_WORDS);
  return tokens.flatMap((t) => [t.word, ...t.also, ...(t.stem.length >= MIN_STEM_KEY ? [t.stem] : [])]);
}
const NO_SITE_WORDS: SiteWords = { set: new Set<string>(), byFirst: new Map() };

/** A text's words and their stems, folded; a name only as written (a name's stem may be another word). */
function termsOf(text: string, nameWords: ReadonlySet<string>): Set<string> {
  // A hyphenated word by its parts too ('grupp-pass' is a 'pass').
  const words = wordsOf(text).flatMap((w) => (w.includes("-") ? [w, ...w.split("-")] : [w]));
  return new Set(words.flatMap((word) => (nameWords.has(fold(word)) ? [fold(word)] : keysOf(word, 1))));
}

/** Share of the site's passages a word may be in and still say what a question is about ('hund' is in most). */
const COMMON_SHARE = 0.2;

/** The words so common in the site's passages that they say nothing of what is asked ('hund', 'pass'). */
function commonWords(passages: readonly KnownPassage[]): Set<string> {
  const own = passages.filter((p) => !p.session);
  const count = new Map<string, number>();
  for (const p of own) for (const term of p.termSet) count.set(term, (count.get(term) ?? 0) + 1);
  return new Set([...count].filter(([, n]) => n / own.length >= COMMON_SHARE).map(([term]) => term));
}

function namesOf(corpus: FlurreCorpus): Named[] {
  const towns = [...new Set(corpus.places.map((p) => p.town.trim()).filter(Boolean))];
  const townWords = new Set(towns.flatMap((t) => wordsOf(t).map(fold)));
  const named: Named[] = [
    ...corpus.types.map((t) => ({ kind: "type" as const, key: t.name, written: wordsOf(t.name) })),
    ...corpus.places.filter((p) => p.active).map((p) => ({ kind: "place" as const, key: p.name, written: wordsOf(p.name).filter((w) => !townWords.has(fold(w))) })),
    ...towns.map((t) => ({ kind: "town" as const, key: t, written: wordsOf(t) })),
    ...corpus.team.map((m) => ({ kind: "person" as const, key: m.name, written: wordsOf(m.name) })),
  ].map((n) => ({ ...n, words: n.written.map(fold) }));
  return named.filter((n) => n.words.length > 0);
}

/** The words a text counts: each after a number, in digits or a word ('två hundtränare'); not a unit of age ('8–20 veckor'). */
function countedIn(text: string, vocabulary: Vocabulary): Set<string> {
  const words = wordsOf(text).map(fold);
  const counted = words.filter((word, i) => isNumber(words[i - 1], vocabulary) && !vocabulary.ageUnits.has(word));
  return new Set(counted.flatMap((word) => [word, stemOf(word)]));
}

/** How many words before a number in a unit may name what it measures ('Länken gäller i 10 minuter'). */
const MEASURE_REACH = 4;

/** What a text gives a measure of: in a unit of time (`ofTime`, 'i 10 minuter'), or in another ('400 kvm'). */
function measuredIn(text: string, vocabulary: Vocabulary, ofTime: boolean): Set<string> {
  const measured = new Set<string>();
  // A unit of age is one of time too ('gäller 12 månader'); one of time alone gives no other measure ('hur lång är kön').
  const inUnit = (w: string) => vocabulary.ageUnits.has(w) || (vocabulary.units.has(w) && vocabulary.durations.has(w) === ofTime);
  for (const sentence of text.split(/(?<=[.!?])\s+/u)) {
    const words = wordsOf(sentence).map(fold);
    words.forEach((w, i) => {
      if (!inUnit(w) || !isNumber(words[i - 1], vocabulary)) return;
      // What is that long or old: the words just before the number, and the one after its unit ('veckor gamla').
      for (const near of words.slice(Math.max(0, i - 1 - MEASURE_REACH), i + 2)) for (const k of [near, stemOf(near)]) measured.add(k);
    });
  }
  return measured;
}

export function buildKnowledge(corpus: FlurreCorpus, rows: readonly VocabularyRow[]): Knowledge {
  const vocabulary = buildVocabulary(rows);
  const named = namesOf(corpus);
  const nameWords = new Set(named.filter((n) => n.kind === "person" || n.kind === "town").flatMap((n) => n.words));
  // The preparation item on a dog ill or in heat is the one whose title says so in words the vocabulary reads as 'sick'.
  const isSickNote = (title: string) => wordsOf(title).some((w) => keysOf(w).some((k) => vocabulary.topics.get(k)?.includes("sick")));
  const towns = trainingTowns(corpus.places);
  // What a passage is about: its title, and a place's kind too (a hall is the place asked of by 'inomhus').
  const kindOf = new Map(corpus.places.map((place) => [`place:${place.id}`, PLACE_KIND_LABEL[place.kind]]));
  const aboutOf = (p: Passage) => [p.title, kindOf.get(p.id) ?? ""].join(" ");
  const passages: KnownPassage[] = buildPassages(corpus, isSickNote).map((p) => {
    // The team's passage by its own words and the members' names: what each does is their own passage's.
    const own = p.id === "team:about" ? `${p.title} ${aboutIntro(towns)} ${corpus.team.map((m) => m.name).join(" ")}` : `${p.title} ${p.text}`;
    const termSet = termsOf(own, nameWords);
    // A staff row's question is also read as a visitor's ('ta med' is one word then).
    if (p.kind === "faq") for (const w of questionWords(p.title, vocabulary)) termSet.add(w);
    const [ages] = p.session ? [] : agesIn(p.text, vocabulary).filter((a) => a.max > a.min);
    const written = wordsOf(`${p.title} ${p.text}`);
    return { ...p, termSet, titleSet: termsOf(aboutOf(p), nameWords), written, counted: countedIn(own, vocabulary), measured: measuredIn(p.text, vocabulary, false), lasting: measuredIn(p.text, vocabulary, true), topics: topicsOf(p, vocabulary), ...(ages ? { ages } : {}), ...(p.parts ? { partTerms: p.parts.map((part) => termsOf(part, nameWords)) } : {}) };
  });
  const words = new Set<string>(vocabulary.known);
  for (const p of passages) for (const w of p.written) if (w.length >= 3) words.add(fold(w));
  for (const n of named) for (const w of n.words) words.add(w);
  const list = [...words].filter((w) => w.length >= 4);
  const byFirst = new Map<string, string[]>();
  for (const w of list) {
    words.add(stemOf(w));
    pushTo(byFirst, w[0]!, w);
  }
  return {
    vocabulary,
    passages,
    byId: new Map(passages.map((p) => [p.id, p])),
    named,
    common: commonWords(passages),
    personWords: new Set(named.filter((n) => n.kind === "person").flatMap((n) => n.words)),
    places: corpus.places,
    siteWords: { set: words, byFirst },
  };
}
