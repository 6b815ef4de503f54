// Step 2 of Flurre's pipeline: what is asked (the topics of the asking
// sentence) and what it names (session types, places, towns, people, days,
// months and dates), read from the vocabulary and the content's own names.

import { PLACE_KIND_LABEL, type PlaceKind } from "../places";
import type { Knowledge, KnownPassage, Named } from "./knowledge";
import { normalise, type Token } from "./normalise";
import { agesIn, fold, foldedOnly, isEnding, isNumber, MIN_STEM_KEY, stemOf, typedWithÅÄÖ, wordsOf, type Topic, type Vocabulary } from "./vocabulary";

/** A date the question says: its day and month (0: the next such day), and whether sessions from or until it are asked. */
export type DateSaid = { day: number; month: number; side?: "from" | "until" };

export type Understanding = {
  tokens: Token[];
  /** The sentence that asks: the last with a question mark or a topic, else the last. */
  asked: number;
  /** The asking sentence's words that are not filler: what an answer must account for. */
  content: Token[];
  topics: ReadonlySet<Topic>;
  topicsOf: ReadonlyMap<Token, readonly Topic[]>;
  /** Each thing named anywhere in the question (a town told of in passing narrows the dates asked). */
  named: readonly Named[];
  namesOf: ReadonlyMap<Token, readonly Named[]>;
  weekdays: readonly number[];
  months: readonly number[];
  /** Days ahead of today ('imorgon': 1). */
  days: readonly number[];
  dates: readonly DateSaid[];
  /** Weeks asked, by how many from this one, each as typed ('nästa vecka': 1). */
  weeks: readonly { ahead: number; said: string }[];
  /** Times of day said ('på kvällen': from 17 to 24), each as typed. */
  times: readonly { from: number; to: number; said: string }[];
  /** What the visitor tells in every sentence: not filler, numbers, topics, days, turning words, common or short words. */
  told: Token[];
  /** Every word the site, its names and the vocabulary use, and their stems (folded). */
  known: ReadonlySet<string>;
  /** Words neither the site, its names nor the vocabulary use (after mending): what the site does not speak of. */
  unknownWords: ReadonlySet<Token>;
  // Words of a kind the vocabulary says (a dog, a day or time, an age's unit, a measure asked, joining, a session, turning), and counts.
  dogWords: ReadonlySet<Token>;
  dayWords: ReadonlySet<Token>;
  ageWords: ReadonlySet<Token>;
  measureWords: ReadonlySet<Token>;
  /** Whether a measure word asks how long in time ('hur länge'): a number in a unit of time gives it, and only that. */
  asksDuration: boolean;
  joinWords: ReadonlySet<Token>;
  /** Of two words asked as alternatives ('belöning eller straff'), each the other: an answer that says one tells which. */
  alternativeOf: ReadonlyMap<Token, Token>;
  sessionWords: ReadonlySet<Token>;
  notWords: ReadonlySet<Token>;
  countOf: ReadonlyMap<Token, Token>;
  /** A word of time after a word asking which ('vilken dag'): which one is asked, not only when. */
  whichTime: ReadonlySet<Token>;
  /** The vocabulary it was read with (what ages, asks which or owns, say). */
  vocabulary: Vocabulary;
  /** The dog's age in weeks, when the visitor tells it ('vår hund på 9 månader'). */
  dogAge?: number;
  /** The asking sentence compares ('dyrare på kvällstid?'): an answer accounts for all of it. */
  compares: boolean;
  /** Asks something: a question mark, a verb first, a topic or a thing named; not a statement ('jag förstår inte'). */
  asks: boolean;
  /** A need told without a question ('hunden vaktar matskålen'). */
  toldNeed: boolean;
  // How the asking sentence asks: yes or no (a verb first), how many words turn it ('inte', 'gratis'), turned, on a condition ('om').
  yesNo: boolean;
  turns: number;
  negated: boolean;
  condition: boolean;
  /** Only greets ('Hej!', 'God morgon Flurre'). */
  greeting: boolean;
  /** Only thanks ('Tack för hjälpen!', 'Tusen tack Flurre'). */
  thanks: boolean;
  /** The upcoming session whose page the question was asked from ('/session/12'). */
  page?: KnownPassage;
  /** Asks nothing and names nothing of its own after sentences that tell ('…har fått diarré. Vad gör vi?'): what to do. */
  whatNow: boolean;
  /** Says nothing of its own but what it asks, after sentences that tell ('Det är storm på fredag. Blir passet av?'). */
  bare: boolean;
  /** Asked yes or no of a type or place alone after the visitor tells what the site never speaks of. */
  afterUnsaid: boolean;
  /** Words that say what a place named is, indoors or outdoors ('utomhus'), by the place. */
  kindOfPlace: ReadonlyMap<Token, string>;
  /** For each place named and each type named whose sessions are all at one kind of place: that kind's word ('utomhus'). */
  placeKindOf: ReadonlyMap<string, string>;
  /** Asks who owns or runs something, naming no type or session ('vem äger hallen'). */
  asksOwner: boolean;
};

/** Shortest stem of a word that tells of the visitor's situation: a shorter one is many words' ('nära' and 'när'). */
const MIN_TOLD_STEM = 4;

/** A day's word by its stem only when the stem is long enough to be no other word's: 'månaden' is not 'mån', 'Nova' not 'nov'. */
const dayStem = (t: Token) => (t.stem.length >= MIN_STEM_KEY ? t.stem : "");

/** Whether the word says a weekday, a month or a day ahead ('tisdag', 'december', 'imorgon'). */
const namesDay = (t: Token, vocabulary: Vocabulary) =>
  [vocabulary.weekdays, vocabulary.months, vocabulary.days, vocabulary.weeks].some((m) => m.has(t.word) || m.has(dayStem(t)));

/** A filler word typed as it is (no day: 'hur tar man sig dit' is not 'mån', which is typed with its å). */
const fillerAsTyped = (t: Token) => t.filler && !typedWithÅÄÖ(t.typed);

