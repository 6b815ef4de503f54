// Flurre's general Swedish, read from the flurre_vocabulary table: which
// words name nothing asked about, which say what is asked, how visitors
// spell the site's words, and the days and months. Names of people, types,
// places and towns are never here: they come from the content staff edit.

import { stemmer } from "@orama/stemmers/swedish";

export const TOPICS = [
  "price",
  "when",
  "seats",
  "where",
  "who",
  "bring",
  "queue",
  "advice",
  "newsletter",
  "leave",
  "signin",
  "cancel",
  "held",
  "book",
  "contact",
  "payment",
  "sick",
  "difference",
  "full",
  "count",
  // Buying or being sold something ('säljer ni…', 'kan man köpa…'): answered by the cards on sale alone.
  "buy",
  // Which session types there are ('vilka pass finns det'): answered by the list of them.
  "types",
  // What a thing is ('berätta om valpkursen'): answered by its own text.
  "about",
  "unsaid",
  // A reason asked ('varför'): the site's texts say what holds, not why; a row staff wrote that asks why answers it.
  "why",
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

export type Vocabulary = {
  filler: ReadonlySet<string>;
  topics: ReadonlyMap<string, readonly Topic[]>;
  same: ReadonlyMap<string, readonly string[]>;
  /** Longest first. */
  phrases: readonly Phrase[];
  weekdays: ReadonlyMap<string, readonly number[]>;
  months: ReadonlyMap<string, number>;
  days: ReadonlyMap<string, number>;
  /** Verbs that open a yes-or-no question ('kan', 'finns'). */
  yesNo: ReadonlySet<string>;
  /** Words that open a question for something ('hur', 'vad'): a sentence they open tells no need. */
  opens: ReadonlySet<string>;
  /** Words that turn a sentence ('inte', 'utan'). */
  not: ReadonlySet<string>;
  /** Words with which the visitor tells where they live ('bor'). */
  lives: ReadonlySet<string>;
  /** Words that only greet ('hej', 'god morgon'). */
  greetings: ReadonlySet<string>;
  /** Words that say the opposite of what they are read as ('inställt', 'gratis'): with `not`, a question's polarity. */
  turns: ReadonlySet<string>;
  /** Words that open a condition ('om', 'ifall'). */
  conditions: ReadonlySet<string>;
  /** Words that, after a question word, ask a measure ('hur länge', 'hur gammal'): a number answers them. */
  measures: ReadonlySet<string>;
  /** Words for a session ('pass', 'kurs', 'lektion'): what the team holds, asked of a place ('vem äger passen i hallen'). */
  sessionWords: ReadonlySet<string>;
  /** Words that ask who owns or runs something ('äger', 'ansvarar'): of a place, not the team's to answer. */
  owns: ReadonlySet<string>;
  /** Words for a time of day ('kvällen', 'förmiddag') and the hours they say, from and to (17, 24). */
  timesOfDay: ReadonlyMap<string, readonly [number, number]>;
  /** Words that ask sessions from or until a date said after them ('efter', 'före'). */
  sides: ReadonlyMap<string, "from" | "until">;
  /** Words for a dog ('hund', 'hundar'), folded. */
  dogs: ReadonlySet<string>;
  /** Words of wondering ('undrar'): what is told before one in its sentence is a sentence of its own. */
  wonders: ReadonlySet<string>;
  /** A word before the name of a place ('i', 'på', 'från'): a name after it is where, not someone's ('i Hudiksvall'). */
  beforePlace: ReadonlySet<string>;
  /** Words that compare ('dyrare', 'mer'): a comparison asked is answered only by what accounts for all of it. */
  compares: ReadonlySet<string>;
  /** Words that ask to sign up ('anmäler'): asked of the queue or the newsletter the question asks of. */
  joins: ReadonlySet<string>;
  /** The visitor's own ('mitt', 'vårt'), as written: 'vår' is not 'var'. */
  owning: ReadonlySet<string>;
  /** What belongs to the one spoken to ('din'): spoken to by name, it names them. */
  yours: ReadonlySet<string>;
  /** Pronouns that are a clause's subject ('ni', 'jag'): after a verb first, they make it a question ('tar ni emot…'). */
  subjects: ReadonlySet<string>;
  /** Words that refer back to what an earlier sentence tells ('den' of 'Jag bokade en valpkurs. Var kan jag se den?'). */
  refers: ReadonlySet<string>;
  /** Units a number measures in ('minuter', 'timmar', 'meter'); with the units of age, what a text gives a measure in. */
  units: ReadonlySet<string>;
  /** Units of a dog's age, by the weeks in one ('veckor' 1, 'månader' 4.35, 'år' 52). */
  ageUnits: ReadonlyMap<string, number>;
  /** Numbers written as words ('två' 2). */
  numbers: ReadonlyMap<string, number>;
  /** Words that repeat what another word of the sentence asks, by that topic ('nånstans' after 'var'): nothing of their own. */
  again: ReadonlyMap<string, readonly Topic[]>;
  /**
   * Question words that ask which thing (grammar 'question which'): what the word after them asks ('vilka städer' asks
   * where), and after a situation told, with a word of booking, which type to book ('Vad ska vi boka?').
   */
  which: ReadonlySet<string>;
  /** Every word the table knows (folded), for mending a typo. */
  known: ReadonlySet<string>;
  /** The words that say what is asked as written (with å, ä and ö), by their folded form: 'vår' is not 'var'. */
  written: ReadonlyMap<string, ReadonlySet<string>>;
};

/**
 * Whether a word typed with å, ä or ö says what is asked only by folding ('vår' typed is not 'var'); one typed
 * without them may mean either.
 */
export function foldedOnly(typed: string, vocabulary: Vocabulary): boolean {
  return typedWithÅÄÖ(typed) && !(vocabulary.written.get(fold(typed))?.has(typed) ?? true);
}

/** A grammar row's value for a unit of age: 'age ' and the weeks in one. */
const AGE_UNIT = "age ";
/** A grammar row's value for a time of day: the hours it says, from and to ('time 17 23'). */
const TIME_OF_DAY = "time ";
/** A grammar row's value for a number written as a word: 'number ' and the number. */
const NUMBER = "number ";
/** A grammar row's value for a word that repeats what another word of its sentence asks: 'again ' and the topic. */
const AGAIN = "again ";

/** The ages, in weeks, a number and a unit say ('8–20 veckor', '10 veckor', '3 år'): a range, or one age as both ends; with the stem of the word before it, what is that old ('valpar 8–20 veckor': 'valp'). */
/** A number, in digits or written as a word ('två'). */
export const isNumber = (w: string | undefined, vocabulary: Vocabulary) => w !== undefined && (/^\p{N}+$/u.test(w) || vocabulary.numbers.has(w));

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

/** Whether letters after a word may be an inflection's ending ('en' of 'länken', 'ska' of 'ekonomiska'), not another word ('sim' of 'hundsim'). */
export const isEnding = (rest: string) => /^(?:[aeiouyn]|sk)/.test(rest) || (rest.length === 1 && "rst".includes(rest));

/** Whether a word (lower-cased) was typed with å, ä or ö, rather than folded as a keyboard without them types it. */
export const typedWithÅÄÖ = (typed: string) => /[åäö]/u.test(typed);

/** å and ä as a, ö as o: how a keyboard without them types them. */
export function fold(word: string): string {
  return word.replace(/[åä]/g, "a").replace(/ö/g, "o");
}

/** Lower case with Swedish rules, NFC so that a decomposed "å" is one letter. */
export function lower(text: string): string {
  return text.normalize("NFC").toLocaleLowerCase("sv-SE");
}

/** The words of a text, lower-cased (a hyphen inside a word is kept: 'e-post', 'ta-med'; a web address is one word: 'hitta.se'). */
export function wordsOf(text: string): string[] {
  return lower(text).match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*(?:\.(?:se|com|org|net)\b)?/gu) ?? [];
}

