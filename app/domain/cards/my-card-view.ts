// How a customer sees their own klippkort and presentkort on
// /mina-bokningar/lista: product, kind, what is left, the last valid day,
// the state and the history, each use with the session it paid. The code's
// last four characters only, never the code. Pure, no I/O.
import { formatDateTime, formatLongDate } from "../time";
import { CARD_KIND_LABEL, CARD_LEDGER_LABEL, CARD_STATE_BADGE, CARD_STATE_LABEL, MY_CARDS_TEXTS as T, cardBalanceText, ledgerDeltaText } from "./card-texts";
import { cardLastDay, cardState, type CardKind, type CardLedgerKind } from "./card-terms";

export interface MyCardInput {
  id: number;
  kind: CardKind;
  productName: string;
  codeLast4: string;
  usesLeft: number | null;
  balanceSek: number | null;
  expiresAt: string;
  voidedAt: string | null;
  refundedAt: string | null;
  ledger: Array<{
    id: number;
    kind: CardLedgerKind;
    usesDelta: number;
    amountDeltaSek: number;
    note: string | null;
    createdAt: string;
    /** The booking's session as booked (a use or a give-back), when there is one. */
    sessionTitle: string | null;
    sessionStartTime: string | null;
  }>;
}

export interface MyCardView {
  id: number;
  productName: string;
  kind: string;
  last4: string;
  left: string;
  validThrough: string;
  state: string;
  badge: string;
  history: Array<{ id: number; when: string; what: string; change: string; session: string | null; note: string | null }>;
}

export function myCardView(card: MyCardInput, now: Date): MyCardView {
  const state = cardState(card, now);
  return {
    id: card.id,
    productName: card.productName,
    kind: CARD_KIND_LABEL[card.kind],
    last4: card.codeLast4,
    left: cardBalanceText(card.kind, card.usesLeft, card.balanceSek),
    validThrough: formatLongDate(cardLastDay(card.expiresAt)),
    state: CARD_STATE_LABEL[state],
    badge: CARD_STATE_BADGE[state],
    history: card.ledger.map((entry) => ({
      id: entry.id,
      when: formatDateTime(entry.createdAt),
      what: CARD_LEDGER_LABEL[entry.kind],
      change: ledgerDeltaText(card.kind, entry.usesDelta, entry.amountDeltaSek),
      session: entry.sessionTitle && entry.sessionStartTime ? T.session(entry.sessionTitle, formatDateTime(entry.sessionStartTime)) : null,
      note: entry.note,
    })),
  };
}
