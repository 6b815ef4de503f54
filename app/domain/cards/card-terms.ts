// What a klippkort or presentkort is and what a sale of one gives: the
// product's terms as staff set them, the amount a sale may have, the card's
// last valid day, and a card's state now. Pure, no I/O; amounts in kronor.
import { stockholmToUtcIso, todayKey } from "../time";

export const CARD_KINDS = ["klippkort", "presentkort"] as const;
export type CardKind = (typeof CARD_KINDS)[number];

/** Where a product is shown to visitors besides its sale: the start page, /boka, both or neither. */
export const CARD_SHOWN_ON = ["none", "start", "boka", "both"] as const;
export type CardShownOn = (typeof CARD_SHOWN_ON)[number];

/** The public pages that list the products shown there ("both" is either). */
export type CardOfferPage = Exclude<CardShownOn, "none" | "both">;

/** What a card's ledger row records: its issue, a use at booking, a use given back, its expiry, a refund, a void. */
export const CARD_LEDGER_KINDS = ["issue", "use", "give-back", "expiry", "refund", "void"] as const;
export type CardLedgerKind = (typeof CARD_LEDGER_KINDS)[number];

/** The limits the form and the tables' CHECKs share (migrations/0027_cards.sql). */
export const CARD_LIMITS = {
  nameMax: 80,
  usesMax: 100,
  priceMax: 100_000,
  amountMax: 100_000,
  amountsMax: 10,
  validityMin: 1,
  validityMax: 60,
  /** A gift card lasts at least a year. */
  giftValidityMin: 12,
} as const;

/** A product's terms, whatever its kind; the other kind's fields are empty. */
export interface CardProductTerms {
  kind: CardKind;
  name: string;
  /** A klippkort: sessions it pays, its price and the session types it is valid for. */
  uses: number | null;
  priceSek: number | null;
  sessionTypes: string[];
  /** A presentkort: the amounts offered, and the free amount's least and most (both or neither). */
  amounts: number[];
  freeMinSek: number | null;
  freeMaxSek: number | null;
  validityMonths: number;
}

