// Composes Flurre's extractive answer from the ranked passages: a short
// opening line in Flurre's voice, then the passages' own sentences (at most
// three passages), the next dates of a session type with their seats, and
// at most four links, each a passage's own. Below the coverage threshold, or
// with nothing found, the answer is the friendly fallback that points to the
// contact form.

import { CONTACT_PATH } from "../rules";
import type { FlurreLink } from "./answer";
import { BINDING_RULE_ID, PREPARATION_IDS, type Passage } from "./passages";
import { buildIndex, placesLivedIn, rankPassages, type FlurreIndex, type QueryTerm, type RankOptions, type RankedPassage, type Ranking } from "./rank";
import { openingOf, type ComposedAnswer } from "./templates";
import { FLURRE_ANSWER_TEXTS, FLURRE_FALLBACK } from "./texts";
import { analyze, foldSwedishLetters, splitBackground, INTENT_CUES, intentCues, isStopWord, normalizeText, questionWords, stem, SUFFIX_LOOKALIKES, words, type IntentCue } from "./text";

/** Which kind of passage comes first when several add to a session's own. */
const FOLLOWER_KIND_ORDER: Passage["kind"][] = ["preparation", "rule", "place", "faq", "team"];

/** The kinds of passage each intent asks for. */
const INTENT_KINDS: Record<IntentCue, Passage["kind"][]> = {
  sessions: ["session"],
  price: ["type", "rule"],
  places: ["place"],
  preparation: ["preparation"],
  rules: ["rule", "faq"],
  team: ["team"],
  advice: ["type"],
};

/** Rules that hold for a booking of any type: they answer what is asked of a type they do not name. */
const RULES_OF_EVERY_BOOKING: ReadonlySet<string> = new Set([BINDING_RULE_ID, "rule:how-to-book", "rule:waitlist"]);

/** Below this share of the question's content words known to the site, Flurre does not guess. */
export const MIN_COVERAGE = 0.4;
/** Passages after the first are used only if they score at least this share of the first. */
const FOLLOWER_SCORE_SHARE = 0.5;
/** Types listed when a question names several ('skillnad på valpkurs och vardagslydnad'). */
const MAX_PASSAGES = 3;
const MAX_LINKS = 4;
const MAX_LISTED_SESSIONS = 3;
/** Dates listed under a type's own text (a question about its price or about it): the dates question gets all three. */
const MAX_DATES_UNDER_TYPE = 2;

export { FLURRE_ANSWER_TEXTS, FLURRE_FALLBACK, FLURRE_GREETING } from "./texts";
export type { ComposedAnswer } from "./templates";

function byStart(a: Passage, b: Passage): number {
  return (a.session?.startTime ?? "").localeCompare(b.session?.startTime ?? "");
}

function dedupeLinks(links: readonly FlurreLink[]): FlurreLink[] {
  const seen = new Set<string>();
  const out: FlurreLink[] = [];
  for (const link of links) {
    if (seen.has(link.href)) continue;
    seen.add(link.href);
    out.push(link);
    if (out.length === MAX_LINKS) break;
  }
  return out;
}

/** A price as a text states it ('495 kr'). */
const PRICE_STATED = /\d\s*kr(?![\p{L}])/u;

/** The session lines of a list: "VALPKURS tisdag 24 november 18:00–19:00 på Hundhallen Gävle: 6 platser kvar." */
function sessionLines(sessions: readonly Passage[], withTitle: boolean): string[] {
  return sessions.map((s) => (withTitle ? `${s.title} ${s.session?.line ?? ""}` : (s.session?.line ?? "")));
}

/** The question's first word: a yes/no question opens with its verb. */
function firstWord(asked: string): string {
  return asked.match(/[\p{L}]+/u)?.[0] ?? "";
}

/** Words a yes/no question opens with ('Finns det platser…?', 'Är passet fullbokat?'), typed with or without å/ä/ö. */
const YES_NO_OPENERS: ReadonlySet<string> = new Set(["finns", "är", "ar", "har", "kan", "går", "gar"]);

/**
 * The yes or no to a yes/no question about one session's seats: 'Finns det
 * plats…?' is yes when it can be booked, 'Är det fullt…?' yes when it cannot.
 * Null for any other question (then neither is said).
 */
function seatsYesNo(asked: string, session: Passage): string | null {
  if (!YES_NO_OPENERS.has(firstWord(asked))) return null;
  const full = session.session?.bookable === false;
  if (/full/u.test(asked)) return full ? FLURRE_ANSWER_TEXTS.fullYes : FLURRE_ANSWER_TEXTS.fullNo;
  if (/plats|ledig/u.test(asked)) return full ? FLURRE_ANSWER_TEXTS.seatsNo : FLURRE_ANSWER_TEXTS.seatsYes;
  return null;
}

/** Words a question whether something exists opens with ('Finns det valpkurs i Sandviken?', 'Har ni …?'). */
const EXISTENCE_OPENERS: ReadonlySet<string> = new Set(["finns", "har"]);

/** A question that asks yes or no opens with one of these ('Blir passet av…?', 'Kan jag…?'). */
const YES_NO_QUESTION_OPENERS: ReadonlySet<string> = new Set([
  ...YES_NO_OPENERS, "blir", "kan", "får", "far", "måste", "maste", "ska", "behöver", "behover", "ingår", "brukar",
  "ställs", "stalls", "stängs", "gäller", "behövs", "krävs", "räcker", "passar",
]);
/** A question what one must do opens with one of these ('Måste man …?', 'Behöver jag …?'). */
const OBLIGATION_OPENERS: ReadonlySet<string> = new Set(["måste", "maste", "behöver", "behover"]);

/** Words that turn a question around: a negation, or the opposite of 'blir av' / 'öppet'. */
const TURNING_WORDS = /(?<![\p{L}])(inte|ej|aldrig|install?\p{L}*|stall\p{L}*(?:\s+\p{L}+)?\s+in|stangt|stangd)(?![\p{L}])/gu;

/** A negation: a yes/no question with one ('Kan man inte avboka?') is answered with neither Ja nor Nej. */
const NEGATION = /(?<![\p{L}])(inte|ej|aldrig)(?![\p{L}])/u;

/** How many times the question is turned around (matched with å, ä and ö folded, as people may type it). */
function polarity(normalizedQuestion: string): number {
  return (foldSwedishLetters(normalizedQuestion).match(TURNING_WORDS) ?? []).length;
}

/**
 * An FAQ answer's own "Ja," or "Nej," fits the question staff wrote it for.
 * Asked the other way round ('Blir det inställt om det regnar?' against
 * 'Blir utomhuspassen av om det regnar?'), it is turned; asked as anything
 * but yes or no, it is left out.
 */
function yesNoFitted(answerText: string, faqQuestion: string, asked: string): string {
  const lead = /^(Ja|Nej)\b[,.!]?\s*/u.exec(answerText);
  if (!lead) return answerText;
  const rest = answerText.slice(lead[0].length);
  if (!YES_NO_QUESTION_OPENERS.has(firstWord(asked))) return rest.charAt(0).toLocaleUpperCase("sv-SE") + rest.slice(1);
  const turned = polarity(normalizeText(faqQuestion)) % 2 !== polarity(asked) % 2;
  if (!turned) return answerText;
  return `${lead[1] === "Ja" ? "Nej" : "Ja"}${lead[0].slice(lead[1]!.length)}${rest}`;
}

/**
 * The price first, with the yes or no a yes/no question about cost asks
 * for: 'Kostar det något…?' is yes, 'Är … gratis?' no (every price stated
 * is above 0). Asked any other way, or turned ('Kostar det inte…?'), neither.
 */
function priceOpening(asked: string, typeName: string, prices: readonly number[]): string {
  const plain = FLURRE_ANSWER_TEXTS.priceOfType(typeName, prices);
  if (polarity(asked) !== 0 || prices.some((p) => p <= 0)) return plain;
  const first = foldSwedishLetters(firstWord(asked));
  const rest = plain.replace(/^Voff! /u, "");
  // 'Kostar det något?', not 'Kostar det extra…?' (which the price alone does not settle).
  const folded = foldSwedishLetters(asked);
  if (first === "kostar" && /(?<![\p{L}])(nagot|nat|nanting|pengar)(?![\p{L}])/u.test(folded) && !/(?<![\p{L}])(extra|mer|mindre|dyrare|billigare)(?![\p{L}])/u.test(folded)) {
    return `Voff! Ja, ${rest}`;
  }
  if (YES_NO_QUESTION_OPENERS.has(first) && /(?<![\p{L}])(gratis|kostnadsfri\p{L}*|avgiftsfri\p{L}*)(?![\p{L}])/u.test(asked)) {
    return `Voff! Nej, ${rest}`;
  }
  return plain;
}

/** The distinct prices the passages state, lowest first. */
function pricesOf(sessions: readonly Passage[]): number[] {
  const prices = sessions.flatMap((s) => s.facts.filter((f) => f.startsWith("price:")).map((f) => Number(f.slice("price:".length))));
  return [...new Set(prices)].sort((a, b) => a - b);
}

/** The upcoming sessions of one type with seats left, soonest first; `first` leads if given. */
function nextSessionsOfType(all: readonly Passage[], typeName: string, first: Passage | null): Passage[] {
  const bookable = all
    .filter((p) => p.kind === "session" && p.typeName === typeName && p.session?.bookable && p !== first)
    .sort(byStart);
  return [...(first ? [first] : []), ...bookable].slice(0, MAX_LISTED_SESSIONS);
}

function answer(paragraphs: string[], used: Passage[], links: FlurreLink[]): ComposedAnswer {
  return {
    answer: { kind: "answer", paragraphs, links: dedupeLinks(links), source: "extractive" },
    passages: used,
  };
}

/**
 * The session a question singles out (by place, day or time): the top result,
 * if it matches a word of its day, time or place ('i Bronsängen') that no
 * other session of its type does. A word of its description ('valpar') does
 * not single it out.
 */
function askedSessionOf(ranking: Ranking, typeName: string): Passage | null {
  const [first, ...rest] = ranking.results;
  if (!first || first.passage.kind !== "session" || first.passage.typeName !== typeName) return null;
  const others = rest.filter((r) => r.passage.kind === "session" && r.passage.typeName === typeName);
  // Its seats ('Fullbokat', 'platser kvar') are not what singles it out: 'är PLAN fullbokat' asks of them all.
  const lineTerms = new Set(analyze((first.passage.session?.line ?? "").replace(/:[^:]*$/u, "")));
  const own = first.matched.filter((term) => lineTerms.has(term) && !others.some((r) => r.matched.includes(term)));
  return own.length > 0 ? first.passage : null;
}

/** The weekdays as the session lines name them ('fredag 27 november'). */
const WEEKDAYS = ["måndag", "tisdag", "onsdag", "torsdag", "fredag", "lördag", "söndag"] as const;
/** A weekday as typed, with or without å/ä/ö, singular or plural ('fredag', 'fredagar', 'lordagen'); 'helgen' is both weekend days. */
const WEEKDAY_WORD = /(?<![\p{L}])(mandag|tisdag|onsdag|torsdag|fredag|lordag|sondag|helg)(?:ar|en|s|arna|erna|er)?(?![\p{L}])/gu;
/** A weekday named anywhere in the question (WEEKDAY_WORD without its global state). */
const NAMES_A_DAY = new RegExp(WEEKDAY_WORD.source, "u");

/**
 * Where or when the question asks for a type's sessions: a town ('i
 * Sandviken', as the places' towns spell it), a place ('på Bronsängen', a
 * word of its name that is not the town) or weekdays ('på fredag'). Null
 * when it names none.
 */
type SessionFilter = {
  where: string;
  keeps: (session: NonNullable<Passage["session"]>) => boolean;
  /** The search terms of the town, place or weekdays named. */
  terms: ReadonlySet<string>;
};

function sessionFilterOf(ranking: Ranking, all: readonly Passage[]): SessionFilter | null {
  const askedWords = new Set(ranking.query.map((q) => foldSwedishLetters(q.word)));
  const askedTerms = new Set(ranking.query.filter((q) => !q.cue).flatMap((q) => q.terms));
  const towns = [...new Set(all.flatMap((p) => (p.session?.town ? [p.session.town] : [])))];
  const town = towns.find((t) => askedWords.has(foldSwedishLetters(t.toLocaleLowerCase("sv-SE")))) ?? null;
  const townTerms = new Set(towns.flatMap((t) => analyze(t)));
  // A place is named by a word of its name that is not its town ('hundhallen', 'bronsangen').
  const place =
    all.find(
      (p) => p.kind === "place" && p.id !== "place:all" && analyze(p.title).some((t) => !townTerms.has(t) && askedTerms.has(t)),
    ) ?? null;
  const folded = foldSwedishLetters(ranking.asked);
  const days = new Set<string>();
  for (const [, day] of folded.matchAll(WEEKDAY_WORD)) {
    if (day === "helg") ["lördag", "söndag"].forEach((d) => days.add(d));
    else days.add(WEEKDAYS.find((d) => foldSwedishLetters(d) === day)!);
  }
  if (!town && !place && days.size === 0) return null;
  const dayList = WEEKDAYS.filter((d) => days.has(d));
  const where = [
    place ? `i ${place.title}` : town ? `i ${town}` : "",
    dayList.length > 0 ? `på ${joinOr(dayList.map((d) => `${d}ar`))}` : "",
  ]
    .filter(Boolean)
    .join(" ");
  const terms = new Set([
    ...(place ? analyze(place.title) : town ? analyze(town) : []),
    ...dayList.flatMap((d) => analyze(d)),
  ]);
  return {
    where,
    terms,
    keeps: (s) =>
      (!place || s.location === place.title) &&
      (!town || s.town === town) &&
      (dayList.length === 0 || dayList.some((d) => s.line.startsWith(`${d} `))),
  };
}