/** Shortest word that names a type or place by the start or end of its name (the start of a two-part name, the last part of a place's). */
const MIN_PART = 4;

function namesWord(token: Token, named: Named, index: number, knowledge: Knowledge): boolean {
  const word = named.words[index]!;
  // A person or town by the name as written, or its genitive (an s added): a stem may be another name's.
  if (named.kind === "person" || named.kind === "town") return token.word === word || token.word === `${word}s`;
  const stem = stemOf(word);
  if (token.word === word || token.stem === stem || token.also.includes(stem)) return true;
  // A type or place by its name inflected or as a compound's head (the name with -en, or with another word after it).
  if (word.length >= MIN_PART && token.word.startsWith(word)) return true;
  if (token.word.length < MIN_PART || knowledge.vocabulary.known.has(token.word)) return false;
  const known = (w: string) => knowledge.siteWords.set.has(w) || knowledge.siteWords.set.has(stemOf(w));
  // By the start of its name, an ending or so left (the first part of a two-part name, inflected), not a word of the vocabulary (a weekday word is no type's start).
  const starts = [0, 1, 2, 3].map((cut) => token.word.slice(0, token.word.length - cut));
  if (starts.some((start) => start.length >= 5 && !knowledge.vocabulary.known.has(start) && word.startsWith(start))) return true;
  // Without an inflection's ending ('lydnaden' of 'hundlydnad', 'katter' of 'kattkurs').
  const unended = (ks: number[]) => ks.filter((k) => isEnding(token.word.slice(-k))).map((k) => token.word.slice(0, -k));
  // By the last part of its name, a word of six letters or more that is not common in the site's texts.
  const last = [token.word, token.stem, ...unended([1, 2, 3])].some((b) => b.length >= 6 && word.endsWith(b));
  if (last && !knowledge.common.has(token.word) && !knowledge.common.has(token.stem)) return true;
  // A compound whose first part is the name's last (a name's last part with 'kurs' after it), its rest a word the site knows.
  for (let at = 5; at <= token.word.length - 3; at++) {
    const head = token.word.slice(0, at).replace(/s$/u, "");
    const rest = token.word.slice(at);
    const common = knowledge.common.has(head) || knowledge.common.has(stemOf(head));
    // Not when the rest is a name of its own: a compound is what its last part is.
    const restNames = knowledge.named.some((n) => n !== named && n.words.includes(rest));
    if (head.length >= 5 && !common && !restNames && word.endsWith(head) && known(rest)) return true;
  }
  if (named.kind === "type") {
    // A compound sharing its first part, or that part inflected, with the name, each rest a word the site knows ('agilityträning').
    for (let at = MIN_PART; at <= token.word.length - 3; at++) {
      const head = token.word.slice(0, at);
      if (word.length - at >= 3 && word.startsWith(head) && !knowledge.common.has(head) && known(token.word.slice(at)) && known(word.slice(at))) return true;
    }
    const inflected = unended([1, 2]).filter((b) => b.length >= MIN_PART && word.length - b.length >= 3 && word.startsWith(b));
    if (inflected.some((b) => !knowledge.common.has(b) && known(word.slice(b.length)))) return true;
    // A compound whose last part is the name, its first a word the site knows ('träningsplan' is what its last part is).
    const firstPart = token.word.slice(0, -word.length).replace(/s$/u, "");
    if (word.length >= 4 && token.word.length > word.length + 3 && token.word.endsWith(word) && known(firstPart)) return true;
  }
  // A place by the end of its name (its last part alone, inflected).
  return named.kind === "place" && [token.word, token.word.replace(/s$/u, "")].some((t) => t.length >= MIN_PART && word.endsWith(t));
}

function datesIn(question: string, tokens: readonly Token[], knowledge: Knowledge): DateSaid[] {
  const { months, ageUnits, units, sides } = knowledge.vocabulary;
  // A day of the month as digits ('15', '15e'), else NaN.
  const dayOf = (t: Token | undefined) => Number(/^(\d{1,2})(?:e|a)?$/.exec(t?.word ?? "")?.[1]);
  // Each date with the index of its day's token; a typed '5/12' is the day's token with the month's after it.
  const dates: (DateSaid & { at: number })[] = [];
  let from = 0;
  for (const m of question.matchAll(/(?<!\d)(\d{1,2})\/(\d{1,2})(?!\d)/g)) {
    const [day, month] = [Number(m[1]), Number(m[2])];
    const at = tokens.findIndex((t, i) => i >= from && dayOf(t) === day && Number(tokens[i + 1]?.word) === month);
    dates.push({ day, month, at });
    if (at >= 0) from = at + 2;
  }
  tokens.forEach((t, i) => {
    const month = months.get(t.word) ?? months.get(t.stem);
    const day = dayOf(tokens[i - 1]);
    if (month && day >= 1 && day <= 31) dates.push({ day, month, at: i - 1 });
    // A day of the month alone after 'den' ('den 15:e', 'den 2'): the next such day (month 0; resolve.ts reads which).
    const after = tokens[i + 1]?.sentence === t.sentence ? tokens[i + 1] : undefined;
    const next = after && /^(e|a)$/.test(after.word) ? tokens[i + 2] : after;
    const unit = next?.sentence === t.sentence && (months.has(next.stem) || [months, ageUnits, units].some((m) => m.has(next.word)));
    const alone = dayOf(t);
    if (tokens[i - 1]?.word === "den" && alone >= 1 && alone <= 31 && !unit) dates.push({ day: alone, month: 0, at: i });
  });
  // From or until a date ('efter den 10 december', 'före 5/12'): a word of the vocabulary's just before its day.
  return dates.map(({ at, ...d }) => {
    const before = tokens.slice(Math.max(0, at - 2), Math.max(at, 0)).map((t) => t.word);
    const side = (["from", "until"] as const).find((s) => before.some((w) => sides.get(w) === s));
    return side ? { ...d, side } : d;
  });
}

