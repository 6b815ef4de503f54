// The passages Flurre answers from: short plain-Swedish texts made from the database's rows (session types, upcoming
// sessions, FAQ rows, cards on sale) and the site's fixed content (places, preparation, team, rules). Each states the
// data's facts verbatim, with the links to the pages that settle the question and its facts in comparable form.

import { publicAvailability, seatsLeft } from "../availability";
import { CARD_SHOP_PATH } from "../cards/card-shop-texts";
import { CARD_FLURRE_TEXTS, CARD_OFFER_TEXTS } from "../cards/card-texts";
import { CARD_KINDS, type CardProductTerms } from "../cards/card-terms";
import { bokaHref } from "../boka-params";
import { VARIANT_PRICES, type BookingAsk } from "../constants";
import { displayPriceSek, formatKr, pricedByVariant, showPriceInList } from "../price";
import { isVisitable, joinSwedish, mapUrlOf, PLACE_KIND_LABEL, placesIntro, trainingTowns, type Place } from "../places";
import { preparationOnlineAndHome, remoteTypeNames, type PreparationItem, type RemoteTypeNames } from "../preparation";
import { paymentAnswer, type PAYMENT_METHOD_LABELS } from "../payment-texts";
import { SITE_RULES } from "../rules";
import { contactPathTo } from "../site-contact";
import { aboutIntro, type TeamMember } from "../team";
import { FLURRE_PASSAGE_TEXTS as T } from "../page-texts/flurre-passages";
import { WAITLIST_TEXTS } from "../waitlist";
import { findTypeContaining, typeKind, type TypeKind } from "../session-types";
import { placesLeftLabel, type PublicSession } from "../session-view";
import { formatDayHeading, formatTime, stockholmDayKey } from "../time";
import type { FlurreLink } from "./answer";
import { dateFact, emailFact, extractClaims, phoneFact, priceFact, seatsFact, timeFact, type Fact } from "./fact-check";
import { ALL_SESSIONS_LINK } from "../page-texts/flurre-answers";

export type PassageKind = "type" | "session" | "place" | "preparation" | "team" | "rule" | "faq" | "card";

export type Passage = {
  id: string;
  kind: PassageKind;
  title: string;
  /** Plain Swedish sentences with the data's facts verbatim. */
  text: string;
  links: FlurreLink[];
  /** The prices, dates, times and seat counts the text states. */
  facts: Fact[];
  /** Type passages: the text without its inspiring line, for an answer that fits a chat bubble. */
  summary?: string;
  /** The checklist: its items, for an answer that quotes those the question asks of (`checklistExcerpt`). */
  parts?: readonly string[];
  /** Type passages: the summary without its price sentence, for an answer that opens with the price. */
  summaryAfterPrice?: string;
  /** The session type a type or session passage is about. */
  typeName?: string;
  /** Type passages: group, private or combined (which rules hold for its sessions). */
  typeKind?: TypeKind;
  /** Session passages: when, whether it can be booked, and a one-line summary for lists. */
  session?: { id: number; startTime: string; location: string; bookable: boolean; line: string; town: string | null };
};

/** The preparation passage for sessions held online or at home, and the one for the rest. */
export const PREPARATION_IDS = { onlineOrHome: "preparation:online-home", onSite: "preparation:checklist" } as const;
/** The rule a visitor about to book most needs: a booking is binding. */
export const BINDING_RULE_ID = "rule:binding";
/** How booking works: told with a type named when how to book it is asked. */
export const HOW_TO_BOOK_RULE_ID = "rule:how-to-book";
/** How the queue of a full session works: told with a full one. */
export const WAITLIST_RULE_ID = "rule:waitlist";

/** A session type as Flurre reads it. */
export type FlurreTypeInput = {
  name: string;
  description: string;
  inspiringText: string | null;
  sessionType: string;
  price: number | null;
  /** What its sessions' booking form asks beyond the usual fields: a variant has prices of its own. */
  bookingAsk?: BookingAsk | null;
  /** Where its sessions take place unless staff choose otherwise: online and home visits are named by their types. */
  defaultLocation?: string | null;
};

/** A card product on sale (not hidden) as Flurre reads it. */
export type FlurreCardInput = CardProductTerms & { id: number };

/** An FAQ row as Flurre reads it (links already parsed). */
export type FlurreFaqInput = { id: number; question: string; answer: string; links: FlurreLink[] };

