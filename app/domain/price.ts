// Price display rules (spec section 9): a session that asks for a variant,
// the variants' prices, "N kr" formatting, and when the list shows a price.

import { VARIANT_PRICES, type BookingAsk, type Variant } from "./constants";

/** Whether a session is priced by its variant: its type asks for one and the session itself is stored with price 0. */
export function pricedByVariant(session: { bookingAsk?: BookingAsk | null; priceSek: number }): boolean {
  return session.bookingAsk === "variant" && session.priceSek === 0;
}

/** A session priced by its variant shows its cheapest variant; any other its own price. */
export function displayPriceSek(session: { bookingAsk?: BookingAsk | null; priceSek: number }): number {
  return pricedByVariant(session) ? Math.min(...Object.values(VARIANT_PRICES)) : session.priceSek;
}

export function variantPrice(variant: Variant): number {
  return VARIANT_PRICES[variant];
}

/** Whole kronor, e.g. "249 kr"; thousands are split by a non-breaking space ("1\u00A0495 kr"). */
export function formatKr(amount: number): string {
  const digits = String(Math.round(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, "\u00A0");
  return `${digits} kr`;
}

/** The session list shows a price only when it is above 0. */
export function showPriceInList(priceSek: number): boolean {
  return priceSek > 0;
}
