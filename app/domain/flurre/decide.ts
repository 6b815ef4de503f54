// Step 4 of Flurre's pipeline: each word of the asking sentence that is not filler must be accounted for by a topic the
// answer answers, a thing it is about, or a word of its text (a compound's last part too: 'matta' in 'liggmatta'). The
// candidate that accounts for most answers, if for at least ANSWERABLE; a word none accounts for, the site does not say.

import { statesAPrice } from "./fact-check";
import type { Token } from "./normalise";
import { roleWordsOf, type KnownPassage, type Named } from "./knowledge";
import { fold, isEnding, lower, once, stemOf, typedWithÅÄÖ, wordsOf, type Topic } from "./vocabulary";
import { askedWhatItIsAbout, asksOnlyHowLong, deniedAt, KIND_WORDS, type Candidate, type CandidateKind } from "./resolve";
import { MIN_NEED_WORDS, type Understanding } from "./understand";

/** The share of the asking sentence's words an answer must account for. */
export const ANSWERABLE = 0.8;

/** What a visitor signs up to. */
const JOINED: ReadonlySet<Topic> = new Set(["queue", "newsletter"]);

/** A word the site never uses weighs this much: what the question is about, and the site does not speak of. So does a person named: who it is asked of. */
const UNKNOWN_WEIGHT = 2;

const isPerson = (t: Token, u: Understanding) => u.namesOf.get(t)?.some((n) => n.kind === "person") === true;

/** Shortest word of the text whose inflections count as it ('länk' → 'länken'), and the longest ending. */
const MIN_INFLECTED = 4;
const MAX_ENDING = 3;

/** Shortest first part of a compound taken as a word of its own though the site never uses it alone ('planerings' of 'planeringsmöte'). */
const MIN_UNKNOWN_HEAD = 7;

/** Longest verb ending in a vowel whose present adds an r: 'stå' → 'står'. */
const MAX_SHORT_VERB = 3;

/** Shortest word found as the last part of a compound in the text. */
const MIN_TAIL = 4;

/** Whether the site's own text of the candidate (not a row staff wrote, which says 'när du bokar' in passing) says every word of the question that asks the topic, as written or by its stem. */
function saysEvery(c: Candidate, topic: Topic, u: Understanding): boolean {
  const words = u.tokens.filter((t) => u.topicsOf.get(t)?.includes(topic));
  return words.length > 0 && words.every((t) => (c.text ?? c.passages).some((p) => p.kind !== "faq" && (p.termSet.has(t.word) || p.termSet.has(t.stem))));
}

export type Judged = { candidate: Candidate; coverage: number; unexplained: readonly Token[] };

export type Decision = { answer: Judged | null; ranked: readonly Judged[] };

/** Structured answers first when they account for as much. */
const PRIORITY: Record<CandidateKind, number> = { price: 0, seats: 0, page: 0, sessions: 1, places: 1, compare: 1, person: 0, advice: 2, passage: 3 };

/** Whether the question says nothing but a thing's name ('vad är agilitykursen?', 'hemmis?'): what it is, its own text says. */
function onlyAName(u: Understanding): boolean {
  const said = u.tokens.filter((t) => !t.filler);
  return u.topics.size === 0 && !u.yesNo && said.length === 1 && u.namesOf.has(said[0]!);
}

/** Of passages, a row staff wrote about a thing named first (unless only its name is said), then the thing's own. */
const priorityOf = (c: Candidate, onlyName: boolean) => {
  const p = c.passages[0];
  if (c.kind !== "passage" || p === undefined) return PRIORITY[c.kind];
  if (p.kind === "faq" && c.names.length > 0 && !onlyName) return PRIORITY.passage - 0.5;
  return c.names.some((n) => n.key === p.title || n.key === p.typeName) ? PRIORITY.passage - 0.25 : PRIORITY.passage;
};

/** The asking sentence's words as typed (folded), and a row's question's: each worked out once. */
const askedWords = once((u: Understanding) => u.tokens.filter((t) => t.sentence === u.asked).flatMap((t) => t.typed.split(" ").map(fold)));
const questionWordsOf = once((p: KnownPassage) => wordsOf(p.title).map(fold));

