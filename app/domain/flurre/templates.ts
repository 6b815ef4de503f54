// Step 5 of Flurre's pipeline: one template per kind of answer. Every fact is the data's own sentence, with the links
// that settle it under it; a yes/no question opens with the data's Ja or Nej (yes-no.ts). When nothing answers, the
// fallback, with the pages of the things named that the best candidates are about as "Menar du…?".

import type { FlurreAnswer, FlurreLink } from "./answer";
import { explains, type Judged } from "./decide";
import type { Knowledge, KnownPassage } from "./knowledge";
import { CARDS_ID, checklistExcerpt, type Passage } from "./passages";
import { itemsPicked, itemWords } from "./resolve";
import { ALL_SESSIONS_LINK, FLURRE_ANSWER_TEXTS as T, FLURRE_FALLBACK } from "../page-texts/flurre-answers";
import type { Token } from "./normalise";
import type { Understanding } from "./understand";
import { wordsOf } from "./vocabulary";
import { faqAnswer, yesNoOf, type YesNo } from "./yes-no";

export type ComposedAnswer = {
  answer: FlurreAnswer;
  /** The passages the answer was made from (what a model may phrase, and what its facts are checked against). */
  passages: Passage[];
};

const MAX_LINKS = 4;
const MAX_LISTED_SESSIONS = 3;
/** Dates under a type's own text: a list of dates asked for gets MAX_LISTED_SESSIONS. */
const DATES_UNDER_TYPE = 2;
/** "Menar du…?" links at most, before the contact form's. */
const MAX_NEAR = 3;

function dedupe(links: readonly FlurreLink[], max = MAX_LINKS): FlurreLink[] {
  const seen = new Set<string>();
  return links.filter((l) => !seen.has(l.href) && seen.add(l.href)).slice(0, max);
}

const pricesOf = (passages: readonly KnownPassage[]) =>
  [...new Set(passages.flatMap((p) => p.facts.filter((f) => f.startsWith("price:")).map((f) => Number(f.slice(6)))))].sort((a, b) => a - b);

const sessionParagraph = (s: KnownPassage) => `${s.title} ${s.session!.line}`;

/** A type's upcoming sessions with seats left, soonest first. */
const bookable = (all: readonly KnownPassage[], name: string | null, max = MAX_LISTED_SESSIONS) =>
  all.filter((p) => p.session?.bookable && (name === null || p.typeName === name)).slice(0, max);

function made(paragraphs: string[], used: readonly KnownPassage[], links: readonly FlurreLink[]): ComposedAnswer {
  return { answer: { kind: "answer", paragraphs, links: dedupe(links), source: "extractive" }, passages: [...used] };
}

/** A type's own text (its summary), its next dates with seats under it. */
function typeAnswer(opening: string, type: KnownPassage, all: readonly KnownPassage[]): ComposedAnswer {
  const next = bookable(all, type.typeName!, DATES_UNDER_TYPE);
  const paragraphs = [opening, type.summary ?? type.text, ...next.map(sessionParagraph)];
  return made(paragraphs, [type, ...next], [...type.links, ...next.flatMap((s) => s.links)]);
}

function sessionsAnswer(j: Judged, all: readonly KnownPassage[], yes: YesNo | null): ComposedAnswer {
  const type = j.candidate.passages.find((p) => p.kind === "type");
  const name = type?.typeName ?? null;
  const narrowed = j.candidate.narrowed;
  let shown = bookable(j.candidate.passages, null);
  let opening: string;
  if (narrowed && !narrowed.found) {
    shown = bookable(all, name);
    opening = name ? (yes ? T.noneOfTypeInNo : T.noneOfTypeIn)(name, narrowed.said) : T.noSessionsIn(narrowed.said);
  } else if (shown.length === 0) {
    opening = name ? T.noneOfType(name) : T.noSessionsIn("");
  } else if (name) {
    opening = narrowed ? (yes ? T.datesOfTypeInYes : T.datesOfTypeIn)(name, narrowed.said) : T.datesOfType(name);
  } else {
    opening = narrowed ? T.nextSessionsIn(narrowed.said) : T.nextSessions;
  }
  // Every type's sessions, or none to show: the list of them all.
  const links = [...shown.flatMap((s) => s.links), ...(type?.links ?? []), ...(!name || shown.length === 0 ? [ALL_SESSIONS_LINK] : [])];
  return made([opening, ...shown.map(sessionParagraph)], [...shown, ...(type ? [type] : [])], links);
}