/** Of several towns named, only the one the visitor lives in ('vi bor i A och vill inte åka till B'). */
function keepHomeTown(namesOf: Map<Token, readonly Named[]>, tokens: readonly Token[], knowledge: Knowledge) {
  const towns = [...namesOf].filter(([, names]) => names.some((n) => n.kind === "town"));
  if (towns.length < 2) return;
  const livesBefore = (t: Token) => tokens.slice(Math.max(0, tokens.indexOf(t) - 2), tokens.indexOf(t)).some((w) => knowledge.vocabulary.lives.has(w.word));
  const home = towns.find(([t]) => livesBefore(t));
  const homeTowns = new Set(home?.[1].filter((n) => n.kind === "town").map((n) => n.key));
  // The other towns told of are not where the dates are asked; the home town named again is.
  if (home) for (const [t, names] of towns) if (t !== home[0] && !names.some((n) => homeTowns.has(n.key))) namesOf.delete(t);
}

/** Of places, or towns, named in the asking sentence and in others, those asked of ('Finns det agility i Umeå? Luleå blir långt'). */
function keepAskedPlaces(namesOf: Map<Token, readonly Named[]>, asked: number) {
  for (const kind of ["place", "town"] as const) {
    const naming = [...namesOf].filter(([, names]) => names.some((n) => n.kind === kind));
    if (!naming.some(([t]) => t.sentence === asked)) continue;
    for (const [t, names] of naming) {
      if (t.sentence === asked) continue;
      const rest = names.filter((n) => n.kind !== kind);
      if (rest.length > 0) namesOf.set(t, rest);
      else namesOf.delete(t);
    }
  }
}

/** What is done the same way whatever the visitor's situation, and who the team are: not bare after a situation told. */
const HOW_TO: ReadonlySet<Topic> = new Set(["signin", "cancel", "contact", "newsletter", "leave", "book", "queue", "who"]);

/** What is asked of a session told full that its queue is the way to: booking it, hearing of a seat, when one frees up. */
const QUEUE_IS_THE_WAY: ReadonlySet<Topic> = new Set(["book", "newsletter", "contact", "when", "seats"]);

/** A stem this short is too many words' to tell a word common by it ('för' of 'före'). */
const MIN_COMMON_STEM = 3;

/** The fewest words, not filler, that tell a need without a question ('hunden vaktar matskålen'; not 'bad'), and that a passage answering it must account for. */
export const MIN_NEED_WORDS = 2;

/** What each word asks (its topics) and names (types, places, towns, people). */
function readWords(tokens: readonly Token[], knowledge: Knowledge) {
  const { vocabulary } = knowledge;
  const topicsOf = new Map<Token, Topic[]>();
  const namesOf = new Map<Token, Named[]>();
  // A question word asks with only filler before it in its clause ('hur hittar jag…'), or last in its sentence or before a
  // verb ('hembesök när', 'agility i parken när går den'); not as a clause's joint ('…skäller när det ringer').
  const asksThere = (token: Token, next?: Token) => token.leads || next?.sentence !== token.sentence || vocabulary.yesNo.has(next.word);
  for (const [i, token] of tokens.entries()) {
    const next = tokens[i + 1];
    // By the word, or by a stem long enough not to be another word's ('komm' is both 'kommer' and 'kommande').
    const keys = [token.word, ...token.also, ...(token.stem.length >= MIN_STEM_KEY ? [token.stem] : [])];
    // A word the vocabulary has as it is asks what that row says, not what its stem's words ask ('startar' asks when; 'startade' not).
    const own = vocabulary.topics.get(token.word);
    // What the site never speaks of only by the word itself, not by a stem it shares ('starten' is not 'startade').
    const byKey = (k: string) => (vocabulary.topics.get(k) ?? []).filter((topic) => topic !== "unsaid" || k !== token.stem || k === token.word);
    const topics =
      (token.filler && !asksThere(token, next)) || foldedOnly(token.typed, vocabulary) ? [] : [...new Set(own ?? keys.flatMap(byKey))];
    // A verb that asks who, opening its sentence, asks yes or no of the subject after it ('sköter ni om hundar'), not who.
    const verbFirst = tokens[i - 1]?.sentence !== token.sentence && next?.sentence === token.sentence && !vocabulary.opens.has(token.word);
    const kept = verbFirst ? topics.filter((t) => t !== "who") : topics;
    if (kept.length > 0) topicsOf.set(token, kept);
    const names = token.filler ? [] : knowledge.named.filter((n) => n.words.some((_, i) => namesWord(token, n, i, knowledge)));
    if (names.length > 0) namesOf.set(token, names);
  }
  // Spoken to by name ('Flurre, vad är din roll?'), 'din' is theirs.
  const spoken = tokens.find((t) => t.filler && knowledge.personWords.has(t.word));
  const them = spoken ? knowledge.named.filter((n) => n.kind === "person" && n.words.includes(spoken.word)) : [];
  if (them.length > 0) for (const t of tokens) if (vocabulary.yours.has(t.word)) namesOf.set(t, them);
  for (const [i, token] of tokens.entries()) {
    // A question word before a word that asks asks what that word does ('vilka städer' asks where, not who).
    const next = tokens[i + 1];
    const asked = next?.sentence === token.sentence ? topicsOf.get(next) : undefined;
    if (vocabulary.which.has(token.word) && topicsOf.has(token) && asked) topicsOf.set(token, [...asked]);
    // Asked to tell what, when or where ('kan ni tala om vad ett pass kostar'), the question word after it is what is asked.
    const about = topicsOf.get(token);
    if (!about?.includes("about") || !tokens.slice(i + 1).some((t) => t.sentence === token.sentence && vocabulary.opens.has(t.word))) continue;
    const rest = about.filter((topic) => topic !== "about");
    if (rest.length > 0) topicsOf.set(token, rest);
    else topicsOf.delete(token);
  }
  // A word that repeats what another word of its sentence asks says that again ('var ligger parken nånstans'), by the word
  // or a word it is read as ('tidigaste' as 'tidigast').
  for (const token of tokens) {
    const repeats = [token.word, ...token.also].map((w) => vocabulary.again.get(w)).find((topics) => topics !== undefined);
    // A day named asks when again with it ('nån torsdag framöver').
    const dayNamed = tokens.some((t) => t.sentence === token.sentence && (vocabulary.weekdays.has(t.word) || vocabulary.months.has(t.word)));
    const again = (repeats ?? []).filter(
      (topic) => tokens.some((t) => t !== token && t.sentence === token.sentence && topicsOf.get(t)?.includes(topic)) || (topic === "when" && dayNamed),
    );
    if (again.length > 0) topicsOf.set(token, again);
    // One that is filler asks it alone ('kan jag se kvittot nånstans' asks where).
    else if (token.filler && repeats && !tokens.some((t) => t.sentence === token.sentence && topicsOf.has(t))) topicsOf.set(token, [...repeats]);
  }
  return { topicsOf, namesOf };
}