export type FlurreCorpus = {
  types: readonly FlurreTypeInput[];
  /** Upcoming sessions that are not cancelled, soonest first. */
  sessions: readonly PublicSession[];
  faq: readonly FlurreFaqInput[];
  /** The places as staff keep them (all of them: Flurre shows the active ones one can go to). */
  places: readonly Place[];
  team: readonly TeamMember[];
  preparation: readonly PreparationItem[];
  /** The ways the site takes payment at booking (PAYMENTS=stripe), if it does: how paying works is then a passage of its own. */
  payments?: readonly (keyof typeof PAYMENT_METHOD_LABELS)[] | null;
  /** The klippkort and presentkort on sale (not hidden): none, and Flurre has nothing to say of cards. */
  cards?: readonly FlurreCardInput[];
};

const BOOK_LINK: FlurreLink = T.links.book;
const CARD_SHOP_LINK: FlurreLink = { label: CARD_FLURRE_TEXTS.buyLink, href: CARD_SHOP_PATH };

/** A passage: what it is, its text, its links and the facts it states (none unless given). */
function passage(id: string, kind: PassageKind, title: string, text: string, links: FlurreLink[], facts: Fact[] = []): Passage {
  return { id, kind, title, text, links, facts };
}

function typePrices(type: FlurreTypeInput, kind: TypeKind): { sentence: string; prices: number[] } {
  if (type.bookingAsk === "variant") {
    const { privat, proffs } = VARIANT_PRICES;
    return { sentence: T.variantPrices(formatKr(privat), formatKr(proffs)), prices: [privat, proffs] };
  }
  // A combined type has no fixed price: the customer and the trainer agree on it.
  if (kind === "combined" || !type.price || type.price <= 0) return { sentence: "", prices: [] };
  return { sentence: T.typePrice(formatKr(type.price)), prices: [type.price] };
}

export function typePassage(type: FlurreTypeInput): Passage {
  const kind = typeKind(type.sessionType);
  const { sentence, prices } = typePrices(type, kind);
  const join = (parts: readonly string[]) => parts.map((s) => s.trim()).filter(Boolean).join(" ");
  const about = [T.typeIs(type.name, T.kind[kind]), type.description];
  const summary = join([...about, sentence]);
  // A price said once is enough, except the two variants' own names and prices (the opening says only the amounts).
  const summaryAfterPrice = type.bookingAsk === "variant" ? summary : join(about);
  const text = join([...about, type.inspiringText ?? "", sentence]);
  // Booked from the /boka list of its kind's sessions.
  const href = bokaHref({ step: 2, type: kind === "private" ? "privat" : "grupp", view: "lista", month: null, day: null });
  return {
    ...passage(`type:${type.name}`, "type", type.name, text, [{ label: T.links.bookType(type.name), href }], prices.map(priceFact)),
    summary,
    summaryAfterPrice,
    typeName: type.name,
    typeKind: kind,
  };
}

/** All the session types in one passage: 'Vilka pass finns det?'. */
function typesOverview(types: readonly FlurreTypeInput[]): Passage[] {
  if (types.length === 0) return [];
  const names = types.map((t) => `${t.name} (${T.kind[typeKind(t.sessionType)].replace(/^ett /, "")})`);
  return [passage("type:all", "type", T.types.title, T.types.text(joinSwedish(names)), [ALL_SESSIONS_LINK, BOOK_LINK])];
}

/** The session's price sentence and prices, as the lists show them. */
function sessionPrices(session: PublicSession): { sentence: string; prices: number[] } {
  if (pricedByVariant(session)) {
    const { privat, proffs } = VARIANT_PRICES;
    return { sentence: T.sessionVariantPrices(formatKr(privat), formatKr(proffs)), prices: [privat, proffs] };
  }
  const price = displayPriceSek(session);
  if (!showPriceInList(price)) return { sentence: "", prices: [] };
  return { sentence: T.sessionPrice(formatKr(price)), prices: [price] };
}

