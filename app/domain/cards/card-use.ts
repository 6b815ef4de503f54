// A card used at booking (issue 48): whether a card may pay a booking, and
// what it pays. A klippkort valid for the session's type pays the whole
// booking with one use; a presentkort pays up to its balance, the rest is
// paid as any booking is (on the spot, or through Checkout with payments on).
// Pure: the server reads the card and the booking's own batch spends it,
// re-checking everything that can change in its conditional UPDATE.
import { CARD_BOOKING_PROBLEMS, CARD_BOOKING_TEXTS } from "./card-texts";
import { readNameList, type CardKind } from "./card-terms";

/** Why a typed code does not pay a booking. */
export type CardUseProblem = keyof typeof CARD_BOOKING_PROBLEMS;

/** A card as the booking reads it (cards row). */
export interface CardAtBooking {
  id: number;
  kind: CardKind;
  usesLeft: number | null;
  balanceSek: number | null;
  expiresAt: string;
  voidedAt: string | null;
  refundedAt: string | null;
  /** A klippkort's session types as sold (JSON array of popup_types.name). */
  sessionTypesJson: string | null;
}

/**
 * What a card pays of one booking: plain data, it travels to the session's
 * seat object and is spent in the booking's own batch.
 */
export interface CardSpend {
  cardId: number;
  kind: CardKind;
  /** Uses taken: 1 for a klippkort, 0 for a presentkort. */
  uses: number;
  /** Kronor of the booking's price the card pays (a klippkort: the whole price). */
  amountSek: number;
  /**
   * A presentkort's balance as read: the batch spends it only while it is
   * still so, so the amounts the mail states are the ones spent.
   */
  balanceBefore: number | null;
}

/**
 * A klippkort taken at once, before anything is read: the booking's batch
 * finds it by its code's hash and spends one use only while it is a
 * klippkort valid for the session's type by that type's exact name, and the
 * client network's refused codes are under their limit. Anything else books
 * nothing, and the code is then read and decided (cardUseFor) as any code
 * is. A regular's klippkort, the common card at booking, so costs the
 * booking no read of its own.
 */
export interface KlippkortAtOnce {
  kind: "klippkort";
  uses: 1;
  /** The booking's price: a klippkort pays it whole. */
  amountSek: number;
  balanceBefore: null;
  codeHash: string;
  /** The session booked: the card must name its popup type's name, or its `title` when it has none. */
  sessionId: number;
  title: string;
  /** The client network's slot of refused codes (a rate-limit slot), and its limit. */
  refusals: { key: string; windowStart: number; limit: number };
}

/** What the booking's batch spends: a card as read, or a klippkort taken at once. */
export type BookingCardSpend = CardSpend | KlippkortAtOnce;

export type CardUseDecision = { ok: true; spend: CardSpend; restSek: number } | { ok: false; problem: CardUseProblem };

/**
 * Whether `card` pays a booking at `priceSek` of a session of type
 * `typeName` (the session's own title when it has no type), and how much.
 */
export function cardUseFor(card: CardAtBooking, booking: { priceSek: number; typeNames: readonly string[] }, now: Date): CardUseDecision {
  if (card.voidedAt || card.refundedAt) return { ok: false, problem: "voided" };
  if (card.expiresAt <= now.toISOString()) return { ok: false, problem: "expired" };
  if (booking.priceSek <= 0) return { ok: false, problem: "free" };
  if (card.kind === "klippkort") {
    const valid = readNameList(card.sessionTypesJson).map(typeKey);
    if (!booking.typeNames.some((name) => valid.includes(typeKey(name)))) return { ok: false, problem: "wrong-type" };
    if ((card.usesLeft ?? 0) < 1) return { ok: false, problem: "used" };
    return { ok: true, spend: { cardId: card.id, kind: "klippkort", uses: 1, amountSek: booking.priceSek, balanceBefore: null }, restSek: 0 };
  }
  const balance = card.balanceSek ?? 0;
  if (balance < 1) return { ok: false, problem: "used" };
  const amountSek = Math.min(balance, booking.priceSek);
  return {
    ok: true,
    spend: { cardId: card.id, kind: "presentkort", uses: 0, amountSek, balanceBefore: balance },
    restSek: booking.priceSek - amountSek,
  };
}

/** A type's name as compared: trimmed, in capitals (a session's title may differ in case). */
function typeKey(name: string): string {
  return name.trim().toLocaleUpperCase("sv-SE");
}

/** What a booking paid with a card says, after the spend: "1 klipp använt, 3 kvar", "200 kr från presentkortet, 150 kr kvar". */
export function cardUsedLine(use: { kind: CardKind; amountSek: number }, left: number | string): string {
  return use.kind === "klippkort" ? CARD_BOOKING_TEXTS.klippUsed(left) : CARD_BOOKING_TEXTS.giftUsed(use.amountSek, Number(left));
}

/** What the cancellation mail says came back to the card (`ended`: the card had ended, and nothing did). */
export function cardBackLine(use: { kind: CardKind; amountSek: number; ended?: boolean }, left: number | string): string {
  if (use.ended) return CARD_BOOKING_TEXTS.endedNoBack(use.kind);
  return use.kind === "klippkort" ? CARD_BOOKING_TEXTS.klippBack(left) : CARD_BOOKING_TEXTS.giftBack(use.amountSek);
}

/** Stands in a klippkort's mail for what is left on it: the batch that spends or gives back fills it in. */
export const CARD_LEFT_PLACEHOLDER = "{{klipp-kvar}}";