/** The sentence that asks: the last with a question mark, else the last with a topic; one without a mark after one with asks only as a question opens ('Hur hittar jag till parken? Vi ska gå där nästa vecka.' asks the way). */
function askingSentence(tokens: readonly Token[], questionMarks: readonly boolean[], topicsOf: ReadonlyMap<Token, readonly Topic[]>, vocabulary: Vocabulary): number {
  const sentences = [...new Set(tokens.map((t) => t.sentence))];
  const lastMark = questionMarks.lastIndexOf(true);
  const inSentence = (s: number) => tokens.filter((t) => t.sentence === s);
  const opensAsQuestion = (first = "") => vocabulary.opens.has(first) || vocabulary.yesNo.has(first);
  const asks = (s: number) =>
    questionMarks[s] === true || ((lastMark < 0 || opensAsQuestion(inSentence(s)[0]?.word)) && inSentence(s).some((t) => topicsOf.has(t)));
  // Else the last that says anything: not a closing of thanks ('Tacksam för svar.').
  return [...sentences].reverse().find(asks) ?? sentences.filter((s) => tokens.some((t) => t.sentence === s && !t.filler)).at(-1) ?? sentences.at(-1) ?? 0;
}

/** The hours a word says ('kvällen', 'kvällstid': 17 to 24), by the word or a compound's first part, with the word as typed. */
function timeOfDay(t: Token, vocabulary: Vocabulary) {
  const hours = [t.word, t.stem, ...t.parts.slice(0, 1)].map((w) => vocabulary.timesOfDay.get(w)).find((h) => h !== undefined);
  return hours && { from: hours[0], to: hours[1], said: t.typed };
}

/** The days a question says (weekdays, months, days ahead, dates), the words that say them, and those that tell an age ('månader' of 'valpen är 4 månader'). */
function daysIn(question: string, read: Read, knowledge: Knowledge, counts: ReadonlyMap<Token, Token>) {
  const { tokens, asked, inAsked, vocabulary } = read;
  const keyed = (map: ReadonlyMap<string, number | readonly number[]>, keep: (index: number) => boolean = () => true) =>
    tokens.flatMap((t, i) => {
      if (!keep(i) || fillerAsTyped(t)) return [];
      const v = map.get(t.word) ?? map.get(dayStem(t));
      return v === undefined ? [] : Array.isArray(v) ? v : [v as number];
    });
  const isDigits = (t: Token | undefined) => /^\p{N}+$/u.test(t?.word ?? "");
  const weekday = (i: number) => !isDigits(tokens[i - 1]);
  const askedWeekdays = keyed(vocabulary.weekdays, (i) => tokens[i]!.sentence === asked && weekday(i));
  const saysDay = (t: Token) => (!fillerAsTyped(t) && namesDay(t, vocabulary)) || (/^\d+(?:e|a)?$/.test(t.word) && !counts.has(t));
  const measureWords = new Set(tokens.filter((t, i) => vocabulary.measures.has(t.word) && vocabulary.opens.has(tokens[i - 1]?.word ?? "") && tokens[i - 1]!.sentence === t.sentence));
  const ofSession = (t: Token) => read.namesOf.get(t)?.some((n) => n.kind === "type") === true || [t.word, t.stem].some((w) => vocabulary.sessionWords.has(w));
  // The thing whose length is asked: the first word after the measure's that is not filler.
  const lengthOfSession = (t: Token) => {
    const thing = tokens.slice(tokens.indexOf(t) + 1).find((o) => !o.filler);
    return thing !== undefined && thing.sentence === t.sentence && ofSession(thing);
  };
  return {
    // Not a weekday after a number ('6 mån' is months); those of the asking sentence win over those told of in others.
    weekdays: [...new Set(askedWeekdays.length > 0 ? askedWeekdays : keyed(vocabulary.weekdays, weekday))],
    months: [...new Set(keyed(vocabulary.months))],
    days: [...new Set(keyed(vocabulary.days))],
    dates: datesIn(question, tokens, knowledge),
    // A week of the asking sentence ('när går valpkursen nästa vecka'), not one told ('valpen blir tolv veckor nästa vecka').
    weeks: inAsked.flatMap((t) => (vocabulary.weeks.has(t.word) ? [{ ahead: vocabulary.weeks.get(t.word)!, said: t.typed }] : [])),
    // And a time of day, which a session's time shows ('agility på kvällstid').
    dayWords: new Set(tokens.filter((t) => saysDay(t) || timeOfDay(t, vocabulary) !== undefined)),
    ageWords: new Set(tokens.filter((t, i) => vocabulary.ageUnits.has(t.word) && isDigits(tokens[i - 1]))),
    // Those of the asking sentence win over others; one told with the visitor's work is when they cannot come ('Jag jobbar dagtid').
    times: (inAsked.some((t) => timeOfDay(t, vocabulary))
      ? inAsked
      : tokens.filter((t) => t.sentence === asked || !tokens.some((o) => o.sentence === t.sentence && vocabulary.busy.has(o.word)))
    ).flatMap((t) => timeOfDay(t, vocabulary) ?? []),
    measureWords,
    // A length asked of a session or a type is how long it lasts ('hur lång är valpkursen'); of another thing, not ('kön').
    asksDuration: [...measureWords].some((t) => vocabulary.durations.has(t.word) || (vocabulary.lengths.has(t.word) && lengthOfSession(t))),
  };
}