function joinOr(items: readonly string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} eller ${items.at(-1)}`;
}

/**
 * Whether a question that names a type and where it is held asks only for
 * that ('valpkurs i Sandviken?', 'promenadträning på Bronsängen'): every
 * content word names the type or the place. 'Kan jag ha med barnvagn på
 * promenaden i Stadsparken?' asks something else.
 */
function asksOnlyTypeWhere(ranking: Ranking, filter: SessionFilter, typePassage: Passage): boolean {
  const named = new Set([...filter.terms, ...analyze(typePassage.title)]);
  const carried = (term: string) => [...named].some((t) => t === term || (term.length >= 4 && t.includes(term)));
  return ranking.query.filter((q) => !q.cue && !q.added && q.terms.length > 0).every((q) => q.terms.some(carried));
}

/** Whether the question asks about seats ('plats', 'ledigt', 'fullt'), typed with or without å/ä/ö. */
function asksSeats(asked: string): boolean {
  return /plats|ledig|full/u.test(asked);
}

/** An answer about one session type: its text, then its next dates with seats (in the town asked about, if any). */
function composeTypeAnswer(
  ranking: Ranking,
  all: readonly Passage[],
  typeName: string,
  /** Chosen for an advice question ('vilket pass passar oss?'): said as a suggestion. */
  advised = false,
): ComposedAnswer | null {
  const typePassage = all.find((p) => p.kind === "type" && p.typeName === typeName);
  if (!typePassage) return null;
  const named = sessionFilterOf(ranking, all);
  // A place or town narrows the dates of a question about dates, seats or price, or of one that asks only 'X i Y?'.
  const asksTypeFact = ranking.intents.has("sessions") || ranking.intents.has("price");
  const filter = named && (asksTypeFact || asksOnlyTypeWhere(ranking, named, typePassage)) ? named : null;
  const ofType = all.filter((p) => p.kind === "session" && p.typeName === typeName).sort(byStart);
  const matching = filter ? ofType.filter((p) => filter.keeps(p.session!)) : [];
  // The one session a question singles out: the only one where or when it asks, or by the ranking.
  const askedSession = filter ? (matching.length === 1 ? matching[0]! : null) : askedSessionOf(ranking, typeName);
  const seatsOfOne = askedSession !== null && asksSeats(ranking.asked);
  const bookableThere = matching.filter((p) => p.session?.bookable);
  // None to book there or then: said as such, then the nearest elsewhere.
  const noneThere = filter !== null && bookableThere.length === 0 && !seatsOfOne;
  const sessions = seatsOfOne
    ? [askedSession, ...bookableThere.filter((p) => p !== askedSession)].slice(0, MAX_LISTED_SESSIONS)
    : filter && !noneThere
      ? bookableThere.slice(0, MAX_LISTED_SESSIONS)
      : nextSessionsOfType(all, typeName, filter ? null : askedSession);
  // 'När går nästa …?', or a type asked for somewhere or some day: the dates are the answer;
  // 'Vad kostar …?' or 'Berätta om …': the type first.
  const aboutDates = (ranking.intents.has("sessions") || filter !== null) && !ranking.intents.has("price");
  // 'Finns det … i Sandviken?' is yes when one can be booked there; 'Är det fullt …?' about several, or
  // 'Kan man gå med valpen i Stadsparken utan koppel?', is neither.
  const yesNoAsked = EXISTENCE_OPENERS.has(firstWord(ranking.asked)) && polarity(ranking.asked) === 0 && !/full/u.test(ranking.asked);

  // 'Vad kostar hembesök i Sandviken?': the price is the answer, whatever the dates there; the next dates follow.
  const saysNoneThere = noneThere && !(ranking.intents.has("price") && !ranking.intents.has("sessions"));

  const paragraphs: string[] = [];
  if (saysNoneThere && sessions.length > 0) {
    // 'Finns det valpkurs i Sandviken?': no, and the nearest elsewhere.
    const none = yesNoAsked ? FLURRE_ANSWER_TEXTS.noneOfTypeInNo : FLURRE_ANSWER_TEXTS.noneOfTypeIn;
    paragraphs.push(none(typeName, filter.where), ...sessionLines(sessions, false));
  } else if (aboutDates && sessions.length > 0) {
    const yesNo = seatsOfOne ? seatsYesNo(ranking.asked, askedSession) : null;
    const opening =
      yesNo ??
      (filter
        ? (yesNoAsked && !seatsOfOne ? FLURRE_ANSWER_TEXTS.datesOfTypeInYes : FLURRE_ANSWER_TEXTS.datesOfTypeIn)(typeName, filter.where)
        : FLURRE_ANSWER_TEXTS.datesOfType(typeName));
    paragraphs.push(opening, ...sessionLines(sessions, false));
  } else {
    // 'Vad kostar …?': the price first (a type with no price of its own, the combined one: what its sessions cost).
    const ownPrices = pricesOf([typePassage]);
    const prices = ownPrices.length > 0 ? ownPrices : pricesOf(nextSessionsOfType(all, typeName, null));
    const priceFirst = ranking.intents.has("price") && prices.length > 0;
    // The summary, not the inspiring line: the answer should fit a chat bubble.
    paragraphs.push(
      priceFirst
        ? priceOpening(ranking.asked, typeName, prices)
        : advised
          ? FLURRE_ANSWER_TEXTS.adviceType(typeName)
          : FLURRE_ANSWER_TEXTS.type(typeName),
      (priceFirst ? typePassage.summaryAfterPrice : typePassage.summary) ?? typePassage.text,
    );
    if (sessions.length > 0) {
      paragraphs.push(FLURRE_ANSWER_TEXTS.nextOfType(typeName), ...sessionLines(sessions.slice(0, MAX_DATES_UNDER_TYPE), false));
    }
  }
  if (sessions.length === 0) paragraphs.push(FLURRE_ANSWER_TEXTS.noneOfType(typeName));
  const showsType = !((aboutDates || saysNoneThere) && sessions.length > 0);
  const used = [...(showsType ? [typePassage] : []), ...sessions];
  const links = [
    ...sessions.slice(0, 1).flatMap((s) => s.links),
    ...typePassage.links,
    ...sessions.slice(1).flatMap((s) => s.links),
    ...(sessions.length === 0 ? [{ label: FLURRE_ANSWER_TEXTS.allSessions, href: "/alla-popups" }] : []),
  ];
  return answer(paragraphs, used, links);
}

/**
 * What else a question from a session's page asks for, one passage of each
 * kind: the preparation that fits where the session is held ('Vad behöver
 * jag veta inför passet?'), that a booking is binding when booking is
 * mentioned, then the best place, FAQ row or team passage.
 */
function pageSessionFollowers(ranking: Ranking, all: readonly Passage[], session: Passage): Passage[] {
  const asked = new Set([...ranking.intents].flatMap((i) => INTENT_KINDS[i]));
  const followers: Passage[] = [];
  for (const kind of FOLLOWER_KIND_ORDER) {
    if (!asked.has(kind)) continue;
    let chosen: Passage | undefined;
    if (kind === "preparation") {
      const onlineOrHome = session.session?.location === "Online" || session.session?.location === "Hembesök";
      const id = onlineOrHome ? PREPARATION_IDS.onlineOrHome : PREPARATION_IDS.onSite;
      chosen = all.find((p) => p.id === id);
    } else if (kind === "rule") {
      chosen = all.find((p) => p.id === BINDING_RULE_ID);
    } else {
      chosen = ranking.results.find((r) => r.passage.kind === kind)?.passage;
    }
    if (chosen) followers.push(chosen);
  }
  return followers.slice(0, MAX_PASSAGES - 1);
}

/** A word this long that the site's texts never use is what the question is about, not filler. */
const MIN_KEY_WORD_LENGTH = 3;

/**
 * The words of the question the site says nothing about ('parkering',
 * 'swish'): when there is one, the best passage is on a near topic at most,
 * never the answer.
 */
function unknownKeyWords(ranking: Ranking): string[] {
  const settledByPrice = ranking.mentionedTypes.length === 1 && ranking.intents.has("price");
  return ranking.query
    .filter((q) => !q.cue && !q.lexical && q.terms.length === 0 && q.word.length >= MIN_KEY_WORD_LENGTH)
    .filter((q) => !(settledByPrice && FREE_WORDS.test(q.word)))
    .map((q) => q.word);
}

/** 'Gratis', which the site never says: settled by a named type's price, unknown of anything else ('är parkeringen gratis?'). */
const FREE_WORDS = /^(gratis|kostnadsfri\p{L}*|avgiftsfri\p{L}*)$/u;

/** The search terms of some passages: their title, text and keywords. */
function termsOf(passages: readonly Passage[]): string[] {
  return passages.flatMap((p) => p.terms ?? analyze(`${p.title} ${p.text} ${p.keywords}`));
}

/** The shortest first part of a compound a word may end in another's way ('hund' of 'hundkurs'; not 'sp' of 'springer', no compound of 'ringer'). */
const MIN_COMPOUND_HEAD = 3;

/** Whether a term is one of these, or the last part of one of them as a compound ('kurs' of 'valpkurs'). */
function amongOrCompoundTail(terms: readonly string[], term: string): boolean {
  return terms.some((t) => t === term || (t.endsWith(term) && t.length - term.length >= MIN_COMPOUND_HEAD));
}

/**
 * The question's content words (known to the site; not intent cues, unless
 * they name a topic: 'länk', 'konto') that none of the passages' terms
 * carries: a word is carried when one of its terms is a term of theirs or
 * part of one ('hund' of 'hundmöte').
 */
function uncoveredWords(ranking: Ranking, passages: readonly Passage[], except: readonly string[] = [], wholeCompounds = false): string[] {
  const terms = [...new Set([...termsOf(passages), ...except])];
  // Inside another word only as a part of its own ('hund' of 'hundmöte'), never as a suffix ('ring' of 'planeringsmöte').
  const carried = (term: string) =>
    amongOrCompoundTail(terms, term) || (term.length >= 4 && !SUFFIX_LOOKALIKES.has(term) && terms.some((t) => t.includes(term)));
  // A word the lexicon read is carried by what it means too ('nätet' by 'online'). A compound the texts
  // never use whole is carried only with each of its parts that is not a common word: 'lekplats' is not
  // carried by a park's 'plats' alone.
  // Its last part is what it is ('slutpriset' is a price), common or not: 'slut' alone does not carry it. Not when its
  // first part names a type ('plan-tiden' is a PLAN session), which says which one.
  const typeTerms = new Set(ranking.mentionedTypes.flatMap((name) => analyze(name)));
  const rarePartMissed = (q: QueryTerm) =>
    q.terms.some((t, i) => ((q.termDfs[i] ?? 0) <= ranking.commonDf || (i === q.terms.length - 1 && !typeTerms.has(q.terms[0]!))) && !carried(t));
  // Asked of a rule that holds for some sessions only, a compound the texts use whole as well ('privatpass') is carried
  // whole, or by each of its parts that is not a common word: the rule on group sessions carries 'pass', not 'privatpass'.
  const wholeMissed = (q: QueryTerm) =>
    wholeCompounds && q.terms.length > 1 ? !carried(q.terms[0]!) && q.terms.slice(1).some((t, i) => (q.termDfs[i + 1] ?? 0) <= ranking.commonDf && !carried(t)) : !q.terms.some(carried);
  return ranking.query
    .filter((q) => (!q.cue || q.topical) && !q.added && q.terms.length + q.means.length > 0 && q.df <= ranking.commonDf)
    .filter((q) => !q.means.some(carried) && (q.split ? rarePartMissed(q) : wholeMissed(q)))
    .map((q) => q.word);
}

/**
 * The honest answer to a question the site does not answer: the fallback,
 * and, when some passages matched what the question does name (a place, a
 * type), their pages as "Menar du…?" links before the contact form.
 */
function unsure(ranking: Ranking, all: readonly Passage[]): ComposedAnswer {
  // What the question names: a content word of it in a passage's title (a place, a type, a person), not a town alone.
  const towns = new Set(all.flatMap((p) => (p.session?.town ? analyze(p.session.town) : [])));
  const named = new Set(ranking.query.filter((q) => !q.cue).flatMap((q) => q.terms).filter((t) => !towns.has(t)));
  const near = ranking.results.filter((r) => r.matched.some((term) => named.has(term) && analyze(r.passage.title).includes(term)));
  const links = dedupeLinks(near.slice(0, 3).flatMap((r) => r.passage.links.slice(0, 1))).slice(0, 3);
  if (links.length === 0) return { answer: FLURRE_FALLBACK, passages: [] };
  return {
    answer: {
      kind: "fallback",
      paragraphs: [FLURRE_ANSWER_TEXTS.fallback, FLURRE_ANSWER_TEXTS.didYouMean],
      links: dedupeLinks([...links, ...FLURRE_FALLBACK.links]),
      source: "extractive",
    },
    passages: [],
  };
}

/**
 * Flurre's answer to a question as typed. A question told with its
 * background ('Hej! Vi har en labrador på 5 månader och bor i Sandviken, vad
 * kostar valpkursen?') is read whole first. Only when that finds no answer
 * (the background's words are nothing the site speaks of) is what it asks
 * read alone, with the town the visitor lives in; that answer is used when
 * it speaks to every topic the background tells of that the site has an
 * answer on (a dog ill tonight is not given a session list), and fits the
 * dog's age as told (a dog of 8 months is not told the puppy course's price).
 */
export function composeForQuestion(
  passages: readonly Passage[],
  question: string,
  options: RankOptions & { /** The index of the passages without the cards on sale (withoutCards). */ indexWithoutCards?: FlurreIndex } = {},
): ComposedAnswer {
  // A question that does not name the cards on sale is ranked as if there were none (asksOfCards).
  const unasked = passages.some((p) => p.kind === "card") && !asksOfCards(question, passages);
  const all = unasked ? withoutCards(passages) : passages;
  const index = unasked ? (options.indexWithoutCards ?? buildIndex(all)) : (options.index ?? buildIndex(all));
  const whole = composeAnswer(rankPassages(all, question, { ...options, index }), all);
  if (whole.answer.kind !== "fallback") return whole;
  const split = splitBackground(question);
  if (split === null) return whole;
  const livesIn = placesLivedIn(split.background, all);
  const alone = composeAnswer(rankPassages(all, [split.asked, ...livesIn].join(" "), { ...options, index }), all);
  if (alone.answer.kind === "fallback") return whole;
  // Something the site does not speak of, told as the condition of what is asked ('Jag vill betala med Swish.'), is unanswered.
  if (questionWords(split.background).unsaid.length > 0) return whole;
  const told = rankPassages(all, split.background, { ...options, index });
  return toldTopicUnanswered(told, all, alone.passages, livesIn) || ageOutsideRange(split.background, alone.passages, all) ? whole : alone;
}

/**
 * Whether the question names the cards on sale by a word of their titles no
 * other passage uses (a product's name, 'klippkort', 'presentkort'). Their
 * passages answer no other question, as a type's own text answers only a
 * question that names the type: 'passet blev kortare' or 'kan jag betala med
 * kort' is not asked of them.
 */
export function asksOfCards(question: string, all: readonly Passage[]): boolean {
  const cards = all.filter((p) => p.kind === "card");
  if (cards.length === 0) return false;
  const others = new Set(termsOf(all.filter((p) => p.kind !== "card")));
  const naming = new Set(cards.flatMap((p) => analyze(p.title)).filter((t) => !others.has(t)));
  return analyze(question).some((t) => naming.has(t));
}

/** The passages without those on the cards on sale: what a question that does not name the cards is answered from. */
export function withoutCards(all: readonly Passage[]): Passage[] {
  return all.filter((p) => p.kind !== "card");
}

/**
 * Whether the background tells of a topic the site has an answer on (a
 * word of a passage's title that few passages use: 'sjuk', 'regnar',
 * 'grupp-pass') that the answer's passages do not speak of; where the
 * visitor lives is not such a topic.
 */
function toldTopicUnanswered(told: Ranking, all: readonly Passage[], answer: readonly Passage[], livesIn: readonly string[]): boolean {
  const passageTerms = all.map((p) => new Set(termsOf([p])));
  const rare = (t: string) => passageTerms.filter((terms) => terms.has(t)).length <= told.commonDf;
  const topics = new Set(all.filter((p) => p.kind !== "session").flatMap((p) => analyze(p.title)).filter(rare));
  const lived = new Set(livesIn.flatMap((w) => analyze(w)));
  const answered = [...new Set(termsOf(answer))];
  const carried = (t: string) => amongOrCompoundTail(answered, t);
  return told.query
    // A dog's age is weighed by the age the answer states (ageOutsideRange), not as the row on ages.
    .filter((q) => !q.added && !/^\d/u.test(q.word) && !AGE_UNIT.test(q.word))
    .some((q) => {
      // A rare word of the rules told as what happened ('Passet blev inställt.') is such a topic too: the visitor's own
      // cancelling does not answer for a session the business called off.
      const ruleWord = q.cue && RULE_WORDS.has(q.word) && rare(q.terms[0] ?? "");
      const topicTerms = [...q.terms, ...q.means].filter((t) => (topics.has(t) || ruleWord) && !lived.has(t));
      return topicTerms.length > 0 && !topicTerms.some(carried);
    });
}

const AGE_UNIT = /^(?:veckor|vecka|veckors|v|mån|månader|månad|manader|år|årig|åring|ar|gammal|gamla|gammalt)$/u;

/** A dog's age as told ('8 månader', '10 v', '1,5 år', '2-årig'), in weeks. */
const AGE_TOLD =
  /(?<![\p{L}\p{N}])(\d+(?:[,.]\d+)?|en|ett|två|tva|tre|fyra|fem|sex|sju|åtta|atta|nio|tio|elva|tolv)\s*-?\s*(veckor|vecka|veckors|v|mån|månader|månad|manader|år|årig|åring|ar)(?![\p{L}])/u;
/** A number told in words ('tre år', 'fem månader'). */
const NUMBER_WORDS: Readonly<Record<string, number>> = {
  en: 1, ett: 1, två: 2, tva: 2, tre: 3, fyra: 4, fem: 5, sex: 6, sju: 7, åtta: 8, atta: 8, nio: 9, tio: 10, elva: 11, tolv: 12,
};
/** An age range in weeks as a text states it ('för valpar 8–20 veckor'). */
const WEEKS_RANGE = /(?<![\p{N}])(\d+)\s*[–-]\s*(\d+)\s*veckor(?![\p{L}])/u;

/**
 * A dog's age told in the background outside the age range the answer, or
 * the type of its sessions, states ('min hund är 8 månader' of the puppy
 * course for 8–20 weeks): the answer does not fit the dog it is asked for.
 */
function ageOutsideRange(background: string, answer: readonly Passage[], all: readonly Passage[]): boolean {
  const weeks = weeksTold(background);
  return weeks !== null && outsideAges(weeks, answer, all);
}

/**
 * 'Jag har en valp på 12 veckor, när går nästa valpkurs?': a dog whose age
 * fits the ages a row states, asked for dates or a price, is told them, not
 * the row on the ages; a dog outside them is (the course is not for it).
 */
function withoutAgesOfFittingDog(ranking: Ranking): Ranking {
  if (!(ranking.intents.has("sessions") || ranking.intents.has("price"))) return ranking;
  const weeks = weeksTold(ranking.asked);
  if (weeks === null) return ranking;
  const onFittingAges = (p: Passage) => {
    const range = p.kind === "faq" ? WEEKS_RANGE.exec(p.text) : null;
    return range !== null && weeks >= Number(range[1]) && weeks <= Number(range[2]);
  };
  if (!ranking.results.some((r) => onFittingAges(r.passage))) return ranking;
  // The age told is background then: its words ('12 veckor', and 'gammal' the lexicon read in them) ask nothing.
  const ageWord = (q: QueryTerm) => q.word === "gammal" ? q.added : q.means.length > 0 && q.means.every((t) => t === "gammal");
  return {
    ...ranking,
    results: ranking.results.filter((r) => !onFittingAges(r.passage)),
    query: ranking.query.filter((q) => !ageWord(q)),
  };
}

/** The dog's age in weeks as the text tells it ('8 månader', '10 veckor'), or null. */
function weeksTold(text: string): number | null {
  const age = AGE_TOLD.exec(normalizeText(text));
  if (!age) return null;
  const amount = NUMBER_WORDS[age[1]!] ?? Number(age[1]!.replace(",", "."));
  const unit = age[2]!;
  return /^v/u.test(unit) ? amount : /^m/u.test(unit) ? amount * 4.35 : amount * 52;
}

/** Whether an age is outside the range of weeks the passages, or the types of their sessions, state. */
function outsideAges(weeks: number, passages: readonly Passage[], all: readonly Passage[]): boolean {
  const types = new Set(passages.map((p) => p.typeName).filter(Boolean));
  return [...passages, ...all.filter((p) => p.kind === "type" && types.has(p.typeName))].some((p) => {
    const range = WEEKS_RANGE.exec(p.text);
    return range !== null && (weeks < Number(range[1]) || weeks > Number(range[2]));
  });
}

export function composeAnswer(asked: Ranking, all: readonly Passage[]): ComposedAnswer {
  const ranking = withoutAgesOfFittingDog(withAdviceWeighed(asked));
  // 'Var finns ni?', 'Vad behövs till passet?': a kind of answer asked for, and nothing it is about.
  const overview = ranking.pageSessionId === null ? overviewAsked(ranking, all) : null;
  if (overview) return composeFromPassage(ranking, overview);
  const first = ranking.results[0];
  if (!first) return { answer: FLURRE_FALLBACK, passages: [] };
  // 'Min hund är rädd för andra hundar, vad passar?': the words of the need are the visitor's, not the site's.
  const advised = ranking.pageSessionId === null ? adviceAnswer(ranking, all) : null;
  if (advised) return advised;
  const offTopic = unknownKeyWords(ranking).length > 0 && ranking.pageSessionId === null;
  if (ranking.coverage < MIN_COVERAGE || offTopic) return unsure(ranking, all);
  const top = first.passage;

  // Asked from a session's page about that session.
  if (top.kind === "session" && top.session?.id === ranking.pageSessionId) {
    const used = [top, ...pageSessionFollowers(ranking, all, top)];
    return answer(
      [FLURRE_ANSWER_TEXTS.pageSession, ...used.map((p) => p.text)],
      used,
      used.flatMap((p) => p.links),
    );
  }

  // 'Hur går ett plan möte till?': a row staff wrote for that very question answers it.
  const asWritten = ranking.pageSessionId === null ? (faqAskedAsWritten(ranking, all) ?? faqOnTheChoice(ranking, all)) : null;
  if (asWritten) return composeFromPassage(ranking, asWritten);

  // 'Hembesöket?': a type named and nothing asked of it is answered by the type, not by a passage that mentions it.
  const onlyType = ranking.pageSessionId === null ? typeNamedAlone(ranking, all) : null;
  if (onlyType) {
    const composed = composeTypeAnswer(ranking, all, onlyType);
    if (composed) return composed;
  }

  // 'Vem leder valpkursen?', 'vem sköter bokningarna?': a person of the team, or the one to contact, answers.
  // So is a question the lexicon reads as about the team as a whole ('vilka är ni', 'samma tränare på valpkursen som på promenaden').
  const aboutTeam = ranking.query.some((q) => q.added && q.word === "teamet");
  // 'Vem mejlar om det blir ledigt?', 'vem hör av sig om passet blir inställt?': an act the site's rules assign to no
  // person (the queue mails, the notice of a session called off) is answered by the rule that tells of it.
  const act = asksWho(ranking.asked) && !aboutTeam ? ruleOfUnassignedAct(ranking, all) : null;
  if (act) return composeFromPassage(ranking, act);
  // 'Tjejen som leder valpkursen, vad heter hon?': the name asked of someone the lexicon reads as a trainer is who, not the type.
  const namesTrainer = ASKS_NAME_OF_SOMEONE.test(foldSwedishLetters(ranking.asked)) && ranking.query.some((q) => q.added && q.word === "tränare");
  const who = asksWho(ranking.asked) || aboutTeam || namesTrainer ? teamAnswer(ranking, all) : null;
  if (who) return who;
  // 'Är det Linnea som har valpkursen?', 'vad gör Flurre på kontoret': a question that names a person of the team
  // is about them when their text answers it and settles what is asked; else it goes on as any other question.
  if (namesTeamMember(ranking, all)) {
    const person = teamAnswer(ranking, all);
    // Nor does their text answer a time or a price it does not state ('när jobbar Linnea', 'vad kostar det att boka Linnea').
    const settled = person.passages.every((p) => !unsettledAboutTeam(ranking, p, all) && !missesAskedWhenOrPrice(ranking, p));
    if (person.answer.kind === "answer" && settled && !missesAskedCount(ranking, person.passages)) return person;
  }

  // 'Vad ska vi ta med till valpkursen?': what to bring asked of one type is the preparation where it is held.
  const preparation = preparationOfType(ranking, all);
  if (preparation) {
    const typeFaq = faqOfNamedType(ranking, preparation);
    return typeFaq ? composeWithTypeFaq(ranking, all, preparation, typeFaq) : composeFromPassage(ranking, preparation);
  }

  // 'Var är valpkursen i Gävle?': where the type's sessions are held.
  const held = placesOfType(ranking, all);
  if (held) return held;

  // A type answer when the question names one type and the best passage is a type or a
  // session (an FAQ row that names a type answers by itself).
  // An FAQ row answers by itself, unless the question asks a type's dates or price.
  const asksTypeFact = ranking.intents.has("sessions") || ranking.intents.has("price");
  const aboutType = top.kind === "type" || top.kind === "session" || (top.kind === "faq" && asksTypeFact);
  const typeName = aboutType && ranking.mentionedTypes.length === 1 ? ranking.mentionedTypes[0] : undefined;
  const weighed = typeName ? faqOnWhatTheTypeDoesNotSay(ranking, all, typeName) : null;
  if (weighed) return composeFromPassage(ranking, weighed);
  if (typeName) {
    const ofType = all.filter((p) => p.typeName === typeName);
    // A question about the type itself ('Berätta om valpkursen') is answered by its text; one that
    // asks its price or dates is answered by those.
    const typePassage = ofType.find((p) => p.kind === "type");
    const where = sessionFilterOf(ranking, all);
    const summaryOnly = !asksTypeFact && !(where && typePassage && asksOnlyTypeWhere(ranking, where, typePassage));
    // A rule asked of the type ('blir vardagslydnaden av om bara jag bokat', 'fullt på valpkursen, finns det kö?')
    // is answered by the rule, when one carries what is asked, not by what the type is or its dates.
    const asksRule = ranking.query.some((q) => q.cue && RULE_WORDS.has(q.word) && !BOOKING_WORDS.has(q.word));
    const rule = asksRule ? ruleOfType(ranking, all, typeName, first.score, true) : null;
    if (rule) return composeFromPassage(ranking, rule);
    // 'Vad kostar godiset på valpkursen?', 'när får man kvittot för valpkursen?': a price or a time asked of
    // something the type's text and its sessions do not carry is not the type's price or dates, and nothing
    // else of the type stands in for them: the honest answer with the type's pages.
    if (asksTypeFact && uncoveredWords(ranking, ofType, [...(where?.terms ?? []), ...PRICE_AND_DATE_MEASURES]).length > 0) {
      return unsure(ranking, all);
    }
    // 'Hur många hundar har gått valpkursen?', 'hur många tränare är med?': a count neither the type's text nor its
    // sessions state; a passage that states it answers, else nobody guesses.
    if (missesAskedCount(ranking, ofType)) {
      const counted = ruleOfType(ranking, all, typeName, first.score);
      return counted ? composeFromPassage(ranking, counted) : unsure(ranking, all);
    }
    // The summary is the type's own text: its sessions' descriptions ('hushåll med två hundar') do not answer for it.
    if (!summaryOnly || (!asksRule && uncoveredWords(ranking, typePassage ? [typePassage] : ofType).length === 0)) {
      const composed = composeTypeAnswer(ranking, all, typeName);
      if (composed) return composed;
    } else {
      // The question asks something of the type that neither its text nor its sessions say
      // ('två hundar på valpkursen'): a passage that does say it answers, else nobody guesses.
      const better = asksRule ? null : ruleOfType(ranking, all, typeName, first.score);
      if (!better) return unsure(ranking, all);
      return composeFromPassage(ranking, better);
    }
  }

  // 'Vilka dagar har ni?', 'När går nästa pass på lördag?': no type or subject named, so the next sessions.
  const specific = ranking.query.filter((q) => !q.cue && !q.added && (q.lexical || (q.terms.length > 0 && q.df <= ranking.commonDf)));
  // 'Fullbokat, vad gör man?' asks what to do about a full session, not for dates.
  // Its words read as a full session count as one ('ingen plats kvar').
  const onlyFull = ranking.query.filter((q) => q.cue).every((q) => FULL_WORD.test(foldSwedishLetters(q.word)) || q.means.some((m) => FULL_WORD.test(m)));
  const onlyDates = ranking.intents.size === 1 && ranking.intents.has("sessions") && !onlyFull;
  if (specific.length === 0 && onlyDates && ranking.mentionedTypes.length === 0) {
    // 'Måste man gå på alla tillfällen?', 'behöver man komma varje vecka?': what one must do, asked with a word of dates, is no list of them.
    if (OBLIGATION_OPENERS.has(firstWord(ranking.asked))) return unsure(ranking, all);
    return composeNextSessions(ranking, all);
  }
  // 'Fullbokat, vad gör man?': what the site offers for a full session is its queue.
  const queue = ranking.results.find((r) => r.passage.id === WAITLIST_RULE_ID);
  if (specific.length === 0 && onlyFull && ranking.query.some((q) => q.cue) && ranking.mentionedTypes.length === 0 && queue) {
    return composeFromPassage(ranking, queue.passage);
  }

  if (top.kind === "session") {
    const sessions = ranking.results
      .filter((r) => r.passage.kind === "session" && r.score >= first.score * FOLLOWER_SCORE_SHARE)
      .slice(0, MAX_LISTED_SESSIONS)
      .map((r) => r.passage)
      .sort(byStart);
    // Sessions that do not say what the question asks about ('min hund skäller när det ringer på dörren'
    // against one session's 'när det ringer på dörren') are a near topic, not the answer.
    // Each session listed says it: one that does not is there only for a word another carries.
    if (sessions.some((session) => uncoveredWords(ranking, [session]).length > 0) || missesAskedCount(ranking, sessions)) return unsure(ranking, all);
    // A price asked with no type named ('är det samma pris i Gävle och Sandviken', 'vilken plats är billigast') is not
    // answered by a list of dates, which states no price.
    // Sessions found with no type named and no date, seat, price or place asked ('vilken dörr går man in': one session's 'när det
    // ringer på dörren') are there only for a word of their description.
    const asksOfSessions = (["sessions", "price", "places"] as const).some((i) => ranking.intents.has(i));
    if (ranking.mentionedTypes.length === 0 && !asksOfSessions) return unsure(ranking, all);
    const lines = sessionLines(sessions, true);
    if (ranking.intents.has("price") && !lines.some((line) => PRICE_STATED.test(line))) return unsure(ranking, all);
    return answer(
      [FLURRE_ANSWER_TEXTS.sessions, ...lines],
      sessions,
      sessions.flatMap((s) => s.links),
    );
  }

  // With several types named ('skillnad på valpkurs och vardagslydnad'), each type's own text.
  if (ranking.mentionedTypes.length > 1 && top.kind === "type") {
    const named = ranking.mentionedTypes.flatMap((name) => all.filter((p) => p.kind === "type" && p.typeName === name));
    const used = [top, ...named.filter((p) => p !== top)].slice(0, MAX_PASSAGES);
    if (uncoveredWords(ranking, used).length > 0) return unsure(ranking, all);
    // 'Är valpkursen dyrare än vardagslydnaden?': each type's price first, then what each is.
    const prices = used.map((p) => pricesOf([p]));
    if (ranking.intents.has("price") && prices.every((p) => p.length > 0)) {
      const opening = `Voff! ${used.map((p, i) => FLURRE_ANSWER_TEXTS.priceOfType(p.typeName ?? p.title, prices[i]!).replace(/^Voff! /u, "")).join(" ")}`;
      const summaries = used.map((p) => p.summaryAfterPrice ?? p.summary ?? p.text);
      // Within about 60 words: else what kind of session each is, its first sentence.
      const fits = wordCount([opening, ...summaries].join(" ")) <= ANSWER_WORD_BUDGET;
      return answer([opening, ...(fits ? summaries : summaries.map((t) => sentencesOf(t)[0] ?? t))], used, used.flatMap((p) => p.links));
    }
    return answer([openingOf(top), ...used.map((p) => p.summary ?? p.text)], used, used.flatMap((p) => p.links));
  }
  const best = answeringPassage(ranking, all);
  // A passage that does not carry a word the question asks with ('hur gammal är Flurre' of Flurre's own
  // passage, which says nothing of his age; 'sms' of a rule on notices by e-mail) is a near topic; one
  // of the same kind that scores at least half as well and carries them all answers ('hur avbokar jag på
  // mina bokningar': the binding rule, not the sign-in text), else nobody guesses.
  const typeTitles = all.filter((p) => p.kind === "type" && p.typeName && ranking.mentionedTypes.includes(p.typeName)).flatMap((p) => analyze(p.title));
  const scoped = (p: Passage) => p.kind === "rule" && !RULES_OF_EVERY_BOOKING.has(p.id);
  const answers = (p: Passage) => uncoveredWords(ranking, [p], RULES_OF_EVERY_BOOKING.has(p.id) ? typeTitles : [], scoped(p)).length === 0 && answersBesidesWords(p);
  const answersBesidesWords = (p: Passage) =>
    !missesAskedDuration(ranking, p) &&
    !missesAskedWhenOrPrice(ranking, p) &&
    !missesNamedTrainers(ranking, p) &&
    !preparationForDuring(ranking, p) &&
    !missesWhatIsMissing(ranking, p) &&
    !countsAnotherThing(ranking, p) &&
    !missesCalledOff(ranking, p) &&
    !typeFoundOnlyByMeasure(ranking, p) &&
    !typeSummaryForItsFact(ranking, p, all) &&
    !unsettledAboutTeam(ranking, p, all) &&
    !placeFeatureAsked(ranking, p) &&
    !typeFoundInPassing(ranking, p) &&
    // A type whose text states no count of what is asked ('är det många hundar i parken') does not answer it.
    !(p.kind === "type" && missesAskedCount(ranking, [p])) &&
    !faqFoundInPassing(ranking, p) &&
    !foundInPassing(ranking, p) &&
    !soleWordInPassing(ranking, p);
  // Asked of a named type, a rule of every booking answers too ('kan jag avboka hembesöket', where the FAQ row on home visits ranks first).
  const answering = answers(best)
    ? best
    : ranking.results.find(
        (r) =>
          ((r.passage.kind === best.kind && r.score >= first.score * FOLLOWER_SCORE_SHARE) ||
            // One that says all the best one says, and what it misses ('sjuk innan passet, förlorar jag pengarna': the
            // binding rule, which holds the note on a sick dog).
            (answersBesidesWords(best) && sentencesOf(best.text).every((s) => r.passage.text.includes(s))) ||
            (ranking.mentionedTypes.length === 1 && RULES_OF_EVERY_BOOKING.has(r.passage.id) && r.matched.some((t) => !typeTitles.includes(t)))) &&
          answers(r.passage),
      )?.passage;
  if (!answering) return unsure(ranking, all);
  const typeFaq = faqOfNamedType(ranking, answering);
  if (typeFaq) return composeWithTypeFaq(ranking, all, answering, typeFaq);
  return composeFromPersonOrPassage(ranking, all, answering);
}

/** 'Ni' asks the company as a whole ('hur tränar ni', 'har ni flera tränare'), not one of its people. */
const ASKS_THE_TEAM = /(?<![\p{L}])ni(?![\p{L}])/u;

/**
 * One person's passage for a question put to the whole team that only their
 * text answers ('hur tränar ni, e det med belöning': Linnea's, who trains
 * with rewards): their text, then the sentence of the team's passage that
 * names everyone, so it is not taken for the one trainer there is. A question
 * that names the person, or that does not say 'ni', gets their passage alone.
 */
function composeFromPersonOrPassage(ranking: Ranking, all: readonly Passage[], passage: Passage): ComposedAnswer {
  const about = all.find((p) => p.id === "team:about");
  if (passage.kind !== "team" || !about || passage === about || !ASKS_THE_TEAM.test(foldSwedishLetters(ranking.asked))) {
    return composeFromPassage(ranking, passage);
  }
  const asked = new Set(ranking.query.filter((q) => !q.cue).flatMap((q) => q.terms));
  if (analyze(passage.title).some((t) => asked.has(t))) return composeFromPassage(ranking, passage);
  const names = all.filter((p) => p.kind === "team" && p !== about).map((p) => p.title);
  const everyone = sentencesOf(about.text).find((s) => names.every((name) => s.includes(name)));
  if (!everyone) return composeFromPassage(ranking, passage);
  return answer([FLURRE_ANSWER_TEXTS.about, passage.text, everyone], [passage, about], [...about.links, ...passage.links]);
}

/**
 * An FAQ row on the one type named that carries what the lexicon read in the
 * visitor's words and the type's own text does not ('är proffs dyrare än
 * privat': the difference, which the row on Privat and Proffs explains and
 * the type's price does not): staff wrote it for that question.
 */
function faqOnWhatTheTypeDoesNotSay(ranking: Ranking, all: readonly Passage[], typeName: string): Passage | null {
  const typePassage = all.find((p) => p.kind === "type" && p.typeName === typeName);
  if (!typePassage) return null;
  const typeTerms = termsOf([typePassage]);
  const meant = ranking.query.filter((q) => q.added && !q.cue && q.terms.length > 0 && !q.terms.some((t) => typeTerms.includes(t)));
  if (meant.length === 0) return null;
  const faq = ranking.results.find(
    (r) =>
      r.passage.kind === "faq" &&
      `${r.passage.title} ${r.passage.text}`.includes(typeName) &&
      meant.every((q) => q.terms.some((t) => r.matched.includes(t))) &&
      // A word it has inside one of its own counts ('lektionen' in 'privatlektion').
      uncoveredWords(ranking, [r.passage]).every((w) => termsOf([r.passage]).some((t) => t.length > stem(w).length && t.includes(stem(w)))),
  );
  return faq?.passage ?? null;
}

/** A session called off, as the question says it ('om passet ställs in', 'blir inställd'), å, ä and ö folded. */
const CALLED_OFF_WORD = /^install\p{L}*$/u;
/** A text on whether a session happens or is called off. */
const SAYS_WHETHER_HELD = /(?<![\p{L}])(?:blir av|ställs in|ställas in|inställ\p{L}*)(?![\p{L}])/u;

/**
 * Whether a passage misses the case the question asks about when it asks
 * what happens if a session is called off ('får jag pengarna tillbaka om
 * passet ställs in'): the rule on cancelling one's own booking is another
 * case, and answers it wrongly. Only a text on whether sessions are held does.
 */
function missesCalledOff(ranking: Ranking, passage: Passage): boolean {
  const asked = ranking.query.some((q) => !q.added && CALLED_OFF_WORD.test(foldSwedishLetters(q.word)));
  return asked && !SAYS_WHETHER_HELD.test(`${passage.title} ${passage.text}`.toLocaleLowerCase("sv-SE"));
}

/**
 * The one type a question names when it asks nothing else: no kind of
 * answer asked for, and each of its own words names the type ('hembesöket?',
 * 'valpkursen'), so no other passage that mentions the type is the answer.
 */
function typeNamedAlone(ranking: Ranking, all: readonly Passage[]): string | null {
  if (ranking.mentionedTypes.length !== 1 || ranking.intents.size > 0) return null;
  const typeName = ranking.mentionedTypes[0]!;
  // A row staff wrote on the type that matches best answers what the question says of it ('hur funkar PLAN-mötet, kör ni teams').
  const top = ranking.results[0]?.passage;
  if (top?.kind === "faq" && `${top.title} ${top.text}`.includes(typeName)) return null;
  const nameTerms = all.filter((p) => p.kind === "type" && p.typeName === typeName).flatMap((p) => analyze(p.title));
  const own = ranking.query.filter((q) => !q.added);
  const names = (q: QueryTerm) => [...q.terms, ...q.means].some((t) => nameTerms.includes(t));
  return own.length > 0 && own.every(names) ? typeName : null;
}

/**
 * A type's or a session's text found for a question that names no type only
 * by how a price or date is measured ('är priset per hund': VALPKURS's 'max
 * sex valpar per pass'): the question is not about that type.
 */
function typeFoundOnlyByMeasure(ranking: Ranking, passage: Passage): boolean {
  if ((passage.kind !== "type" && passage.kind !== "session") || ranking.mentionedTypes.length > 0) return false;
  const specific = ranking.query.filter((q) => !q.cue && !q.added && q.terms.length > 0 && q.df <= ranking.commonDf);
  return specific.length > 0 && specific.every((q) => q.terms.every((t) => PRICE_AND_DATE_MEASURES.includes(t)));
}

/**
 * A type's own text for a question that names no type and asks a price or
 * a date ('vad kostar en kurs', 'när är nästa pass i parken'): found by a
 * word other types share or by a place, it is one type's summary, not what
 * was asked about; found by a word only its own text has ('koppelgång',
 * 'proffs'), the question is about it.
 */
function typeSummaryForItsFact(ranking: Ranking, passage: Passage, all: readonly Passage[]): boolean {
  if (passage.kind !== "type" || passage.id === "type:all" || ranking.mentionedTypes.length > 0) return false;
  if (!ranking.intents.has("price") && !ranking.intents.has("sessions")) return false;
  const places = placeNameTerms(all);
  const others = termsOf(all.filter((p) => p.kind === "type" && p.id !== "type:all" && p !== passage));
  const own = termsOf([passage]);
  const asked = ranking.query.filter((q) => !q.cue && !q.added).flatMap((q) => [...q.terms, ...q.means]);
  return !asked.some((t) => own.includes(t) && !others.includes(t) && !places.some((p) => p === t || p.endsWith(t)));
}

/** The search terms of the places' names ('hundhall', 'gävl'): where, not what. */
function placeNameTerms(all: readonly Passage[]): string[] {
  return all.filter((p) => p.kind === "place" && p.id !== "place:all").flatMap((p) => analyze(p.title));
}

/** Words a visitor adds to any question that a row's question need not have ('egentligen', 'då'). */
const ASIDE_WORDS: ReadonlySet<string> = new Set(["egentligen", "ungefar", "tro", "da", "nu", "ifall", "istallet", "redan", "typ", "liksom", "alltsa", "sen"]);

/** The words of a text, å, ä and ö folded and hyphenated words in their parts ('PLAN-möte'). */
function foldedWords(text: string): string[] {
  return words(foldSwedishLetters(normalizeText(text))).flatMap((w) => w.split("-"));
}

/**
 * An FAQ row whose question has every word the visitor typed, the words that
 * frame it too ('hur går … till', which the search drops), but for filler:
 * staff wrote it for this question, so it answers it before what the
 * question's topic words alone point at (the type's summary).
 */
function faqAskedAsWritten(ranking: Ranking, all: readonly Passage[]): Passage | null {
  const asked = foldedWords(ranking.asked).filter((w) => !ASIDE_WORDS.has(w));
  if (asked.length < 3) return null;
  return all.find((p) => p.kind === "faq" && asked.every((w) => foldedWords(p.title).includes(w))) ?? null;
}

/** Two things to choose between ('privat eller proffs', 'vilket ska jag välja, valpkurs eller vardagslydnad?'). */
const CHOICE = /(?<![\p{L}])(\p{L}{3,}) eller (\p{L}{3,})(?![\p{L}])/u;

/**
 * A choice between two things a row staff wrote names both of in its
 * question ('privat eller proffs' of 'Vad är skillnaden mellan Privat och
 * Proffs…?'): that row answers it, unless a price or a date is asked.
 */
function faqOnTheChoice(ranking: Ranking, all: readonly Passage[]): Passage | null {
  if (ranking.intents.has("price") || ranking.intents.has("sessions")) return null;
  const choice = CHOICE.exec(foldSwedishLetters(ranking.asked));
  if (!choice) return null;
  const [a, b] = [stem(choice[1]!), stem(choice[2]!)];
  if (a === b || isStopWord(choice[1]!) || isStopWord(choice[2]!)) return null;
  return all.find((p) => p.kind === "faq" && foldedWords(p.title).map(stem).includes(a) && foldedWords(p.title).map(stem).includes(b)) ?? null;
}

const CONTACT_RULE_ID = "rule:contact";
const WAITLIST_RULE_ID = "rule:waitlist";
/** The rule that holds for the sessions of a group (or combined) type. */
const GROUP_MINIMUM_RULE_ID = "rule:group-minimum";
/** Words that ask a rule (typed with or without å, ä and ö). */
const RULE_WORDS: ReadonlySet<string> = new Set(INTENT_CUES.rules.flatMap((w) => [w, foldSwedishLetters(w)]));
/** Booking in general: names no rule ('boka valpkurs' asks for the type and its dates). */
const BOOKING_WORDS: ReadonlySet<string> = new Set(["boka", "bokar", "bokning", "bokningen", "bokningar", "mina"]);
/** 'Vem …?', 'vilken tränare …?' asks for a person (typed with or without å/ä/ö). */
const ASKS_WHO = /(?<![\p{L}])(?:vem|vilken (?:tranare|instruktor)|vilka (?:tranare|instruktorer|jobbar|arbetar)|vad heter (?:den |de |er |era )?(?:\p{L}+ )?(?:tranare\p{L}*|instruktor\p{L}*))(?![\p{L}])/u;
/** 'För vem passar …?', 'vem får gå på …?', 'vem är kursen för?' asks who may come, which the type's text says. */
const ASKS_FOR_WHOM =
  /(?<![\p{L}])(?:for vem|vem (?:passar|riktar)(?![\p{L}])|vem (?:far|kan|ska) (?:\p{L}+ ){0,2}(?:ga|vara med|delta|komma med)(?![\p{L}])|vem ar (?:\p{L}+ ){1,2}(?:till )?for\W*$)/u;

/** 'Vad heter hon?': the name of someone told of before (typed without å, ä and ö). */
const ASKS_NAME_OF_SOMEONE = /(?<![\p{L}])vad heter (?:hon|han|hen|de|dom)(?![\p{L}])/u;

function asksWho(asked: string): boolean {
  const folded = foldSwedishLetters(asked);
  return ASKS_WHO.test(folded) && !ASKS_FOR_WHOM.test(folded);
}

/** How far ahead of any person or the contact form a rule must score to answer a 'vem' question on its own. */
const ACT_RULE_LEAD = 2;

/**
 * The rule a 'vem' question is about when it asks who does something the
 * site's rules tell of and assign to no person ('vem mejlar om det blir
 * ledigt': the queue's mail; 'vem bokar mig': how to book): the best match
 * is a rule other than the contact form, it carries every word asked, it
 * scores far ahead of every person and the contact form, and the question
 * names no one of the team.
 */
function ruleOfUnassignedAct(ranking: Ranking, all: readonly Passage[]): Passage | null {
  const [first] = ranking.results;
  if (!first || first.passage.kind !== "rule" || first.passage.id === CONTACT_RULE_ID) return null;
  if (ranking.query.some((q) => q.added && (q.means.includes("team") || q.word === "tränare" || q.word === "teamet" || q.word === "ekonomi"))) return null;
  if (ranking.query.some(saysTrainers)) return null;
  const others = ranking.results.filter((r) => r.passage.kind === "team" || r.passage.id === CONTACT_RULE_ID);
  if (others.some((r) => r.score * ACT_RULE_LEAD > first.score)) return null;
  // A person whose text carries what is asked does it ('vem sköter bokningarna': Jonas sees to the bookings).
  const people = all.filter((p) => p.kind === "team" && p.id !== "team:about");
  if (people.some((p) => uncoveredWords(ranking, [p]).length === 0 && ranking.query.some((q) => !q.cue && q.terms.some((t) => termsOf([p]).includes(t))))) return null;
  if (uncoveredWords(ranking, [first.passage]).length > 0) return null;
  // The act is the rule's: the lexicon reads it as what the rule tells of ('mejlar om' as the notice), or the rule
  // says the visitor does it ('vem bokar mig': 'Du bokar …'). Who sends the newsletter the rule on it does not say.
  const verb = /(?<![\p{L}])vem\s+(\p{L}+)/u.exec(foldSwedishLetters(normalizeText(ranking.asked)))?.[1];
  if (!verb) return null;
  const terms = termsOf([first.passage]);
  const read = ranking.query.some((q) => q.lexical && foldSwedishLetters(q.word) === verb && q.means.some((m) => terms.includes(m)));
  const visitorsOwn = new RegExp(`(?<![\\p{L}])du\\s+${verb}(?![\\p{L}])`, "u").test(foldSwedishLetters(normalizeText(first.passage.text)));
  return read || visitorsOwn ? first.passage : null;
}

/** Whether something is there, or how long, large or many it is ('finns det …', 'hur lång är …', 'är det många …'), typed without å, ä and ö. */
const ASKS_FEATURE = /^(?:finns|hur (?:lang|langt|stor|stort|bred|brett|djup|djupt|manga|hog|hogt)|(?:ar|e) det (?:manga|mycket|langt))(?![\p{L}])/u;

/**
 * A place's passage tells where it is and how to get there: asked whether
 * something is there or how large it is ('finns det vatten i parken', 'hur
 * lång är stigen i Stadsparken'), it does not answer for a word its
 * description uses in passing, only for its own name.
 */
function placeFeatureAsked(ranking: Ranking, passage: Passage): boolean {
  if (passage.kind !== "place" || !ASKS_FEATURE.test(foldSwedishLetters(normalizeText(ranking.asked)))) return false;
  const own = analyze(passage.title);
  return ranking.query.some((q) => !q.cue && !q.added && q.terms.length > 0 && !q.terms.some((t) => own.some((o) => o === t || o.endsWith(t))));
}

/** The sentences of a type's text that say what it is: what kind of session, and the first of its description. */
const TYPE_SUBJECT_SENTENCES = 2;

/**
 * A type the question does not name, found through a rare word its text
 * uses further on ('vad kostar två pass': KOMBIPASS's 'två världar'; 'kan
 * jag välja tränare': PRIVAT & PROFFS's 'Välj Privat'), is not what is asked
 * about: a word asked must be in its name or in what it is (the first
 * sentences), as 'koppelgång' is of PROMENADTRÄNING.
 */
function typeFoundInPassing(ranking: Ranking, passage: Passage): boolean {
  if (passage.kind !== "type" || ranking.mentionedTypes.length > 0) return false;
  const subject = analyze(`${passage.title} ${sentencesOf(passage.text).slice(0, TYPE_SUBJECT_SENTENCES).join(" ")}`);
  const inSubject = (t: string) => amongOrCompoundTail(subject, t);
  const rare = ranking.query.filter((q) => !q.cue && !q.added && q.terms.length + q.means.length > 0 && q.df <= ranking.commonDf);
  return rare.length > 0 && !rare.some((q) => [...q.terms, ...q.means].some(inSubject));
}

/**
 * A row staff wrote for one question ('Hur går ett PLAN-möte till?'), found
 * only through rare words its answer uses further on ('har ni facebook' of
 * the meeting types it lists): none of them is in its question or the first
 * sentence of its answer, and it names no type the question names.
 */
function faqFoundInPassing(ranking: Ranking, passage: Passage): boolean {
  if (passage.kind !== "faq" || ranking.mentionedTypes.length > 0) return false;
  const subject = analyze(`${passage.title} ${sentencesOf(passage.text)[0] ?? ""}`);
  const inSubject = (t: string) => amongOrCompoundTail(subject, t);
  // A word the lexicon reads as the site's ('skäller' as 'dörrklockan') is one the rows are written for.
  const rare = ranking.query.filter((q) => !q.cue && !q.added && !q.lexical && q.terms.length > 0 && q.df <= ranking.commonDf);
  return rare.length > 0 && !rare.some((q) => [...q.terms, ...q.means].some(inSubject));
}

/** A search term this short ('kort', 'små', 'två', 'rast') is a common word that many texts may use in passing. */
const SHORT_TERM_LENGTH = 5;

/** The kinds of passage a rare word must be in the subject of: a rule, a preparation item, a person. */
const SUBJECT_KINDS: ReadonlySet<Passage["kind"]> = new Set(["rule", "preparation", "team"]);

/**
 * A rule, a preparation item or a person found only through rare words of
 * the question that its text uses in passing ('kort?': the checklist's 'en
 * kort promenad'; 'små hundar': Linnea's 'små steg'; 'var anmäler jag mig på
 * plats': the newsletter's 'du anmäler dig') is not what is asked about: one
 * of them must be in its title, its first sentence or the words it is filed
 * under.
 */
function foundInPassing(ranking: Ranking, passage: Passage): boolean {
  if (!SUBJECT_KINDS.has(passage.kind)) return false;
  const subject = analyze(`${passage.title} ${sentencesOf(passage.text)[0] ?? ""} ${passage.keywords}`);
  const inSubject = (t: string) => amongOrCompoundTail(subject, t);
  const rare = ranking.query.filter((q) => !q.cue && !q.added && q.terms.length + q.means.length > 0 && q.df <= ranking.commonDf);
  return (
    rare.length > 0 &&
    rare.every((q) => q.terms.every((t) => t.length <= SHORT_TERM_LENGTH)) &&
    !ranking.query.some((q) => [...q.terms, ...q.means].some(inSubject))
  );
}

/**
 * A question whose one rare content word ('jag förstår inte', 'passet blev
 * kortare', 'flurre sitt') a passage only uses in its text, and that is not
 * among what the passage is about (its title or the words it is filed
 * under), is not answered by it: with nothing else asked, a common word the
 * text uses in passing ('Jag förstår att…', 'en kort promenad', 'sitt,
 * ligg') says nothing of what the visitor wants to know.
 */
function soleWordInPassing(ranking: Ranking, passage: Passage): boolean {
  const content = ranking.query.filter((q) => !q.cue && !q.added && q.terms.length + q.means.length > 0);
  const rare = content.filter((q) => q.df <= ranking.commonDf);
  // A word that says what kind of answer is wanted ('avboka', 'länken', 'priset') asks of the topic the word is in.
  // A person's text is weighed by what it settles of them (unsettledAboutTeam).
  if (rare.length !== 1 || ranking.mentionedTypes.length > 0 || ranking.query.some((q) => q.cue) || passage.kind === "team") return false;
  const filed = analyze(`${passage.title} ${passage.keywords}`);
  const q = rare[0]!;
  // A list of things to bring carries each of them in its text ('flexikoppel'); only a short common word is in passing there.
  const common = q.terms.every((t) => t.length <= SHORT_TERM_LENGTH) || passage.kind === "rule";
  return common && ![...q.terms, ...q.means].some((t) => amongOrCompoundTail(filed, t));
}

/** Whether the question names a person of the team by their name ('linnea', 'jonas'), not a word that only shares its stem. */
function namesTeamMember(ranking: Ranking, all: readonly Passage[]): boolean {
  const people = all.filter((p) => p.kind === "team" && p.id !== "team:about");
  return ranking.query.some(
    (q) =>
      !q.cue &&
      !q.added &&
      people.some((p) => q.terms.some((t) => analyze(p.title).includes(t)) && foldSwedishLetters(q.word).startsWith(foldSwedishLetters(normalizeText(p.title)))),
  );
}

/** The word after 'än', 'förutom' or 'utom' ('fler tränare än Linnea'): the one besides whom others are asked of. */
const NAMED_BESIDES = /(?<![\p{L}])(?:an|forutom|utom) (\p{L}+)/gu;

/**
 * The answer to a question that asks who: a person of the team, what the
 * site says of the whole team, or a passage that says whom to turn to (the
 * contact form, 'hör av dig till oss'), whichever carries every word of the
 * question. A session type named in it is led by the team ('vem leder
 * valpkursen'), so the team passage need not name it. Nothing else answers
 * who: a type's, a place's or a rule's text is a near topic ('vem ansvarar
 * för hallen'), and a name the site does not know is not its best match
 * ('vem är Anna' is not the rule that says 'annars').
 */
function teamAnswer(ranking: Ranking, all: readonly Passage[]): ComposedAnswer {
  // A name that only shares its stem with a person's ('Jon' with Jonas) is a person the site does not name.
  const people = all.filter((p) => p.kind === "team" && p.id !== "team:about");
  const otherName = ranking.query.some((q) =>
    people.some((p) => {
      const name = foldSwedishLetters(normalizeText(p.title));
      return q.terms.some((t) => analyze(p.title).includes(t)) && !foldSwedishLetters(q.word).startsWith(name);
    }),
  );
  if (otherName) return unsure(ranking, all);
  // A session asked of by its place ('vem håller i kursen på Bronsängen') is led by the team too, and so is one asked of by
  // who leads it ('vem är instruktören i hallen'); a place alone is not ('vem ansvarar för hallen').
  const namesSession =
    ranking.mentionedTypes.length > 0 ||
    ranking.query.some((q) => [...q.terms, ...q.means].includes("pass") || saysTrainers(q) || q.means.includes("trän"));
  const typeTerms = [
    ...all.filter((p) => p.kind === "type" && p.typeName && ranking.mentionedTypes.includes(p.typeName)).flatMap((p) => analyze(p.title)),
    ...(namesSession ? placeNameTerms(all) : []),
  ];
  // So is one asked of by what the rows staff wrote on its type say of it ('vem ringer upp om man väljer telefonmöte på PLAN'):
  // what the site says of the whole team need not say it; no one person's text or the contact form is excused them.
  const rowTerms = termsOf(all.filter((p) => p.kind === "faq" && ranking.mentionedTypes.some((name) => `${p.title} ${p.text}`.includes(name))));
  // The team and the contact form first (best match first, then what the site says of the whole team), then what else says whom to turn to.
  // A person the question names comes before the rest of the team ('vem e du egentligen flurre lilla vovve').
  // A person named as the one besides whom others are asked of ('finns det fler tränare än Linnea') is not the one asked about.
  const besides = new Set([...foldSwedishLetters(ranking.asked).matchAll(NAMED_BESIDES)].flatMap((m) => analyze(m[1]!)));
  const asked = new Set(ranking.query.filter((q) => !q.cue).flatMap((q) => q.terms).filter((t) => !besides.has(t)));
  const namedPerson = (p: Passage) => p.kind === "team" && p.id !== "team:about" && analyze(p.title).some((t) => asked.has(t));
  const rank = (p: Passage) => (namedPerson(p) ? 0 : p.kind === "team" || p.id === CONTACT_RULE_ID ? 1 : 2);
  const answersWho = (p: Passage) => p.kind === "team" || p.links.some((l) => l.href === CONTACT_PATH);
  const ranked = ranking.results.map((r) => r.passage).filter(answersWho);
  const unranked = all.filter((p) => answersWho(p) && !ranked.includes(p)).sort((a, b) => Number(b.id === "team:about") - Number(a.id === "team:about"));
  const candidates = [...ranked, ...unranked].sort((a, b) => rank(a) - rank(b));
  const covers = (p: Passage) => uncoveredWords(ranking, [p], p.id === "team:about" ? [...typeTerms, ...rowTerms] : typeTerms).length === 0 && !missesAskedDuration(ranking, p);
  const chosen = candidates.find(covers);
  if (!chosen) return unsure(ranking, all);
  // A person's passage for a question that names the person or that only theirs answers ('vem tar hand om kvitton'); else the team.
  const about = all.find((p) => p.id === "team:about");
  // Named by their name or their role ('vem har hand om ekonomin': Jonas, ekonomi och administration).
  const named = [...analyze(chosen.title), ...roleTermsOf(chosen)].some((t) => asked.has(t));
  const passage = chosen.kind === "team" && chosen !== about && !named && about && covers(about) ? about : chosen;
  // What the site says of the whole team, chosen only because no word asked is one it lacks ('vem kan se min bokning':
  // 'bokning' is common), is not about any act asked: when it carries none of the words asked, nobody is named for it.
  if (passage === about) {
    const aboutTerms = [...termsOf([about]), ...typeTerms, ...rowTerms];
    // A day asked of ('vilken instruktör har ni på lördagar') narrows the sessions the team leads; it is no act.
    const content = ranking.query.filter((q) => !q.added && q.terms.length > 0 && !saysTrainers(q) && !NAMES_A_DAY.test(foldSwedishLetters(q.word)));
    const carries = (q: QueryTerm) => [...q.terms, ...q.means].some((t) => aboutTerms.some((a) => a === t || a.endsWith(t) || (t.length >= 4 && a.includes(t))));
    if (content.length > 0 && !content.some(carries)) return unsure(ranking, all);
  }
  return composeFromPersonOrPassage(ranking, all, passage);
}

/**
 * The preparation passage for a question that asks what to bring or how to
 * prepare for one type it names, and not its dates or price: the note on
 * online sessions and home visits for a type held there, else the checklist.
 */
function preparationOfType(ranking: Ranking, all: readonly Passage[]): Passage | null {
  const typeName = ranking.mentionedTypes.length === 1 ? ranking.mentionedTypes[0]! : null;
  if (!ranking.intents.has("preparation") || ranking.intents.has("sessions") || ranking.intents.has("price")) return null;
  const top = ranking.results[0]?.passage;
  if (!typeName) {
    // Asked of no type ('vad ska valpen ha med sig'): the checklist, unless the best match says what to bring itself.
    if (ranking.mentionedTypes.length > 0 || !top || (top.kind !== "type" && top.kind !== "session" && top.kind !== "faq")) return null;
    const prepared = ranking.query.filter((q) => q.cue && (INTENT_CUES.preparation as readonly string[]).includes(q.word)).flatMap((q) => q.terms);
    if (prepared.length === 0 || termsOf([top]).some((t) => prepared.includes(t))) return null;
    const checklist = all.find((p) => p.id === PREPARATION_IDS.onSite) ?? null;
    return checklist && uncoveredWords(ranking, [checklist]).length === 0 ? checklist : null;
  }
  // Passed already by the question's own words ('hunden är sjuk', an FAQ row): the ranking's choice stands.
  if (top && top.kind !== "type" && top.kind !== "session") return null;
  const held = all.filter((p) => p.kind === "session" && p.typeName === typeName).map((p) => p.session!.location);
  const onlineOrHome = held.length > 0 && held.every((l) => l === "Online" || l === "Hembesök");
  const passage = all.find((p) => p.id === (onlineOrHome ? PREPARATION_IDS.onlineOrHome : PREPARATION_IDS.onSite)) ?? null;
  return passage && uncoveredWords(ranking, [passage, ...all.filter((p) => p.kind === "type" && p.typeName === typeName)]).length === 0
    ? passage
    : null;
}

/** 'Hur länge …?' asks how long (typed with or without ä). */
const ASKS_DURATION = /(?<![\p{L}])hur\s+lange(?![\p{L}])/u;
/** A length of time a text states: '10 minuter', 'två timmar', '18:00–19:00', '8–20 veckor'. */
const DURATION =
  /(?:\d+|en|ett|två|tre|fyra|fem|sex|sju|åtta|nio|tio)\s+(?:minut|minuter|timme|timmar|dag|dagar|vecka|veckor|månad|månader|år)(?![\p{L}])|\d{1,2}:\d{2}–\d{1,2}:\d{2}/u;

/**
 * A question that asks how long ('Hur länge gäller länken?', 'hur länge har
 * Linnea tränat?') is answered only by a passage that states a length of
 * time, and one that asks how many only by a passage that states a number;
 * the person's or place's passage without one is a near topic.
 */
function missesAskedDuration(ranking: Ranking, passage: Passage): boolean {
  const asked = foldSwedishLetters(ranking.asked);
  if (ASKS_DURATION.test(asked) && !DURATION.test(passage.text)) return true;
  return missesAskedCount(ranking, [passage]);
}

/**
 * A question that asks how many ('hur många hundar får vara med på
 * valpkursen', 'hur många minuter gäller länken') is answered only by
 * passages that state a number of what it counts: the word after 'hur
 * många', or, with none ('hur många måste komma'), those who take part
 * (participants, dogs, puppies, seats; a session's seats are its own). A
 * compound counts as its last part ('två hundtränare' are trainers, not
 * dogs). A
 * most asked ('får plats', 'max') is not a least stated ('minst 3
 * deltagare'), nor the other way round. The site states no counts of what
 * has been or usually is ('hur många har gått valpkursen', 'hittills',
 * 'brukar'): such a question is never answered by a passage that names the
 * thing counted.
 */
function missesAskedCount(ranking: Ranking, passages: readonly Passage[]): boolean {
  const asked = foldSwedishLetters(ranking.asked);
  const at = ASKS_COUNT.exec(asked);
  if (!at) return false;
  if (ASKS_PAST_COUNT.test(asked)) return true;
  // The thing counted, past a word that only says which of them ('hur många lediga platser').
  const next = (asked.slice(at.index + at[0].length).match(/\p{L}+/gu) ?? []).find((w) => !WHICH_OF_THEM.has(w));
  const word = next === undefined ? undefined : ranking.query.find((q) => !q.added && foldSwedishLetters(q.word) === next);
  const counted = word && word.terms.length + word.means.length > 0 ? [...word.terms, ...word.means] : [...TAKING_PART];
  const bound: Bound = ASKS_MOST.test(asked) ? "most" : ASKS_LEAST.test(asked) ? "least" : null;
  const stated = passages.flatMap((p) => [
    ...countedNouns(p.text),
    ...(p.kind === "session" ? SEATS_TERMS.map((noun) => ({ noun, bound: null })) : []),
  ]);
  const matches = (c: string, n: string) =>
    n === c || n.endsWith(c) || (TAKING_PART.has(c) && TAKING_PART.has(n));
  const fits = (b: Bound) => bound === null || b === null || b === bound;
  return !counted.some((c) => stated.some((s) => matches(c, s.noun) && fits(s.bound)));
}

/** Whether a count is a most ('max sex valpar') or a least ('minst 3 deltagare'); null when neither is said. */
type Bound = "most" | "least" | null;

/**
 * The nouns a text gives a number of, as terms, with the bound it states
 * ('minst 3 deltagare', 'max sex valpar', 'bara en gång'). 'Två eller färre
 * deltagare' is the line below which a session is not held: a least.
 */
function countedNouns(text: string): { noun: string; bound: Bound; number: string }[] {
  const counts: { noun: string; bound: Bound; number: string }[] = [];
  for (const m of normalizeText(text).matchAll(COUNTED_NOUN)) {
    const [, boundWord, number, orFewer, noun] = m;
    const bound: Bound = boundWord !== undefined ? (/^(?:minst|som minst)$/u.test(boundWord) ? "least" : "most") : orFewer !== undefined ? "least" : null;
    for (const term of analyze(noun!)) counts.push({ noun: term, bound, number: number! });
  }
  return counts;
}

/**
 * A number the question counts one thing with that the passage counts
 * another with ('kan man boka två pass i samma bokning' is not the rule on
 * 'två eller färre deltagare'): the same number, yet not of what is asked.
 */
function countsAnotherThing(ranking: Ranking, passage: Passage): boolean {
  const stated = countedNouns(passage.text);
  const same = (a: string, b: string) => a === b || b.endsWith(a) || a.endsWith(b) || (TAKING_PART.has(a) && TAKING_PART.has(b));
  return countedNouns(ranking.asked).some((asked) => {
    const ofNumber = stated.filter((s) => s.number === asked.number);
    return ofNumber.length > 0 && !ofNumber.some((s) => same(asked.noun, s.noun));
  });
}

const NUMBER_WORD = "(?:\\d+(?:[–-]\\d+)?|två|tre|fyra|fem|sex|sju|åtta|nio|tio|(?<=(?:bara|max|minst|högst|endast) )(?:en|ett)|(?:en|ett)(?=\\s+gång))";
/** A number, the bound said before it ('minst', 'max') or after it ('eller färre'), and the noun it counts. */
const COUNTED_NOUN = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:(minst|som minst|max|högst|som mest|upp till)\\s+)?(${NUMBER_WORD})\\s+(?:(eller\\s+(?:färre|fler))\\s+|(?:till|och)\\s+\\p{L}+\\s+)?(\\p{L}+)`,
  "gu",
);
/**
 * Words that say how a price or a date is measured or compared ('per gång',
 * 'nästa gång', 'i timmen', 'mer än vanliga pass', 'på kvällen'), not what
 * it is of.
 */
