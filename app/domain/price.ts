// Price display rules (spec section 9): the PRIVAT & PROFFS special case,
// its variant prices, "N kr" formatting, and when the list shows a price.

import {
  PRIVAT_PROFFS_TITLE,
  PRIVAT_PROFFS_VARIANTS,
  type PrivatProffsVariant,
} from "./constants";

/** The PRIVAT & PROFFS session is stored with price 0 and shows its cheapest variant. */
export function displayPriceSek(session: { title: string; priceSek: number }): number {
  if (session.title === PRIVAT_PROFFS_TITLE && session.priceSek === 0) {
    return PRIVAT_PROFFS_VARIANTS.privat;
  }
  return session.priceSek;
}

export function variantPrice(variant: PrivatProffsVariant): number {
  return PRIVAT_PROFFS_VARIANTS[variant];
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