export function sessionPassage(
  session: PublicSession,
  types: readonly FlurreTypeInput[],
  /** The town of the session's place, when staff keep one for it. */
  town: string | null = null,
): Passage {
  const availability = publicAvailability(session);
  const placesLeft = availability.bookable ? seatsLeft(session) : 0;
  const dayKey = stockholmDayKey(session.startTime);
  const start = formatTime(session.startTime);
  const end = formatTime(session.endTime);
  const when = `${formatDayHeading(dayKey)} ${start}–${end}`;
  const seats = availability.bookable ? placesLeftLabel(placesLeft) : availability.label;
  const note = availability.bookable && availability.note ? ` ${availability.note}.` : "";
  const { sentence, prices } = sessionPrices(session);
  const text = [`${session.title} ${when} på ${session.location}.`, session.description.trim(), sentence, `${seats}.${note}`]
    .filter(Boolean)
    .join(" ");
  const facts = [...prices.map(priceFact), dateFact(dayKey), timeFact(start), timeFact(end), seatsFact(placesLeft)];
  const link = { label: `${session.title} ${when}`, href: `/session/${session.id}` };
  return {
    ...passage(`session:${session.id}`, "session", session.title, text, [link], facts),
    typeName: findTypeContaining(types, session.title)?.name,
    session: {
      id: session.id,
      startTime: session.startTime,
      location: session.location,
      bookable: availability.bookable,
      line: `${when} på ${session.location}: ${seats}.`,
      town,
    },
  };
}

function placePassages(all: readonly Place[], remote: RemoteTypeNames): Passage[] {
  const places = all.filter((p) => p.active && isVisitable(p));
  const { findUs, mapOf } = T.links;
  const intro = `${placesIntro(places, remote.online)} ${T.places.are(joinSwedish(places.map((p) => p.name)))}`;
  return [
    passage("place:all", "place", T.places.title, intro, [findUs]),
    ...places.map((place) => {
      const text = T.place(place.name, PLACE_KIND_LABEL[place.kind].toLocaleLowerCase("sv-SE"), place.description);
      return passage(`place:${place.id}`, "place", place.name, text, [{ label: mapOf(place.name), href: mapUrlOf(place) }, findUs]);
    }),
  ];
}

/** Checklist items an answer quotes in full. */
const CHECKLIST_IN_ANSWER = 3;

/** Items of the checklist an answer quotes, then where the rest is: the whole list does not fit a chat bubble. */
export function checklistExcerpt(items: readonly string[], all: number): string {
  const quoted = items.slice(0, CHECKLIST_IN_ANSWER);
  return [...quoted, ...(all > quoted.length ? [T.checklistRest] : [])].join(" ");
}

/** The checklist, the note for sessions online or at home, and the note on a dog ill or in heat (whatever its title: `isSickNote`). */
function preparationPassages(items: readonly PreparationItem[], remote: RemoteTypeNames, isSickNote: (title: string) => boolean): Passage[] {
  const sick = items.find((item) => isSickNote(item.title));
  const checklist = items.filter((item) => item !== sick).map((item) => `${item.title} ${item.text}`);
  const { prepare, contact } = T.links;
  return [
    {
      id: PREPARATION_IDS.onSite,
      kind: "preparation",
      title: T.checklistTitle,
      text: checklist.join(" "),
      // The first items, unless the question asks of others.
      summary: checklistExcerpt(checklist, checklist.length),
      parts: checklist,
      links: [prepare],
      facts: [],
    },
    passage(PREPARATION_IDS.onlineOrHome, "preparation", T.remoteTitle, preparationOnlineAndHome(remote), [prepare]),
    ...(sick ? [passage("preparation:sick", "preparation", sick.title, `${sick.title} ${sick.text}`, [contact])] : []),
  ];
}

function teamPassages(team: readonly TeamMember[], towns: readonly string[]): Passage[] {
  const { aboutUs, contactMember } = T.links;
  const role = (m: TeamMember) => m.role.toLocaleLowerCase("sv-SE");
  const intro = `${aboutIntro(towns)} ${T.team.members(joinSwedish(team.map((m) => `${m.name} (${role(m)})`)))}`;
  return [
    passage("team:about", "team", T.team.title, intro, [aboutUs]),
    ...team.map((m) => passage(`team:${m.id}`, "team", m.name, `${m.name}, ${role(m)}. ${m.text}`, [aboutUs, { label: contactMember(m.name), href: contactPathTo(m.name) }], factsStatedIn(m.text))),
  ];
}

/** How the site's newsletter and queue work, in the pages' own words: 'Har ni nyhetsbrev?', 'Kan jag köa?'. */
function sitePassages(): Passage[] {
  return [
    passage("rule:newsletter", "rule", T.newsletter.title, T.newsletter.text, [T.links.newsletter]),
    passage(WAITLIST_RULE_ID, "rule", WAITLIST_TEXTS.heading, T.waitlist, [ALL_SESSIONS_LINK]),
    passage("rule:waitlist-offer", "rule", T.offer.title, T.offer.text, [ALL_SESSIONS_LINK]),
  ];
}