const PRICE_AND_DATE_MEASURES: readonly string[] = analyze("per gång gången gånger timme timmen vanlig vanliga vanligt styck kväll kvällen morgon förmiddag eftermiddag");

/** Words between 'hur många' and what it counts (typed without å, ä and ö). */
const WHICH_OF_THEM: ReadonlySet<string> = new Set(["lediga", "ledig", "fler", "andra", "olika"]);
/** Those who take part, counted alike: participants, dogs, puppies, seats, and those who have booked ('om bara två bokat'). */
const TAKING_PART: ReadonlySet<string> = new Set(
  analyze("deltagare plats platser hund hundar valp valpar person personer ekipage bokat bokade anmält anmälda anmälde anmäld"),
);
const SEATS_TERMS: readonly string[] = analyze("platser");
/** What has been or usually is, asked with 'hur många' ('har gått', 'har varit', 'hittills', 'brukar'). */
const ASKS_PAST_COUNT =
  /(?<![\p{L}])(?:har\s+(?:\p{L}+\s+){0,3}(?:varit|gatt|haft|provat|tranat|gjort|deltagit)|hittills|totalt|sammanlagt|brukar|forra|ifjol)(?![\p{L}])/u;
/** How many at most ('får plats', 'får vara med', 'max'), and at least ('måste', 'minst', 'blir av'), typed without å, ä and ö. */
const ASKS_MOST = /(?<![\p{L}])(?:max\p{L}*|hogst|som mest|far plats|ryms|far (?:vara|ga|komma) med|far delta)(?![\p{L}])/u;
const ASKS_LEAST = /(?<![\p{L}])(?:minst|som minst|maste|behovs|kravs|bli(?:r)? av)(?![\p{L}])/u;