/** The fewest words in a row that the asking sentence must repeat of a row's question, for the row to be what is asked. */
const MIN_ECHO = 3;

/** Of a row staff wrote, the most words of its question in a row (filler too, MIN_ECHO at least) the asking sentence repeats, else 0. */
function echoOf(c: Candidate, u: Understanding): number {
  const p = c.passages[0];
  if (c.kind !== "passage" || p?.kind !== "faq") return 0;
  const asked = askedWords(u);
  const question = questionWordsOf(p);
  let longest = 0;
  for (let i = 0; i < asked.length; i++) {
    for (let j = 0; j < question.length; j++) {
      let n = 0;
      while (asked[i + n] !== undefined && asked[i + n] === question[j + n]) n++;
      longest = Math.max(longest, n);
    }
  }
  return longest >= MIN_ECHO ? longest : 0;
}

/** An age told in a smaller unit than years (weeks, months) is a dog's: people tell their own in years. */
const YEAR_IN_WEEKS = 52;

/** Shortest first part of a compound the site uses alone: 'ligg' of 'liggmatta'; not 'god' of 'godkänner'. */
const MIN_KNOWN_HEAD = 4;

/** Whether `head` is a word of its own (a linking s dropped): 'ligg' of 'liggmatta', not 'delt' of 'deltagare'. */
function isWord(head: string, known: ReadonlySet<string>): boolean {
  return head.length >= MIN_UNKNOWN_HEAD || (head.length >= MIN_KNOWN_HEAD && (known.has(head) || (head.endsWith("s") && known.has(head.slice(0, -1)))));
}

/** Whether the text has the word as typed with å, ä or ö: 'vän' is not the 'van' of 'vanligt', though both fold alike. */
function writtenAlike(p: KnownPassage, t: Token): boolean {
  const head = lower(t.typed).slice(0, Math.max(t.stem.length, 1));
  return p.written.some((w) => w.startsWith(head));
}

const backwards = (word: string) => word.split("").reverse().join("");

/** The words that start with `start` in a sorted list. */
function* startingWith(sorted: readonly string[], start: string): Generator<string> {
  let low = 0;
  for (let high = sorted.length; low < high; ) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < start) low = middle + 1;
    else high = middle;
  }
  for (let at = low; at < sorted.length && sorted[at]!.startsWith(start); at++) yield sorted[at]!;
}

/** A set of terms sorted, and spelt backwards sorted (each to its term): those that start or end with a word are found by halving. */
const orderedTerms = once((terms: ReadonlySet<string>) => {
  const written = new Map([...terms].map((term) => [backwards(term), term]));
  return { forward: [...terms].sort(), backward: [...written.keys()].sort(), written };
});

/** What a text may say for a word, worked out once a word. */
const readingsOf = once((t: Token) => ({
  // A short verb as the text says it ('stå' of 'står', 'gå' of 'går').
  own: [t.word, t.stem, ...(/[aeiouy]$/u.test(t.word) && t.word.length <= MAX_SHORT_VERB ? [`${t.word}r`] : [])],
  readings: [...t.also, ...t.also.map(stemOf)],
  typedAsWritten: typedWithÅÄÖ(t.typed) && t.mended === undefined && !t.typed.includes(" "),
  // The word, it less its last letter, and its stem, spelt backwards: the last parts of a compound it may be.
  tails: t.word.length >= MIN_TAIL ? [t.word, t.word.slice(0, -1), t.stem].filter((tail) => tail.length >= MIN_TAIL).map(backwards) : [],
}));

