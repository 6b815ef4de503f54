// Step 3 of Flurre's pipeline: the answers the content holds for what is asked. A structured question gets one from the
// data (a type's price, its next sessions, one session's seats and place, where a type is held, who someone is); every
// passage is a candidate too. Which one answers, if any, is decided in decide.ts.

import { isVisitable, PLACE_KIND_LABEL, type PlaceKind } from "../places";
import { formatTime, isoWeekdayOf, shiftDayKey, stockholmDayKey, todayKey, weekdayName } from "../time";
import { statesAPrice } from "./fact-check";
import { roleWordsOf, type Knowledge, type KnownPassage, type Named } from "./knowledge";
import type { Token } from "./normalise";
import { BINDING_RULE_ID, HOW_TO_BOOK_RULE_ID, PREPARATION_IDS, WAITLIST_RULE_ID } from "./passages";
import { kindWordOf, type DateSaid, type Understanding } from "./understand";
import { keysOf, once, stemOf, wordsOf, type Topic } from "./vocabulary";

export type CandidateKind = "price" | "sessions" | "seats" | "places" | "person" | "advice" | "page" | "compare" | "passage";

export type Candidate = {
  kind: CandidateKind;
  /** The passages it answers from, the main one first. */
  passages: readonly KnownPassage[];
  /** What it answers. */
  topics: readonly Topic[];
  /** The things it is about. */
  names: readonly Named[];
  /** The passages whose words it accounts for, when not all of them (a list of sessions: its type's). */
  text?: readonly KnownPassage[];
  /** Sessions: what narrowed them ('i' a town, 'på fredag') and whether any session fits it. */
  narrowed?: { said: string; found: boolean };
  /** Seats: more sessions than the one shown fit the place or day asked, so whether "it" is full is not settled. */
  several?: boolean;
};

const typeOf = (p: KnownPassage) => p.typeName ?? null;

const dayOf = (s: KnownPassage) => stockholmDayKey(s.session!.startTime);

/** Whether the place of this name is one visitors come to (not a home visit or online). */
const visitable = (name: string, knowledge: Knowledge) => knowledge.places.some((p) => p.name === name && isVisitable(p));

/** The sessions of a day told with where they are held. */
const MAX_DAY_SESSIONS = 3;

type Narrowing = { fits: (s: KnownPassage) => boolean; said: string } | null;