function toldIn(tokens: readonly Token[], topicsOf: ReadonlyMap<Token, readonly Topic[]>, knowledge: Knowledge): Token[] {
  const { vocabulary } = knowledge;
  return tokens.filter(
    (t) =>
      !t.filler &&
      !vocabulary.not.has(t.word) &&
      !topicsOf.has(t) &&
      !/^\p{N}/u.test(t.word) &&
      t.stem.length >= MIN_TOLD_STEM &&
      !vocabulary.weekdays.has(t.word) &&
      !vocabulary.months.has(t.word) &&
      !vocabulary.weeks.has(t.word) &&
      ![t.word, t.stem].some((w) => knowledge.common.has(w)),
  );
}

/** The asking sentence's words to account for: not filler, nor too common to tell what is asked unless naming; of a person, every word. */
function contentIn(inAsked: readonly Token[], read: Read, knowledge: Knowledge, counts: ReadonlyMap<Token, Token>): Token[] {
  const { topicsOf, namesOf } = read;
  const ofPerson = inAsked.some((t) => namesOf.get(t)?.some((n) => n.kind === "person"));
  // Digits are a date or a time ('den 5', 'kl 18'), unless they count what follows them ('2 hundar').
  return inAsked.filter(
    (t) =>
      !t.filler &&
      !knowledge.vocabulary.not.has(t.word) &&
      (!/^\p{N}+$/u.test(t.word) || counts.has(t)) &&
      (namesOf.has(t) || topicsOf.has(t) || ofPerson || ![t.word, ...(t.stem.length > MIN_COMMON_STEM ? [t.stem] : []), ...t.also].some((w) => knowledge.common.has(w))),
  );
}

/** How many of the words turn what they say: 'inte', 'utan', and words of the opposite ('inställt', 'gratis'). */
export function turnsIn(tokens: readonly Token[], vocabulary: Vocabulary): number {
  return tokens.filter((t) => vocabulary.not.has(t.word) || wordsOf(t.typed).some((w) => vocabulary.turns.has(fold(w)))).length;
}

/** How the asking sentence asks: yes or no (a verb first, as read or as typed: 'ställs' of 'ställs … in'), turned, with a condition. */
function howAsked(inAsked: readonly Token[], vocabulary: Vocabulary) {
  // After a greeting that opens the sentence, and a name greeted ('Hej, är agilitykursen fullbokad?', 'Hej Flurre, kan…').
  const greeted = inAsked.findIndex((t) => !vocabulary.greetings.has(t.word));
  const opener = greeted > 0 && inAsked[greeted]?.filler && !vocabulary.yesNo.has(inAsked[greeted]!.word) && inAsked[greeted + 1] ? inAsked[greeted + 1] : inAsked[Math.max(greeted, 0)];
  return {
    // A phrase by its first word as typed ('hur mycket', read as 'kostar', asks how much).
    yesNo: opener !== undefined && (opener.typed.includes(" ") ? [] : [opener.word]).concat(fold(wordsOf(opener.typed)[0] ?? "")).some((w) => vocabulary.yesNo.has(w)),
    turns: turnsIn(inAsked, vocabulary),
    condition: inAsked.some((t) => vocabulary.conditions.has(t.word)),
    negated: inAsked.some((t) => vocabulary.not.has(t.word)),
  };
}

/**
 * Whether the message only greets (at most four words, each a greeting or a name of the team: 'God morgon Flurre'), or
 * only thanks (no question, nothing turned: a word of thanks, besides it filler, greetings, names or what is thanked for).
 */
function greetsOrThanks(question: string, knowledge: Knowledge): { greeting: boolean; thanks: boolean } {
  const words = wordsOf(question).map(fold);
  const { greetings, thanks, thanked, filler, not } = knowledge.vocabulary;
  const named = (w: string) => knowledge.personWords.has(w);
  const besides = (w: string) => thanked.has(w) || greetings.has(w) || (filler.has(w) && !not.has(w)) || named(w);
  return {
    greeting: words.length <= 4 && words.some((w) => greetings.has(w)) && words.every((w) => greetings.has(w) || named(w)),
    thanks: !question.includes("?") && words.some((w) => thanks.has(w)) && words.every((w) => thanks.has(w) || besides(w)),
  };
}

function pageOf(page: string | null, knowledge: Knowledge): { page?: KnownPassage } {
  const id = /^\/session\/(\d+)$/.exec(page ?? "")?.[1];
  const session = id === undefined ? undefined : knowledge.byId.get(`session:${id}`);
  return session ? { page: session } : {};
}

/** What the site never speaks of, told anywhere in the question, is asked too, unless the asking sentence names what it asks of. */
function unsaidIn(r: Read): Topic[] {
  const { tokens, asked, inAsked, topicsOf, namesOf } = r;
  const namesItsOwn = inAsked.some((t) => namesOf.has(t));
  return tokens.filter((t) => t.sentence === asked || !namesItsOwn).flatMap((t) => (topicsOf.get(t) ?? []).filter((topic) => topic === "unsaid"));
}

type Read = {
  tokens: readonly Token[];
  asked: number;
  inAsked: readonly Token[];
  topicsOf: ReadonlyMap<Token, readonly Topic[]>;
  namesOf: ReadonlyMap<Token, readonly Named[]>;
  questionMarks: readonly boolean[];
  vocabulary: Vocabulary;
};