/**
 * A question that opens by asking when ('vilken dag kommer kvittot?') is
 * answered only by a passage that states a time (a date, a day, a length of
 * time, 'varje månad'), and one that asks a price ('vad kostar ett extra
 * koppel?') only by one that states a price or speaks of paying: the
 * passage that only names the thing is a near topic. (A type's and a
 * session's dates and prices are answered before this.)
 */
function missesAskedWhenOrPrice(ranking: Ranking, passage: Passage): boolean {
  const asked = foldSwedishLetters(ranking.asked);
  if (ASKS_WHEN.test(asked) && !STATES_TIME.test(passage.text)) return true;
  // A person, a rule or a row asked of on a weekday ('jobbar Linnea helger', 'betalar man mer på helgen') is answered only
  // by a text that states when (a type's and a session's days are answered before this).
  if (passage.kind !== "type" && passage.kind !== "session" && NAMES_A_DAY.test(asked) && !STATES_TIME.test(passage.text)) return true;
  if (!ranking.intents.has("price") || STATES_PRICE.test(passage.text)) return false;
  // What doing a thing costs is settled by a passage that says it cannot be done ('vad kostar det att avboka': 'kan inte avbokas').
  const cannot = cannotBeDone(passage.text);
  return !ranking.query.some((q) => q.cue && q.terms.some((t) => cannot.includes(t)));
}

