// Flurre's general Swedish, read from the flurre_vocabulary table: which words name nothing asked about, which say
// what is asked, how visitors spell the site's words, and the days and months. Names of people, types, places and
// towns are never here: they come from the content staff edit.

import { stemmer } from "@orama/stemmers/swedish";

// 'buy' (being sold something) is answered by the cards on sale alone; 'types' (which sessions there are) by the list of
// them; 'about' (what a thing is) by its own text; 'why' (a reason) only by a row staff wrote that asks why.
export const TOPICS = [
  ...["price", "when", "seats", "where", "who", "bring", "queue", "advice", "newsletter", "leave", "signin", "cancel"],
  ...["held", "book", "contact", "payment", "sick", "difference", "full", "count", "buy", "types", "about", "unsaid", "why"],
] as const;
export type Topic = (typeof TOPICS)[number];

export type VocabularyRow = {
  word: string;
  kind: "filler" | "topic" | "same" | "phrase" | "weekday" | "month" | "day" | "grammar";
  value: string;
};

/**
 * `gap`: where one word may stand between two of its words, with filler words beside it; `anyGap`: any word ('*'), else
 * only filler ('~'); `gapNeeded`: filler must stand there ('+': 'kommer + in' is 'hur kommer jag in', not 'frågor som
 * kommer in').
 */
export type Phrase = {
  /** Folded. */
  words: readonly string[];
  /** As written (with å, ä and ö): a word typed with them matches only as written ('vilket är' is not 'vilket år'). */
  written: readonly string[];
  gap: number;
  anyGap: boolean;
  gapNeeded: boolean;
  value: readonly string[];
};

/**
 * The grammar roles a row may name, space apart ('yes-no turns'), by the set they fill: 0026 and the migrations after
 * it say what each is for. A role not listed opens a yes-or-no question ('kan', 'finns').
 */
const ROLES = {
  "yes-no": "yesNo",
  question: "opens",
  which: "which",
  not: "not",
  lives: "lives",
  greeting: "greetings",
  turns: "turns",
  if: "conditions",
  measure: "measures",
  unit: "units",
  refers: "refers",
  session: "sessionWords",
  owns: "owns",
  subject: "subjects",
  wonders: "wonders",
  dog: "dogs",
  "before-place": "beforePlace",
  compares: "compares",
  joins: "joins",
  yours: "yours",
  done: "done",
  busy: "busy",
  duration: "durations",
  length: "lengths",
  or: "ors",
  and: "ands",
  it: "its",
  must: "musts",
  thanks: "thanks",
  thanked: "thanked",
  only: "limits",
  several: "several",
} as const;

type RoleSets = Record<(typeof ROLES)[keyof typeof ROLES], ReadonlySet<string>>;

export type Vocabulary = RoleSets & {
  filler: ReadonlySet<string>;
  topics: ReadonlyMap<string, readonly Topic[]>;
  same: ReadonlyMap<string, readonly string[]>;
  /** Longest first. */
  phrases: readonly Phrase[];
  weekdays: ReadonlyMap<string, readonly number[]>;
  months: ReadonlyMap<string, number>;
  days: ReadonlyMap<string, number>;
  /** The visitor's own ('mitt', 'vårt'), as written: 'vår' is not 'var'. */
  owning: ReadonlySet<string>;
  timesOfDay: ReadonlyMap<string, readonly [number, number]>;
  sides: ReadonlyMap<string, "from" | "until">;
  /** Units of a dog's age, by the weeks in one ('månader' 4.35). */
  ageUnits: ReadonlyMap<string, number>;
  /** Weeks said, by how many from this one ('nästavecka', of 'nästa vecka': 1). */
  weeks: ReadonlyMap<string, number>;
  numbers: ReadonlyMap<string, number>;
  again: ReadonlyMap<string, readonly Topic[]>;
  /** Every word the table knows (folded), for mending a typo. */
  known: ReadonlySet<string>;
  /** The words that say what is asked as written (with å, ä and ö), by their folded form. */
  written: ReadonlyMap<string, ReadonlySet<string>>;
};

/** Whether a word typed with å, ä or ö says what is asked only by folding ('vår' is not 'var'); one without them may be either. */
export function foldedOnly(typed: string, vocabulary: Vocabulary): boolean {
  return typedWithÅÄÖ(typed) && !(vocabulary.written.get(fold(typed))?.has(typed) ?? true);
}

/** Grammar values with a value of their own: 'age <weeks>', 'time <from> <to>', 'number <n>', 'again <topic>', 'week <ahead>'. */
const [AGE_UNIT, TIME_OF_DAY, NUMBER, AGAIN, WEEK] = ["age ", "time ", "number ", "again ", "week "] as const;