/** The sessions a type's price is read from: its own, when its text states none. */
const pricedBy = (type: KnownPassage, all: readonly KnownPassage[]) =>
  pricesOf([type]).length > 0 ? [] : all.filter((p) => p.session && p.typeName === type.typeName);

/** A type's price: its own, else what its sessions cost. */
const priceOf = (type: KnownPassage, all: readonly KnownPassage[]) => pricesOf([type, ...pricedBy(type, all)]);

/** Types weighed by their prices: each type's price, with its page. */
function pricesAnswer(types: readonly KnownPassage[], all: readonly KnownPassage[]): ComposedAnswer {
  const priced = types.filter((t) => priceOf(t, all).length > 0);
  const sessions = new Set(priced.flatMap((t) => pricedBy(t, all)));
  return made(
    priced.map((t, i) => (i === 0 ? T.priceOfType : T.priceOfAnotherType)(t.typeName!, priceOf(t, all))),
    [...priced, ...all.filter((p) => sessions.has(p))],
    priced.flatMap((t) => t.links.slice(0, 1)),
  );
}

function priceAnswer(j: Judged, all: readonly KnownPassage[], u: Understanding, yes: YesNo | null): ComposedAnswer {
  if (j.candidate.passages.length > 1) return pricesAnswer(j.candidate.passages, all);
  const type = j.candidate.passages[0]!;
  const name = type.typeName!;
  const prices = priceOf(type, all);
  if (prices.length === 0) return made([T.type(name), type.summary ?? type.text], [type], type.links);
  const next = u.topics.has("when") ? bookable(all, name, DATES_UNDER_TYPE) : [];
  return made(
    [yes ? T.priceOfTypeYesNo(yes, name, prices) : T.priceOfType(name, prices), type.summaryAfterPrice ?? type.text, ...next.map(sessionParagraph)],
    [type, ...pricedBy(type, all), ...next],
    [...type.links, ...next.flatMap((s) => s.links)],
  );
}

function seatsAnswer(j: Judged, u: Understanding, yes: YesNo | null): ComposedAnswer {
  const { passages } = j.candidate;
  // 'Är den full?' is answered yes when it is; 'finns det plats?' when it is not.
  const opening = !yes ? T.sessions : u.topics.has("full") ? (yes === "Ja" ? T.fullYes : T.fullNo) : yes === "Ja" ? T.seatsYes : T.seatsNo;
  const queue = passages[1];
  return made([opening, sessionParagraph(passages[0]!), ...(queue ? [queue.text] : [])], passages, passages.flatMap((p) => p.links));
}

/** The places, then the sessions of the day asked, if one was. */
function placesAnswer(j: Judged): ComposedAnswer {
  const { passages } = j.candidate;
  const places = passages.filter((p) => !p.session);
  const sessions = passages.filter((p) => p.session);
  const names = places.map((p) => p.title);
  const type = j.candidate.names.find((n) => n.kind === "type");
  const opening = places.length === 0 ? T.sessions : places.length === 1 ? T.place(names[0]!) : type ? T.placesOfType(type.key, names.join(" och ")) : T.places;
  const links = [...places.flatMap((p) => p.links.slice(0, 1)), ...passages[0]!.links.slice(1), ...sessions.flatMap((s) => s.links)];
  return made([opening, ...places.map((p) => p.text), ...sessions.map(sessionParagraph)], passages, links);
}

/** The line a passage's own text opens with, by its kind: an overview's own, else one that names what it is about. */
const OPENING_OF: Record<Passage["kind"], (p: Passage) => string> = {
  type: (p) => (p.id === "type:all" ? T.types : T.type(p.title)),
  card: (p) => (p.id === CARDS_ID ? T.cards : T.type(p.title)),
  place: (p) => (p.id === "place:all" ? T.places : T.place(p.title)),
  team: (p) => (p.id === "team:about" ? T.about : T.team(p.title)),
  session: () => T.sessions,
  faq: () => T.faq,
  preparation: () => T.preparation,
  rule: () => T.rule,
};

/**
 * The parts of a passage the question asks of, most asked first: those that say a word of it that not every part says
 * ('behöver jag ta med bajspåsar': the checklist's item on bags, not its first items), the dog and the words common
 * to the site's texts aside ('vad ska valpen ha med sig'). Null when none is.
 */