/** What a text says cannot be done ('kan inte avbokas eller ombokas'), as terms. */
function cannotBeDone(text: string): string[] {
  return [...text.matchAll(/(?<![\p{L}])kan inte (\p{L}+)(?: eller (\p{L}+))?/gu)].flatMap((m) => analyze(`${m[1]} ${m[2] ?? ""}`));
}

/**
 * A question that speaks of the trainers ('kan jag få pengarna tillbaka om
 * tränaren är sjuk') is answered only by a passage that speaks of them too,
 * or by the way to reach them: a rule about the visitor's own booking or dog
 * is a near topic.
 */
function missesNamedTrainers(ranking: Ranking, passage: Passage): boolean {
  const trainers = ranking.query.filter((q) => q.cue && saysTrainers(q)).flatMap((q) => q.terms);
  // The contact form is how the trainers are reached ('kan man snacka med en tränare').
  if (trainers.length === 0 || passage.kind === "team" || passage.id === CONTACT_RULE_ID) return false;
  const own = new Set(analyze(passage.text));
  return !trainers.some((t) => own.has(t) || [...own].some((o) => o.endsWith(t)));
}

/**
 * What happens during a session ('vad händer om hunden blir sjuk under
 * passet') is not what to do before it: the preparation passages ('hör av
 * dig innan passet') do not answer it, unless the question asks what to
 * bring or wear ('vad ska hunden ha på sig under passet').
 */
