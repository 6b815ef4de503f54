/**
 * The card products a public page lists (the start page, /boka): visible
 * ones staff chose to show there, klippkort first, by name. A query to put
 * in the page's own read (its batch), so the list costs no round trip of its
 * own.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { CardOfferPage } from "~/domain/cards/card-terms";
import { schema } from "../db/client.server";
import type { CardProductRow } from "../db/schema.server";
import { cardProductOf, type CardProduct } from "./card-products.server";

const { cardProducts } = schema;

/** More than a page should list; staff show a few. */
export const CARD_OFFER_LIMIT = 12;

export function cardOffersQuery(context: Pick<AppLoadContext, "db">, page: CardOfferPage) {
  return context.db
    .select()
    .from(cardProducts)
    .where(and(eq(cardProducts.hidden, false), inArray(cardProducts.shownOn, [page, "both"])))
    .orderBy(asc(cardProducts.kind), asc(sql`lower(${cardProducts.name})`), asc(cardProducts.id))
    .limit(CARD_OFFER_LIMIT);
}

export function cardOffersOf(rows: readonly CardProductRow[]): CardProduct[] {
  return rows.map(cardProductOf);
}

/** The products shown on `page`, in one query (for a page with no other read). */
export async function loadCardOffers(context: AppLoadContext, page: CardOfferPage): Promise<CardProduct[]> {
  return cardOffersOf(await cardOffersQuery(context, page));
}