/** A number, in digits or written as a word ('två'). */
export const isNumber = (w: string | undefined, vocabulary: Vocabulary) => w !== undefined && (/^\p{N}+$/u.test(w) || vocabulary.numbers.has(w));

/** The ages, in weeks, a number and a unit say ('8–20 veckor', 'tio veckor'), with the stem of the word before: what is that old ('valp'). */
export function agesIn(text: string, vocabulary: Vocabulary): { min: number; max: number; of: string }[] {
  const ages: { min: number; max: number; of: string }[] = [];
  const lowered = lower(text);
  // A number as digits, or as a word ('tio veckor').
  const count = (n: string) => (/^\d+$/.test(n) ? Number(n) : vocabulary.numbers.get(fold(n)));
  for (const m of lowered.matchAll(/([\p{L}\d]+)(?:\s*[–-]\s*(\d+))?(?=\s+(\p{L}+))/gu)) {
    const weeks = vocabulary.ageUnits.get(fold(m[3]!));
    const [min, max] = [count(m[1]!), count(m[2] ?? m[1]!)];
    const before = wordsOf(lowered.slice(0, m.index)).at(-1) ?? "";
    // Not a time from now ('om två veckor').
    if (weeks === undefined || min === undefined || max === undefined || vocabulary.conditions.has(fold(before))) continue;
    ages.push({ min: min * weeks, max: max * weeks, of: stemOf(fold(before)) });
  }
  return ages;
}

/** A value worked out once for each object it is of (the vocabulary, a token, a text's terms), kept while the object is. */
export function once<K extends object, V>(make: (key: K) => V): (key: K) => V {
  const kept = new WeakMap<K, V>();
  return (key) => kept.get(key) ?? kept.set(key, make(key)).get(key)!;
}

/** Whether letters after a word may be an inflection's ending ('en' of 'länken', 'ska' of 'ekonomiska'), not another word ('sim' of 'hundsim'). */
export const isEnding = (rest: string) => /^(?:[aeiouyn]|sk)/.test(rest) || (rest.length === 1 && "rst".includes(rest));

/** Whether a word (lower-cased) was typed with å, ä or ö, rather than folded as a keyboard without them types it. */
export const typedWithÅÄÖ = (typed: string) => /[åäö]/u.test(typed);

/** å and ä as a, ö as o: how a keyboard without them types them. */
export function fold(word: string): string {
  return typedWithÅÄÖ(word) ? word.replace(/[åä]/g, "a").replace(/ö/g, "o") : word;
}

/** Lower case, NFC so that a decomposed "å" is one letter; locale-free, as Swedish has no casing rules of its own. */
export function lower(text: string): string {
  return text.normalize("NFC").toLowerCase();
}

/** The words of a text, lower-cased (a hyphen inside a word is kept: 'e-post', 'ta-med'; a web address is one word: 'hitta.se'). */
export function wordsOf(text: string): string[] {
  return lower(text).match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*(?:\.(?:se|com|org|net)\b)?/gu) ?? [];
}

const stems = new Map<string, string>();

/**
 * A word's stem, folded: the Snowball stem repeated to its fixpoint ('kurserna' → 'kurser' → 'kurs') without a
 * definite -et ('passet'), then å, ä and ö folded, so 'träningen' and 'traningen' meet.
 */
export function stemOf(word: string): string {
  let stem = stems.get(word);
  if (stem !== undefined) return stem;
  let current = word.replace(/-/g, "");
  if (!/^\p{N}+$/u.test(current)) {
    for (let i = 0; i < 4; i++) {
      const next = stemmer(current);
      // A later pass takes an ending, not a genitive's s the first left ('kurserna' is 'kurs', not 'kur').
      if (next === current || (i > 0 && `${next}s` === current)) break;
      current = next;
    }
    if (current.length >= 6 && current.endsWith("et")) current = current.slice(0, -2);
  }
  stem = fold(current);
  if (stems.size > 20_000) stems.clear();
  stems.set(word, stem);
  return stem;
}

/** Shortest stem a word is also found under: a shorter one is many words' ('komm' is 'kommer' and 'kommande'). */
export const MIN_STEM_KEY = 5;

/** The keys a word is found under: as typed and as its stem (if long enough), both folded. */
export function keysOf(word: string, minStem = MIN_STEM_KEY): string[] {
  const folded = fold(word);
  const stem = stemOf(word);
  return stem === folded || stem.length < minStem ? [folded] : [folded, stem];
}