function preparationForDuring(ranking: Ranking, passage: Passage): boolean {
  return passage.kind === "preparation" && !ranking.intents.has("preparation") && ASKS_DURING.test(foldSwedishLetters(ranking.asked));
}

const ASKS_DURING = /(?<![\p{L}])under (?:passet|passen|kursen|lektionen|traningen|promenaden|hembesoket|motet)(?![\p{L}])/u;

/** The trainers named as such (typed with or without å, ä and ö), not 'vem' or 'jobbar'. */
const TRAINER_WORDS: ReadonlySet<string> = new Set(["tranare", "tranarna", "tranaren", "instruktor", "instruktoren", "instruktorer", "instruktorerna", "personal", "personalen"]);
/** The visitor's own word (not one the lexicon added) names the trainers. */
const saysTrainers = (q: QueryTerm) => !q.added && TRAINER_WORDS.has(foldSwedishLetters(q.word));

const ASKS_WHEN = /^(?:nar|vilken dag|vilket datum|vilken tid)(?![\p{L}])/u;
const STATES_TIME =
  /\d|(?<![\p{L}])(?:måndag|tisdag|onsdag|torsdag|fredag|lördag|söndag|idag|imorgon|direkt|genast|varje|dag|dagar|dagen|vecka|veckor|veckan|månad|månader|minut\p{L}*|timm\p{L}*|innan|före|efter)(?![\p{L}])/u;