/** After sentences that tell, one that asks and names nothing of its own asks what to do, or what to book ('Vad ska vi boka?'). */
function whatToDo(r: Read) {
  const { tokens, asked, inAsked, topicsOf, namesOf, vocabulary } = r;
  const several = tokens.some((t) => t.sentence !== asked);
  const booking = (t: Token) => topicsOf.get(t)?.every((topic) => topic === "book") === true && !namesOf.has(t);
  const whatToBook =
    several && vocabulary.which.has(inAsked[0]?.word ?? "") && inAsked.some(booking) && inAsked.every((t) => booking(t) || (t.filler && !topicsOf.has(t) && !namesOf.has(t)));
  const whatNow = whatToBook || (several && !inAsked.some((t) => topicsOf.has(t) || namesOf.has(t) || (!t.filler && !vocabulary.not.has(t.word))));
  return { bookingWord: (t: Token) => whatToBook && booking(t), whatNow };
}

/** The word of a kind of place, folded ('utomhus'). */
export const kindWordOf = (kind: PlaceKind) => fold(PLACE_KIND_LABEL[kind].toLocaleLowerCase("sv-SE"));

/** The words saying what a place named is ('utomhus'); the kind of each place named, and of each type named whose sessions share one. */
function placeKinds(tokens: readonly Token[], namesOf: ReadonlyMap<Token, readonly Named[]>, knowledge: Knowledge) {
  // The word of a place's kind, folded ('utomhus'), by the place's name.
  const label = (name: string) => {
    const place = knowledge.places.find((p) => p.name === name);
    return place ? kindWordOf(place.kind) : undefined;
  };
  const kindOfPlace = new Map<Token, string>();
  const placeKindOf = new Map<string, string>();
  for (const n of [...namesOf.values()].flat()) {
    const labels = n.kind === "place" ? [label(n.key)] : n.kind === "type" ? knowledge.passages.filter((p) => p.session && p.typeName === n.key).map((p) => label(p.session!.location)) : [];
    if (new Set(labels).size === 1 && labels[0] !== undefined) placeKindOf.set(n.key, labels[0]);
    const said = n.kind === "place" ? labels[0] : undefined;
    for (const t of tokens) if (said && [t.word, ...t.also].includes(said)) kindOfPlace.set(t, n.key);
  }
  return { kindOfPlace, placeKindOf };
}

/**
 * What the sentences that tell add to an asking one that says nothing of its own but what it asks: with a word that refers
 * back, what they tell ('Jag bokade en agilitykurs. Var hittar jag den?'); after a queue told, the queue. It is then bare
 * ('Det är storm på fredag. Blir det av?'), unless it asks what is done the same way (HOW_TO), or where after a home told.
 */
function withSentencesBefore(r: Read, whatNow: boolean): { told: readonly Topic[]; bare: boolean; forFull: boolean } {
  const { tokens, asked, inAsked, topicsOf, namesOf, questionMarks, vocabulary } = r;
  const others = tokens.filter((t) => t.sentence !== asked);
  if (others.length === 0 || whatNow) return { told: [], bare: false, forFull: false };
  const askedTopics = inAsked.flatMap((t) => topicsOf.get(t) ?? []);
  const asks = (topic: Topic) => askedTopics.includes(topic);
  // Whether a session is held, a word for it says what every such question is of ('Blir passet av?').
  const sessionWord = (t: Token) => asks("held") && [t.word, t.stem].some((w) => vocabulary.sessionWords.has(w));
  const onlyAsks = inAsked.every((t) => (topicsOf.has(t) ? !namesOf.has(t) : t.filler || sessionWord(t)));
  const toldTopics = others.filter((t) => !questionMarks[t.sentence]).flatMap((t) => topicsOf.get(t) ?? []);
  // So does one that asks only why ('…länken funkar inte när jag klickar. Varför?').
  const onlyWhy = askedTopics.length > 0 && askedTopics.every((topic) => topic === "why");
  const refersBack = onlyAsks && inAsked.some((t) => topicsOf.has(t)) && (onlyWhy || inAsked.some((t) => vocabulary.refers.has(t.word)));
  const inQueue = toldTopics.includes("queue") && !inAsked.some((t) => namesOf.has(t));
  // A session told full, then a way asked to get on it or to hear of a seat ('Passet är fullt. Hur bokar jag?'): the
  // queue is that way. So is signing up, wherever ('Hembesöket är fullbokat. Kan jag skriva upp mig någonstans?').
  const joins = inAsked.some((t) => vocabulary.joins.has(t.word));
  const wayOnly = inAsked.every((t) => (topicsOf.has(t) ? !namesOf.has(t) : t.filler || sessionWord(t) || vocabulary.joins.has(t.word)));
  const ways = askedTopics.filter((topic) => !joins || topic !== "where");
  const forFull = !inQueue && wayOnly && toldTopics.includes("full") && (joins || askedTopics.length > 0) && ways.every((topic) => QUEUE_IS_THE_WAY.has(topic));
  const howTo = [...HOW_TO].some(asks) || (onlyWhy && toldTopics.some((topic) => HOW_TO.has(topic)));
  const whereLived = asks("where") && others.some((t) => vocabulary.lives.has(t.word));
  // The queue asked of in a question before ('Vad händer när en plats blir ledig på ett pass som har kö? Vem får den?').
  const queueAsked = others.some((t) => questionMarks[t.sentence] && topicsOf.get(t)?.includes("queue"));
  // Where, referring back to a place told of, is asked of the place ('Jag har bokat agilityn i parken. Var ligger den?').
  const ofPlace = asks("where") && others.some((t) => namesOf.get(t)?.some((n) => n.kind === "place"));
  // Cancelling asked after a session told called off ('Passet ställdes in. Får jag pengarna tillbaka?') asks of the calling off.
  const calledOff = asks("cancel") && others.some((t) => topicsOf.get(t)?.includes("held") && vocabulary.turns.has(t.word));
  const told: Topic[] = refersBack && !ofPlace ? [...toldTopics, ...(queueAsked ? (["queue"] as const) : [])] : inQueue || forFull ? ["queue"] : [];
  return { told: calledOff ? [...told, "held"] : told, bare: onlyAsks && !howTo && !whereLived, forFull };
}

/** What the visitor's own session is asked: when, where, whether there is a seat or a booking. */
const OWN_FACTS: ReadonlySet<Topic> = new Set(["when", "where", "seats", "book", "full"]);

