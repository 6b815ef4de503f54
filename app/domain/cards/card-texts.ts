// Everything a person reads about klippkort and presentkort: staff on
// /admin/kort (headings, labels, hints, buttons, toasts, form messages), the
// buyer in the mail with the code, a visitor in the list of cards on the
// start page and /boka, and the words for a typed code that is not one. Short and friendly, "du" to a customer, "ni" to staff as on the other
// admin pages.
import { CARDS_PAGE } from "../admin-pages";
import { formatKr } from "../price";
import type { ToastView } from "../toast";
import { CARD_LIMITS, type CardKind, type CardProductTerms, type CardLedgerKind, type CardPaid, type CardRefundProblem, type CardShownOn, type CardState } from "./card-terms";

export const CARDS_PATH = CARDS_PAGE.to;

/** "200, 500 eller 1 000 kr". */
export function amountList(amounts: readonly number[]): string {
  const words = amounts.map((a) => formatKr(a).replace(/ kr$/, ""));
  const joined = words.length > 1 ? `${words.slice(0, -1).join(", ")} eller ${words.at(-1)}` : (words[0] ?? "");
  return `${joined} kr`;
}

/** "AGILITY", "AGILITY eller RALLYLYDNAD", "AGILITY, RALLYLYDNAD eller SPÅR". */
function orList(names: readonly string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} eller ${names.at(-1)}` : (names[0] ?? "");
}

/** "A och B", "A, B och C". */
function andList(names: readonly string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} och ${names.at(-1)}` : (names[0] ?? "");
}

const uses = (n: number) => (n === 1 ? "1 pass" : `${n} pass`);
const clips = (n: number) => (n === 1 ? "1 klipp" : `${n} klipp`);
const months = (n: number) => (n === 1 ? "1 månad" : `${n} månader`);

export const CARD_KIND_LABEL: Record<CardKind, string> = { klippkort: "Klippkort", presentkort: "Presentkort" };

export const CARD_STATE_LABEL: Record<CardState, string> = {
  active: "Aktivt",
  used: "Förbrukat",
  expired: "Utgånget",
  voided: "Spärrat",
  refunded: "Återbetalt",
};

export const CARD_STATE_BADGE: Record<CardState, string> = {
  active: "badge-green",
  used: "badge-grey",
  expired: "badge-grey",
  voided: "badge-red",
  refunded: "badge-grey",
};

export const CARD_LEDGER_LABEL: Record<CardLedgerKind, string> = {
  issue: "Utfärdat",
  use: "Använt vid bokning",
  "give-back": "Tillbaka på kortet",
  expiry: "Gick ut",
  refund: "Återbetalt",
  void: "Spärrat",
};

/** The notes the server writes on ledger rows. */
export const CARD_LEDGER_NOTES = {
  soldAtCounter: "Sålt i kassan",
  soldOnline: "Köpt på webben",
  refundedOnline: "Pengarna betalas tillbaka till kortet eller Swish som betalade",
  voidedByStaff: "Spärrat av personalen",
  refundedAtCounter: "Pengarna betalas tillbaka i kassan",
  expired: "Kortets sista dag har passerat",
  givenBackByStaff: "Bokningen avbokades av personalen",
  givenBackUnpaid: "Bokningen blev inte av",
  /** Added to the reason when the card had ended (expired, voided, refunded) by the time the booking was cancelled. */
  endedNothingBack: "Kortet gällde inte längre, så inget lades tillbaka",
} as const;

/** What is left on a card: "3 klipp kvar", "450 kr kvar". */
export function cardBalanceText(kind: CardKind, usesLeft: number | null, balanceSek: number | null): string {
  return kind === "klippkort" ? `${clips(usesLeft ?? 0)} kvar` : `${formatKr(balanceSek ?? 0)} kvar`;
}

