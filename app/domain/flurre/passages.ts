// The passages Flurre answers from: short plain-Swedish texts made from the
// session types, the upcoming sessions, the FAQ rows and the card products on
// sale in the database and from the site's fixed content (places,
// preparation, team, rules). Each states its facts verbatim from the data and
// carries the links to the pages that settle the question, plus the facts it
// states in comparable form for the fact check.

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
import { CONTACT_PATH, SITE_RULES } from "../rules";
import { aboutIntro, type TeamMember } from "../team";
import { NEWSLETTER_SECTION_ID, START_TEXTS } from "../page-texts/start";
import { WAITLIST_HOLD_MS, WAITLIST_TEXTS } from "../waitlist";
import { findTypeContaining, typeKind, type TypeKind } from "../session-types";
import { placesLeftLabel, type PublicSession } from "../session-view";
import { formatDayHeading, formatTime, stockholmDayKey } from "../time";
import type { FlurreLink } from "./answer";
import { dateFact, extractClaims, priceFact, seatsFact, timeFact, type Fact } from "./fact-check";
import { ALL_SESSIONS_LINK } from "./texts";

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

const KIND_LABEL: Record<TypeKind, string> = {
  group: "ett pass i grupp",
  private: "ett privat pass med egen tränare",
  combined: "ett kombinerat pass",
};

/** The /boka list a type's sessions are booked from. */
export function bookTypeHref(kind: TypeKind): string {
  return bokaHref({ step: 2, type: kind === "private" ? "privat" : "grupp", view: "lista", month: null, day: null });
}

function typePrices(type: FlurreTypeInput, kind: TypeKind): { sentence: string; prices: number[] } {
  if (type.bookingAsk === "variant") {
    const { privat, proffs } = VARIANT_PRICES;
    return { sentence: `Privat kostar ${formatKr(privat)} och Proffs ${formatKr(proffs)}.`, prices: [privat, proffs] };
  }
  // A combined type has no fixed price: the customer and the trainer agree on it.
  if (kind === "combined" || !type.price || type.price <= 0) return { sentence: "", prices: [] };
  return { sentence: `Ett pass kostar ${formatKr(type.price)}.`, prices: [type.price] };
}

export function typePassage(type: FlurreTypeInput): Passage {
  const kind = typeKind(type.sessionType);
  const { sentence, prices } = typePrices(type, kind);
  const join = (parts: readonly string[]) => parts.map((s) => s.trim()).filter(Boolean).join(" ");
  const text = join([`${type.name} är ${KIND_LABEL[kind]}.`, type.description, type.inspiringText ?? "", sentence]);
  const summary = join([`${type.name} är ${KIND_LABEL[kind]}.`, type.description, sentence]);
  // A price said once is enough, except the two variants' own names and prices (the opening says only the amounts).
  const summaryAfterPrice = type.bookingAsk === "variant" ? summary : join([`${type.name} är ${KIND_LABEL[kind]}.`, type.description]);
  return {
    id: `type:${type.name}`,
    kind: "type",
    title: type.name,
    text,
    links: [{ label: `Boka ${type.name}`, href: bookTypeHref(kind) }],
    facts: prices.map(priceFact),
    summary,
    summaryAfterPrice,
    typeName: type.name,
    typeKind: kind,
  };
}

/** All the session types in one passage: 'Vilka pass finns det?'. */
function typesOverview(types: readonly FlurreTypeInput[]): Passage | null {
  if (types.length === 0) return null;
  const names = types.map((t) => `${t.name} (${KIND_LABEL[typeKind(t.sessionType)].replace(/^ett /, "")})`);
  return {
    id: "type:all",
    kind: "type",
    title: "Våra pass",
    text: `Våra pass: ${names.join(", ").replace(/, ([^,]+)$/, " och $1")}.`,
    links: [
      ALL_SESSIONS_LINK,
      { label: "Boka pass", href: "/boka" },
    ],
    facts: [],
  };
}