/** A JSON array of strings as stored (products and cards), or [] for anything else. */
export function readNameList(json: string | null): string[] {
  const value = readJson(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/** A JSON array of whole kronor as stored, or [] for anything else. */
export function readAmountList(json: string | null): number[] {
  const value = readJson(json);
  return Array.isArray(value) ? value.filter((v): v is number => Number.isSafeInteger(v) && v > 0) : [];
}

function readJson(json: string | null): unknown {
  if (json === null) return null;
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}

/** What a sale of `product` costs and puts on the card, or why `amount` does not fit it. */
export type SaleAmount =
  | { ok: true; paidSek: number; usesLeft: number | null; balanceSek: number | null }
  | { ok: false; problem: "missing" | "not-offered" };

/**
 * A klippkort costs its price and carries its uses (an amount typed is
 * ignored); a presentkort carries what was paid for it: one of the amounts
 * offered, or a free amount within the product's limits.
 */
export function saleAmount(product: CardProductTerms, amount: number | null | undefined): SaleAmount {
  if (product.kind === "klippkort") {
    return { ok: true, paidSek: product.priceSek ?? 0, usesLeft: product.uses ?? 0, balanceSek: null };
  }
  if (amount === null || amount === undefined) return { ok: false, problem: "missing" };
  const free = product.freeMinSek !== null && product.freeMaxSek !== null && amount >= product.freeMinSek && amount <= product.freeMaxSek;
  if (!free && !product.amounts.includes(amount)) return { ok: false, problem: "not-offered" };
  return { ok: true, paidSek: amount, usesLeft: null, balanceSek: amount };
}

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayKeyOf(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * When a card sold at `issuedAt` stops working: it is valid through the same
 * day `months` later in Stockholm (the month's last day when that month is
 * shorter: 31 January + 1 month is valid through 28 February), so it expires
 * at the midnight that ends that day. `lastDay` is that day ("yyyy-MM-dd").
 */
export function cardExpiry(issuedAt: Date, months: number): { lastDay: string; expiresAt: string } {
  const [, y, m, d] = DAY_KEY.exec(todayKey(issuedAt))!.map(Number) as [number, number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const lastDay = dayKeyOf(year, month, Math.min(d, daysInMonth));
  const next = new Date(Date.UTC(year, month - 1, Math.min(d, daysInMonth) + 1));
  // Midnight always exists in Stockholm (its clock changes at 02:00 and 03:00).
  const expiresAt = stockholmToUtcIso(next.toISOString().slice(0, 10), "00:00")!;
  return { lastDay, expiresAt };
}

/** The last day a card is valid ("yyyy-MM-dd" in Stockholm), from when it expires. */
export function cardLastDay(expiresAt: string): string {
  return todayKey(new Date(Date.parse(expiresAt) - 1));
}

/**
 * A card with something left is reminded this many days before it expires,
 * once; a card sold less than CARD_REMINDER_QUIET_DAYS before that (a
 * one-month klippkort) is not: its mail, days old, says its last day.
 */
export const CARD_REMINDER_DAYS = 30;
export const CARD_REMINDER_QUIET_DAYS = 7;

/**
 * The card that paid a booking, as staff lists show it: its kind, its
 * code's last four characters (never the code) and, for a presentkort, the
 * kronor it paid (a klippkort pays one use and no kronor).
 */
export interface CardPaid {
  kind: CardKind;
  last4: string;
  amountSek: number;
}

export const CARD_STATES = ["active", "used", "expired", "voided", "refunded"] as const;
export type CardState = (typeof CARD_STATES)[number];

/** A card's state now: ended by staff (voided, refunded), past its last day, nothing left, or active. */
export function cardState(
  card: { kind: CardKind; usesLeft: number | null; balanceSek: number | null; expiresAt: string; voidedAt: string | null; refundedAt: string | null },
  now: Date,
): CardState {
  if (card.voidedAt) return "voided";
  if (card.refundedAt) return "refunded";
  if (card.expiresAt <= now.toISOString()) return "expired";
  const left = card.kind === "klippkort" ? card.usesLeft : card.balanceSek;
  return (left ?? 0) > 0 ? "active" : "used";
}

/** Why a card cannot be refunded: it has ended, it was sold online (a Stripe refund), or it has been used. */
export type CardRefundProblem = "ended" | "online" | "used";

/**
 * Whether staff may refund a card now: only an open card that nothing has
 * been taken off, every use given back and its balance still what it was
 * issued with. One sold over the counter is paid back there by hand; one
 * bought online goes back through Stripe, so only while payments are on
 * (`onlineRefunds`). Null when it may.
 */
export function cardRefundProblem(
  card: Parameters<typeof cardState>[0] & { soldVia: "counter" | "online" },
  ledger: ReadonlyArray<{ kind: CardLedgerKind; usesDelta: number; amountDeltaSek: number; bookingId: string | null }>,
  now: Date,
  onlineRefunds = false,
): CardRefundProblem | null {
  const state = cardState(card, now);
  if (state !== "active" && state !== "used") return "ended";
  if (card.soldVia !== "counter" && !onlineRefunds) return "online";
  const givenBack = new Set(ledger.filter((e) => e.kind === "give-back").map((e) => e.bookingId));
  const spent = ledger.some((e) => e.kind === "use" && !givenBack.has(e.bookingId));
  const issued = ledger.find((e) => e.kind === "issue");
  const left = card.kind === "klippkort" ? card.usesLeft : card.balanceSek;
  const issuedWith = card.kind === "klippkort" ? issued?.usesDelta : issued?.amountDeltaSek;
  return spent || issued === undefined || left !== issuedWith ? "used" : null;
}