/** A ledger row's change: "+5 klipp", "−1 klipp", "+500 kr", "−500 kr". */
export function ledgerDeltaText(kind: CardKind, usesDelta: number, amountDeltaSek: number): string {
  const delta = kind === "klippkort" ? usesDelta : amountDeltaSek;
  const sign = delta > 0 ? "+" : delta < 0 ? "−" : "±";
  return kind === "klippkort" ? `${sign}${clips(Math.abs(delta))}` : `${sign}${formatKr(Math.abs(delta))}`;
}

/** A product's terms in one line, as the list and the register form's choices show them. */
export function cardProductSummary(p: {
  kind: CardKind;
  uses: number | null;
  priceSek: number | null;
  sessionTypes: readonly string[];
  amounts: readonly number[];
  freeMinSek: number | null;
  freeMaxSek: number | null;
  validityMonths: number;
}): string {
  const valid = `gäller ${months(p.validityMonths)}`;
  if (p.kind === "klippkort") {
    return [uses(p.uses ?? 0), formatKr(p.priceSek ?? 0), valid, p.sessionTypes.join(", ")].filter(Boolean).join(" · ");
  }
  const free = p.freeMinSek !== null && p.freeMaxSek !== null ? `eget belopp ${formatKr(p.freeMinSek).replace(/ kr$/, "")}–${formatKr(p.freeMaxSek)}` : null;
  return [p.amounts.length > 0 ? amountList(p.amounts) : null, free, valid].filter(Boolean).join(" · ");
}