function inText(c: Candidate, t: Token, known: ReadonlySet<string>): boolean {
  const { own, readings, typedAsWritten, tails } = readingsOf(t);
  for (const p of c.text ?? c.passages) {
    if (readings.some((k) => p.termSet.has(k))) return true;
    if (own.some((k) => p.termSet.has(k)) && (!typedAsWritten || writtenAlike(p, t))) return true;
    const { forward, backward, written } = orderedTerms(p.termSet);
    // A reading of the vocabulary as the first part of a compound ('e-post' of 'e-postadress').
    for (const head of t.also) {
      if (head.length >= MIN_TAIL) for (const term of startingWith(forward, head)) if (term.length > head.length && isWord(term.slice(head.length), known)) return true;
    }
    if (t.word.length < MIN_TAIL) continue;
    // The last part of a compound ('matta' in 'liggmatta', 'mötet' in 'planeringsmöte'), or the word inflected ('länken' of 'länk').
    for (const tail of tails) {
      for (const term of startingWith(backward, tail)) if (term.length > tail.length && isWord(written.get(term)!.slice(0, -tail.length), known)) return true;
    }
    for (let ending = 1; ending <= MAX_ENDING; ending++) {
      const term = t.word.slice(0, -ending);
      if (term.length >= MIN_INFLECTED && p.termSet.has(term) && isEnding(t.word.slice(term.length))) return true;
    }
    // Or the text's word is the question's with one letter more ('kvitton' of 'kvitto').
    if (t.word.length >= MIN_INFLECTED) for (const term of startingWith(forward, t.word)) if (term.length === t.word.length + 1) return true;
  }
  return false;
}

/** Whether a text states a price: it answers what one costs, when nothing else is asked ('vad kostar ett pass': 'GruppUps kostar från 249 kr'). */
const statesPrice = (c: Candidate) => c.kind === "passage" && c.passages.some((p) => statesAPrice(p.facts));

/** A rule that states prices answers the price asked of something else it speaks of ('vad kostar privatpass som minst'). */
const pricesWhatElseIsAsked = (c: Candidate, content: readonly Token[], u: Understanding) =>
  c.passages[0]?.kind === "rule" && statesPrice(c) && content.some((t) => !u.topicsOf.get(t)?.includes("price") && explains(c, t, u));

/** A measure asked is given by a price, or a text's number said with another word asked ('Länken gäller i 10 minuter'). */
function givesMeasure(c: Candidate, u: Understanding): boolean {
  // A session's own page gives how long it lasts by its start and end ('hur länge håller det på'), a type's sessions theirs.
  const timed = c.kind === "page" ? u.asksDuration : c.kind === "sessions" && asksOnlyHowLong(u) && c.passages.some((p) => p.kind === "type");
  if (c.kind === "price" || timed) return true;
  // Of what the asking sentence says, or else of what the visitor tells before it ('Länken fungerade inte. Hur länge gäller den?').
  const asked = u.content.filter((t) => !u.measureWords.has(t));
  const of = asked.length > 0 ? asked : u.tokens.filter((t) => t.sentence !== u.asked && !t.filler);
  // How long in time by a number in a unit of time, any other measure by one in another unit.
  const measuresOf = (p: KnownPassage) => (u.asksDuration ? p.lasting : p.measured);
  // The word itself, or its last part ('länken' of 'inloggningslänken').
  const says = (p: KnownPassage, t: Token) =>
    [t.word, t.stem, ...t.also].some((k) => measuresOf(p).has(k)) || [...measuresOf(p)].some((m) => m.length >= MIN_TAIL && t.word.endsWith(m));
  // Asked of nothing in the asking sentence, it is of what the question names ('Flurre svarar så gulligt. Hur gammal är han?').
  const ofNamed = of.length > 0 || u.named.some((n) => c.names.some((m) => m.key === n.key));
  return c.kind === "passage" && ofNamed && c.passages.some((p) => measuresOf(p).size > 0 && (of.length === 0 || of.some((t) => says(p, t))));
}

/** Whether the role a team member's text opens with is what the word says ('Flurre, kontorshund.' is a dog). */
const roleIs = (p: KnownPassage | undefined, t: Token) => roleWordsOf(p).some((w) => w.endsWith(t.stem));