/** The session's price sentence and prices, as the lists show them. */
function sessionPrices(session: PublicSession): { sentence: string; prices: number[] } {
  if (pricedByVariant(session)) {
    const { privat, proffs } = VARIANT_PRICES;
    return { sentence: `Pris: Privat ${formatKr(privat)}, Proffs ${formatKr(proffs)}.`, prices: [privat, proffs] };
  }
  const price = displayPriceSek(session);
  if (!showPriceInList(price)) return { sentence: "", prices: [] };
  return { sentence: `Pris: ${formatKr(price)}.`, prices: [price] };
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
  const type = findTypeContaining(types, session.title);
  return {
    id: `session:${session.id}`,
    kind: "session",
    title: session.title,
    text,
    links: [{ label: `${session.title} ${when}`, href: `/session/${session.id}` }],
    facts: [
      ...prices.map(priceFact),
      dateFact(dayKey),
      timeFact(start),
      timeFact(end),
      seatsFact(placesLeft),
    ],
    typeName: type?.name,
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
  const overview: Passage = {
    id: "place:all",
    kind: "place",
    title: "Våra träningsplatser",
    text: `${placesIntro(places, remote.online)} Platserna är ${joinSwedish(places.map((p) => p.name))}.`,
    links: [{ label: "Hitta hit", href: "/hitta" }],
    facts: [],
  };
  return [
    overview,
    ...places.map((place) => ({
      id: `place:${place.id}`,
      kind: "place" as const,
      title: place.name,
      text: `${place.name} (${PLACE_KIND_LABEL[place.kind].toLocaleLowerCase("sv-SE")}): ${place.description} Vägbeskrivning finns under Hitta dit.`,
      links: [
        { label: `Hitta dit: ${place.name}`, href: mapUrlOf(place) },
        { label: "Hitta hit", href: "/hitta" },
      ],
      facts: [],
    })),
  ];
}

/** Checklist items an answer quotes in full. */
const CHECKLIST_IN_ANSWER = 3;

/** Items of the checklist an answer quotes, then where the rest is: the whole list does not fit a chat bubble. */
export function checklistExcerpt(items: readonly string[], all: number): string {
  const quoted = items.slice(0, CHECKLIST_IN_ANSWER);
  return [...quoted, ...(all > quoted.length ? ["Hela listan finns under Preppa inför passet."] : [])].join(" ");
}

/** The checklist, the note for sessions online or at home, and the note on a dog ill or in heat: the item whose title says so (`isSickNote`), whatever staff call it. */
function preparationPassages(items: readonly PreparationItem[], remote: RemoteTypeNames, isSickNote: (title: string) => boolean): Passage[] {
  const sick = items.find((item) => isSickNote(item.title));
  const checklist = items.filter((item) => item !== sick).map((item) => `${item.title} ${item.text}`);
  const passages: Passage[] = [
    {
      id: PREPARATION_IDS.onSite,
      kind: "preparation",
      title: "Det här tar du med dig",
      text: checklist.join(" "),
      // The first items, unless the question asks of others.
      summary: checklistExcerpt(checklist, checklist.length),
      parts: checklist,
      links: [{ label: "Preppa inför passet", href: "/preppa" }],
      facts: [],
    },
    {
      id: PREPARATION_IDS.onlineOrHome,
      kind: "preparation",
      title: "Online-pass och hembesök",
      text: preparationOnlineAndHome(remote),
      links: [{ label: "Preppa inför passet", href: "/preppa" }],
      facts: [],
    },
  ];
  if (sick) {
    passages.push({
      id: "preparation:sick",
      kind: "preparation",
      title: sick.title,
      text: `${sick.title} ${sick.text}`,
      links: [{ label: "Kontakta oss", href: CONTACT_PATH }],
      facts: [],
    });
  }
  return passages;
}

function teamPassages(team: readonly TeamMember[], towns: readonly string[]): Passage[] {
  return [
    {
      id: "team:about",
      kind: "team",
      title: "Om Hundpass",
      text: `${aboutIntro(towns)} Teamet: ${joinSwedish(team.map((m) => `${m.name} (${m.role.toLocaleLowerCase("sv-SE")})`))}.`,
      links: [{ label: "Om oss", href: "/om" }],
      facts: [],
    },
    ...team.map((member) => ({
      id: `team:${member.id}`,
      kind: "team" as const,
      title: member.name,
      text: `${member.name}, ${member.role.toLocaleLowerCase("sv-SE")}. ${member.text}`,
      links: [
        { label: "Om oss", href: "/om" },
        { label: `Kontakta ${member.name}`, href: CONTACT_PATH },
      ],
      facts: [],
    })),
  ];
}

/** How the site's newsletter and queue work, in the pages' own words: 'Har ni nyhetsbrev?', 'Kan jag köa?'. */
function sitePassages(): Passage[] {
  // In words: a number in a passage is a fact the answer's check must find backed.
  const holdHours = ["noll", "en", "två", "tre", "fyra", "fem", "sex"][WAITLIST_HOLD_MS / 3_600_000] ?? String(WAITLIST_HOLD_MS / 3_600_000);
  return [
    {
      id: "rule:newsletter",
      kind: "rule",
      title: "Nyhetsbrevet",
      text:
        `Nyhetsbrevet: ${START_TEXTS.newsletterText} Du anmäler dig med din e-postadress på startsidan. ` +
        "Vill du sluta få det avprenumererar du med länken längst ner i varje nyhetsbrev.",
      links: [{ label: "Anmäl dig till nyhetsbrevet", href: `/#${NEWSLETTER_SECTION_ID}` }],
      facts: [],
    },
    {
      id: "rule:waitlist",
      kind: "rule",
      title: WAITLIST_TEXTS.heading,
      text:
        `När alla platser på ett pass är tagna kan du ställa dig i kö med knappen '${WAITLIST_TEXTS.submit}' på passets sida. ` +
        `Blir det ledigt mejlar vi den som står först i kön, som då får platsen reserverad i ${holdHours} timmar.`,
      links: [ALL_SESSIONS_LINK],
      facts: [],
    },
    {
      // What the queue's mails say: the confirmation with its link to leave, the offer held with its links to book or decline.
      id: "rule:waitlist-offer",
      kind: "rule",
      title: "Din plats i kön",
      text:
        `När du har ställt dig i kö med knappen '${WAITLIST_TEXTS.submit}' får du ett mejl som bekräftar din plats, med en länk där du kan lämna kön. ` +
        `Blir det ledigt mejlar vi en länk att boka platsen med till den som är först i kön, som då har ${holdHours} timmar på sig att boka den. ` +
        "Vill du inte ha platsen, eller hinner du inte boka den, går den vidare till nästa i kön.",
      links: [ALL_SESSIONS_LINK],
      facts: [],
    },
  ];
}

/** How paying at booking works ('kan man betala med swish?'), while the site takes payment. */
function paymentPassage(methods: readonly (keyof typeof PAYMENT_METHOD_LABELS)[]): Passage {
  const { title, text } = paymentAnswer(methods);
  return {
    id: "rule:payment",
    kind: "rule",
    title,
    text,
    links: [{ label: "Boka pass", href: "/boka" }],
    facts: [],
  };
}

function rulePassages(): Passage[] {
  return SITE_RULES.map((rule) => ({
    id: `rule:${rule.id}`,
    kind: "rule",
    title: rule.title,
    text: rule.text,
    links: [...rule.links],
    facts: rule.prices.map(priceFact),
  }));
}

/** The id of the passage on the cards as a whole: that they are sold, how one uses a card, and when a use comes back. */
export const CARDS_ID = "card:all";

function cardPrices(card: FlurreCardInput): number[] {
  if (card.kind === "klippkort") return card.priceSek === null ? [] : [card.priceSek];
  return [...card.amounts, ...(card.freeMinSek === null ? [] : [card.freeMinSek]), ...(card.freeMaxSek === null ? [] : [card.freeMaxSek])];
}

/** A product's terms in the list of them all: "5 pass för 1 195 kr, gäller 12 månader". */
function cardTerms(card: FlurreCardInput): string {
  return card.kind === "klippkort"
    ? CARD_FLURRE_TEXTS.klippTerms(card.uses ?? 0, card.priceSek ?? 0, card.validityMonths)
    : CARD_FLURRE_TEXTS.giftTerms(CARD_FLURRE_TEXTS.giftAmounts(card.amounts, card.freeMinSek, card.freeMaxSek), card.validityMonths);
}

function cardPassage(card: FlurreCardInput): Passage {
  const text =
    card.kind === "klippkort"
      ? CARD_FLURRE_TEXTS.klippkort(card.name, card.uses ?? 0, card.sessionTypes, card.priceSek ?? 0, card.validityMonths)
      : CARD_FLURRE_TEXTS.presentkort(card.name, CARD_FLURRE_TEXTS.giftAmounts(card.amounts, card.freeMinSek, card.freeMaxSek), card.validityMonths);
  return {
    id: `card:${card.id}`,
    kind: "card",
    title: card.name,
    text: `${text} ${CARD_FLURRE_TEXTS.code} ${CARD_FLURRE_TEXTS.givenBack[card.kind]}`,
    links: [{ label: CARD_FLURRE_TEXTS.buyLink, href: CARD_SHOP_PATH }],
    facts: cardPrices(card).map(priceFact),
  };
}

/**
 * The cards on sale: one passage for them all (which are sold, how a card
 * is used, a use given back when the business cancels, what each costs and
 * lasts, how one is bought) and one for each product. None while nothing is on
 * sale, so Flurre never says the business sells cards then.
 */
function cardPassages(cards: readonly FlurreCardInput[]): Passage[] {
  if (cards.length === 0) return [];
  const kinds = CARD_KINDS.filter((kind) => cards.some((c) => c.kind === kind));
  const which = kinds.length > 1 ? "both" : kinds[0]!;
  const overview: Passage = {
    id: CARDS_ID,
    kind: "card",
    title: CARD_OFFER_TEXTS.heading[which],
    text: [
      CARD_FLURRE_TEXTS.sells(which),
      ...kinds.map((kind) => CARD_FLURRE_TEXTS.products(kind, cards.filter((c) => c.kind === kind).map((c) => CARD_FLURRE_TEXTS.listed(c.name, cardTerms(c))))),
      CARD_FLURRE_TEXTS.buy,
      ...kinds.map((kind) => CARD_FLURRE_TEXTS.pays[kind]),
    ].join(" "),
    links: [
      { label: CARD_FLURRE_TEXTS.buyLink, href: CARD_SHOP_PATH },
      { label: "Boka pass", href: "/boka" },
    ],
    facts: [...new Set(cards.flatMap(cardPrices))].map(priceFact),
  };
  return [overview, ...cards.map(cardPassage)];
}

export function faqPassage(row: FlurreFaqInput): Passage {
  return {
    id: `faq:${row.id}`,
    kind: "faq",
    title: row.question,
    text: row.answer,
    links: row.links,
    facts: factsStatedIn(row.answer),
  };
}

/**
 * The prices, dates, times and seat counts an FAQ answer states: staff wrote
 * them, so they are the passage's facts. Dates without a year are not
 * comparable and are left out (a model repeating one fails the check).
 */
function factsStatedIn(text: string): Fact[] {
  const facts: Fact[] = [];
  for (const claim of extractClaims(text)) {
    if (claim.kind === "price") facts.push(priceFact(claim.amount));
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
  const overview = typesOverview(corpus.types);
  const townOf = new Map(corpus.places.filter((p) => p.town).map((p) => [p.name, p.town]));
  const remote = remoteTypeNames(corpus.types, corpus.places);
  return [
    ...(overview ? [overview] : []),
    ...corpus.types.map(typePassage),
    ...corpus.sessions.map((s) => sessionPassage(s, corpus.types, townOf.get(s.location) ?? null)),
    ...placePassages(corpus.places, remote),
    ...preparationPassages(corpus.preparation, remote, isSickNote),
    ...teamPassages(corpus.team, trainingTowns(corpus.places)),
    ...rulePassages(),
    ...sitePassages(),
    ...(corpus.payments?.length ? [paymentPassage(corpus.payments)] : []),
    ...cardPassages(corpus.cards ?? []),
    ...corpus.faq.map(faqPassage),
  ];
}
