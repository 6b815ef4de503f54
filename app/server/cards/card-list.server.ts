/**
 * What /admin/kort shows, read in one D1 batch: the products with how many
 * of each were sold, the session type names a klippkort may name, and a page
 * of the cards sold (newest first; searched by the holder's address or the
 * code's last four characters), each with its ledger rows; and one card
 * with its ledger, for the steps before a void or a refund.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { asc, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { pageCountFor } from "~/domain/paging";
import { schema } from "../db/client.server";
import type { CardLedgerRow, CardRow } from "../db/schema.server";
import { cardProductOf, listCardProductsQuery, sessionTypeNamesQuery, type ListedCardProduct } from "./card-products.server";

const { cards, cardLedger, cardProducts } = schema;

export const CARD_PAGE_SIZE = 25;

export type CardLedgerEntry = Pick<CardLedgerRow, "id" | "kind" | "usesDelta" | "amountDeltaSek" | "bookingId" | "note" | "createdAt">;

export type SoldCard = Pick<
  CardRow,
  | "id"
  | "kind"
  | "codeLast4"
  | "holderEmail"
  | "soldVia"
  | "paidSek"
  | "usesLeft"
  | "balanceSek"
  | "issuedAt"
  | "expiresAt"
  | "voidedAt"
  | "refundedAt"
> & { productName: string; ledger: CardLedgerEntry[] };

export interface CardsPageData {
  products: ListedCardProduct[];
  sessionTypeNames: string[];
  cards: SoldCard[];
  total: number;
  page: number;
  pageCount: number;
}

/** A card as the list shows it (joined to its product). */
const SOLD_CARD_COLUMNS = {
  id: cards.id,
  kind: cards.kind,
  codeLast4: cards.codeLast4,
  holderEmail: cards.holderEmail,
  soldVia: cards.soldVia,
  paidSek: cards.paidSek,
  usesLeft: cards.usesLeft,
  balanceSek: cards.balanceSek,
  issuedAt: cards.issuedAt,
  expiresAt: cards.expiresAt,
  voidedAt: cards.voidedAt,
  refundedAt: cards.refundedAt,
  productName: cardProducts.name,
};

/** Each card with its own ledger rows (read in card order), without their card id. */
export function withLedgers<Card extends { id: number }, Entry extends { cardId: number }>(
  cardRows: readonly Card[],
  ledgerRows: readonly Entry[],
): Array<Card & { ledger: Array<Omit<Entry, "cardId">> }> {
  const ledgerOf = new Map<number, Array<Omit<Entry, "cardId">>>();
  for (const { cardId, ...entry } of ledgerRows) ledgerOf.set(cardId, [...(ledgerOf.get(cardId) ?? []), entry]);
  return cardRows.map((card) => ({ ...card, ledger: ledgerOf.get(card.id) ?? [] }));
}

/** The ledger rows of the cards `where` picks, each card's in order. */
function ledgerQuery(context: AppLoadContext, where: SQL) {
  return context.db
    .select({
      cardId: cardLedger.cardId,
      id: cardLedger.id,
      kind: cardLedger.kind,
      usesDelta: cardLedger.usesDelta,
      amountDeltaSek: cardLedger.amountDeltaSek,
      bookingId: cardLedger.bookingId,
      note: cardLedger.note,
      createdAt: cardLedger.createdAt,
    })
    .from(cardLedger)
    .where(where)
    .orderBy(asc(cardLedger.cardId), asc(cardLedger.id));
}

/** The search: a part of the holder's address, or the code's last four characters (any case). */
function searchCondition(search: string): SQL | undefined {
  const typed = search.trim();
  if (typed === "") return undefined;
  return or(
    sql`instr(lower(${cards.holderEmail}), lower(${typed})) > 0`,
    eq(cards.codeLast4, typed.replace(/[\s-]/g, "").toUpperCase().slice(-4)),
  );
}

export async function loadCardsPage(
  context: AppLoadContext,
  { page: requestedPage, search }: { page: number; search: string },
): Promise<CardsPageData> {
  const { db } = context;
  const where = searchCondition(search);
  const size = sql.raw(String(CARD_PAGE_SIZE));
  // The page clamped to the last one in SQL, so an out-of-range ?sida= shows the last page.
  const lastPage = sql`max(1, ((SELECT count(*) FROM ${cards} ${where ? sql`WHERE ${where}` : sql``}) + ${size} - 1) / ${size})`;
  const offset = sql`(min(CAST(${requestedPage} AS INTEGER), ${lastPage}) - 1) * ${size}`;
  const pageIds = sql`SELECT ${cards.id} FROM ${cards} ${where ? sql`WHERE ${where}` : sql``}
    ORDER BY ${cards.issuedAt} DESC, ${cards.id} DESC LIMIT ${size} OFFSET ${offset}`;
  const [products, types, [counted], cardRows, ledgerRows] = await db.batch([
    listCardProductsQuery(context),
    sessionTypeNamesQuery(context),
    db.select({ total: count() }).from(cards).where(where),
    db
      .select(SOLD_CARD_COLUMNS)
      .from(cards)
      .innerJoin(cardProducts, eq(cardProducts.id, cards.productId))
      .where(sql`${cards.id} IN (${pageIds})`)
      .orderBy(desc(cards.issuedAt), desc(cards.id)),
    ledgerQuery(context, sql`${cardLedger.cardId} IN (${pageIds})`),
  ]);
  const total = counted?.total ?? 0;
  const pageCount = pageCountFor(total, CARD_PAGE_SIZE);
  return {
    products: products.map(({ product, sold }) => ({ ...cardProductOf(product), sold })),
    sessionTypeNames: types.map((t) => t.name),
    cards: withLedgers(cardRows, ledgerRows),
    total,
    page: Math.min(Math.max(1, requestedPage), pageCount),
    pageCount,
  };
}

const soldCardQuery = (context: AppLoadContext, id: number) =>
  context.db.select(SOLD_CARD_COLUMNS).from(cards).innerJoin(cardProducts, eq(cardProducts.id, cards.productId)).where(eq(cards.id, id)).limit(1);

/** One card with its product's name; null when there is none. */
export async function loadSoldCard(context: AppLoadContext, id: number): Promise<Omit<SoldCard, "ledger"> | null> {
  const [row] = await soldCardQuery(context, id);
  return row ?? null;
}

/** One card with its product's name and its ledger (the steps before a void or a refund), in one batch; null when there is none. */
export async function loadSoldCardWithLedger(context: AppLoadContext, id: number): Promise<SoldCard | null> {
  const [[row], ledger] = await context.db.batch([soldCardQuery(context, id), ledgerQuery(context, eq(cardLedger.cardId, id))]);
  return row ? { ...row, ledger: ledger.map(({ cardId: _cardId, ...entry }) => entry) } : null;
}
