// Everything a visitor reads on /presentkort, where klippkort and presentkort
// are bought online (or, with payments off, read about and bought in person),
// and in the mails an online purchase sends: the gift to its recipient and
// the receipt to a buyer who gave the card away. "Du" to the visitor.
import { formatKr } from "../price";
import type { CardKind } from "./card-terms";

export const CARD_SHOP_PATH = "/presentkort";

/** How far ahead a gift's mail may be sent. */
export const GIFT_SEND_MAX_DAYS = 92;
/** The hour a gift's mail is sent on its day when none is chosen. */
export const GIFT_SEND_DEFAULT_TIME = "07:00";
/** Stripe's least charge in SEK (3,00 kr): a card priced lower is sold in person only. */
export const ONLINE_MIN_SEK = 3;

export const CARD_SHOP_TEXTS = {
  title: "Presentkort och klippkort",
  intro: "Ge bort träning till en hundvän, eller köp ett klippkort och boka när det passar dig. Koden kommer med e-post och används när du bokar.",
  none: "Just nu säljer vi inga kort här. Hör gärna av dig till oss om du vill köpa ett.",
  offline: "Korten köper du hos oss på plats. Hör av dig så ordnar vi det:",
  contact: "Kontakta oss",
  buy: (name: string) => `Köp ${name}`,
  inPersonOnly: "Säljs på plats hos oss.",
  back: "Alla kort",
  formHeading: (name: string) => `Köp ${name}`,
  amountLegend: "Belopp",
  amountOther: "Eget belopp",
  amountFree: (min: number, max: number) => `Eget belopp (${formatKr(min).replace(/ kr$/, "")}–${formatKr(max)})`,
  price: "Pris",
  email: "Din e-postadress",
  emailHint: "Hit skickar vi kvittot, och koden om kortet är till dig.",
  emailConfirm: "Skriv din e-postadress en gång till",
  giftLegend: "Är det en present? (valfritt)",
  giftIntro: "Fyll i mottagarens adress så skickar vi koden till hen, med din hälsning, när du vill. Lämnar du fälten tomma skickas koden till dig.",
  recipientEmail: "Mottagarens e-postadress",
  recipientName: "Mottagarens namn",
  buyerName: "Från (ditt namn)",
  message: "Hälsning",
  messageHint: "Högst 500 tecken.",
  sendDate: "Skicka den",
  sendDateHint: `Lämnar du datumet tomt skickas presenten direkt. Högst ${GIFT_SEND_MAX_DAYS} dagar fram.`,
  sendTime: "Klockan",
  submit: "Till betalning",
  submitting: "Skickar dig till betalningen...",
  paymentNote: "Du betalar med kort eller Swish. Kortet utfärdas när betalningen är klar.",
  cancelled: "Betalningen avbröts. Inget kort köptes och inget drogs.",
  paidHeading: "Tack för ditt köp!",
  paidToBuyer: (email: string) => `Kortet är betalt. Koden är skickad till ${email}.`,
  paidGift: (recipient: string, when: string | null) =>
    when ? `Kortet är betalt. Presenten skickas till ${recipient} ${when}. Du har fått ett kvitto med e-post.` : `Kortet är betalt. Presenten är skickad till ${recipient}. Du har fått ett kvitto med e-post.`,
  bookNow: "Boka ett pass",
  waitingHeading: "Vi väntar på betalningen",
  waiting: "Betalningen är inte bekräftad än. En Swish-betalning kan ta en liten stund. Koden skickas med e-post så fort den är klar.",
  refresh: "Uppdatera sidan",
  expiredHeading: "Betalningen blev inte av",
  expired: "Köpet avslutades utan betalning. Inget kort köptes och inget drogs.",
  tryAgain: "Försök igen",
  unknownHeading: "Köpet hittades inte",
  unknown: "Länken leder inte till något köp. Kontrollera adressen, eller börja om.",
} as const;

export const CARD_SHOP_MESSAGES = {
  product: "Välj ett kort.",
  productGone: "Kortet säljs inte längre. Välj ett annat.",
  amount: "Välj ett belopp.",
  amountFree: (min: number, max: number) => `Skriv ett belopp från ${formatKr(min).replace(/ kr$/, "")} till ${formatKr(max)}, i hela kronor.`,
  email: "Fyll i din e-postadress.",
  emailConfirm: "Skriv din e-postadress en gång till.",
  recipientNeeded: "Fyll i mottagarens e-postadress, eller lämna presentfälten tomma.",
  sendDate: "Skriv datumet som ÅÅÅÅ-MM-DD.",
  sendTime: "Skriv klockslaget som TT:MM.",
  sendPast: "Välj en dag från i dag och framåt.",
  sendFar: `Välj en dag inom ${GIFT_SEND_MAX_DAYS} dagar.`,
  checkoutFailed: "Betalningen gick inte att starta just nu. Inget har dragits. Försök igen om en stund.",
  offline: "Kort går inte att köpa här just nu. Hör av dig till oss så ordnar vi det.",
} as const;

/** The mails of an online purchase (app/domain/mail/card.tsx). */
export const CARD_GIFT_MAIL_TEXTS = {
  subject: (kind: CardKind) => `Du har fått ett ${kind} från Hundpass`,
  lead: (kind: CardKind, name: string, from: string | null) =>
    from ? `${from} har gett dig ett ${kind} ”${name}” hos Hundpass.` : `Du har fått ett ${kind} ”${name}” hos Hundpass.`,
  messageLabel: "Hälsning",
  receiptSubject: (kind: CardKind) => `Kvitto: ${kind} från Hundpass`,
  receiptLead: (kind: CardKind, name: string, paid: number) => `Tack för ditt köp! Du har betalat ${formatKr(paid)} för ${kind}et ”${name}”.`,
  receiptSent: (recipient: string, when: string | null) =>
    when ? `Vi skickar koden till ${recipient} ${when}.` : `Vi har skickat koden till ${recipient}.`,
  receiptCode: (last4: string) => `Koden slutar på ${last4}. Av säkerhetsskäl står hela koden bara i mottagarens mejl.`,
} as const;