export const CARD_TEXTS = {
  heading: CARDS_PAGE.title,
  backToAdmin: "Tillbaka till admin",
  intro:
    "Här lägger ni upp korten ni säljer och registrerar kort som sålts i kassan. Koden mejlas till köparen och visas aldrig här: ni ser bara dess fyra sista tecken. Ett dolt kort säljs inte längre, men kort som redan sålts gäller som vanligt.",
  required: "obligatoriskt",
  cancel: "Avbryt",
  saving: "Sparar...",

  registerHeading: "Registrera sålt kort",
  registerIntro: "För kort som betalats i kassan. Kortet gäller direkt och koden mejlas till köparen.",
  product: "Kort",
  chooseProduct: "Välj kort",
  productOption: (name: string, summary: string) => `${name} (${summary})`,
  amount: "Belopp (kr)",
  amountHint: "Bara för presentkort: ett av beloppen kortet har, eller ett eget belopp inom gränserna. Lämna tomt för klippkort.",
  email: "Köparens e-postadress",
  emailConfirm: "Köparens e-postadress igen",
  register: "Registrera och mejla koden",
  registering: "Registrerar...",
  noProducts: "Lägg först upp ett kort under Kort ni säljer, så kan ni registrera sålda kort här.",

  cardsHeading: "Sålda kort",
  search: "Sök kort",
  searchHint: "E-postadress, eller kodens fyra sista tecken.",
  searchButton: "Sök",
  showAll: "Visa alla",
  cardsEmpty: "Inga sålda kort ännu.",
  searchEmpty: "Inga kort matchar sökningen.",
  cardCount: (n: number) => (n === 1 ? "1 kort" : `${n} kort`),
  cardTitle: (product: string, last4: string) => `${product} · ${last4}`,
  holder: "Köpare",
  left: "Kvar",
  validThrough: "Gäller till och med",
  sold: "Sålt",
  soldVia: { counter: "i kassan", online: "på webben" } as Record<"counter" | "online", string>,
  soldLine: (when: string, via: string, paid: string) => `${when}, ${via}, ${paid}`,
  history: (n: number) => `Historik (${n === 1 ? "1 händelse" : `${n} händelser`})`,
  voidButton: "Spärra kort",
  voidLabel: (last4: string) => `Spärra kortet som slutar på ${last4}`,
  voidHeading: "Spärra kort",
  voidQuestion: (product: string, last4: string, left: string) =>
    `Vill du spärra kortet ${product} som slutar på ${last4}? Koden slutar fungera och det som finns kvar (${left}) går förlorat. Det går inte att ångra.`,
  voidConfirm: "Ja, spärra kortet",
  voidEnded: "Kortet är redan avslutat och kan inte spärras.",
  refundButton: "Återbetala kort",
  refundLabel: (last4: string) => `Återbetala kortet som slutar på ${last4}`,
  refundHeading: "Återbetala kort",
  refundQuestion: (product: string, last4: string, paid: string) =>
    `Vill du återbetala kortet ${product} som slutar på ${last4}? Kortet markeras som återbetalt och koden slutar fungera. Pengarna (${paid}) betalar ni tillbaka i kassan. Det går inte att ångra.`,
  refundConfirm: "Ja, kortet är återbetalt",
  refundQuestionOnline: (product: string, last4: string, paid: string) =>
    `Vill du återbetala kortet ${product} som slutar på ${last4}? Kortet köptes på webben: koden slutar fungera och ${paid} betalas tillbaka till kortet eller Swish som betalade. Det går inte att ångra.`,
  refundConfirmOnline: "Ja, återbetala kortet",
  refundRefused: {
    used: "Kortet har använts och kan inte återbetalas. Spärra det i stället om det ska sluta gälla.",
    ended: "Kortet är redan avslutat och kan inte återbetalas.",
    online: "Kortet köptes på webben och kan inte markeras som återbetalt här: pengarna ska tillbaka genom webbetalningen.",
  } as Record<CardRefundProblem, string>,

  productsHeading: "Kort ni säljer",
  productsEmpty: "Inga kort ännu. Lägg upp ett klippkort eller presentkort nedan.",
  soldCount: (n: number) => (n === 1 ? "1 sålt" : `${n} sålda`),
  hiddenBadge: "Dold",
  edit: "Redigera",
  editLabel: (name: string) => `Redigera ${name}`,
  hide: "Dölj",
  show: "Visa",
  newHeading: (kind: CardKind) => (kind === "klippkort" ? "Nytt klippkort" : "Nytt presentkort"),
  editHeading: (name: string) => `Redigera ${name}`,
  kindSwitch: "Vilket slags kort vill ni lägga upp?",
  kindHints: {
    klippkort: "Ett klippkort är ett antal pass till ett fast pris.",
    presentkort: "Ett presentkort är ett belopp att använda på pass.",
  } as Record<CardKind, string>,
  name: "Namn",
  nameHint: "Som kunden ser det, t.ex. 5-kort agility eller Presentkort.",
  validity: "Giltighet (månader)",
  validityHint: `Räknas från dagen kortet säljs. Ett presentkort gäller minst ${CARD_LIMITS.giftValidityMin} månader.`,
  uses: "Antal pass",
  price: "Pris (kr)",
  sessionTypes: "Gäller för passtyperna",
  sessionTypesHint: "Kortet kan bara användas på pass av de valda typerna.",
  noSessionTypes: "Det finns inga passtyper ännu. Lägg upp dem under Passtyper.",
  amounts: "Belopp att välja (kr)",
  amountsHint: "Hela kronor med kommatecken emellan, t.ex. 200, 500, 1000. Lämna tomt om kunden bara väljer eget belopp.",
  freeMin: "Eget belopp, lägst (kr)",
  freeMax: "Eget belopp, högst (kr)",
  freeHint: "Fyll i båda om kunden får välja ett eget belopp, annars inget av dem.",
  hidden: "Dold (säljs inte längre; sålda kort gäller som vanligt)",
  shownOn: "Visa kortet på startsidan eller Boka pass",
  shownOnHint: "Kortet visas då i en kort lista med namn, pris och giltighet. Ett dolt kort visas aldrig.",
  shownOnChoices: {
    none: "Nej, inte där",
    start: "På startsidan",
    boka: "På Boka pass",
    both: "På båda",
  } as Record<CardShownOn, string>,
  /** In the list of products, for one shown somewhere. */
  shownOnLabel: {
    none: null,
    start: "visas på startsidan",
    boka: "visas på Boka pass",
    both: "visas på startsidan och Boka pass",
  } as Record<CardShownOn, string | null>,
  submitNew: "Lägg till kort",
  saveEdit: "Spara ändringar",
} as const;

