// The short list of cards a visitor sees on the start page and /boka: the
// visible products staff chose to show there, each with what it is, its
// price or amounts and how long it lasts, and one link to where cards are
// bought. Pure, no I/O; nothing when no product is shown.
import { formatKr } from "../price";
import { CARD_SHOP_PATH } from "./card-shop-texts";
import { amountList, CARD_OFFER_TEXTS as T } from "./card-texts";
import type { CardKind, CardProductTerms } from "./card-terms";

export interface CardOfferView {
  id: number;
  name: string;
  /** "Klippkort, 5 pass"; "Presentkort"; null when the name says it already (a presentkort named "Presentkort"). */
  kindLine: string | null;
  facts: Array<{ label: string; value: string }>;
}

export interface CardOffersView {
  heading: string;
  lead: string;
  howToUse: string;
  link: { label: string; href: string };
  offers: CardOfferView[];
}

/** What a presentkort may carry: its amounts, or from the least when the buyer may choose ("från 100 kr"). */
function giftAmount(p: CardProductTerms): string {
  if (p.freeMinSek === null) return amountList(p.amounts);
  return T.fromAmount(Math.min(p.freeMinSek, ...p.amounts));
}

export function cardOfferView(p: CardProductTerms & { id: number }): CardOfferView {
  const valid = { label: T.validity, value: T.validityValue(p.validityMonths) };
  const facts =
    p.kind === "klippkort"
      ? [{ label: T.price, value: formatKr(p.priceSek ?? 0) }, valid, { label: T.sessionTypes, value: T.sessionTypesValue(p.sessionTypes) }]
      : [{ label: T.amount, value: giftAmount(p) }, valid];
  const kindLine = T.kindLine(p.kind, p.uses);
  const said = kindLine.toLocaleLowerCase("sv-SE") === p.name.trim().toLocaleLowerCase("sv-SE");
  return { id: p.id, name: p.name, kindLine: said ? null : kindLine, facts };
}

/** The section for these products (those shown on the page, visible), or null when there are none. */
export function cardOffersView(products: ReadonlyArray<CardProductTerms & { id: number }>): CardOffersView | null {
  if (products.length === 0) return null;
  const kinds = new Set<CardKind>(products.map((p) => p.kind));
  const which = kinds.size > 1 ? "both" : [...kinds][0]!;
  return {
    heading: T.heading[which],
    lead: T.lead[which],
    howToUse: T.howToUse,
    link: { label: T.link[which], href: CARD_SHOP_PATH },
    offers: products.map(cardOfferView),
  };
}
