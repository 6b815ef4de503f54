/**
 * The signed-in customer's own cards, for /mina-bokningar/lista: the cards
 * whose code they have (cardCodeHolder: the buyer, or a gift's recipient
 * once it has been sent; a gift still to be sent stays the buyer's, and the
 * buyer no longer sees one the recipient has), each with its product and its
 * ledger, a use or a give-back with the session it was for (the booking's
 * snapshot). Two queries, for the page's one batch; bound to the session's
 * e-mail, never a typed one.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { asc, desc, eq, sql } from "drizzle-orm";
import type { MyCardInput } from "~/domain/cards/my-card-view";
import { schema } from "../db/client.server";
import { cardCodeHolder } from "./card-conditions.server";
import { withLedgers } from "./card-list.server";

const { cards, cardLedger, cardProducts, bookings } = schema;

/** The ids of the cards whose code `email` has at `nowIso`. */
const myCardIds = (email: string, nowIso: string) =>
  sql`SELECT c.id FROM cards c WHERE lower(${cardCodeHolder(nowIso)}) = lower(${email})`;

/** The queries: the cards, newest first, and their ledger rows. Read their results with myCardsOf. */
export function myCardsQueries(context: AppLoadContext, email: string, now: Date) {
  const { db } = context;
  const ids = myCardIds(email, now.toISOString());
  const cardRows = db
    .select({
      id: cards.id,
      kind: cards.kind,
      productName: cardProducts.name,
      codeLast4: cards.codeLast4,
      usesLeft: cards.usesLeft,
      balanceSek: cards.balanceSek,
      expiresAt: cards.expiresAt,
      voidedAt: cards.voidedAt,
      refundedAt: cards.refundedAt,
    })
    .from(cards)
    .innerJoin(cardProducts, eq(cardProducts.id, cards.productId))
    .where(sql`${cards.id} IN (${ids})`)
    .orderBy(desc(cards.issuedAt), desc(cards.id));
  const ledgerRows = db
    .select({
      cardId: cardLedger.cardId,
      id: cardLedger.id,
      kind: cardLedger.kind,
      usesDelta: cardLedger.usesDelta,
      amountDeltaSek: cardLedger.amountDeltaSek,
      note: cardLedger.note,
      createdAt: cardLedger.createdAt,
      sessionTitle: bookings.sessionTitle,
      sessionStartTime: bookings.sessionStartTime,
    })
    .from(cardLedger)
    .leftJoin(bookings, eq(bookings.id, cardLedger.bookingId))
    .where(sql`${cardLedger.cardId} IN (${ids})`)
    .orderBy(asc(cardLedger.cardId), asc(cardLedger.id));
  return [cardRows, ledgerRows] as const;
}

type Rows<Q> = Q extends PromiseLike<infer R> ? R : never;
type Queries = ReturnType<typeof myCardsQueries>;

/** The cards with their ledgers, from the two queries' results. */
export function myCardsOf(cardRows: Rows<Queries[0]>, ledgerRows: Rows<Queries[1]>): MyCardInput[] {
  return withLedgers(cardRows, ledgerRows);
}