/** A place or type named, by a row on its kind of place that answers what is asked and says another word of it ('Utomhuspassen …'). */
function byKindOfPlace(c: Candidate, t: Token, u: Understanding, names: readonly Named[]): boolean {
  const kinds = names.flatMap((n) => u.placeKindOf.get(n.key) ?? []);
  if (kinds.length === 0 || !c.passages.some((p) => p.kind === "faq" && [...p.termSet].some((w) => kinds.some((k) => w.startsWith(k))))) return false;
  return (
    [...u.topics].some((topic) => c.topics.includes(topic)) &&
    u.content.some((o) => o !== t && !u.namesOf.has(o) && !u.topicsOf.get(o)?.length && inText(c, o, u.known))
  );
}

export function explains(c: Candidate, t: Token, u: Understanding): boolean {
  if (u.measureWords.has(t)) return givesMeasure(c, u);
  const topics = u.topicsOf.get(t) ?? [];
  const p = c.passages[0];
  const dated = c.kind === "sessions" || c.kind === "seats" || c.kind === "page" || (c.kind === "places" && c.narrowed?.found);
  // Which day or date is asked: by sessions' dates, or a text saying that word ('vilken dag i månaden' is not 'varje månad').
  if (u.whichTime.has(t)) return dated === true || inText(c, t, u.known);
  if (topics.some((topic) => c.topics.includes(topic))) return true;
  if (c.kind === "page" && KIND_WORDS.includes(t.word) && kindOfPageAsked(c, u)) return true;
  // What the site never speaks of no text accounts for, whatever it shares with a word of it ('parkerar', a place named 'Norrparken').
  if (topics.includes("unsaid")) return false;
  // A word that names something is accounted for by an answer about that thing; a person's name only so.
  const names = u.namesOf.get(t) ?? [];
  // The team speaks of its sessions, not of who owns the places they are at ('vem äger hallen') or one of them ('vem äger Flurre').
  const ofTeam = c.kind === "person" || p?.kind === "team";
  if (ofTeam && u.asksOwner && names.length > 0 && names.every((n) => n.kind === "place" || n.kind === "town")) return false;
  if (ofTeam && u.asksOwner && names.some((n) => n.kind === "person") && !u.tokens.some((o) => u.vocabulary.owns.has(o.word) && inText(c, o, u.known))) return false;
  if (names.some((n) => c.names.some((m) => m.key === n.key))) return true;
  if (names.some((n) => n.kind === "person")) return false;
  if (byKindOfPlace(c, t, u, names)) return true;
  // Of a person, the dog is not the visitors' ('Har Maja en hund?'), unless their role is one ('Flurre, kontorshund').
  if (ofTeam && names.length === 0 && u.dogWords.has(t) && !roleIs(p, t)) return false;
  // A day or a word of when ('nästa') by what states a session's date ('platser kvar på nästa agilitykurs').
  if (dated && (u.dayWords.has(t) || topics.includes("when"))) return true;
  // What a place named is, by what is about that place ('agility utomhus i parken': its sessions there).
  const kindOf = u.kindOfPlace.get(t);
  if (kindOf !== undefined && c.names.some((m) => m.key === kindOf)) return true;
  // The preparation holds for every day ('packa inför passet på lördag'), and a rule asked what it is about ('kan jag avboka …').
  const everyDay = c.kind === "passage" && p !== undefined && (p.kind === "preparation" || (p.kind === "rule" && askedWhatItIsAbout(p, u)));
  // A rule's only when the day is a session's ('avboka passet på lördag'; not 'kommer nyhetsbrevet på måndagar').
  const ofSession = p?.kind === "preparation" || u.sessionWords.size > 0 || u.named.some((n) => n.kind === "type");
  if (everyDay && ofSession && (u.dayWords.has(t) || topics.includes("when")) && !u.ageWords.has(t)) return true;
  // And for every session ('ta med till gruppträningen').
  if (everyDay && u.sessionWords.has(t)) return true;
  // A dog's age told is accounted for by a text that says what ages a type is for ('valpen är 4 månader').
  if (u.ageWords.has(t) && p?.ages) return true;
  // A word that asks a price, by a text that states one ('Välj Privat (495 kr)…' of 'skillnaden i pris').
  if (topics.includes("price") && statesPrice(c)) return true;
  // Signing up is asked of what the question asks of ('skriva upp mig på en väntelista'), the queue or the newsletter.
  if (u.joinWords.has(t) && [...u.topics].some((topic) => JOINED.has(topic) && c.topics.includes(topic))) return true;
  // A number by a text that counts what it counts ('två hundar'; not 'två timmar'), in a condition by one on how many ('om bara två').
  const counted = u.countOf.get(t);
  if (counted !== undefined && u.condition && c.topics.includes("count")) return true;
  if (counted !== undefined) return (c.text ?? c.passages).some((p) => [counted.word, counted.stem].some((w) => p.counted.has(w)));
  if (inText(c, t, u.known)) return true;
  return t.parts.length > 0 && t.parts.every((part) => inText(c, { ...t, word: part, stem: stemOf(part), also: [] }, u.known));
}