/** The day key of a date said: a day alone is this month's unless it has passed, a month this year's unless it has passed. */
function nextDayKey(d: DateSaid, now: Date): string {
  const [year, month, today] = stockholmDayKey(now.toISOString()).split("-").map(Number) as [number, number, number];
  const m = d.month || (d.day >= today ? month : (month % 12) + 1);
  return `${m < month ? year + 1 : year}-${String(m).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
}

/** Whether a session's day is the date said, or after or before it as asked ('efter den 10 december'). */
const onSide = (dayKey: string, side: DateSaid["side"], key: string) => (side === "from" ? dayKey > key : side === "until" ? dayKey < key : dayKey === key);

/** What the question narrows the sessions by: a place, a town, a weekday, a time of day, a week, a date or a day ahead. */
function narrowing(u: Understanding, knowledge: Knowledge, now: Date): Narrowing {
  const today = todayKey(now);
  const places = u.named.filter((n) => n.kind === "place" && visitable(n.key, knowledge));
  const towns = u.named.filter((n) => n.kind === "town");
  const checks: NonNullable<Narrowing>[] = [];
  // A type, or a home visit or online meeting, is held at home or online in the town named too ('när går nästa hembesök i umeå').
  const ofOne = u.named.some((n) => n.kind === "type" || (n.kind === "place" && !visitable(n.key, knowledge)));
  const anywhere = (s: KnownPassage) => ofOne && !visitable(s.session!.location, knowledge);
  if (places.length > 0) checks.push({ fits: (s) => places.some((p) => p.key === s.session!.location), said: `på ${places.map((p) => p.key).join(" eller ")}` });
  else if (towns.length === 1) checks.push({ fits: (s) => s.session!.town === towns[0]!.key || anywhere(s), said: `i ${towns[0]!.key}` });
  if (u.weekdays.length > 0 && u.weekdays.length < 5) {
    checks.push({
      fits: (s) => u.weekdays.includes(isoWeekdayOf(dayOf(s))),
      said: `på ${u.weekdays.map(weekdayName).join(" eller ")}`,
    });
  }
  if (u.times.length > 0) {
    const hour = (s: KnownPassage) => Number(formatTime(s.session!.startTime).slice(0, 2));
    checks.push({ fits: (s) => u.times.some((t) => hour(s) >= t.from && hour(s) < t.to), said: `på ${u.times.map((t) => t.said).join(" eller ")}` });
  }
  if (u.weeks.length > 0) {
    const monday = shiftDayKey(today, 1 - isoWeekdayOf(today));
    const inWeek = (key: string, ahead: number) => key >= shiftDayKey(monday, 7 * ahead) && key <= shiftDayKey(monday, 7 * ahead + 6);
    checks.push({ fits: (s) => u.weeks.some((w) => inWeek(dayOf(s), w.ahead)), said: u.weeks.map((w) => w.said).join(" eller ") });
  }
  if (u.dates.length > 0) {
    const dates = u.dates.map((d) => ({ side: d.side, key: nextDayKey(d, now) }));
    checks.push({
      fits: (s) => dates.some((d) => onSide(dayOf(s), d.side, d.key)),
      said: u.dates.some((d) => d.side) ? "då" : "den dagen",
    });
  } else if (u.days.length > 0) {
    const keys = u.days.map((n) => shiftDayKey(today, n));
    checks.push({ fits: (s) => keys.includes(dayOf(s)), said: "den dagen" });
  } else if (u.months.length > 0 && u.months.length < 3) {
    checks.push({ fits: (s) => u.months.includes(Number(dayOf(s).slice(5, 7))), said: "då" });
  }
  if (checks.length === 0) return null;
  return { fits: (s) => checks.every((c) => c.fits(s)), said: checks.map((c) => c.said).join(" ") };
}

/** The types asked about: named, and those held only at a place named (a home visit, an online meeting). */
function typesAsked(u: Understanding, knowledge: Knowledge): string[] {
  const named = u.named.filter((n) => n.kind === "type").map((n) => n.key);
  const places = new Set(u.named.filter((n) => n.kind === "place").map((n) => n.key));
  const held = knowledge.passages.filter((p) => p.session && places.has(p.session.location) && !visitable(p.session.location, knowledge));
  return [...new Set([...named, ...held.map(typeOf).filter((t): t is string => t !== null)])];
}

const sessionsOf = (type: string | null, knowledge: Knowledge) =>
  knowledge.passages.filter((p) => p.session && (type === null || typeOf(p) === type));

/** What sessions of a type (or of every type) are about: all named but people and other types. */
const namesOfSessions = (type: string | null, u: Understanding) =>
  u.named.filter((n) => n.kind !== "person" && (n.kind !== "type" || n.key === type));

function sessionsCandidate(type: string | null, u: Understanding, knowledge: Knowledge, narrow: Narrowing): Candidate {
  const all = sessionsOf(type, knowledge);
  const fitting = narrow ? all.filter(narrow.fits) : all;
  const typePassage = type ? knowledge.byId.get(`type:${type}`) : undefined;
  const noneThatDay = type !== null && narrow !== null && fitting.length === 0 && !u.named.some((n) => n.kind === "place" || n.kind === "town");
  return {
    kind: "sessions",
    passages: [...(fitting.length > 0 ? fitting : all), ...(typePassage ? [typePassage] : [])],
    text: typePassage ? [typePassage] : [],
    // Those with seats left, each with how many ('nästa lediga tid'); a type's, when it can be booked ('när kan jag boka agilityn',
    // 'kan jag boka privatlektion på helgen');
    // where a type is on a day it is not held, where its next sessions are ('var är promenadträningen den 4 december').
    // And which sessions there are, narrowed to a place or a time ('vilka pass finns i <stad> i december').
    topics: [
      "when",
      "seats",
      ...(type !== null && (u.topics.has("when") || narrow !== null) ? (["book"] as const) : []),
      ...(noneThatDay ? (["where"] as const) : []),
      ...(narrow !== null ? (["types"] as const) : []),
    ],
    names: namesOfSessions(type, u),
    ...(narrow ? { narrowed: { said: narrow.said, found: fitting.some((s) => s.session!.bookable) } } : {}),
  };
}

/** How to book, asked of a type named ('hur bokar jag valpkursen', 'kan jag boka plan'): how booking works, with the link to book the type. */
function bookTypeCandidate(type: string, u: Understanding, knowledge: Knowledge): Candidate[] {
  const [howTo, typePassage] = [HOW_TO_BOOK_RULE_ID, `type:${type}`].map((id) => knowledge.byId.get(id));
  // Asked as the sentence opens, only filler before: not told in passing ('när vi bokar', 'datumet som går att boka').
  const inAsked = u.tokens.filter((t) => t.sentence === u.asked);
  const at = inAsked.findIndex((t) => u.topicsOf.get(t)?.includes("book"));
  const opens = at >= 0 && inAsked.slice(0, at).every((t) => t.filler && !u.vocabulary.conditions.has(t.word));
  // Nor after a sentence that tells of what booking does not answer ('Jag vill betala med swish.').
  const told = u.tokens.filter((t) => t.sentence !== u.asked).flatMap((t) => u.topicsOf.get(t) ?? []);
  if (!howTo || !typePassage || !opens || !told.every((topic) => howTo.topics.includes(topic))) return [];
  // The type, or the place it is held at that named it ('jag vill boka hembesök').
  const held = placesHeld([type], knowledge);
  const names = u.named.filter((n) => n.key === type || (n.kind === "place" && held.includes(n.key)));
  return [{ kind: "passage", passages: [howTo, typePassage], text: [howTo], topics: howTo.topics, names }];
}

function seatsCandidate(type: string | null, u: Understanding, knowledge: Knowledge, narrow: Narrowing): Candidate | null {
  // Nothing names a session (a type, or a day of every type's): none can be told; a month's or a weekday's, the list tells.
  if (type === null && (!narrow || (u.dates.length === 0 && u.days.length === 0))) return null;
  const all = sessionsOf(type, knowledge);
  const fitting = narrow ? all.filter(narrow.fits) : all;
  if (fitting.length === 0) return null;
  const queue = knowledge.byId.get(WAITLIST_RULE_ID);
  // Asked for a seat, the first session that has one ('finns det plats på agilityn'); asked whether it is full, the next.
  const session = (u.topics.has("seats") ? fitting.find((p) => p.session!.bookable) : undefined) ?? fitting[0]!;
  const full = !session.session!.bookable;
  return {
    kind: "seats",
    passages: [session, ...(full && queue ? [queue] : [])],
    text: [...(type ? [knowledge.byId.get(`type:${type}`)!] : []), ...(full && queue ? [queue] : [])],
    // Whether it can be booked ('går nästa pass att boka'), and when full, the queue.
    topics: ["seats", "full", "count", "book", ...(full ? (["queue"] as const) : [])],
    names: namesOfSessions(type, u),
    // Narrowed to more than one ('fullt på … i parken', two sessions there): which one is asked is not said.
    ...(narrow && fitting.length > 1 && !u.topics.has("seats") ? { several: true } : {}),
  };
}

/** The words of the kinds of place ('inomhus', 'utomhus'), folded. */
export const KIND_WORDS: readonly string[] = (Object.keys(PLACE_KIND_LABEL) as PlaceKind[]).map(kindWordOf);

/** Asked from a session's page, naming no other type, place or day: that session, with what to bring there, that booking binds, and when it is full, the queue. */
function pageCandidate(u: Understanding, knowledge: Knowledge, narrow: Narrowing): Candidate | null {
  const s = u.page;
  if (!s) return null;
  // Nor a word naming only other places ('kan man träna online' on a session in a hall).
  const otherPlace = [...u.namesOf.values()].some((names) => names.some((n) => n.kind === "place") && !names.some((n) => n.key === s.session!.location));
  if (otherPlace || u.named.some((n) => n.kind === "type" && n.key !== s.typeName) || (narrow && !narrow.fits(s))) return null;
  const told = (topic: Topic) => [...u.topicsOf.values()].some((topics) => topics.includes(topic));
  const onSite = visitable(s.session!.location, knowledge);
  const bring = u.topics.has("bring") ? knowledge.byId.get(onSite ? PREPARATION_IDS.onSite : PREPARATION_IDS.onlineOrHome) : undefined;
  const binding = told("book") || told("cancel") ? knowledge.byId.get(BINDING_RULE_ID) : undefined;
  const rest = [bring, binding].filter((p): p is KnownPassage => p !== undefined);
  const priced = statesAPrice(s.facts) ? (["price"] as const) : [];
  // The queue is told of a full one, whatever is asked of it; what it answers of the queue is its own rule's to answer.
  const queue = s.session!.bookable ? undefined : knowledge.byId.get(WAITLIST_RULE_ID);
  // Its place's own text, which says its kind, when a kind of place is asked ('är det inomhus eller utomhus').
  const kindAsked = u.content.some((t) => KIND_WORDS.includes(t.word));
  const place = kindAsked ? knowledge.passages.find((p) => p.kind === "place" && p.title === s.session!.location) : undefined;
  const ofPlace = place ? [place] : [];
  return {
    kind: "page",
    passages: [s, ...rest, ...ofPlace, ...(queue ? [queue] : [])],
    topics: ["when", "where", "seats", "full", "count", "book", ...priced, ...rest.flatMap((p) => p.topics)],
    names: u.named.filter((n) => n.kind !== "person"),
  };
}

/** Where a type is held (its sessions' places, in a town named) or a place named; asked of a day, that day's sessions too. */
function placesCandidate(types: readonly string[], u: Understanding, knowledge: Knowledge, narrow: Narrowing): Candidate | null {
  const towns = u.named.filter((n) => n.kind === "town").map((n) => n.key);
  const named = u.named.filter((n) => n.kind === "place").map((n) => n.key);
  // A place word and a town: of the places a word names, those in the town named.
  const inTown = named.filter((name) => towns.includes(knowledge.places.find((p) => p.name === name)?.town ?? ""));
  let wanted = inTown.length > 0 ? inTown : named;
  let onDay: KnownPassage[] = [];
  // Where a type named is held, or where the sessions are on a day asked ('var är passet den 8 december').
  const onADay = narrow !== null && u.dayWords.size > 0;
  if (wanted.length === 0 && (types.length > 0 || onADay)) {
    const sessions = knowledge.passages.filter(
      (p) => p.session && (types.length === 0 || types.includes(typeOf(p) ?? "")) && (towns.length === 0 || towns.includes(p.session.town ?? "")),
    );
    onDay = onADay ? sessions.filter(narrow.fits) : [];
    // Of every type's sessions, those of the nearest day asked (the next Friday's, not every Friday's).
    const nearest = types.length === 0 ? onDay.map(dayOf).sort()[0] : undefined;
    if (nearest) onDay = onDay.filter((p) => dayOf(p) === nearest);
    wanted = [...new Set((onDay.length > 0 || types.length === 0 ? onDay : sessions).map((s) => s.session!.location))];
  }
  const passages = wanted.flatMap((name) => knowledge.passages.filter((p) => p.kind === "place" && p.title === name));
  // The day's sessions held at home or online, with no place of their own to show, say where ('… på Online').
  if (passages.length === 0 && onDay.length === 0) return null;
  return {
    kind: "places",
    passages: [...passages, ...onDay.slice(0, MAX_DAY_SESSIONS)],
    topics: ["where", "when"],
    names: u.named.filter((n) => n.kind !== "person"),
    ...(onDay.length > 0 && narrow ? { narrowed: { said: narrow.said, found: true } } : {}),
  };
}

/** Asks how long, and nothing else: a type named lasts what its sessions' times show ('hur länge varar valpkursen'). */
export const asksOnlyHowLong = (u: Understanding) => u.asksDuration && u.topics.size === 0;

/** Whether the question asks what a passage is about: its first topic ('kan jag avboka' of the binding rule). */
export const askedWhatItIsAbout = (p: KnownPassage, u: Understanding) => p.topics[0] !== undefined && u.topics.has(p.topics[0]);

/** The words of the question that may pick out a checklist item: the dog and the words common to the site's texts aside. */
export const itemWords = (u: Understanding, common: ReadonlySet<string>) =>
  u.content.filter((t) => !u.namesOf.has(t) && !u.dogWords.has(t) && ![t.word, t.stem, ...t.also].some((w) => common.has(w)));

/** For each of `items` items, how many of the words it says that not every item says: the items the words pick out. */
export function itemsPicked(items: number, words: readonly Token[], says: (item: number, t: Token) => boolean): number[] {
  const saying = words.map((t) => Array.from({ length: items }, (_, i) => says(i, t)));
  return Array.from({ length: items }, (_, i) => saying.filter((s) => s[i] && !s.every(Boolean)).length);
}

/** Whether the question says a word of one of the passage's items that not every item says ('flexikoppel på vardagslydnaden'). */
function asksAnItem(p: KnownPassage, u: Understanding, common: ReadonlySet<string>): boolean {
  const items = p.partTerms ?? [];
  const says = (i: number, t: Token) => items[i]!.has(t.word) || items[i]!.has(t.stem);
  return itemsPicked(items.length, itemWords(u, common), says).some((n) => n > 0);
}

/** Whether a rule or the preparation holds for a type or place named: asked what it is about, or (a type) of a checklist item. */
function holdsFor(p: KnownPassage, n: Named, u: Understanding, knowledge: Knowledge): boolean {
  if (n.kind !== "type" && n.kind !== "place") return false;
  if ((p.kind !== "rule" && p.kind !== "preparation") || p.topics[0] === "book") return false;
  if (!askedWhatItIsAbout(p, u) && !(n.kind === "type" && asksAnItem(p, u, knowledge.common))) return false;
  if (p.id !== "rule:group-minimum") return true;
  return n.kind === "type" && knowledge.byId.get(`type:${n.key}`)?.typeKind === "group";
}

/** Where the types' upcoming sessions are held, one place per session. */
function placesHeld(types: readonly (string | null)[], knowledge: Knowledge): string[] {
  return knowledge.passages.filter((p) => p.session && types.includes(typeOf(p))).map((p) => p.session!.location);
}

/** Whether the word at `i` is denied: a word that turns the sentence just before it, filler between ('hunden är inte valp längre'). */
export const deniedAt = (u: Understanding, i: number) =>
  [1, 2].some((k) => {
    const before = u.tokens[i - k];
    return before !== undefined && before.sentence === u.tokens[i]!.sentence && u.notWords.has(before) && u.tokens.slice(i - k + 1, i).every((t) => t.filler);
  });

/** Shortest last part of a compound the text counts that a question's word counts too ('tränare' of 'två hundtränare'). */
const MIN_COUNTED_TAIL = 4;

/** Shortest word found as the last part of a compound in a team member's text. */
const MIN_MEMBER_TAIL = 5;

/** A member of the team: a team passage other than the team's own. */
const isMember = (p: KnownPassage) => p.kind === "team" && p.id !== "team:about";

/** Whether a member is whom to contact about what is asked ('vem ska jag kontakta om kvitton'), or asked bare, told before. */
function contactedAbout(p: KnownPassage, u: Understanding, knowledge: Knowledge): boolean {
  if (!isMember(p) || !u.topics.has("who") || !u.topics.has("contact")) return false;
  const ofItsOwn = u.content.filter((t) => !u.topicsOf.has(t) && !u.namesOf.has(t));
  const told = u.told.filter((t) => t.sentence !== u.asked && !u.namesOf.has(t));
  const says = (t: Token) => [t.word, t.stem].some((k) => p.termSet.has(k) || (k.length >= MIN_MEMBER_TAIL && [...p.termSet].some((term) => term.startsWith(k))));
  // One word not common to the site's texts: 'vem ska jag ringa' is the contact rule's.
  const uncommon = (t: Token) => !knowledge.common.has(t.word) && !knowledge.common.has(t.stem);
  return ofItsOwn.length > 0 ? ofItsOwn.every(says) && ofItsOwn.some(uncommon) : told.some((t) => says(t) && uncommon(t));
}

/** Asks how many and names what it asks of, counting nothing of its own (no dog: 'hur många får vara med på …'). */
const asksOnlyACount = once(
  (u: Understanding) =>
    u.tokens.every((t) => t.sentence !== u.asked || !u.dogWords.has(t)) && u.content.every((t) => u.namesOf.has(t) || u.topicsOf.get(t)?.includes("count")),
);

function passageCandidate(p: KnownPassage, u: Understanding, knowledge: Knowledge): Candidate {
  // The team holds every session, wherever it is.
  const everyone = p.id === "team:about" && !u.named.some((n) => n.kind === "person") && u.topics.has("who");
  // What it names: its own title, a type by its type, what its text (or a row staff wrote, its question) says.
  const names = u.named.filter(
    (n) =>
      p.title === n.key ||
      (n.kind === "type" && p.typeName === n.key) ||
      holdsFor(p, n, u, knowledge) ||
      (n.kind !== "person" && (everyone || p.text.includes(n.key) || (p.kind === "faq" && p.title.includes(n.key)))),
  );
  const advice = p.kind === "type" && p.typeName !== undefined && u.topics.has("advice");
  // How many of what its text counts, a compound by its last part ('två hundtränare'); not what it does not answer ('får plats').
  const counted = (t: Token) =>
    [...p.counted].some((c) => c === t.word || c === t.stem || (t.stem.length >= MIN_COUNTED_TAIL && c.endsWith(t.stem))) &&
    (u.topicsOf.get(t) ?? []).every((topic) => p.topics.includes(topic));
  // The team counts the whole business, not those on a session ('hur många tränare är med på agilitykursen').
  const perSession = p.kind === "team" && (u.named.some((n) => n.kind === "type") || u.sessionWords.size > 0);
  // Asked how many may come to a type named, counting nothing of its own: by its text counting dogs, or what its name is
  // for ('Max sex valpar per pass' of a type named for puppies).
  const nameWords = p.kind === "type" ? (names.find((n) => n.kind === "type" && n.key === p.typeName)?.words ?? []) : [];
  const ofWhatFor = (w: string) => u.vocabulary.dogs.has(w) || (w.length >= MIN_COUNTED_TAIL && nameWords.some((n) => n.startsWith(w)));
  const textCounts = nameWords.length > 0 && asksOnlyACount(u) && [...p.counted].some(ofWhatFor);
  const counts = u.topics.has("count") && !p.topics.includes("count") && (u.content.some(counted) || textCounts) && !perSession;
  const own = contactedAbout(p, u, knowledge) ? [...p.topics, "contact" as const] : p.topics;
  const topics = advice ? [...own, "advice" as const] : counts ? [...own, "count" as const] : own;
  // Asked who of the whole team, the member whose own text says what is asked follows ('vem leder passen': 'Maja leder …').
  const member = everyone ? memberSaying(u, knowledge) : undefined;
  if (member) return { kind: "passage", passages: [p, member], text: [p], topics, names };
  return { kind: advice ? "advice" : "passage", passages: [p], topics, names };
}

/** The one team member whose own text says every word asked that names nothing ('leder' of 'vem leder passen'). */
function memberSaying(u: Understanding, knowledge: Knowledge): KnownPassage | undefined {
  const asked = u.content.filter((t) => !u.namesOf.has(t));
  // As written, or as the last part of a compound ('instruktören' of 'hundinstruktör').
  const says = (p: KnownPassage, t: Token) =>
    [t.word, t.stem, ...t.also].some((k) => p.termSet.has(k) || (k.length >= MIN_MEMBER_TAIL && [...p.termSet].some((term) => term.endsWith(k))));
  const members = knowledge.passages.filter((p) => isMember(p) && asked.every((t) => says(p, t)));
  // Of several, the one whose role, which its text opens with, says it ('tränaren': 'Maja, hundinstruktör.').
  const role = (p: KnownPassage) => ({ ...p, termSet: new Set(roleWordsOf(p).flatMap((w) => [w, stemOf(w)])) });
  const byRole = members.length > 1 ? members.filter((p) => asked.some((t) => says(role(p), t))) : members;
  if (asked.length > 0 && byRole.length === 1) return byRole[0];
  // Else the one whose text says a place or type named ('vem kommer hem till oss på hembesöket': 'Maja leder … hembesök').
  const places = u.named.filter((n) => n.kind === "place" || n.kind === "type");
  const saying = knowledge.passages.filter((p) => isMember(p) && places.some((n) => n.words.every((w) => p.termSet.has(w))));
  return saying.length === 1 ? saying[0] : undefined;
}

/** Whether a word of the cards' titles that no other passage uses is asked ('klippkort'): else the cards answer nothing. */
function asksOfCards(u: Understanding, knowledge: Knowledge): boolean {
  const titleWords = knowledge.passages.filter((p) => p.kind === "card").flatMap((p) => wordsOf(p.title).flatMap((w) => keysOf(w, 1)));
  const naming = titleWords.filter((k) => !knowledge.passages.some((p) => p.kind !== "card" && p.termSet.has(k)));
  return u.content.some((t) => [t.word, t.stem, ...t.also].some((k) => naming.includes(k)));
}

/** Whether a text says a type is for dogs of other ages than the visitor tells ('valpar 8–20 veckor', a dog of 9 months). */
const forOtherAges = (p: KnownPassage | undefined, u: Understanding) => p?.ages !== undefined && u.dogAge !== undefined && (u.dogAge < p.ages.min || u.dogAge > p.ages.max);

/** Asked of a type for other ages than the dog's ('hunden är 10 månader, när går valpträningen'): whom it is for. */
function agesCandidate(type: string, u: Understanding, knowledge: Knowledge): Candidate | null {
  const saying = knowledge.passages.filter((p) => !p.session && p.ages && (p.typeName === type || p.text.includes(type)));
  const p = saying.find((x) => x.kind === "faq") ?? saying[0];
  if (!p) return null;
  return { kind: "passage", passages: [p], topics: [...u.topics], names: u.named.filter((n) => n.kind === "type" && n.key === type) };
}

/** A type's price, wherever and whenever it is held (asked when, its dates follow); types named together, weighed by price too. */
function priceCandidates(typePassages: readonly KnownPassage[], u: Understanding, knowledge: Knowledge, asks: (topic: Topic) => boolean): Candidate[] {
  const priced = (passages: KnownPassage[]): Candidate => {
    // A town or a place where it is held (a type's price holds everywhere); a home visit is not another type's.
    const held = new Set(placesHeld(passages.map(typeOf), knowledge));
    return {
      kind: "price",
      passages,
      topics: ["price", "book", ...(asks("when") ? (["when"] as const) : [])],
      names: u.named.filter((n) => passages.some((p) => n.key === p.typeName) || n.kind === "town" || (n.kind === "place" && held.has(n.key))),
    };
  };
  return [...typePassages.map((p) => priced([p])), ...(typePassages.length > 1 ? [priced([...typePassages])] : [])];
}

/** Who someone named is, by their own text (who leads a type named, too); asked how to reach them, the contact rule follows ('hur når jag maja'). */
function personCandidates(u: Understanding, knowledge: Knowledge, asks: (topic: Topic) => boolean): Candidate[] {
  const contact = asks("contact") ? knowledge.byId.get("rule:contact") : undefined;
  return u.named
    .filter((n) => n.kind === "person")
    .flatMap((person): Candidate[] => {
      const p = knowledge.passages.find((x) => x.kind === "team" && x.title === person.key);
      if (!p) return [];
      const names = [person, ...u.named.filter((n) => n.kind === "type")];
      if (!contact) return [{ kind: "person", passages: [p], topics: ["who", "about"], names }];
      return [{ kind: "person", passages: [p, contact], text: [p], topics: ["who", "about", "contact"], names }];
    });
}

/** Every passage but the sessions' as a candidate, of those that may answer the question. */
function passageCandidates(types: readonly string[], u: Understanding, knowledge: Knowledge): Candidate[] {
  // What to bring to a session held online or at home is its own note, and the checklist is not for it.
  const heldAt = types.length > 0 ? placesHeld(types, knowledge) : u.named.filter((n) => n.kind === "place").map((n) => n.key);
  const visits = (name: string) => visitable(name, knowledge);
  const notFor = heldAt.length === 0 ? null : heldAt.every((name) => !visits(name)) ? PREPARATION_IDS.onSite : heldAt.every(visits) ? PREPARATION_IDS.onlineOrHome : null;
  const cardsAsked = asksOfCards(u, knowledge);
  const candidates: Candidate[] = [];
  for (const p of knowledge.passages) {
    if (p.session || p.id === notFor || (p.kind === "card" && !cardsAsked)) continue;
    const c = passageCandidate(p, u, knowledge);
    // A type for dogs of other ages than the visitor's is no advice ('valpar 8–20 veckor' for a dog of 9 months).
    if (c.kind === "advice" && forOtherAges(p, u)) continue;
    // Nor one for dogs of some ages only, when the visitor tells neither an age nor such a dog ('hunden kommer inte när jag ropar').
    const aged = p.ages?.of;
    if (c.kind === "advice" && aged && u.dogAge === undefined && !u.tokens.some((t, i) => t.word.startsWith(aged) && !deniedAt(u, i))) continue;
    // Nor the type the visitor tells of before asking what to do ('Vi gick agilitykursen förra året. Vad gör vi nu?').
    if (c.kind === "advice" && u.whatNow && c.names.some((n) => n.key === p.typeName)) continue;
    // A type's own text answers only a question that names the type: a word it uses in passing ('koppel') is not what it is about.
    if (c.kind === "passage" && p.kind === "type" && p.typeName && c.names.every((n) => n.key !== p.typeName)) continue;
    candidates.push(c);
  }
  return candidates;
}

export function resolve(u: Understanding, knowledge: Knowledge, now: Date): Candidate[] {
  const asked = typesAsked(u, knowledge);
  const otherAges = asked.filter((t) => forOtherAges(knowledge.byId.get(`type:${t}`), u));
  const candidates = otherAges.map((type) => agesCandidate(type, u, knowledge)).filter((c): c is Candidate => c !== null);
  const types = asked.filter((t) => !otherAges.includes(t));
  const typePassages = types.map((t) => knowledge.byId.get(`type:${t}`)).filter((p): p is KnownPassage => p !== undefined);
  // What to do, asked after telling the situation, is no date, seat, place or price.
  const asks = (topic: Topic) => u.topics.has(topic) && !u.whatNow;
  if (asks("price")) candidates.push(...priceCandidates(typePassages, u, knowledge, asks));
  // How two types or more differ: each one's own text, their prices too when every one states its own.
  if (asks("difference") && typePassages.length > 1) {
    const priced = typePassages.every((p) => statesAPrice(p.facts));
    const topics: Topic[] = ["difference", "about", ...(priced ? (["price"] as const) : [])];
    candidates.push({ kind: "compare", passages: typePassages, topics, names: u.named.filter((n) => n.kind === "type") });
  }
  const narrow = narrowing(u, knowledge, now);
  const datesAsked = !u.whatNow && (asks("when") || narrow !== null || (asksOnlyHowLong(u) && types.length > 0));
  // Every type's sessions when none is named; none when each type named is for other ages.
  for (const type of types.length > 0 ? types : otherAges.length > 0 ? [] : [null]) {
    if (datesAsked) candidates.push(sessionsCandidate(type, u, knowledge, narrow));
    else if (type !== null && asks("book")) candidates.push(...bookTypeCandidate(type, u, knowledge));
    // Booking a type's session on a day asked, or any session on a date asked, is whether it has seats ('kan jag boka den 4 december').
    const seats = asks("seats") || asks("full") || (asks("book") && narrow !== null && (type !== null || u.dates.length > 0)) ? seatsCandidate(type, u, knowledge, narrow) : null;
    if (seats) candidates.push(seats);
  }
  const places = asks("where") ? placesCandidate(types, u, knowledge, narrow) : null;
  if (places) candidates.push(places);
  const page = pageCandidate(u, knowledge, narrow);
  if (page) candidates.push(page);
  return [...candidates, ...personCandidates(u, knowledge, asks), ...passageCandidates(types, u, knowledge)];
}
