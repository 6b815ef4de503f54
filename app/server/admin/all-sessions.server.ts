/**
 * /admin/old ('Alla pass'): every session, past and cancelled ones included,
 * filtered by pass type, period, status and free text, 25 a page.
 *
 * The whole page is one D1 round trip, one batch of three statements: the
 * number of matching sessions, the page of sessions, and every booking
 * (whatever its status) of exactly those sessions. The page number is clamped
 * to the last page inside SQL, so an out-of-range page needs no second read.
 */
import { and, asc, count, desc, eq, exists, gte, isNotNull, isNull, lt, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import {
  ALL_SESSIONS_PAGE_SIZE,
  containsPattern,
  pageCountOf,
  type AllSessionsFilters,
} from "~/domain/all-sessions-filters";
import { toAllSessionView, type AllSessionView, type AllSessionsBookingRow } from "~/domain/all-sessions-view";
import { getDb, schema, type Db } from "../db.server";
import type { Env } from "../env.server";
import { sessionColumns } from "../public/sessions.server";
import { ADMIN_LIST_RULES } from "./admin-sessions.server";
import { pageIdsQuery } from "./paging.server";

const { sessions, bookings } = schema;
const searchBookings = alias(bookings, "search_bookings");

export interface AllSessionsPage {
  sessions: AllSessionView[];
  total: number;
  /** The page shown: the one asked for, clamped to 1…pageCount. */
  page: number;
  pageCount: number;
}

/**
 * SQLite's lower() folds ASCII only: fold the Swedish capitals too, so 'Åsa'
 * finds 'ÅSA'. The pattern is lowercased in full by JavaScript.
 */
const FOLDED = [
  ["Å", "å"],
  ["Ä", "ä"],
  ["Ö", "ö"],
  ["É", "é"],
  ["Ü", "ü"],
] as const;

function folded(column: SQLWrapper): SQL {
  return FOLDED.reduce<SQL>((inner, [upper, lower]) => sql`replace(${inner}, ${sql.raw(`'${upper}'`)}, ${sql.raw(`'${lower}'`)})`, sql`lower(${column})`);
}

/** Title, place, or the name or e-mail of anyone who ever booked the session. */
function search(db: Db, text: string): SQL {
  const pattern = containsPattern(text);
  const like = (column: SQLWrapper) => sql`${folded(column)} LIKE ${pattern} ESCAPE '\\'`;
  return or(
    like(sessions.title),
    like(sessions.location),
    exists(
      db
        .select({ one: sql`1` })
        .from(searchBookings)
        .where(and(eq(searchBookings.sessionId, sessions.id), or(like(searchBookings.userName), like(searchBookings.userEmail)))),
    ),
  ) as SQL;
}

function matching(db: Db, filters: AllSessionsFilters, now: Date): SQL {
  const nowIso = now.toISOString();
  const notCancelled = isNull(sessions.cancelledAt);
  const ended = lt(sessions.endTime, nowIso);
  const notEnded = gte(sessions.endTime, nowIso);
  const conditions: SQL[] = [];
  if (filters.typ !== "alla") conditions.push(eq(sessions.passType, filters.typ));
  if (filters.period === "kommande") conditions.push(notEnded);
  if (filters.period === "passerade") conditions.push(ended);
  // ledigt, vantande and bekraftat are the admin lists' own rules: a group
  // session that runs and still has seats is both 'ledigt' and 'bekraftat'.
  if (filters.status === "ledigt") conditions.push(notCancelled, notEnded, ADMIN_LIST_RULES.available);
  if (filters.status === "vantande") conditions.push(notCancelled, notEnded, ADMIN_LIST_RULES.waiting);
  if (filters.status === "bekraftat") conditions.push(notCancelled, notEnded, ADMIN_LIST_RULES.confirmed);
  if (filters.status === "installt") conditions.push(isNotNull(sessions.cancelledAt));
  if (filters.status === "avslutat") conditions.push(notCancelled, ended);
  if (filters.q) conditions.push(search(db, filters.q));
  return and(...conditions) ?? sql`1`;
}

export async function listAllSessions(
  env: Pick<Env, "DB">,
  filters: AllSessionsFilters,
  now: Date,
): Promise<AllSessionsPage> {
  const db = getDb(env);
  const where = matching(db, filters, now);
  // Upcoming sessions soonest first; otherwise the newest first.
  const order =
    filters.period === "kommande"
      ? [asc(sessions.startTime), asc(sessions.id)]
      : [desc(sessions.startTime), desc(sessions.id)];
  const pageIds = pageIdsQuery(where, order, ALL_SESSIONS_PAGE_SIZE, filters.sida);

  const [[counted], rows, bookingRows] = await db.batch([
    db.select({ total: count() }).from(sessions).where(where),
    db
      .select({ ...sessionColumns, cancelledAt: sessions.cancelledAt })
      .from(sessions)
      .where(sql`${sessions.id} IN (${pageIds})`)
      .orderBy(...order),
    db
      .select({
        id: bookings.id,
        sessionId: bookings.sessionId,
        userName: bookings.userName,
        userEmail: bookings.userEmail,
        userPhone: bookings.userPhone,
        dogName: bookings.dogName,
        dogBreed: bookings.dogBreed,
        dogAge: bookings.dogAge,
        specialNotes: bookings.specialNotes,
        homeAddress: bookings.homeAddress,
        meetingType: bookings.meetingType,
        bookingStatus: bookings.bookingStatus,
        createdAt: bookings.createdAt,
      })
      .from(bookings)
      .where(sql`${bookings.sessionId} IN (${pageIds})`)
      .orderBy(asc(bookings.createdAt), asc(bookings.id)),
  ]);

  const bySession = new Map<number, AllSessionsBookingRow[]>();
  for (const row of bookingRows) {
    if (row.sessionId === null) continue;
    const list = bySession.get(row.sessionId) ?? [];
    list.push(row);
    bySession.set(row.sessionId, list);
  }
  const total = counted?.total ?? 0;
  const pageCount = pageCountOf(total);
  return {
    sessions: rows.map((row) => toAllSessionView(row, bySession.get(row.id) ?? [], now)),
    total,
    page: Math.min(filters.sida, pageCount),
    pageCount,
  };
}