/**
 * The words of the asking sentence that another topic answers, and that topic. Of a session told full, the queue is asked,
 * not the way ('hur bokar jag') nor what is full; of the visitor's own session ('när börjar mitt pass'), their bookings.
 */
function askedOfAnother(r: Read, toldFull: boolean, ofSessions: (t: Token) => boolean) {
  const { inAsked, topicsOf, namesOf, vocabulary } = r;
  // Told full in a condition of the asking sentence that asks a way to a seat ('Hur får jag en plats när det är fullbokat?').
  const at = inAsked.findIndex((t) => topicsOf.get(t)?.includes("full"));
  const condition = inAsked.slice(0, at).some((t) => vocabulary.conditions.has(t.word) || (vocabulary.opens.has(t.word) && !t.leads));
  const others = inAsked.flatMap((t, i) => (i === at ? [] : (topicsOf.get(t) ?? [])));
  const ifFull = at > 0 && condition && others.every((topic) => QUEUE_IS_THE_WAY.has(topic) || topic === "full");
  const ownSession = inAsked.some((t, i) => i > 0 && vocabulary.owning.has(inAsked[i - 1]!.typed) && ofSessions(t));
  const askedTopics = inAsked.flatMap((t) => topicsOf.get(t) ?? []);
  const own = ownSession && askedTopics.length > 0 && askedTopics.every((topic) => OWN_FACTS.has(topic));
  const of = (t: Token) => ((toldFull || ifFull) && (topicsOf.has(t) || (ifFull && namesOf.has(t)))) || (own && topicsOf.has(t));
  const topics: Topic[] = [...(ifFull ? (["queue"] as const) : []), ...(own ? (["signin"] as const) : [])];
  return { instead: (t: Token) => t.sentence === r.asked && of(t), topics };
}

/** Asking only of what it names after telling what the site never speaks of ('Min hund är döv. Passar AGILITY?') asks of that. */
function namesOnlyAfterUnsaid(r: Read, unknownWords: ReadonlySet<Token>, common: ReadonlySet<string>): boolean {
  const { tokens, asked, inAsked, topicsOf, namesOf } = r;
  // Besides what it names, only words common to most of the site's texts ('träna', 'hund').
  const isCommon = (t: Token) => !topicsOf.has(t) && [t.word, t.stem].some((w) => common.has(w));
  const fits = (t: Token) => topicsOf.get(t)?.every((topic) => topic === "advice") === true;
  const namesOnly = inAsked.some((t) => namesOf.has(t)) && inAsked.every((t) => t.filler || (namesOf.has(t) && !topicsOf.has(t)) || isCommon(t) || fits(t));
  return namesOnly && tokens.some((t) => t.sentence !== asked && unknownWords.has(t));
}

/** Whether the question asks, and how: by a question word alone, or by telling a need without a question. */
function whetherAsked(content: readonly Token[], r: Read, yesNo: boolean): { asksSomething: boolean; toldNeed: boolean } {
  const { inAsked, topicsOf, namesOf, questionMarks, vocabulary } = r;
  const [first, second] = inAsked;
  const opens = vocabulary.opens.has(first?.word ?? "");
  // A verb first and its subject after it asks, as Swedish word order does ('tar ni emot hundar på dagis'), whatever the verb.
  const inverted = first !== undefined && !opens && !namesOf.has(first) && vocabulary.subjects.has(second?.word ?? "");
  // So does a question word first, with a word besides filler, without a question mark ('hur gammal måste valpen vara').
  const plainAsks = opens && content.length > 0;
  const asksSomething = questionMarks.some(Boolean) || yesNo || inverted || plainAsks || topicsOf.size > 0 || namesOf.size > 0;
  // A need told without a question in a few words ('hunden vaktar matskålen') asks what fits it; not after a question word.
  const toldNeed = !asksSomething && !opens && inAsked.filter((t) => !t.filler).length >= MIN_NEED_WORDS;
  return { asksSomething, toldNeed };
}

/** The words of the question that the decide step reads by their kind: of a dog, of comparing, of which time, of alternatives. */
function wordsOfKind(tokens: readonly Token[], inAsked: readonly Token[], topicsOf: ReadonlyMap<Token, readonly Topic[]>, vocabulary: Vocabulary, counts: ReadonlyMap<Token, Token>) {
  // The words on each side of an 'or' ('belöning eller straff'), each the other's alternative.
  const alternativeOf = new Map<Token, Token>();
  inAsked.forEach((t, i) => {
    const [before, after] = [inAsked[i - 1], inAsked[i + 1]];
    if (!vocabulary.ors.has(t.word) || !before || !after || before.filler || after.filler) return;
    alternativeOf.set(before, after).set(after, before);
  });
  return {
    compares: inAsked.some((t) => vocabulary.compares.has(t.word)),
    whichTime: new Set(inAsked.filter((t, i) => i > 0 && vocabulary.which.has(inAsked[i - 1]!.word) && topicsOf.get(t)?.includes("when"))),
    dogWords: new Set(tokens.filter((t) => [t.word, t.stem, ...t.also].some((w) => vocabulary.dogs.has(w)))),
    countOf: counts,
    joinWords: new Set(tokens.filter((t) => vocabulary.joins.has(t.word))),
    alternativeOf,
  };
}

/** Each number with the word right after it in its sentence that it counts: not filler, a unit ('grader', an age's), a day or month, nor another number. */
function countsIn(tokens: readonly Token[], vocabulary: Vocabulary): Map<Token, Token> {
  const counts = new Map<Token, Token>();
  tokens.forEach((t, i) => {
    const next = tokens[i + 1];
    const counted = next !== undefined && next.sentence === t.sentence && !next.filler && !isNumber(next.word, vocabulary) && !namesDay(next, vocabulary);
    if (isNumber(t.word, vocabulary) && counted && !vocabulary.ageUnits.has(next.word) && !vocabulary.units.has(next.word)) counts.set(t, next);
  });
  return counts;
}