/**
 * A kind of place asked yes or no of the page's session ('är det inomhus?', 'är passet utomhus?'; not 'har ni nåt inomhus?'): its
 * place's text, or its place's name when that is a kind ('Online'), says which it is.
 */
function kindOfPageAsked(c: Candidate, u: Understanding): boolean {
  const ofIt = u.yesNo && u.tokens.some((o) => o.sentence === u.asked && (u.vocabulary.its.has(o.word) || u.sessionWords.has(o)));
  return ofIt && c.passages.some((p) => p.kind === "place" || KIND_WORDS.includes(fold(lower(p.session?.location ?? ""))));
}

/** Whether the asking sentence names a type (asked of an advice candidate only). */
const typeAsked = (u: Understanding) => u.tokens.some((t) => t.sentence === u.asked && u.namesOf.get(t)?.some((n) => n.kind === "type"));

/** Its share of what the question asks: each word of the asking sentence, and each topic asked ('vem' asks who). */
function judge(c: Candidate, u: Understanding): Judged {
  // Advice is asked of a need in the visitor's words: those the site never uses ('vaktar') do not stop a type that carries
  // the rest; unless a type is named ('Passar AGILITY för en döv valp?') or it is the thing asked for ('Vilken veterinär …').
  // So is one right after a phrase that asks what fits it, ending in a word such as 'för' ('kurs för barn').
  const askedFor = (t: Token) => {
    const before = u.tokens[u.tokens.indexOf(t) - 1];
    const last = fold(before?.typed.split(" ").at(-1) ?? "");
    const fitsPhrase = before?.typed.includes(" ") === true && u.vocabulary.filler.has(last) && u.topicsOf.get(before)?.includes("advice") === true;
    return before?.sentence === t.sentence && (u.vocabulary.which.has(before.word) || fitsPhrase);
  };
  const content = c.kind === "advice" && !typeAsked(u) ? u.content.filter((t) => !u.unknownWords.has(t) || askedFor(t)) : u.content;
  // Of two alternatives asked ('belöning eller straff'), an answer that says one tells which; not of two compared ('billigast,
  // grupp eller privat'), nor by a session's word (any answer on sessions says it), nor one not asked of ('… eller hundens pass').
  const alternativeSaid = (t: Token) => {
    const other = u.alternativeOf.get(t);
    return other !== undefined && u.content.includes(other) && !u.compares && !u.sessionWords.has(other) && explains(c, other, u);
  };
  const unexplained = content.filter((t) => !explains(c, t, u) && !alternativeSaid(t));
  // A topic is answered by a candidate for it, or (booking) by one whose own text says every word that asks it ('bokningar');
  // a need told without a question, by advice or what accounts for MIN_NEED_WORDS of its words ('vill ha mejl när ni släpper …').
  const fulfils = u.toldNeed && content.length - unexplained.length >= MIN_NEED_WORDS;
  // A reason is given of something else asked: the link's terms, of signing in ('Länken funkar inte. Varför?').
  const ofOther = () => [...u.topics].some((topic) => topic !== "why" && c.topics.includes(topic)) || content.length > unexplained.length;
  const missed = [...u.topics].filter(
    (topic) =>
      !(c.topics.includes(topic) && (topic !== "why" || ofOther())) &&
      !(topic === "book" && saysEvery(c, topic, u)) &&
      !(topic === "advice" && fulfils) &&
      !(topic === "price" && ((u.topics.size === 1 && statesPrice(c)) || pricesWhatElseIsAsked(c, content, u))),
  ).length;
  const weight = (tokens: readonly Token[]) => tokens.reduce((sum, t) => sum + (u.unknownWords.has(t) || isPerson(t, u) ? UNKNOWN_WEIGHT : 1), 0);
  const total = weight(content) + u.topics.size;
  // A need is carried by a word of it, not the topic alone ('bad o tork'); told before a question of what to do, by a word told.
  const carried = c.kind !== "advice" || (u.whatNow ? u.told.some((t) => explains(c, t, u)) : content.length > unexplained.length);
  const coverage = total === 0 || !carried ? 0 : (total - weight(unexplained) - missed) / total;
  return { candidate: c, coverage, unexplained };
}