export const CARD_MESSAGES = {
  kind: "Välj klippkort eller presentkort",
  kindFixed: "Ett korts sort kan inte ändras. Lägg upp ett nytt kort i stället.",
  name: "Namn är obligatoriskt",
  validity: `Ange giltigheten i hela månader, från ${CARD_LIMITS.validityMin} till ${CARD_LIMITS.validityMax}`,
  giftValidity: `Ett presentkort ska gälla i minst ${CARD_LIMITS.giftValidityMin} månader`,
  uses: `Ange antal pass, ett heltal från 1 till ${CARD_LIMITS.usesMax}`,
  price: `Ange priset i hela kronor, från 0 till ${formatKr(CARD_LIMITS.priceMax)}`,
  sessionTypes: "Välj minst en passtyp",
  unknownSessionType: "Passtypen finns inte längre. Ladda om sidan och välj igen.",
  amounts: "Skriv beloppen i hela kronor med kommatecken emellan, t.ex. 200, 500, 1000",
  amountRange: `Varje belopp ska vara från 1 till ${formatKr(CARD_LIMITS.amountMax)}`,
  amountsMax: `Högst ${CARD_LIMITS.amountsMax} belopp`,
  noAmount: "Ange belopp att välja, eller ett eget belopp (lägst och högst)",
  freeBoth: "Fyll i både lägsta och högsta belopp, eller inget av dem",
  freeRange: `Ange ett belopp från 1 till ${formatKr(CARD_LIMITS.amountMax)}`,
  freeOrder: "Det högsta beloppet kan inte vara lägre än det lägsta",
  shownOn: "Välj var kortet ska visas",
  product: "Välj ett kort",
  productGone: "Kortet finns inte längre eller säljs inte. Välj ett annat.",
  productChanged: "Kortet ändrades just. Kontrollera uppgifterna och registrera igen.",
  amount: "Ange belopp för presentkortet",
  amountNotOffered: (p: { amounts: readonly number[]; freeMinSek: number | null; freeMaxSek: number | null }) => {
    const free = p.freeMinSek !== null && p.freeMaxSek !== null ? `ett belopp från ${formatKr(p.freeMinSek).replace(/ kr$/, "")} till ${formatKr(p.freeMaxSek)}` : null;
    const offered = p.amounts.length > 0 ? `${p.amounts.length === 1 ? "beloppet" : "ett av beloppen"} ${amountList(p.amounts)}` : null;
    return offered && free ? `Välj ${offered}, eller ${free}` : `Välj ${offered ?? free}`;
  },
  email: "Ange köparens e-postadress",
  emailConfirm: "Skriv köparens e-postadress en gång till",
  overMailBudget: "Adressen har fått många mejl från oss den senaste timmen, så kortet registrerades inte. Försök igen om en stund.",
} as const;

