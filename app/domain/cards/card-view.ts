// How /admin/kort shows a product and a card sold: the words and dates of
// each, from the rows the server reads. Pure, no I/O.
import { formatKr } from "../price";
import { formatDateTime, formatLongDate } from "../time";
import { CARD_KIND_LABEL, CARD_LEDGER_LABEL, CARD_STATE_BADGE, CARD_STATE_LABEL, CARD_TEXTS as T, cardBalanceText, cardProductSummary, ledgerDeltaText } from "./card-texts";
import { cardLastDay, cardRefundProblem, cardState, type CardKind, type CardLedgerKind, type CardProductTerms, type CardShownOn } from "./card-terms";

/** Where a product and a card sold are on /admin/kort (`#produkt-ID`, `#kort-ID`). */
export const productAnchor = (id: number) => `produkt-${id}`;
export const cardAnchor = (id: number) => `kort-${id}`;

/** The product form's values as the form posts them (strings), for a new product or one edited. */
export type ProductFormDefaults = {
  kind: CardKind;
  name: string;
  validity_months: string;
  uses: string;
  price_sek: string;
  session_types: string[];
  amounts: string;
  free_min_sek: string;
  free_max_sek: string;
  hidden: string;
  shown_on: string;
};

export interface CardProductView {
  id: number;
  kind: CardKind;
  name: string;
  kindLabel: string;
  summary: string;
  sold: string;
  hidden: boolean;
  /** Where it is shown besides its sale ("visas på startsidan"), or null. */
  shownOn: string | null;
}

export function cardProductView(p: CardProductTerms & { id: number; hidden: boolean; shownOn: CardShownOn; sold: number }): CardProductView {
  return {
    id: p.id,
    kind: p.kind,
    name: p.name,
    kindLabel: CARD_KIND_LABEL[p.kind],
    summary: cardProductSummary(p),
    sold: T.soldCount(p.sold),
    hidden: p.hidden,
    // A hidden product is shown nowhere, whatever it says.
    shownOn: p.hidden ? null : T.shownOnLabel[p.shownOn],
  };
}

/** The step before ending a card (`?kort=ID&atgard=sparra|aterbetala`): the question to confirm, or why it cannot be done. */
export type CardConfirmStep = { action: "void" | "refund"; id: number } & (
  | { question: string; refusal: null; /** The confirming button, when not the action's own. */ confirm?: string }
  | { question: null; refusal: string }
);

export interface SoldCardInput {
  id: number;
  kind: CardKind;
  productName: string;
  codeLast4: string;
  holderEmail: string;
  soldVia: "counter" | "online";
  paidSek: number;
  usesLeft: number | null;
  balanceSek: number | null;
  issuedAt: string;
  expiresAt: string;
  voidedAt: string | null;
  refundedAt: string | null;
  ledger: Array<{ id: number; kind: CardLedgerKind; usesDelta: number; amountDeltaSek: number; bookingId: string | null; note: string | null; createdAt: string }>;
}

export interface SoldCardView {
  id: number;
  title: string;
  last4: string;
  productName: string;
  holder: string;
  sold: string;
  left: string;
  validThrough: string;
  state: string;
  badge: string;
  /** Still open: it can be voided. */
  open: boolean;
  /** Open and unused (and, bought online, payments on): it can be refunded (cardRefundProblem). */
  refundable: boolean;
  history: Array<{ id: number; when: string; what: string; change: string; note: string | null }>;
}

export function soldCardView(card: SoldCardInput, now: Date, onlineRefunds = false): SoldCardView {
  const state = cardState(card, now);
  return {
    id: card.id,
    title: T.cardTitle(card.productName, card.codeLast4),
    last4: card.codeLast4,
    productName: card.productName,
    holder: card.holderEmail,
    sold: T.soldLine(formatDateTime(card.issuedAt), T.soldVia[card.soldVia], formatKr(card.paidSek)),
    left: cardBalanceText(card.kind, card.usesLeft, card.balanceSek),
    validThrough: formatLongDate(cardLastDay(card.expiresAt)),
    state: CARD_STATE_LABEL[state],
    badge: CARD_STATE_BADGE[state],
    open: state === "active" || state === "used",
    refundable: cardRefundProblem(card, card.ledger, now, onlineRefunds) === null,
    history: card.ledger.map((entry) => ({
      id: entry.id,
      when: formatDateTime(entry.createdAt),
      what: CARD_LEDGER_LABEL[entry.kind],
      change: ledgerDeltaText(card.kind, entry.usesDelta, entry.amountDeltaSek),
      note: entry.note,
    })),
  };
}