const STATES_PRICE = /\d+\s*kr|(?<![\p{L}])(?:kr|kronor|kostar|kostnad\p{L}*|pris\p{L}*|gratis|betal\p{L}*|avgift\p{L}*)(?![\p{L}])/u;

/** 'Hur många …?' asks a number ('hur många hundar får plats i hallen'). */
// 'Är det många hundar i parken?' asks a count too.
const ASKS_COUNT = /(?<![\p{L}])(?:hur\s+manga|(?:ar|e|blir)\s+det\s+(?:manga|fa))(?![\p{L}])/u;

/**
 * The FAQ row staff wrote on what the question asks of the one type it
 * names ('vad ska jag tänka på innan ni kommer hem till oss': the row on
 * preparing for a home visit, beside the preparation note): a row that names
 * the type and whose own question asks the same kind of thing. Only beside a
 * passage that is not the type's own, nor an FAQ row.
 */
function faqOfNamedType(ranking: Ranking, answering: Passage): Passage | null {
  if (ranking.mentionedTypes.length !== 1 || answering.kind === "faq" || answering.kind === "type" || answering.kind === "session") return null;
  // Asked yes or no, and every word of it carried by the passage ('måste vi förbereda nåt inför hembesöket': 'ni behöver
  // inte förbereda något särskilt'): the passage settles it whole; the row says how, not whether.
  if (YES_NO_QUESTION_OPENERS.has(firstWord(ranking.asked)) && uncoveredWords(ranking, [answering]).length === 0) return null;
  const typeName = ranking.mentionedTypes[0]!;
  const asked = [...ranking.intents].filter((i) => i !== "sessions" && i !== "price");
  if (asked.length === 0) return null;
  const faq = ranking.results.find((r) => {
    if (r.passage.kind !== "faq" || !`${r.passage.title} ${r.passage.text}`.includes(typeName)) return false;
    const its = intentCues(r.passage.title);
    return asked.some((i) => its.has(i));
  });
  return faq?.passage ?? null;
}

/** The sentences of a passage that do not name another type than the one asked about. */
function sentencesOnType(text: string, typeName: string, all: readonly Passage[]): string {
  const others = all.filter((p) => p.kind === "type" && p.typeName && p.typeName !== typeName).map((p) => p.typeName!);
  const kept = sentencesOf(text).filter((s) => !others.some((name) => s.includes(name)));
  return kept.length > 0 ? kept.join(" ") : text;
}

/** A passage's sentences on the type asked about, then the FAQ row on it, in one short answer. */
function composeWithTypeFaq(ranking: Ranking, all: readonly Passage[], passage: Passage, faq: Passage): ComposedAnswer {
  const opening = openingOf(passage);
  const own = sentencesOnType(passage.text, ranking.mentionedTypes[0]!, all);
  const rest = trimmedToQuestion(ranking, yesNoFitted(faq.text, faq.title, ranking.asked), `${opening} ${own}`);
  return answer([opening, own, rest], [passage, faq], [...passage.links, ...faq.links]);
}

/** The next sessions with seats, of any type (in the town, place or on the weekdays asked about). */
function composeNextSessions(ranking: Ranking, all: readonly Passage[]): ComposedAnswer {
  const filter = sessionFilterOf(ranking, all);
  const sessions = all
    .filter((p) => p.kind === "session" && p.session?.bookable && (!filter || filter.keeps(p.session)))
    .sort(byStart)
    .slice(0, MAX_LISTED_SESSIONS);
  const allSessions = { label: FLURRE_ANSWER_TEXTS.allSessions, href: "/alla-popups" };
  if (sessions.length === 0) {
    return answer([FLURRE_ANSWER_TEXTS.noSessionsIn(filter?.where ?? "")], [], [allSessions]);
  }
  const opening = filter ? FLURRE_ANSWER_TEXTS.nextSessionsIn(filter.where) : FLURRE_ANSWER_TEXTS.nextSessions;
  return answer([opening, ...sessionLines(sessions, true)], sessions, [...sessions.flatMap((s) => s.links), allSessions]);
}

/** About 60 words fit a chat bubble; the links come after them. */
export const ANSWER_WORD_BUDGET = 60;

function wordCount(text: string): number {
  return text.split(/\s+/u).filter(Boolean).length;
}