export function decide(candidates: readonly Candidate[], u: Understanding): Decision {
  const serves = (c: Candidate) => c.topics.filter((t) => u.topics.has(t)).length;
  // Of those that answer as much, the one whose text speaks most of the visitor's situation told in other sentences ('…ett kvitto. Vem sköter det?').
  const toldBefore = u.told.filter((t) => t.sentence !== u.asked);
  const situation = once((c: Candidate) => toldBefore.filter((t) => explains(c, t, u)).length);
  const echo = once((c: Candidate) => echoOf(c, u));
  const onlyName = onlyAName(u);
  // Then, of prices, the one of more of the things named ('billigast, hemmis eller plan': both, not one).
  const about = once((c: Candidate) => (c.kind === "price" ? u.named.filter((n) => c.names.some((m) => m.key === n.key)).length : 0));
  const ranked = candidates
    .map((c) => judge(c, u))
    .sort(
      (a, b) =>
        b.coverage - a.coverage ||
        serves(b.candidate) - serves(a.candidate) ||
        about(b.candidate) - about(a.candidate) ||
        situation(b.candidate) - situation(a.candidate) ||
        echo(b.candidate) - echo(a.candidate) ||
        priorityOf(a.candidate, onlyName) - priorityOf(b.candidate, onlyName),
    );
  const tied = ranked[0]?.candidate.kind === "advice" && ranked[1]?.candidate.kind === "advice" && ranked[1].coverage === ranked[0].coverage;
  // Two session types fit the question as well: the one whose text speaks most of the visitor's situation, or none.
  // Two alternatives that more than one answer says one of ('är det inomhus eller utomhus'): the page's session's, or none.
  const asWell = ranked[1] !== undefined && ranked[1].coverage === ranked[0]!.coverage;
  const which = twoAlternatives(u) && asWell && u.topics.size === 0 && u.named.length === 0 ? ranked.find((j) => j.candidate.kind === "page" && j.coverage === 1) : ranked[0];
  const best = u.asks ? (tied ? bySituation(ranked, u) : oneWord(ranked, u) ? aboutTheWord(ranked, u) : which) : undefined;
  // Asked bare after a situation told ('Det är storm på fredag. Blir passet av?'), an answer speaks of the situation.
  const speaksOfIt = (!u.afterUnsaid || (best !== undefined && ofDogAge(best, u))) && (!u.bare || toldBefore.length === 0 || (best !== undefined && situation(best.candidate) > 0));
  // A measure asked is given of all that is asked, or not at all ('hur långt innan måste man boka senast').
  const whole = u.measureWords.size > 0 || u.compares;
  // Which day or date is asked is what is asked: an answer gives one ('Vilken dag i månaden kommer nyhetsbrevet?').
  const givesWhich = best !== undefined && !best.unexplained.some((t) => u.whichTime.has(t));
  return { answer: best && speaksOfIt && givesWhich && best.coverage >= (whole ? 1 : ANSWERABLE) ? best : null, ranked };
}

