/**
 * /admin/old ('Alla pass'): every session, past and cancelled ones included,
 * filtered by pass type, period, status and free text, 25 a page.
 *
 * The whole page is one D1 round trip, one batch of two statements: the
 * page of sessions with the number matching and their booking counts, and
 * the bookings (whatever their status) of the session whose
 * booking info is open (?visa=): a page of 25 sessions with all their
 * bookings inline would be a heavy page on a phone. The page number is
 * clamped to the last page inside SQL, so an out-of-range page needs no
 * second read.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias, QueryBuilder } from "drizzle-orm/sqlite-core";
import {
  ALL_SESSIONS_PAGE_SIZE,
  containsPattern,
  pageCountOf,
  type AllSessionsFilters,
} from "~/domain/all-sessions-filters";
import { toAllSessionView, type AllSessionRow, type AllSessionsBookingRow, type AllSessionView } from "~/domain/all-sessions-view";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { columnsAs, schema } from "../db/client.server";
import { BOOKING_PAYMENT_COLUMNS, paymentsShown } from "../payments/staff-view.server";
import { ADMIN_LIST_RULES } from "./admin-sessions.server";

const { sessions, bookings } = schema;

/** Builds the filter's subquery (a statement of its own, run by nobody). */
const qb = new QueryBuilder();

const BOOKING_COLUMNS = sql.raw(columnsAs(bookings, [
  "id",
  "sessionId",
  "userName",
  "userEmail",
  "userPhone",
  "dogName",
  "dogBreed",
  "dogAge",
  "specialNotes",
  "homeAddress",
  "meetingType",
  "bookingStatus",
  "createdAt",
]));

const SESSION_KEYS = [
  "id",
  "title",
  "description",
  "location",
  "startTime",
  "endTime",
  "passType",
  "priceSek",
  "currentParticipants",
  "maxParticipants",
  "heldSeats",
  "imageUrl",
  "cancelledAt",
] as const;
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

/**
 * Title, place, or the name or e-mail of anyone who ever booked the session.
 * The bookings are searched once per statement (an uncorrelated IN), not
 * once per session.
 */
function search(text: string): SQL {
  const pattern = containsPattern(text);
  const like = (column: SQLWrapper) => sql`${folded(column)} LIKE ${pattern} ESCAPE '\\'`;
  return or(
    like(sessions.title),
    like(sessions.location),
    inArray(
      sessions.id,
      qb
        .select({ id: searchBookings.sessionId })
        .from(searchBookings)
        .where(or(like(searchBookings.userName), like(searchBookings.userEmail))),
    ),
  ) as SQL;
}

function matching(filters: AllSessionsFilters, now: Date): SQL {
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
  if (filters.q) conditions.push(search(filters.q));
  return and(...conditions) ?? sql`1`;
}

export async function listAllSessions(
  context: AppLoadContext,
  filters: AllSessionsFilters,
  now: Date,
): Promise<AllSessionsPage> {
  const where = matching(filters, now);
  // Upcoming sessions soonest first; otherwise the newest first.
  const direction = filters.period === "kommande" ? sql.raw("ASC") : sql.raw("DESC");
  const size = sql.raw(String(ALL_SESSIONS_PAGE_SIZE));
  // One statement, the filter evaluated once (the free text scans every
  // booking): the matching ids, their number, the page (clamped to the
  // last page) and its sessions with their booking counts.
  const b = new BatchBuilder();
  const sessionRows = b.add<AllSessionRow & { total: number }>(sql`
    WITH matched AS MATERIALIZED (
      SELECT ${sessions.id} AS id, ${sessions.startTime} AS start FROM ${sessions} WHERE ${where}
    ),
    total AS (SELECT count(*) AS n FROM matched),
    page AS (
      SELECT id FROM matched ORDER BY start ${direction}, id ${direction}
      LIMIT ${size} OFFSET (min(CAST(${filters.sida} AS INTEGER), max(1, ((SELECT n FROM total) + ${size} - 1) / ${size})) - 1) * ${size}
    )
    SELECT ${sql.raw(columnsAs(sessions, SESSION_KEYS, "sessions."))},
      (SELECT n FROM total) AS total,
      (SELECT count(*) FROM bookings AS counted WHERE counted.session_id = sessions.id) AS bookingCount,
      (SELECT count(*) FROM bookings AS counted WHERE counted.session_id = sessions.id
        AND counted.booking_status = 'confirmed') AS confirmedCount,
      sessions.series_id AS seriesId,
      (SELECT count(*) FROM sessions AS sibling WHERE sibling.series_id = sessions.series_id) AS seriesCount,
      EXISTS (SELECT 1 FROM sessions AS sibling JOIN bookings AS b ON b.session_id = sibling.id
        WHERE sibling.series_id = sessions.series_id AND b.booking_status = 'confirmed') AS seriesHasConfirmed
    FROM sessions WHERE sessions.id IN (SELECT id FROM page)
    ORDER BY sessions.start_time ${direction}, sessions.id ${direction}`);
  // The open booking info's bookings (none open: id 0 matches nothing, and the batch keeps its shape),
  // with payments on each with its payment (a cancelled one's refund too).
  const openBookings = b.add<AllSessionsBookingRow>(
    sql`SELECT ${BOOKING_COLUMNS}${paymentsShown(context) ? sql`, ${BOOKING_PAYMENT_COLUMNS}` : sql``}
         FROM bookings WHERE session_id = ${filters.visa ?? 0} ORDER BY created_at, id`,
  );
  const { rows, bookingRows } = await runBatch(
    context,
    b.plan((results) => ({ rows: sessionRows.rows(results), bookingRows: openBookings.rows(results) })),
  );

  // A page clamped to the last one is never empty while anything matches.
  const total = rows[0]?.total ?? 0;
  const pageCount = pageCountOf(total);
  return {
    sessions: rows.map(({ total: _total, ...row }) => toAllSessionView(row, row.id === filters.visa ? bookingRows : null, now)),
    total,
    page: Math.min(filters.sida, pageCount),
    pageCount,
  };
}