/** A text's sentences (after '.', '!' or '?' and a space, so '8–20 veckor' or 'PopUp's' stay whole). */
function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?”])\s+(?=[\p{Lu}\p{N}”'])/u).filter(Boolean);
}

/**
 * A passage trimmed to fit the bubble with its opening: whole when it fits;
 * else its first sentence (what it is about) and then the sentences that
 * carry the question's words, in the passage's order, while they fit.
 */
function trimmedToQuestion(ranking: Ranking, text: string, opening: string): string {
  const budget = ANSWER_WORD_BUDGET - wordCount(opening);
  if (wordCount(text) <= budget) return text;
  const asked = new Set(ranking.query.filter((q) => !q.cue).flatMap((q) => q.terms));
  const carries = (sentence: string) => analyze(sentence).some((t) => [...asked].some((a) => t === a || (a.length >= 4 && t.includes(a))));
  const [head, ...rest] = sentencesOf(text);
  const kept = [head!];
  let used = wordCount(head!);
  for (const sentence of rest) {
    if (!carries(sentence)) continue;
    const n = wordCount(sentence);
    if (used + n > budget) break;
    kept.push(sentence);
    used += n;
  }
  return kept.join(" ");
}

/**
 * The answer from one passage: a short opening (Ja or Nej first when the
 * question asks yes or no and the passage settles it), the passage's own
 * sentences that answer, and its links.
 */
function composeFromPassage(ranking: Ranking, passage: Passage): ComposedAnswer {
  const yesNo = passage.kind === "faq" ? null : passageYesNo(ranking.asked, passage);
  const opening = yesNo ? `Voff! ${yesNo}.` : openingOf(passage);
  // A summary (a type without its inspiring line, the checklist's first items) is written to fit already.
  const text =
    passage.kind === "faq"
      ? trimmedToQuestion(ranking, yesNoFitted(passage.text, passage.title, ranking.asked), opening)
      : (passage.summary ?? trimmedToQuestion(ranking, passage.text, opening));
  return answer([opening, text], [passage], passage.links);
}

/** How close to the best a passage of the same kind must score to be weighed against it. */
const NEAR_TIE_SHARE = 0.85;

/**
 * The passage that answers, of the rules that score about as well as the
 * best one: the one whose first sentence (what it is about) carries
 * most of the question's words ('Måste man ha konto?': the rule that opens
 * 'Du bokar utan konto', not the one that mentions an account further on).
 * A person's passage only for a question that names the person; else what
 * the site says about the whole team.
 */
function answeringPassage(ranking: Ranking, all: readonly Passage[]): Passage {
  const [first] = ranking.results;
  const asked = new Set(ranking.query.filter((q) => !q.cue).flatMap((q) => q.terms));
  const named = (p: Passage) => analyze(p.title).some((t) => asked.has(t));
  // A passage of the kind the question asks for ('vem…' a person, 'var…' a place) when it scores about as well.
  const wanted = new Set([...ranking.intents].flatMap((i) => INTENT_KINDS[i]));
  if (wanted.size > 0 && !wanted.has(first!.passage.kind)) {
    const near = ranking.results.find((r) => wanted.has(r.passage.kind) && r.passage.kind !== "session" && r.score >= first!.score * NEAR_TIE_SHARE);
    if (near) return answeringPassage({ ...ranking, results: [near, ...ranking.results.filter((r) => r !== near)] }, all);
  }
  // What the site says of the whole team, found for a question that names one of them ('är flurre en riktig hund'): theirs answers.
  if (first!.passage.id === "team:about") {
    const person = ranking.results.find((r) => r.passage.kind === "team" && r.passage.id !== "team:about" && named(r.passage));
    if (person) return person.passage;
  }
  // 'Vem leder passen?' asks for the team; 'vill ha kvitto' finds the one who handles receipts.
  const asksTeam = ranking.intents.has("team");
  if (asksTeam && first!.passage.kind === "team" && first!.passage.id !== "team:about" && !named(first!.passage)) {
    const about = all.find((p) => p.id === "team:about");
    // Unless only the person's passage says what is asked ('vem tar hand om kvitton').
    // What the lexicon read the question as asking counts ('hur jobbar instruktören med hundarna': belöningsbaserat, which only Linnea's text says).
    const meantOnlyByThem = (person: Passage, team: Passage) => {
      const [theirs, teams] = [termsOf([person]), termsOf([team])];
      return ranking.query.some((q) => q.added && !q.cue && q.terms.some((t) => theirs.includes(t)) && !q.terms.some((t) => teams.includes(t)));
    };
    const misses = (p: Passage) => uncoveredWords(ranking, [p]).length > 0;
    const onlyTheirs = about && (misses(about) || meantOnlyByThem(first!.passage, about)) && !misses(first!.passage);
    if (about && !onlyTheirs) return about;
  }
  const allTerms = new Set(ranking.query.flatMap((q) => q.terms));
  const carried = (p: Passage) => {
    const lead = new Set(analyze(sentencesOf(p.text)[0] ?? ""));
    return [...allTerms].filter((t) => lead.has(t)).length;
  };
  // Rules open with what they are about; other passages (a checklist, a place) do not.
  if (first!.passage.kind !== "rule") return first!.passage;
  const near = ranking.results.filter((r) => r.passage.kind === "rule" && r.score >= first!.score * NEAR_TIE_SHARE);
  let best = first!;
  for (const r of near) if (carried(r.passage) > carried(best.passage)) best = r;
  return best.passage;
}

/**
 * The Ja or Nej a passage's own facts give a yes/no question asked as it
 * states them ('Kan jag avboka?' of the binding rule: Nej); null when the
 * question is not yes/no, is turned ('Kan man inte…?'), or the passage says
 * nothing that settles it.
 */
function passageYesNo(asked: string, passage: Passage): "Ja" | "Nej" | null {
  if (!passage.yesNo || !YES_NO_QUESTION_OPENERS.has(firstWord(asked)) || NEGATION.test(asked)) return null;
  const folded = foldSwedishLetters(asked);
  return passage.yesNo.find((rule) => rule.asks.test(folded))?.answer ?? null;
}

/** The passage each kind of answer starts from, asked for with nothing it is about ('var finns ni?', 'packlista?'). */
const OVERVIEW_OF: Partial<Record<IntentCue, string>> = { places: "place:all", preparation: PREPARATION_IDS.onSite };

/**
 * A question that asks where, or what to bring, and names nothing in
 * particular ('Var finns ni?', 'Var har ni era kurser?', 'Vad behövs till
 * passet?'): every word of it frames the question or means a session in
 * general. Answered by that kind's overview (all the places, the checklist).
 */
function overviewAsked(ranking: Ranking, all: readonly Passage[]): Passage | null {
  if (ranking.intents.size !== 1 || ranking.mentionedTypes.length > 0) return null;
  const [intent] = [...ranking.intents];
  const id = OVERVIEW_OF[intent!];
  if (!id) return null;
  const common = (t: string) => (ranking.query.find((q) => q.terms.includes(t))?.df ?? 0) > ranking.commonDf;
  const general = (q: Ranking["query"][number]) =>
    q.cue || q.added || (q.terms.length > 0 && q.terms.every(common)) || (q.lexical && q.means.length > 0 && q.means.every((t) => t === "pass"));
  if (!ranking.query.every(general)) return null;
  return all.find((p) => p.id === id) ?? null;
}

/** A sentence that opens with the visitor ('jag glömde …', 'vi blev …'), not the dog. */
const TELLS_OF_VISITOR = /^(?:jag|vi)(?![\p{L}])/u;

/** The verb right after 'jag' or 'vi': what the visitor does or is ('jag sitter', 'vi bor'), told of them, not of the dog. */
const VISITOR_DOES = /(?<![\p{L}])(?:jag|vi) (\p{L}+)/gu;

/**
 * The type an advice question asks for: the one it names, else the best
 * ranked type whose own text carries a word the visitor used for the need
 * ('rädd för andra hundar' → möten med andra hundar, 'drar' → koppelgång),
 * with its next dates, said as a suggestion. Words of the need the site
 * never uses do not stop it; a question that only tells a need (no question
 * form) gets a suggestion only when a type is the best match.
 */
function adviceAnswer(ranking: Ranking, all: readonly Passage[]): ComposedAnswer | null {
  if (!ranking.intents.has("advice") || ranking.intents.has("price") || ranking.mentionedTypes.length > 1) return null;
  if (ranking.mentionedTypes.length === 1) return composeTypeAnswer(ranking, all, ranking.mentionedTypes[0]!, true);
  // Something the visitor tells of themselves, not asked ('jag blev dragen två gånger', 'jag glömde kopplet i parken'), with
  // a word the site never uses is read as what it says: no need of the dog is asked about.
  const told = foldSwedishLetters(normalizeText(ranking.asked));
  if (TELLS_OF_VISITOR.test(told) && !ADVICE_WORDS.test(told) && unknownKeyWords(ranking).length > 0) return null;
  const overview = all.find((p) => p.id === "type:all");
  // Words for a session in general ('kurs', 'pass') and the types' names tell nothing of which type; the kinds the
  // overview lists do ('grupp', 'egen tränare').
  const typeNames = all.flatMap((p) => (p.kind === "type" && p.typeName ? [p.typeName] : []));
  const general = new Set(overview ? analyze(`${overview.title} ${overview.keywords} ${typeNames.join(" ")}`) : []);
  // What the visitor says they do ('jag sitter i rullstol') is their own situation, not the dog's need.
  const visitors = new Set([...foldSwedishLetters(ranking.asked).matchAll(VISITOR_DOES)].flatMap((m) => analyze(m[1]!)));
  const need = new Set(
    ranking.query
      .filter((q) => !q.terms.some((t) => visitors.has(t)))
      .flatMap((q) => [...q.terms, ...q.means])
      .filter((t) => !general.has(t) && (ranking.query.find((q) => q.terms.includes(t))?.df ?? 0) <= ranking.commonDf),
  );
  // The type that carries the rarest words of the need ('dörrklockan' over 'ring'), the better ranked of equals.
  const weight = (r: RankedPassage) => r.matched.filter((t) => need.has(t)).reduce((sum, t) => sum + rarity(ranking, t), 0);
  // Not a type for another age than the dog's ('hunden är 8 månader', 'inte längre valp': older than any puppy).
  const older = ranking.query.some((q) => q.word === "äldre");
  const weeks = older ? Number.POSITIVE_INFINITY : weeksTold(ranking.asked);
  const types = ranking.results.filter(
    (r) => r.passage.kind === "type" && r.passage.id !== "type:all" && weight(r) > 0 && (weeks === null || !outsideAges(weeks, [r.passage], all)),
  );
  const fits = types.reduce<RankedPassage | null>((best, r) => (best === null || weight(r) > weight(best) ? r : best), null);
  if (!fits) return null;
  return composeTypeAnswer(ranking, all, fits.passage.typeName!, true);
}

/** How rare a term of the question is among the passages (its df, read off the question's words). */
function rarity(ranking: Ranking, term: string): number {
  const df = ranking.query.find((q) => q.terms.includes(term))?.df ?? ranking.commonDf;
  return 1 / (1 + df);
}

/** Words that say a session is full ('fullbokat', 'fullt'). */
const FULL_WORD = /^full\p{L}*$/u;

/** A number, in digits or words: says how many, never what a passage is about ('två hundar'). */
const NUMBER_TERM = /^(?:\d+|en|ett|två|tva|tre|fyra|fem|sex|sju|åtta|atta|nio|tio)$/u;

/** Whether the question itself asks which to choose (not only telling a need). */
const ADVICE_WORDS = /(?<![\p{L}])(?:vilke[nt]|vilka|vad|passar|vill)(?![\p{L}])/u;

/**
 * A need told without a question ('valpen är sjuk idag', 'hunden drar i
 * kopplet') asks for advice only when a type or a session is what matches
 * it best; else it is read as what it says.
 */
function withAdviceWeighed(ranking: Ranking): Ranking {
  if (!ranking.intents.has("advice") || ADVICE_WORDS.test(foldSwedishLetters(ranking.asked))) return ranking;
  const top = ranking.results[0]?.passage;
  if (top && (top.kind === "type" || top.kind === "session")) return ranking;
  return { ...ranking, intents: new Set([...ranking.intents].filter((i) => i !== "advice")) };
}

/**
 * 'Var är valpkursen i Gävle?', 'var möts vi på vardagslydnaden i
 * Sandviken?': where one type is held, asked without its dates or price,
 * is the place (or places) of its upcoming sessions, in the town or at the
 * place asked about, with the way there. Null when a session of it is held
 * at home or online, or the question asks something its places do not say.
 */
function placesOfType(ranking: Ranking, all: readonly Passage[]): ComposedAnswer | null {
  if (!ranking.intents.has("places") || ranking.intents.has("sessions") || ranking.intents.has("price") || ranking.mentionedTypes.length !== 1) return null;
  const typeName = ranking.mentionedTypes[0]!;
  const filter = sessionFilterOf(ranking, all);
  const sessions = all
    .filter((p) => p.kind === "session" && p.typeName === typeName && (!filter || filter.keeps(p.session!)))
    .sort(byStart);
  const locations = [...new Set(sessions.map((s) => s.session!.location))];
  const places = locations.map((l) => all.find((p) => p.kind === "place" && p.title === l));
  if (places.length === 0 || places.some((p) => p === undefined)) return null;
  const held = places as Passage[];
  const typeTitle = all.filter((p) => p.kind === "type" && p.typeName === typeName).flatMap((p) => analyze(p.title));
  if (uncoveredWords(ranking, held, typeTitle).length > 0) return null;
  const opening = FLURRE_ANSWER_TEXTS.placesOfType(typeName, joinSwedishAnd(held.map((p) => p.title)));
  const texts = held.map((p) => sentencesOf(p.text).filter((s) => !s.startsWith("Vägbeskrivning")).join(" "));
  const fits = wordCount([opening, ...texts].join(" ")) <= ANSWER_WORD_BUDGET;
  return answer([opening, ...(fits ? texts : [])], held, held.flatMap((p) => p.links.slice(0, 1)).concat({ label: "Hitta hit", href: "/hitta" }));
}

function joinSwedishAnd(items: readonly string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} och ${items.at(-1)}`;
}

/** 'Fick ingen …', 'har inte fått …', '… kom aldrig': something the visitor expected did not come. */
const ASKS_MISSING = /(?<![\p{L}])(?:(?:fick|fatt|far) (?:ingen|inget|inga|aldrig|inte)|(?:har|ha) (?:inte|aldrig) fatt|kom(?:mer)? (?:inte|aldrig)|saknar)(?![\p{L}])/u;

/**
 * Asked about something that did not come ('fick ingen
 * bokningsbekräftelse'), a passage answers only if what is missing is what
 * it is about (its title or the words it is found by), not a word it uses
 * in passing ('… som det står i din bokningsbekräftelse').
 */
function missesWhatIsMissing(ranking: Ranking, passage: Passage): boolean {
  if (!ASKS_MISSING.test(foldSwedishLetters(ranking.asked))) return false;
  const about = new Set(analyze(`${passage.title} ${passage.keywords}`));
  const keys = ranking.query.filter((q) => (!q.cue || q.topical) && !q.added && q.terms.length > 0 && q.df <= ranking.commonDf);
  return keys.length > 0 && !keys.some((key) => key.terms.some((t) => about.has(t)) || key.means.some((t) => about.has(t)));
}

/**
 * A yes/no question about the team that names nothing the team's texts
 * settle ('har tränaren hund själv?': only 'tränare' and 'hund', which
 * every text of them uses; 'har Jonas hund?': a name and 'hund', which his
 * role does not carry), or any question of them with such a word ('vad
 * heter Linneas hund'): what the site says of them does not answer it.
 */
function unsettledAboutTeam(ranking: Ranking, passage: Passage, all: readonly Passage[]): boolean {
  if (passage.kind !== "team") return false;
  // A person's name says whom it is about, not what ('har Jonas hund?'); their role may settle it ('är Flurre en riktig hund': kontorshund).
  const name = new Set(all.filter((p) => p.kind === "team" && p.id !== "team:about").flatMap((p) => analyze(p.title)));
  const role = roleTermsOf(passage).filter((t) => !name.has(t));
  const settles = (q: QueryTerm) =>
    q.lexical ||
    (q.terms.length > 0 && q.df <= ranking.commonDf && !q.terms.every((t) => name.has(t))) ||
    // A compound is a kind of its last part: 'kontorshund' is a dog, 'hundinstruktör' is not.
    q.terms.some((t) => role.some((r) => r === t || (t.length >= 4 && r.endsWith(t))));
  // A word for the trainers that the lexicon reads as the team as a whole ('samma tränare varje gång') asks what the
  // team's text settles.
  const content = ranking.query.filter((q) => (!q.cue || (q.lexical && q.means.includes("team"))) && !q.added);
  if (content.some(settles)) return false;
  // Whether the person the question names is a trainer ('är jonas också tränare?'), asked of nothing else: their role settles it, whichever it is.
  const own = analyze(passage.title);
  const asksRole = ranking.query.some(saysTrainers);
  if (asksRole && content.length > 0 && content.every((q) => q.terms.length > 0 && q.terms.every((t) => own.includes(t)))) return false;
  // Asked yes or no, or with a word besides the person's name ('vad heter Linneas hund', 'hur många hundar har Linnea'); a name alone asks who they are.
  return YES_NO_QUESTION_OPENERS.has(firstWord(ranking.asked)) || content.some((q) => q.terms.length > 0 && !q.terms.every((t) => name.has(t)));
}

/** A team member's role, as terms ('Jonas, ekonomi och administration.' opens Jonas's passage); none for the whole team. */
function roleTermsOf(passage: Passage): string[] {
  if (passage.kind !== "team" || passage.id === "team:about") return [];
  const end = passage.text.indexOf(". ");
  return end < 0 ? [] : analyze(passage.text.slice(0, end));
}

/**
 * The passage that answers what a question asks of one type besides what
 * the type is: one that names the type or a row staff wrote to answer such
 * questions, scoring at least half as well as the best; or one that holds
 * for every type ('kan jag avboka valpkursen': the binding rule; the group
 * minimum for a group type; an FAQ row that names no type, 'blir
 * utomhuspassen av om det regnar'), when it carries a word the question asks
 * with besides the type's name. It must carry every word of the question
 * but the type's name, and a length of time or a number when one is asked.
 */
function ruleOfType(
  ranking: Ranking,
  all: readonly Passage[],
  typeName: string,
  bestScore: number,
  /** Asked as a rule ('hur många måste komma för att … blir av'): the passage carries the rule's words, the lexicon's too. */
  asRule = false,
): Passage | null {
  const typePassage = all.find((p) => p.kind === "type" && p.typeName === typeName);
  const typeTitle = typePassage ? analyze(typePassage.title) : [];
  const ruleTerms = asRule ? ranking.query.filter((q) => q.cue && RULE_WORDS.has(q.word) && !BOOKING_WORDS.has(q.word)).flatMap((q) => q.terms) : [];
  const carriesRule = (p: Passage) => ruleTerms.length === 0 || ruleTerms.some((t) => termsOf([p]).includes(t));
  const typeNames = all.flatMap((p) => (p.kind === "type" && p.typeName ? [p.typeName] : []));
  const places = placeNameTerms(all);
  const ofEveryType = (r: RankedPassage) =>
    (RULES_OF_EVERY_BOOKING.has(r.passage.id) ||
      (r.passage.id === GROUP_MINIMUM_RULE_ID && typePassage?.typeKind !== "private") ||
      (r.passage.kind === "faq" && !typeNames.some((n) => `${r.passage.title} ${r.passage.text}`.includes(n)))) &&
    r.matched.some(
      (t) =>
        !typeTitle.includes(t) &&
        !NUMBER_TERM.test(t) &&
        // Where the type is asked of ('promenadträning i hallen') is not something asked of it.
        !places.some((p) => p === t || p.endsWith(t)) &&
        (ranking.query.find((q) => q.terms.includes(t))?.df ?? Infinity) <= ranking.commonDf,
    );
  // Asked as a rule, where the type is held is not what the rule must carry ('promenadträningen i regementsparken är fullbokad, kan jag stå i kö').
  const except = asRule ? [...typeTitle, ...places] : typeTitle;
  const found = ranking.results.find(
    (r) =>
      r.passage.kind !== "type" &&
      r.passage.kind !== "session" &&
      (ofEveryType(r) || ((r.passage.kind === "faq" || r.passage.text.includes(typeName)) && r.score >= bestScore * FOLLOWER_SCORE_SHARE)) &&
      uncoveredWords(ranking, [r.passage], except).length === 0 &&
      carriesRule(r.passage) &&
      !missesAskedDuration(ranking, r.passage),
  );
  return found?.passage ?? null;
}