export const CARD_TOASTS = {
  productCreated: (name: string): ToastView => ({ type: "success", title: "Framgång", description: `Kortet ${name} är tillagt` }),
  productUpdated: { type: "success", title: "Framgång", description: "Kortet är sparat" },
  productUnchanged: { type: "info", title: "Inget att spara", description: "Kortet var redan så" },
  productHidden: { type: "success", title: "Framgång", description: "Kortet är dolt och säljs inte längre" },
  productShown: { type: "success", title: "Framgång", description: "Kortet säljs igen" },
  productNotFound: { type: "error", title: "Fel", description: "Kortet finns inte längre" },
  cardIssued: (last4: string, email: string): ToastView => ({
    type: "success",
    title: "Framgång",
    description: `Kortet som slutar på ${last4} är registrerat och koden mejlas till ${email}`,
  }),
  cardVoided: { type: "success", title: "Framgång", description: "Kortet är spärrat" },
  cardEnded: { type: "info", title: "Inget att spärra", description: "Kortet var redan avslutat" },
  cardRefunded: (paid: string): ToastView => ({
    type: "success",
    title: "Framgång",
    description: `Kortet är markerat som återbetalt. Betala tillbaka ${paid} i kassan.`,
  }),
  cardRefundedOnline: (paid: string): ToastView => ({
    type: "success",
    title: "Framgång",
    description: `Kortet är återbetalt. ${paid} betalas tillbaka till kortet eller Swish som betalade.`,
  }),
  cardRefundOnlineFailed: (paid: string): ToastView => ({
    type: "info",
    title: "Kortet är avslutat",
    description: `Betalningen tillbaka (${paid}) gick inte att skicka just nu. Den skickas igen automatiskt; läget syns under Drift.`,
  }),
  refundUsed: { type: "error", title: "Kan inte återbetalas", description: CARD_TEXTS.refundRefused.used },
  refundEnded: { type: "info", title: "Inget att återbetala", description: "Kortet var redan avslutat" },
  refundOnline: { type: "error", title: "Kan inte återbetalas", description: CARD_TEXTS.refundRefused.online },
  cardNotFound: { type: "error", title: "Fel", description: "Kortet finns inte" },
  failed: { type: "error", title: "Fel", description: "Kunde inte spara ändringar" },
  loadFailed: { type: "error", title: "Fel", description: "Kunde inte ladda data" },
} as const satisfies Record<string, ToastView | ((...args: string[]) => ToastView)>;

/**
 * The short list of cards on the start page and /boka (the products staff
 * show there, app/domain/cards/card-offer-view.ts): its heading, lead and
 * link follow the kinds listed.
 */
export const CARD_OFFER_TEXTS = {
  heading: { klippkort: "Klippkort", presentkort: "Presentkort", both: "Klippkort och presentkort" },
  lead: {
    klippkort: "Träna flera gånger till ett fast pris.",
    presentkort: "Ge bort träning till någon du tycker om.",
    both: "Träna flera gånger till ett fast pris, eller ge bort träning till någon du tycker om.",
  },
  howToUse: "Kortets kod skriver du in när du bokar ett pass.",
  link: { klippkort: "Köp klippkort", presentkort: "Köp presentkort", both: "Köp klippkort eller presentkort" },
  /** "Klippkort, 5 pass"; "Presentkort". */
  kindLine: (kind: CardKind, n: number | null) => (kind === "klippkort" ? `${CARD_KIND_LABEL.klippkort}, ${uses(n ?? 0)}` : CARD_KIND_LABEL.presentkort),
  price: "Pris",
  amount: "Belopp",
  /** A presentkort whose buyer may choose the amount: "från 100 kr". */
  fromAmount: (kr: number) => `från ${formatKr(kr)}`,
  validity: "Gäller",
  validityValue: (n: number) => months(n),
  sessionTypes: "För",
  sessionTypesValue: (names: readonly string[]) => orList(names),
} as const;

/**
 * What Flurre says of the cards on sale (app/domain/flurre/passages.ts), from
 * the visible products: that the business sells them and which, what each
 * costs and how long it lasts, how a card is used at booking, and that a use
 * comes back when the business cancels.
 */