/** A value added to the list a map keeps under a key. */
export function pushTo<V>(map: Map<string, V[]>, key: string, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function add<V>(map: Map<string, V[]>, word: string, value: V) {
  for (const key of keysOf(word)) if (!map.get(key)?.includes(value)) pushTo(map, key, value);
}

/** A phrase's gap: filler ('~'), any word ('*'), filler that must stand there ('+'). */
const GAPS = ["~", "*", "+"];

type Valued = {
  sides: Map<string, "from" | "until">;
  timesOfDay: Map<string, readonly [number, number]>;
  ageUnits: Map<string, number>;
  weeks: Map<string, number>;
  numbers: Map<string, number>;
  again: Map<string, Topic[]>;
};

/** A grammar row with a value of its own ('again <topic>', 'from', 'until', 'time <from> <to>', 'age <weeks>', 'number <n>', 'week <ahead>'), read into its map: whether it was one. */
function readValued(word: string, value: string, into: Valued): boolean {
  if (value.startsWith(AGAIN)) {
    const topic = value.slice(AGAIN.length);
    if ((TOPICS as readonly string[]).includes(topic)) pushTo(into.again, word, topic as Topic);
  } else if (value === "from" || value === "until") into.sides.set(word, value);
  else if (value.startsWith(TIME_OF_DAY)) {
    const [from, to] = value.slice(TIME_OF_DAY.length).split(/\s+/).map(Number);
    into.timesOfDay.set(word, [from!, to!]);
  } else if (value.startsWith(AGE_UNIT)) into.ageUnits.set(word, Number(value.slice(AGE_UNIT.length)));
  else if (value.startsWith(WEEK)) into.weeks.set(word, Number(value.slice(WEEK.length)));
  else if (value.startsWith(NUMBER)) into.numbers.set(word, Number(value.slice(NUMBER.length)));
  else return false;
  return true;
}

export function buildVocabulary(rows: readonly VocabularyRow[]): Vocabulary {
  const filler = new Set<string>();
  const topics = new Map<string, Topic[]>();
  const same = new Map<string, string[]>();
  const phrases: Phrase[] = [];
  const weekdays = new Map<string, number[]>();
  const months = new Map<string, number>();
  const days = new Map<string, number>();
  const known = new Set<string>();
  const written = new Map<string, Set<string>>();
  const owning = new Set<string>();
  const roles = Object.fromEntries(Object.values(ROLES).map((field) => [field, new Set<string>()])) as Record<keyof RoleSets, Set<string>>;
  const valued: Valued = { sides: new Map(), timesOfDay: new Map(), ageUnits: new Map(), weeks: new Map(), numbers: new Map(), again: new Map() };
  for (const row of rows) {
    const word = lower(row.word);
    if (row.kind === "phrase") {
      const parts = word.split(/\s+/);
      const gap = parts.findIndex((p) => GAPS.includes(p));
      const written = parts.filter((p) => !GAPS.includes(p));
      phrases.push({ words: written.map(fold), written, gap, anyGap: parts[gap] === "*", gapNeeded: parts[gap] === "+", value: wordsOf(row.value) });
      continue;
    }
    known.add(fold(word));
    if (row.kind === "topic") written.set(fold(word), (written.get(fold(word)) ?? new Set()).add(word));
    // As written only: a stem may be a content word's ('skall' is 'skäller's).
    if (row.kind === "filler") filler.add(fold(word));
    else if (row.kind === "topic" && (TOPICS as readonly string[]).includes(row.value)) add(topics, word, row.value as Topic);
    else if (row.kind === "same") for (const alt of wordsOf(row.value)) add(same, word, alt);
    else if (row.kind === "weekday") for (const key of keysOf(word)) weekdays.set(key, row.value.split(/\s+/).map(Number));
    else if (row.kind === "month") for (const key of keysOf(word)) months.set(key, Number(row.value));
    else if (row.kind === "day") for (const key of keysOf(word)) days.set(key, Number(row.value));
    else if (row.kind === "grammar" && readValued(fold(word), row.value, valued)) continue;
    else if (row.kind === "grammar" && row.value === "own") owning.add(word);
    else if (row.kind === "grammar") for (const role of row.value.split(/\s+/)) roles[ROLES[role as keyof typeof ROLES] ?? "yesNo"].add(fold(word));
  }
  phrases.sort((a, b) => b.words.length - a.words.length);
  return { ...roles, filler, topics, same, phrases, weekdays, months, days, owning, ...valued, known, written };
}