/** After what the site never speaks of, an answer can speak only of a dog's age told ('vi har en valp som är 22 veckor nu'). */
function ofDogAge(best: Judged, u: Understanding): boolean {
  const dogIn = (sentence: number) => u.tokens.some((d) => d.sentence === sentence && u.dogWords.has(d));
  const ofDog = (t: Token) => dogIn(t.sentence) || (u.vocabulary.ageUnits.get(t.word) ?? YEAR_IN_WEEKS) < YEAR_IN_WEEKS;
  return [...u.ageWords].some((t) => t.sentence !== u.asked && ofDog(t) && explains(best.candidate, t, u));
}

/** A question of one word and nothing else ('regn?', 'två hundar?'; a time of day is when sessions are: 'kurser på kvällen') that more than one answer accounts for as well. */
const oneWord = (ranked: readonly Judged[], u: Understanding) =>
  u.topics.size === 0 && u.named.length === 0 && u.times.length === 0 && u.content.length === 1 && ranked[1] !== undefined && ranked[1].coverage === ranked[0]!.coverage && !(ranked[0]!.candidate.kind === "page" && kindOfPageAsked(ranked[0]!.candidate, u));

/** Only two words, each the other's alternative ('inomhus eller utomhus'). */
const twoAlternatives = (u: Understanding) => u.content.length === 2 && u.alternativeOf.get(u.content[0]!) === u.content[1];

/** Of those, the one whose title says the word: what it is about ('regnar' in 'Blir passen av om det regnar?', 'hall' in 'Ridhallen'); else none, it cannot tell. */
function aboutTheWord(ranked: readonly Judged[], u: Understanding): Judged | undefined {
  // A compound by its last part, what it is ('inomhushall' is a 'hall').
  const [t] = u.content as [Token];
  const last = t.parts.at(-1);
  const word = last ? { ...t, word: last, stem: stemOf(last), also: [], parts: [] } : t;
  const titled = ranked
    .filter((j) => j.coverage === ranked[0]!.coverage)
    .filter((j) => explains({ ...j.candidate, text: j.candidate.passages.slice(0, 1).map((p) => ({ ...p, termSet: p.titleSet })) }, word, u));
  return titled.length === 1 ? titled[0] : undefined;
}

/** Of the types advised as well, the one whose text accounts most for all the visitor tells, a word more types say weighing less. */
function bySituation(ranked: readonly Judged[], u: Understanding): Judged | undefined {
  const tied = ranked.filter((j) => j.candidate.kind === "advice" && j.coverage === ranked[0]!.coverage);
  // A type the visitor names is the one they tell of ('Jag vill ha en privatlektion. Vilket pass passar?').
  const named = tied.filter((j) => j.candidate.names.some((n) => n.kind === "type" && u.named.some((m) => m.key === n.key)));
  if (named.length === 1) return named[0];
  const explaining = u.told.map((t) => tied.filter((j) => explains(j.candidate, t, u)));
  // A word the visitor denies tells against the types that speak of it ('en egen instruktör, inte i grupp').
  const sign = u.told.map((t) => (deniedAt(u, u.tokens.indexOf(t)) ? -1 : 1));
  const score = (j: Judged) => explaining.reduce((sum, those, i) => sum + (those.includes(j) ? sign[i]! / those.length : 0), 0);
  const scored = tied.map((j) => ({ j, score: score(j) })).sort((a, b) => b.score - a.score);
  const best = scored[0]!.score;
  // Those the situation tells from the rest, or else those the asking sentence does (not every type).
  const told = best > 0 ? scored.filter((s) => s.score === best).map((s) => s.j) : tied;
  if (told.length === 1) return told[0];
  if (best === 0 && tied.length >= ranked.filter((j) => j.candidate.kind === "advice").length) return undefined;
  return leastBesides(told);
}

/** Of types that fit a need as well, the one whose own text says least besides it: the need is more of what it is about. */
function leastBesides(types: readonly Judged[]): Judged | undefined {
  const size = (j: Judged) => j.candidate.passages[0]!.termSet.size;
  const bySize = [...types].sort((a, b) => size(a) - size(b));
  return size(bySize[0]!) < size(bySize[1]!) ? bySize[0] : undefined;
}