const stems = new Map<string, string>();

/**
 * A word's stem, folded: the Snowball stem repeated to its fixpoint
 * ('kurserna' → 'kurser' → 'kurs') without a definite -et ('passet'),
 * then å, ä and ö folded, so 'träningen' and 'traningen' meet.
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

function add<V>(map: Map<string, V[]>, word: string, value: V) {
  for (const key of keysOf(word)) {
    const list = map.get(key) ?? [];
    if (!list.includes(value)) list.push(value);
    map.set(key, list);
  }
}

/** A phrase's gap: filler ('~'), any word ('*'), filler that must stand there ('+'). */
const GAPS = ["~", "*", "+"];

type Valued = {
  sides: Map<string, "from" | "until">;
  timesOfDay: Map<string, readonly [number, number]>;
  ageUnits: Map<string, number>;
  numbers: Map<string, number>;
  again: Map<string, Topic[]>;
};

/** A grammar row with a value of its own ('again <topic>', 'from', 'until', 'time <from> <to>', 'age <weeks>', 'number <n>'), read into its map: whether it was one. */
function readValued(word: string, value: string, into: Valued): boolean {
  if (value.startsWith(AGAIN)) {
    const topic = value.slice(AGAIN.length);
    if ((TOPICS as readonly string[]).includes(topic)) into.again.set(word, [...(into.again.get(word) ?? []), topic as Topic]);
  } else if (value === "from" || value === "until") into.sides.set(word, value);
  else if (value.startsWith(TIME_OF_DAY)) {
    const [from, to] = value.slice(TIME_OF_DAY.length).split(/\s+/).map(Number);
    into.timesOfDay.set(word, [from!, to!]);
  } else if (value.startsWith(AGE_UNIT)) into.ageUnits.set(word, Number(value.slice(AGE_UNIT.length)));
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
  const yesNo = new Set<string>();
  const opens = new Set<string>();
  const not = new Set<string>();
  const lives = new Set<string>();
  const greetings = new Set<string>();
  const turns = new Set<string>();
  const conditions = new Set<string>();
  const measures = new Set<string>();
  const units = new Set<string>();
  const refers = new Set<string>();
  const sessionWords = new Set<string>();
  const owns = new Set<string>();
  const subjects = new Set<string>();
  const wonders = new Set<string>();
  const beforePlace = new Set<string>();
  const compares = new Set<string>();
  const joins = new Set<string>();
  const owning = new Set<string>();
  const yours = new Set<string>();
  const dogs = new Set<string>();
  const valued: Valued = { sides: new Map(), timesOfDay: new Map(), ageUnits: new Map(), numbers: new Map(), again: new Map() };
  const which = new Set<string>();
  // A grammar row's roles, space apart ('yes-no turns', 'question which': a question word that asks which thing).
  const roles: Record<string, Set<string>> = { not, lives, question: opens, which, greeting: greetings, turns, if: conditions, measure: measures, unit: units, refers, session: sessionWords, owns, subject: subjects, wonders, dog: dogs, "before-place": beforePlace, compares, joins, yours };
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
    else if (row.kind === "grammar") for (const role of row.value.split(/\s+/)) (roles[role] ?? yesNo).add(fold(word));
  }
  phrases.sort((a, b) => b.words.length - a.words.length);
  return { filler, topics, same, phrases, weekdays, months, days, yesNo, opens, not, lives, greetings, turns, conditions, measures, units, refers, sessionWords, owns, subjects, wonders, dogs, beforePlace, compares, joins, owning, yours, ...valued, which, known, written };
}
