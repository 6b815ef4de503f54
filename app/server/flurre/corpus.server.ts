/**
 * What Flurre reads from D1, in one round trip: the content (a batch of
 * seven SELECTs: the visible session types, the sessions that have not
 * started and are not cancelled (soonest first), the FAQ rows staff wrote,
 * the places, team and preparation checklist staff keep, the klippkort and
 * presentkort on sale (not hidden)) with the token of its version, or the
 * token alone (`readContentToken`: whether what was read before still
 * holds, migrations/0176_content_version.sql); with either, when asked for,
 * Flurre's vocabulary and the question on the client's limit. Throws on a
 * database failure.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { readFaqLinks } from "~/domain/flurre-faq-links";
import type { FlurreCorpus } from "~/domain/flurre/passages";
import type { VocabularyRow } from "~/domain/flurre/vocabulary";
import { cardProductOf } from "../cards/card-products.server";
import { placesQuery, preparationQuery, teamQuery } from "../content/site-content.server";
import { schema } from "../db/client.server";
import { countHitQuery, type BatchedCount, type RateLimitResult } from "../platform/rate-limit.server";
import { popupTypeColumns, sessionColumns, typeOrder } from "../public/sessions.server";

const { sessions, popupTypes, flurreFaq, cardProducts, flurreVocabulary, contentVersion } = schema;

/** Upper bound on the sessions read: far beyond a season, and it keeps a question cheap. */
export const FLURRE_SESSION_LIMIT = 120;
/** Upper bound on the FAQ rows read. */
export const FLURRE_FAQ_LIMIT = 500;
/** Upper bound on the card products read: far more than a business sells. */
export const FLURRE_CARD_LIMIT = 50;

export async function loadFlurreCorpus(context: AppLoadContext, now: Date): Promise<FlurreCorpus> {
  return (await loadFlurreContent(context, now, { vocabulary: false })).corpus;
}

/**
 * The content Flurre answers from and, when `vocabulary` is asked for, the vocabulary (null otherwise). The
 * vocabulary comes as one JSON text (its rows as [word, kind, value], in order): comparing it with the last one read
 * costs far less than a thousand rows made objects, and its rows are read from it only when it changed
 * (`vocabularyRows`). A `count` given (the question on the client's limit) is made in the same batch, one round trip
 * with the read, and its verdict returned as `limit`.
 */
export async function loadFlurreContent(
  context: AppLoadContext,
  now: Date,
  read: ExtraReads = { vocabulary: true },
): Promise<{ corpus: FlurreCorpus; token: string | null } & ExtraResults> {
  const db = context.db;
  const [types, upcoming, faq, places, team, preparation, cards, token, ...rest] = await db.batch([
    db
      .select({
        name: popupTypeColumns.name,
        description: popupTypeColumns.description,
        inspiringText: popupTypeColumns.inspiringText,
        sessionType: popupTypeColumns.sessionType,
        price: popupTypeColumns.price,
        bookingAsk: popupTypeColumns.bookingAsk,
        defaultLocation: popupTypeColumns.defaultLocation,
      })
      .from(popupTypes)
      .where(eq(popupTypes.hidden, false))
      .orderBy(...typeOrder),
    db
      .select(sessionColumns)
      .from(sessions)
      // Not started: a session that has begun can no longer be booked.
      .where(and(gt(sessions.startTime, now.toISOString()), isNull(sessions.cancelledAt)))
      .orderBy(asc(sessions.startTime), asc(sessions.id))
      .limit(FLURRE_SESSION_LIMIT),
    db
      .select({ id: flurreFaq.id, question: flurreFaq.question, answer: flurreFaq.answer, linksJson: flurreFaq.linksJson })
      .from(flurreFaq)
      .orderBy(asc(flurreFaq.id))
      .limit(FLURRE_FAQ_LIMIT),
    placesQuery(context),
    teamQuery(context),
    preparationQuery(context),
    // Klippkort first, by name, as the pages list them.
    db
      .select()
      .from(cardProducts)
      .where(eq(cardProducts.hidden, false))
      .orderBy(asc(cardProducts.kind), asc(sql`lower(${cardProducts.name})`), asc(cardProducts.id))
      .limit(FLURRE_CARD_LIMIT),
    tokenQuery(context),
    ...extraQueries(context, read),
  ]);
  const corpus: FlurreCorpus = {
    types,
    sessions: upcoming,
    faq: faq.map(({ linksJson, ...row }) => ({ ...row, links: readFaqLinks(linksJson) })),
    places,
    team,
    preparation,
    payments: context.config.payments.provider === "stripe" ? context.config.payments.methods : null,
    cards: cards.map((row) => {
      // What Flurre says of a product: its terms, not when it was changed or where it is shown.
      const { hidden: _hidden, shownOn: _shownOn, updatedAt: _updatedAt, ...terms } = cardProductOf(row);
      return terms;
    }),
  };
  return { corpus, token: token[0]?.token ?? null, ...extraResults(read, rest) };
}

/** What a read of the content or of its token reads besides: the vocabulary, and the question on the client's limit. */
type ExtraReads = { vocabulary: boolean; count?: BatchedCount };
type ExtraResults = { vocabulary: string | null; limit: RateLimitResult | null };

/**
 * The token of the content's version alone (null in a database without one), with the reads asked for: one row, where
 * the content is a few hundred.
 */
export async function readContentToken(context: AppLoadContext, read: ExtraReads): Promise<{ token: string | null } & ExtraResults> {
  const [token, ...rest] = await context.db.batch([tokenQuery(context), ...extraQueries(context, read)]);
  return { token: token[0]?.token ?? null, ...extraResults(read, rest) };
}

function tokenQuery(context: AppLoadContext) {
  return context.db.select({ token: contentVersion.token }).from(contentVersion).where(eq(contentVersion.id, 1));
}

function extraQueries({ db }: AppLoadContext, read: ExtraReads) {
  const vocabularyQuery = db
    .select({
      rows: sql<string>`json_group_array(json_array(${flurreVocabulary.word}, ${flurreVocabulary.kind}, ${flurreVocabulary.value}) ORDER BY ${flurreVocabulary.id})`,
    })
    .from(flurreVocabulary);
  return [...(read.vocabulary ? [vocabularyQuery] : []), ...(read.count?.slots ?? []).map((slot) => countHitQuery(db, slot))];
}

/** The extra reads' results, from the batch's results after the caller's own. */
function extraResults(read: ExtraReads, rest: readonly unknown[]): ExtraResults {
  const vocabulary = read.vocabulary ? (rest[0] as { rows: string }[] | undefined) : undefined;
  const hits = (rest.slice(read.vocabulary ? 1 : 0) as { hits: number }[][]).map((rows) => rows[0]?.hits);
  return {
    vocabulary: read.vocabulary ? (vocabulary?.[0]?.rows ?? "[]") : null,
    limit: read.count ? read.count.counted(hits) : null,
  };
}

/** The vocabulary's rows from the JSON text `loadFlurreContent` reads. */
export function vocabularyRows(json: string): VocabularyRow[] {
  return (JSON.parse(json) as [string, VocabularyRow["kind"], string][]).map(([word, kind, value]) => ({ word, kind, value }));
}