function partsAsked(p: KnownPassage, u: Understanding, common: ReadonlySet<string>): string | null {
  if (!p.parts || !p.partTerms) return null;
  const texts = p.parts.map((part, i) => [{ ...p, text: part, termSet: p.partTerms![i]!, written: wordsOf(part) }]);
  const says = (i: number, t: Token) => explains({ kind: "passage", passages: [p], topics: [], names: [], text: texts[i] }, t, u);
  const picked = itemsPicked(p.parts.length, itemWords(u, common), says);
  const asked = p.parts.map((_, i) => i).filter((i) => picked[i]! > 0);
  if (asked.length === 0) return null;
  return checklistExcerpt(asked.sort((a, b) => picked[b]! - picked[a]! || a - b).map((i) => p.parts![i]!), p.parts.length);
}

/** A passage's own answer; `typeLinks` first, of a type asked with it ('hur bokar jag valpkursen': the link to book it). */
function passageAnswer(p: KnownPassage, u: Understanding, knowledge: Knowledge, yes: YesNo | null, typeLinks: readonly FlurreLink[] = []): ComposedAnswer {
  const opening = yes ? T.yesNo(yes) : OPENING_OF[p.kind](p);
  if (p.kind === "type" && p.typeName) return typeAnswer(opening, p, knowledge.passages);
  return made([opening, p.kind === "faq" ? faqAnswer(p, u, knowledge) : (partsAsked(p, u, knowledge.common) ?? p.summary ?? p.text)], [p], [...typeLinks, ...p.links]);
}

/** Asked of the whole team, the member whose text says what is asked, then the team's sentence that names them all. */
function memberOfTeam(team: KnownPassage, member: KnownPassage): ComposedAnswer {
  const everyone = team.text.split(/(?<=[.!?])\s+/u).find((s) => s.includes(member.title)) ?? team.text;
  return made([T.team(member.title), member.text, everyone], [member, team], [...member.links, ...team.links]);
}

export function compose(j: Judged, u: Understanding, knowledge: Knowledge): ComposedAnswer {
  const { candidate } = j;
  const all = knowledge.passages;
  const first = candidate.passages[0]!;
  const yes = yesNoOf(j, u, knowledge);
  switch (candidate.kind) {
    case "price":
      return priceAnswer(j, all, u, yes);
    case "sessions":
      return sessionsAnswer(j, all, yes);
    case "seats":
      return seatsAnswer(j, u, yes);
    case "places":
      return placesAnswer(j);
    case "person":
      // Their own text, and how to reach them when asked.
      return made([T.team(first.title), ...candidate.passages.map((p) => p.text)], candidate.passages, candidate.passages.flatMap((p) => p.links));
    case "advice":
      return typeAnswer(T.adviceType(first.title), first, all);
    case "page":
      return made([T.pageSession, ...candidate.passages.map((p) => p.text)], candidate.passages, candidate.passages.flatMap((p) => p.links));
    case "compare":
      // Each type's own text, without its inspiring line: what it is, for whom, what it costs.
      return made([T.compare, ...candidate.passages.map((p) => p.summary ?? p.text)], candidate.passages, candidate.passages.flatMap((p) => p.links));
    case "passage":
      if (first.kind === "team" && candidate.passages.length > 1) return memberOfTeam(first, candidate.passages[1]!);
      return passageAnswer(first, u, knowledge, yes, candidate.passages.slice(1).filter((p) => p.kind === "type").flatMap((p) => p.links));
  }
}

/**
 * Nothing answers: the fallback. Where the best candidates are about a thing the question names (a type, a place, a
 * person; a town is no page of its own), their pages follow as "Menar du…?", since which of them is meant, or what
 * of it, cannot be told.
 */
export function fallback(ranked: readonly Judged[], u: Understanding): ComposedAnswer {
  const best = ranked[0]?.coverage ?? 0;
  const about = (p: KnownPassage | undefined) => p !== undefined && u.named.some((n) => n.kind !== "town" && (p.title === n.key || (!p.session && p.typeName === n.key)));
  const near = ranked.filter((j) => best > 0 && j.coverage === best && about(j.candidate.passages[0]));
  const links = dedupe(near.flatMap((j) => j.candidate.passages[0]!.links.slice(0, 1)), MAX_NEAR);
  if (links.length === 0) return { answer: FLURRE_FALLBACK, passages: [] };
  const paragraphs = [...FLURRE_FALLBACK.paragraphs, T.didYouMean];
  return { answer: { ...FLURRE_FALLBACK, paragraphs, links: dedupe([...links, ...FLURRE_FALLBACK.links]) }, passages: [] };
}
