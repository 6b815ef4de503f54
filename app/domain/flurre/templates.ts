// Step 5 of Flurre's pipeline: one template per kind of answer. Every fact
// is the data's own sentence (a session's line, a type's price, a place's
// description, a rule's text), with the links that settle it under it.

import type { FlurreLink } from "./answer";
import { FLURRE_ANSWER_TEXTS as T, type ComposedAnswer } from "./compose";
import type { Judged } from "./decide";
import type { KnownPassage } from "./knowledge";
import { CARDS_ID } from "./passages";
import type { Understanding } from "./understand";

const MAX_LINKS = 4;
const MAX_LISTED_SESSIONS = 3;

function dedupe(links: readonly FlurreLink[]): FlurreLink[] {
  const seen = new Set<string>();
  return links.filter((l) => !seen.has(l.href) && seen.add(l.href)).slice(0, MAX_LINKS);
}

const pricesOf = (passages: readonly KnownPassage[]) =>
  [...new Set(passages.flatMap((p) => p.facts.filter((f) => f.startsWith("price:")).map((f) => Number(f.slice(6)))))].sort((a, b) => a - b);

const sessionParagraph = (s: KnownPassage) => `${s.title} ${s.session!.line}`;

function made(paragraphs: string[], used: readonly KnownPassage[], links: readonly FlurreLink[]): ComposedAnswer {
  return { answer: { kind: "answer", paragraphs, links: dedupe(links), source: "extractive" }, passages: [...used] };
}

function sessionsAnswer(j: Judged, all: readonly KnownPassage[]): ComposedAnswer {
  const { candidate } = j;
  const type = candidate.passages.find((p) => p.kind === "type");
  const name = type?.typeName ?? null;
  const bookable = (list: readonly KnownPassage[]) => list.filter((p) => p.session?.bookable).slice(0, MAX_LISTED_SESSIONS);
  const listed = bookable(candidate.passages);
  const narrowed = candidate.narrowed;
  let opening: string;
  let shown = listed;
  if (narrowed && !narrowed.found) {
    shown = bookable(all.filter((p) => p.session && (!name || p.typeName === name)));
    opening = name ? T.noneOfTypeIn(name, narrowed.said) : T.noSessionsIn(narrowed.said);
  } else if (shown.length === 0) {
    opening = name ? T.noneOfType(name) : T.noSessionsIn("");
  } else {
    opening = name ? (narrowed ? T.datesOfTypeIn(name, narrowed.said) : T.datesOfType(name)) : narrowed ? T.nextSessionsIn(narrowed.said) : T.nextSessions;
  }
  return made([opening, ...shown.map(sessionParagraph)], [...shown, ...(type ? [type] : [])], [...shown.flatMap((s) => s.links), ...(type?.links ?? [])]);
}

/** Types weighed by their prices: each type's price, with its page. */
function pricesAnswer(types: readonly KnownPassage[], all: readonly KnownPassage[]): ComposedAnswer {
  const priceOf = (type: KnownPassage) => {
    const own = pricesOf([type]);
    return own.length > 0 ? own : pricesOf(all.filter((p) => p.session && p.typeName === type.typeName));
  };
  const priced = types.filter((t) => priceOf(t).length > 0);
  return made(
    priced.map((t, i) => (i === 0 ? T.priceOfType : T.priceOfAnotherType)(t.typeName!, priceOf(t))),
    // A type whose text states no price is priced by its sessions.
    [...priced, ...all.filter((p) => p.session && priced.some((t) => t.typeName === p.typeName && pricesOf([t]).length === 0))],
    priced.flatMap((t) => t.links.slice(0, 1)),
  );
}

function priceAnswer(j: Judged, all: readonly KnownPassage[], u: Understanding): ComposedAnswer {
  if (j.candidate.passages.length > 1) return pricesAnswer(j.candidate.passages, all);
  const type = j.candidate.passages[0]!;
  const name = type.typeName!;
  const own = pricesOf([type]);
  const sessions = all.filter((p) => p.session && p.typeName === name);
  const prices = own.length > 0 ? own : pricesOf(sessions);
  if (prices.length === 0) return made([T.type(name), type.summary ?? type.text], [type], type.links);
  const next = u.topics.has("when") ? sessions.filter((s) => s.session!.bookable).slice(0, 2) : [];
  return made(
    [T.priceOfType(name, prices), type.summaryAfterPrice ?? type.text, ...next.map(sessionParagraph)],
    [type, ...(own.length > 0 ? [] : sessions), ...next],
    [...type.links, ...next.flatMap((s) => s.links)],
  );
}

export function compose(j: Judged, u: Understanding, all: readonly KnownPassage[]): ComposedAnswer {
  const { candidate } = j;
  const [first] = candidate.passages;
  switch (candidate.kind) {
    case "price":
      return priceAnswer(j, all, u);
    case "sessions":
      return sessionsAnswer(j, all);
    case "seats": {
      const session = first!;
      const full = !session.session!.bookable;
      // 'Är den full?' is answered yes when it is; 'finns det plats?' when it is not.
      const opening = !u.yesNo ? T.sessions : u.topics.has("full") ? (full ? T.fullYes : T.fullNo) : full ? T.seatsNo : T.seatsYes;
      const queue = candidate.passages[1];
      return made([opening, sessionParagraph(session), ...(queue ? [queue.text] : [])], [...candidate.passages], candidate.passages.flatMap((p) => p.links));
    }
    case "places": {
      // The places, then the sessions of the day asked, if one was.
      const places = candidate.passages.filter((p) => !p.session);
      const sessions = candidate.passages.filter((p) => p.session);
      const names = places.map((p) => p.title);
      const type = candidate.names.find((n) => n.kind === "type");
      const opening = places.length === 0 ? T.sessions : places.length === 1 ? T.place(names[0]!) : type ? T.placesOfType(type.key, names.join(" och ")) : T.places;
      return made(
        [opening, ...places.map((p) => p.text), ...sessions.map(sessionParagraph)],
        [...candidate.passages],
        places.flatMap((p) => p.links.slice(0, 1)).concat(first!.links.slice(1), sessions.flatMap((s) => s.links)),
      );
    }
    case "person":
      // Their own text, and how to reach them when asked.
      return made([T.team(first!.title), ...candidate.passages.map((p) => p.text)], [...candidate.passages], candidate.passages.flatMap((p) => p.links));
    case "advice":
      return made([T.adviceType(first!.title), first!.summary ?? first!.text], [first!], first!.links);
    case "passage": {
      const p = first!;
      const opening =
        p.kind === "type" ? (p.id === "type:all" ? T.types : T.type(p.title)) : p.kind === "place" ? (p.id === "place:all" ? T.places : T.place(p.title)) : p.kind === "team" ? (p.id === "team:about" ? T.about : T.team(p.title)) : p.kind === "faq" ? T.faq : p.kind === "preparation" ? T.preparation : p.kind === "card" ? (p.id === CARDS_ID ? T.cards : T.type(p.title)) : T.rule;
      return made([opening, p.summary ?? p.text], [p], p.links);
    }
  }
}