export const CARD_FLURRE_TEXTS = {
  /**
   * The first sentence, kept in any shortened answer: what is sold, how a
   * card is used, and that its use comes back when the business cancels.
   */
  sells: (kinds: "klippkort" | "presentkort" | "both") =>
    `Vi säljer ${kinds === "both" ? "klippkort och presentkort" : kinds}: koden skriver du in i bokningsformuläret när du bokar ett pass, ` +
    `och ställer vi in passet eller avbokar din bokning kommer ${{ klippkort: "klippet", presentkort: "beloppet", both: "klippet eller beloppet" }[kinds]} tillbaka på kortet.`,
  buy: "Hur du köper ett kort står under länken nedan, och koden kommer i ett mejl.",
  /** The products of one kind: "Klippkort: 5-kort agility (5 pass för 1 195 kr, gäller 12 månader)." */
  products: (kind: CardKind, cards: readonly CardProductTerms[]) => `${CARD_KIND_LABEL[kind]}: ${andList(cards.map((c) => `${c.name} (${flurreTerms(c)})`))}.`,
  pays: {
    klippkort: "Ett klippkort betalar ett pass per klipp.",
    presentkort: "Ett presentkort betalar passet med beloppet på kortet, och räcker det inte betalar du resten som vanligt.",
  } as Record<CardKind, string>,
  /** A product's own passage: what it is, what it costs and lasts, how it is used, and what comes back when the business cancels. */
  product: (card: CardProductTerms) => {
    const valid = `gäller i ${months(card.validityMonths)} från köpet`;
    const what =
      card.kind === "klippkort"
        ? `${card.name} är ett klippkort med ${uses(card.uses ?? 0)} för ${orList(card.sessionTypes)}: det kostar ${formatKr(card.priceSek ?? 0)} och ${valid}.`
        : `${card.name} är ett presentkort på ${giftAmounts(card)} att använda på våra pass: det ${valid}.`;
    const back = card.kind === "klippkort" ? "klippet" : "beloppet";
    return `${what} Koden från mejlet skriver du in i bokningsformuläret när du bokar ett pass. Ställer vi in passet eller avbokar dig kommer ${back} tillbaka på kortet.`;
  },
  buyLink: "Köp klippkort eller presentkort",
} as const;

/** A product's terms in the list of them all: "5 pass för 1 195 kr, gäller 12 månader". */
function flurreTerms(card: CardProductTerms): string {
  return card.kind === "klippkort"
    ? `${uses(card.uses ?? 0)} för ${formatKr(card.priceSek ?? 0)}, gäller ${months(card.validityMonths)}`
    : `${giftAmounts(card)}, gäller ${months(card.validityMonths)}`;
}

/** A presentkort's amounts: "200, 500 eller 1 000 kr", "ett valfritt belopp från 100 till 5 000 kr", or both. */
function giftAmounts({ amounts, freeMinSek, freeMaxSek }: CardProductTerms): string {
  const free = freeMinSek !== null && freeMaxSek !== null ? `ett valfritt belopp från ${formatKr(freeMinSek).replace(/ kr$/, "")} till ${formatKr(freeMaxSek)}` : null;
  const offered = amounts.length > 0 ? amountList(amounts) : null;
  return offered && free ? `${offered} eller ${free}` : (offered ?? free ?? "");
}

/** The customer's own cards on /mina-bokningar/lista ("Mina kort"). */
export const MY_CARDS_TEXTS = {
  heading: "Mina kort",
  intro: "Klippkort och presentkort som är dina. Koden står i mejlet du fick när kortet köptes, här visas bara dess fyra sista tecken.",
  kind: "Typ",
  left: CARD_TEXTS.left,
  validThrough: CARD_TEXTS.validThrough,
  codeEnd: "Koden slutar på",
  history: "Historik",
  /** A use or a give-back's session: "AGILITY, 12 dec. 2026 10:00". */
  session: (title: string, when: string) => `${title}, ${when}`,
} as const;

/** The mail with the code (app/domain/mail/card.tsx). */
export const CARD_MAIL_TEXTS = {
  subject: (kind: CardKind) => `Ditt ${kind} från Hundpass`,
  greeting: "Hej!",
  lead: (kind: CardKind, name: string) => `Tack för ditt köp! Här är koden till ditt ${kind} ”${name}”.`,
  codeLabel: "Din kod",
  klippkortWhat: (n: number, sessionTypes: readonly string[]) =>
    `Kortet räcker till ${uses(n)} av ${sessionTypes.length === 1 ? "typen" : "typerna"} ${orList(sessionTypes)}.`,
  presentkortWhat: (amount: number) => `På kortet finns ${formatKr(amount)} att använda på våra pass.`,
  validThrough: (date: string) => `Kortet gäller till och med ${date}.`,
  use: "Du använder koden när du bokar pass hos oss:",
  keep: "Spara mejlet: koden är ditt kort. Den som har koden kan använda kortet, så dela den bara med den som ska använda det.",
  questions: "Har du frågor om kortet? Svara på det här mejlet.",
  signOff: ["Hälsningar,", "Hundpass"],
} as const;