/** How paying at booking works ('kan man betala med swish?'), while the site takes payment. */
function paymentPassage(methods: readonly (keyof typeof PAYMENT_METHOD_LABELS)[]): Passage {
  const { title, text } = paymentAnswer(methods);
  return passage("rule:payment", "rule", title, text, [BOOK_LINK]);
}

/** The id of the passage on the cards as a whole: that they are sold, how one uses a card, and when a use comes back. */
export const CARDS_ID = "card:all";

function cardPrices(card: FlurreCardInput): number[] {
  if (card.kind === "klippkort") return card.priceSek === null ? [] : [card.priceSek];
  return [...card.amounts, ...[card.freeMinSek, card.freeMaxSek].filter((sek) => sek !== null)];
}

/**
 * The cards on sale: one passage for them all (which are sold, how one is used and a use given back, what each costs
 * and lasts, how one is bought) and one for each product. None while nothing is on sale, so that Flurre never says
 * the business sells cards then.
 */
function cardPassages(cards: readonly FlurreCardInput[]): Passage[] {
  if (cards.length === 0) return [];
  const kinds = CARD_KINDS.filter((kind) => cards.some((c) => c.kind === kind));
  const which = kinds.length > 1 ? "both" : kinds[0]!;
  const text = [
    CARD_FLURRE_TEXTS.sells(which),
    ...kinds.map((kind) => CARD_FLURRE_TEXTS.products(kind, cards.filter((c) => c.kind === kind))),
    CARD_FLURRE_TEXTS.buy,
    ...kinds.map((kind) => CARD_FLURRE_TEXTS.pays[kind]),
  ].join(" ");
  const facts = [...new Set(cards.flatMap(cardPrices))].map(priceFact);
  const product = (card: FlurreCardInput) => passage(`card:${card.id}`, "card", card.name, CARD_FLURRE_TEXTS.product(card), [CARD_SHOP_LINK], cardPrices(card).map(priceFact));
  return [passage(CARDS_ID, "card", CARD_OFFER_TEXTS.heading[which], text, [CARD_SHOP_LINK, BOOK_LINK], facts), ...cards.map(product)];
}

/**
 * The prices, dates, times, seat counts, e-mail addresses and phone numbers a text staff wrote states (an FAQ answer, a
 * team member's text): they are its passage's facts. A date without a year is not comparable and is left out (a model
 * repeating one fails the check).
 */
function factsStatedIn(text: string): Fact[] {
  const facts: Fact[] = [];
  for (const claim of extractClaims(text)) {
    if (claim.kind === "price") facts.push(priceFact(claim.amount));
    else if (claim.kind === "email") facts.push(emailFact(claim.address));
    else if (claim.kind === "phone") facts.push(phoneFact(claim.number));
    else if (claim.kind === "time") facts.push(timeFact(claim.hhmm));
    else if (claim.kind === "seats" && claim.count >= 0) facts.push(seatsFact(claim.count));
    else if (claim.kind === "date" && claim.year !== null) {
      facts.push(dateFact(`${claim.year}-${String(claim.month).padStart(2, "0")}-${String(claim.day).padStart(2, "0")}`));
    }
  }
  return facts;
}

/** Every passage, from the rows and the site content. */
export function buildPassages(corpus: FlurreCorpus, isSickNote: (title: string) => boolean = () => false): Passage[] {
  const townOf = new Map(corpus.places.filter((p) => p.town).map((p) => [p.name, p.town]));
  const remote = remoteTypeNames(corpus.types, corpus.places);
  return [
    ...typesOverview(corpus.types),
    ...corpus.types.map(typePassage),
    ...corpus.sessions.map((s) => sessionPassage(s, corpus.types, townOf.get(s.location) ?? null)),
    ...placePassages(corpus.places, remote),
    ...preparationPassages(corpus.preparation, remote, isSickNote),
    ...teamPassages(corpus.team, trainingTowns(corpus.places)),
    ...SITE_RULES.map((rule) => passage(`rule:${rule.id}`, "rule", rule.title, rule.text, [...rule.links], factsStatedIn(rule.text))),
    ...sitePassages(),
    ...(corpus.payments?.length ? [paymentPassage(corpus.payments)] : []),
    ...cardPassages(corpus.cards ?? []),
    ...corpus.faq.map((row) => passage(`faq:${row.id}`, "faq", row.question, row.answer, row.links, factsStatedIn(row.answer))),
  ];
}
