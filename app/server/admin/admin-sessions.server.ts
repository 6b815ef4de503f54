/**
 * The three admin session lists (spec section 4, "Admin derived state"):
 * available (/admin/lediga-pass), waiting (/admin/vantande-pass) and
 * confirmed (/admin/bokade-pass, with each session's confirmed bookings and
 * the card that paid each, if one did).
 * Only sessions that have not ended and are not cancelled, soonest first.
 *
 * Membership is decided in SQL, by the same rules as isListedAvailable,
 * isListedWaiting and isListedConfirmed in app/domain/availability.ts (a test
 * runs both over every case). Each list is paged, and a page is one D1
 * round trip: one batch of the total, the page's sessions and (for the
 * confirmed list) their bookings.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, count, eq, gte, isNull, sql, type SQL } from "drizzle-orm";
import {
  toAdminBooking,
  toAdminCard,
  type AdminBookingView,
  type AdminSessionCardView,
} from "~/domain/admin-session-view";
import { GROUP_CONFIRMED_THRESHOLD } from "~/domain/constants";
import { BOOKER_COLUMNS } from "../booking/booker-columns.server";
import { CARD_PAID_JSON, cardPaidOf } from "../cards/card-paid.server";
import { schema } from "../db/client.server";
import { decisionPanelQuery } from "../decisions/decisions.server";
import { paymentsShown } from "../payments/staff-view.server";
import { sessionColumns } from "../public/sessions.server";
import { pageCountFor, pageIdsQuery, type ListPage } from "./paging.server";

const { sessions, bookings, payments } = schema;

/** Sessions per page; a confirmed session's card carries its bookings, so that list pages sooner. */
export const ADMIN_LIST_PAGE_SIZE = { available: 25, waiting: 25, confirmed: 6 } as const;

const n = sessions.currentParticipants;
const isGroup = sql`${sessions.passType} = 'group'`;
const isPrivate = sql`${sessions.passType} = 'private'`;

/** The SQL twins of the domain's isListed* rules. */
export const ADMIN_LIST_RULES = {
  /** Free seats (held ones are not free), and nobody booked yet or (group) enough to run. */
  available: sql`(${n} + ${sessions.heldSeats} < ${sessions.maxParticipants} AND (${n} = 0 OR (${isGroup} AND ${n} >= ${GROUP_CONFIRMED_THRESHOLD})))`,
  /** Group sessions with 1 or 2 participants. */
  waiting: sql`(${isGroup} AND ${n} >= 1 AND ${n} < ${GROUP_CONFIRMED_THRESHOLD})`,
  /** Private with a booking, or group with enough to run. */
  confirmed: sql`((${isPrivate} AND ${n} >= 1) OR (${isGroup} AND ${n} >= ${GROUP_CONFIRMED_THRESHOLD}))`,
} satisfies Record<string, SQL>;

export type AdminList = keyof typeof ADMIN_LIST_RULES;

function listed(list: AdminList, now: Date): SQL {
  return and(isNull(sessions.cancelledAt), gte(sessions.endTime, now.toISOString()), ADMIN_LIST_RULES[list]) as SQL;
}

const ORDER = [asc(sessions.startTime), asc(sessions.id)];

/** The batch statements of one page of a list: its total, and its sessions. */
function pageStatements(context: AppLoadContext, list: AdminList, now: Date, page: number) {
  const { db } = context;
  const where = listed(list, now);
  const pageIds = pageIdsQuery(where, ORDER, ADMIN_LIST_PAGE_SIZE[list], page);
  return {
    pageIds,
    count: db.select({ total: count() }).from(sessions).where(where),
    rows: db
      .select(sessionColumns)
      .from(sessions)
      .where(sql`${sessions.id} IN (${pageIds})`)
      .orderBy(...ORDER),
  };
}

function toPage<T>(list: AdminList, total: number, page: number, rows: T[]): ListPage<T> {
  const pageCount = pageCountFor(total, ADMIN_LIST_PAGE_SIZE[list]);
  return { sessions: rows, total, page: Math.min(Math.max(1, page), pageCount), pageCount };
}

async function simpleList(context: AppLoadContext, list: AdminList, now: Date, page: number): Promise<ListPage<AdminSessionCardView>> {
  const { count: counting, rows } = pageStatements(context, list, now, page);
  const [[counted], found] = await context.db.batch([counting, rows]);
  return toPage(list, counted?.total ?? 0, page, found.map(toAdminCard));
}

export function listAvailableSessions(context: AppLoadContext, now: Date, page = 1) {
  return simpleList(context, "available", now, page);
}

export function listWaitingSessions(context: AppLoadContext, now: Date, page = 1) {
  return simpleList(context, "waiting", now, page);
}

/**
 * The waiting list's page and, in the same batch, the minimum-participant
 * decisions its panel shows (which include sessions of 0 participants, not
 * on this list).
 */
export async function listWaitingSessionsWithDecisions(context: AppLoadContext, now: Date, page = 1) {
  const { count: counting, rows } = pageStatements(context, "waiting", now, page);
  const [[counted], found, decisions] = await context.db.batch([counting, rows, decisionPanelQuery(context, now)]);
  return { ...toPage("waiting", counted?.total ?? 0, page, found.map(toAdminCard)), decisions };
}

export type ConfirmedSessionView = AdminSessionCardView & { bookings: AdminBookingView[] };

/** A page of confirmed sessions with all their confirmed bookings, in one batch. */
export async function listConfirmedSessions(context: AppLoadContext, now: Date, page = 1): Promise<ListPage<ConfirmedSessionView>> {
  const { db } = context;
  const { pageIds, count: counting, rows } = pageStatements(context, "confirmed", now, page);
  const [[counted], found, bookingRows] = await db.batch([
    counting,
    rows,
    db
      .select({
        id: bookings.id,
        sessionId: bookings.sessionId,
        ...BOOKER_COLUMNS,
        createdAt: bookings.createdAt,
        paymentStatus: payments.status,
        paymentMethod: payments.method,
        paymentAmountOre: payments.amountOre,
        paymentRefundError: payments.refundError,
        cardPaidJson: sql<string | null>`${CARD_PAID_JSON}`,
      })
      .from(bookings)
      .leftJoin(payments, eq(payments.bookingId, bookings.id))
      .where(and(eq(bookings.bookingStatus, "confirmed"), sql`${bookings.sessionId} IN (${pageIds})`))
      .orderBy(asc(bookings.createdAt), asc(bookings.id)),
  ]);
  const bySession = new Map<number, AdminBookingView[]>();
  // With PAYMENTS=off no payment shows, even one stored while payments were on.
  const shown = paymentsShown(context);
  for (const { cardPaidJson, ...row } of bookingRows) {
    if (row.sessionId === null) continue;
    const list = bySession.get(row.sessionId) ?? [];
    const withCard = { ...row, cardPaid: cardPaidOf(cardPaidJson) };
    list.push(toAdminBooking(shown ? withCard : { ...withCard, paymentStatus: null }));
    bySession.set(row.sessionId, list);
  }
  return toPage(
    "confirmed",
    counted?.total ?? 0,
    page,
    found.map((row) => ({ ...toAdminCard(row), bookings: bySession.get(row.id) ?? [] })),
  );
}