/** The one reminder 30 days before a card with something left expires (app/domain/mail/card.tsx). */
export const CARD_REMINDER_MAIL_TEXTS = {
  subject: (kind: CardKind, date: string) => `Ditt ${kind} gäller till och med ${date}`,
  lead: (kind: CardKind, name: string, left: string, date: string) =>
    `Ditt ${kind} ”${name}” har ${left} och gäller till och med ${date}. Efter det går det inte längre att använda.`,
  book: "Boka gärna ett pass innan dess:",
  code: (last4: string) => `Koden står i mejlet du fick när kortet köptes. Den slutar på ${last4}.`,
  questions: CARD_MAIL_TEXTS.questions,
  signOff: CARD_MAIL_TEXTS.signOff,
} as const;

/** What a booking paid with a card says of it, on the page and in the mails (the booking form's field: card-code-field.ts). */
export const CARD_BOOKING_TEXTS = {
  /** The row a booking paid with a card shows, in the confirmation on the page and in the mail. */
  usedLabel: "Kort",
  restLabel: "Att betala på plats",
  /** "1 klipp använt, 3 kvar"; `left` may be the mail's placeholder, filled by the booking's batch. */
  klippUsed: (left: number | string) => `1 klipp använt, ${left} kvar`,
  /** "200 kr från presentkortet, 150 kr kvar". */
  giftUsed: (amountSek: number, leftSek: number) => `${formatKr(amountSek)} från presentkortet, ${formatKr(leftSek)} kvar`,
  /** The cancellation mail: what came back to the card. */
  klippBack: (left: number | string) => `Klippet är tillbaka på ditt kort, ${left} kvar.`,
  giftBack: (amountSek: number) => `${formatKr(amountSek)} är tillbaka på ditt presentkort.`,
  /** The cancellation mail, when the card had ended since the booking (expired or voided): nothing came back to it. */
  endedNoBack: (kind: CardKind) =>
    `Kortet som betalade bokningen gäller inte längre, så ${kind === "klippkort" ? "klippet" : "beloppet"} kunde inte läggas tillbaka på det. Hör av dig till oss så hjälper vi dig.`,
} as const;

/**
 * A booking a card paid, in the staff's attendee list, its print view and
 * the CSV (the column CARD_BOOKING_TEXTS.usedLabel): "Klippkort (…ABCD)",
 * "Presentkort 200 kr (…ABCD)". The code's last four only, never the code.
 */
export function cardPaidText(card: CardPaid): string {
  const end = `(…${card.last4})`;
  return card.kind === "klippkort" ? `${CARD_KIND_LABEL.klippkort} ${end}` : `${CARD_KIND_LABEL.presentkort} ${formatKr(card.amountSek)} ${end}`;
}

/** Why a typed code did not pay a booking: said beside the field, nothing booked. */
export const CARD_BOOKING_PROBLEMS = {
  unknown: "Koden gäller inte. Kontrollera att du skrivit av den rätt.",
  expired: "Kortet har gått ut och kan inte användas längre.",
  used: "Kortet är förbrukat: det finns inget kvar på det.",
  "wrong-type": "Klippkortet gäller inte för den här typen av pass.",
  voided: "Kortet är spärrat och kan inte användas.",
  changed: "Det som finns kvar på kortet ändrades just. Skicka bokningen igen.",
  free: "Passet kostar inget, så du behöver ingen kod. Töm fältet och boka igen.",
  "rate-limited": "För många försök med koder. Vänta en stund och försök igen.",
} as const;