/** What is asked of a session booked, whatever the booking: who holds it, a dog ill or in heat, what to bring. */
const OF_THE_BOOKED: ReadonlySet<Topic> = new Set(["who", "sick", "bring"]);

/**
 * A booking told done ('vårt bokade pass') or made in a condition ('när vi bokar hembesök'), with only what is asked of a
 * session booked besides ('Vem kommer hem till oss när vi bokar hembesök?'), tells the situation: its topics are taken away.
 */
function doneTold(tokens: readonly Token[], topicsOf: Map<Token, readonly Topic[]>, vocabulary: Vocabulary): Set<Token> {
  const opensClause = (w: string) => vocabulary.conditions.has(w) || vocabulary.opens.has(w);
  const inCondition = (i: number) =>
    topicsOf.get(tokens[i]!)?.includes("book") === true && vocabulary.subjects.has(tokens[i - 1]?.word ?? "") && opensClause(tokens[i - 2]?.word ?? "");
  const done = tokens.filter((t, i) => vocabulary.done.has(t.word) || inCondition(i));
  const others = tokens.filter((t) => !done.includes(t)).flatMap((t) => topicsOf.get(t) ?? []);
  const told = new Set(others.length > 0 && others.every((topic) => OF_THE_BOOKED.has(topic)) ? done : []);
  for (const t of told) topicsOf.delete(t);
  return told;
}

/** The topics asked, advice too when a need is told; which session (a phrase read as one: 'vilket pass'), asked of its price ('… är billigast'), asks the price, not which fits. */
function topicsIn(asked: readonly Topic[], needTold: boolean, r: Read): Set<Topic> {
  const topics = new Set<Topic>([...(needTold ? (["advice"] as const) : []), ...asked]);
  if (topics.has("price") && r.inAsked.some((t) => t.typed.includes(" ") && r.topicsOf.get(t)?.includes("advice"))) topics.delete("advice");
  return topics;
}

export function understand(question: string, knowledge: Knowledge, page: string | null = null): Understanding {
  const { vocabulary } = knowledge;
  const { tokens, questionMarks } = normalise(question, vocabulary, knowledge.siteWords, knowledge.personWords);
  const { topicsOf, namesOf } = readWords(tokens, knowledge);
  const asked = askingSentence(tokens, questionMarks, topicsOf, vocabulary);
  const read: Read = { tokens, asked, inAsked: tokens.filter((t) => t.sentence === asked), topicsOf, namesOf, questionMarks, vocabulary };
  const { inAsked } = read;
  const done = doneTold(inAsked, topicsOf, vocabulary);
  keepHomeTown(namesOf, tokens, knowledge);
  keepAskedPlaces(namesOf, asked);
  const sessionWords = new Set(tokens.filter((t) => [t.word, t.stem].some((w) => vocabulary.sessionWords.has(w))));
  const ofSessions = (t: Token) => namesOf.get(t)?.some((n) => n.kind === "type") === true || sessionWords.has(t);
  const how = howAsked(inAsked, vocabulary);
  const counts = countsIn(tokens, vocabulary);
  const content = contentIn(inAsked.filter((t) => !done.has(t)), read, knowledge, counts);
  const { asksSomething, toldNeed } = whetherAsked(content, read, how.yesNo);
  const { bookingWord, whatNow } = whatToDo(read);
  const before = withSentencesBefore(read, whatNow);
  const unknownWord = (t: Token) => ![t.word, t.stem].some((w) => knowledge.siteWords.set.has(w)) && t.also.length === 0 && !namesOf.has(t);
  const unknownWords = new Set(tokens.filter(unknownWord));
  const toldAges = agesIn(question, vocabulary).filter((a) => a.min === a.max);
  const afterUnsaid = how.yesNo && namesOnlyAfterUnsaid(read, unknownWords, knowledge.common);
  const other = askedOfAnother(read, before.forFull, ofSessions);
  // Which thing to book is asked, not the booking ('Vad ska vi boka?'), nor what another topic answers.
  const answeredElse = (t: Token) => bookingWord(t) || other.instead(t);
  // The asking sentence's words, else ('Och den andra?') the question's but a question word in a sentence that tells: a joint there.
  const topicless = tokens.filter((t) => questionMarks[t.sentence] === true || !vocabulary.opens.has(t.word));
  const asking = (inAsked.some((t) => topicsOf.has(t)) ? inAsked : topicless).filter((t) => !answeredElse(t));
  const topicsAsked = [...asking.flatMap((t) => topicsOf.get(t) ?? []), ...before.told, ...other.topics, ...unsaidIn(read)];
  // A need told, without a question or asking only what to do ('Hunden drar i kopplet. Har ni nåt som kan hjälpa?'), asks what fits it.
  const topics = topicsIn(topicsAsked, toldNeed || (whatNow && topicsAsked.length === 0), read);
  return {
    tokens,
    asked,
    content: content.filter((t) => !answeredElse(t)),
    topics,
    topicsOf,
    named: [...new Set([...namesOf.values()].flat())],
    namesOf,
    ...daysIn(question, read, knowledge, counts),
    told: toldIn(tokens, topicsOf, knowledge),
    known: knowledge.siteWords.set,
    vocabulary,
    ...wordsOfKind(tokens, inAsked, topicsOf, vocabulary, counts),
    unknownWords,
    ...how,
    ...greetsOrThanks(question, knowledge),
    ...pageOf(page, knowledge),
    asks: asksSomething || toldNeed,
    toldNeed,
    notWords: new Set(tokens.filter((t) => vocabulary.not.has(t.word))),
    whatNow,
    bare: before.bare || afterUnsaid,
    afterUnsaid,
    asksOwner: inAsked.some((t) => vocabulary.owns.has(t.word)) && !inAsked.some(ofSessions),
    ...placeKinds(tokens, namesOf, knowledge),
    sessionWords,
    ...(toldAges.length === 1 ? { dogAge: toldAges[0]!.min } : {}),
  };
}
