/**
 * The three admin session lists (spec section 4, "Admin derived state"):
 * available (/admin/lediga-pass), waiting (/admin/vantande-pass) and
 * confirmed (/admin/bokade-pass, with each session's confirmed bookings).
 * Only sessions that have not ended and are not cancelled, soonest first.
 *
 * Membership is decided in SQL, by the same rules as isListedAvailable,
 * isListedWaiting and isListedConfirmed in app/domain/availability.ts (a test
 * runs both over every case). Each list is one D1 round trip: one statement,
 * or one batch for the confirmed list and its bookings.
 */
import { and, asc, eq, gte, isNull, sql, type SQL } from "drizzle-orm";
import {
  toAdminBooking,
  toAdminCard,
  type AdminBookingView,
  type AdminSessionCardView,
} from "~/domain/admin-session-view";
import { GROUP_CONFIRMED_THRESHOLD } from "~/domain/constants";
import { getDb, schema } from "../db.server";
import type { Env } from "../env.server";
import { sessionColumns } from "../public/sessions.server";

const { sessions, bookings } = schema;

/** Far above a season of sessions; a list never grows without bound. */
export const ADMIN_LIST_LIMIT = 500;

const n = sessions.currentParticipants;
const isGroup = sql`${sessions.passType} = 'group'`;
const isPrivate = sql`${sessions.passType} = 'private'`;

/** The SQL twins of the domain's isListed* rules. */
export const ADMIN_LIST_RULES = {
  /** Free seats, and nobody booked yet or (group) enough to run. */
  available: sql`(${n} < ${sessions.maxParticipants} AND (${n} = 0 OR (${isGroup} AND ${n} >= ${GROUP_CONFIRMED_THRESHOLD})))`,
  /** Group sessions with 1 or 2 participants. */
  waiting: sql`(${isGroup} AND ${n} >= 1 AND ${n} < ${GROUP_CONFIRMED_THRESHOLD})`,
  /** Private with a booking, or group with enough to run. */
  confirmed: sql`((${isPrivate} AND ${n} >= 1) OR (${isGroup} AND ${n} >= ${GROUP_CONFIRMED_THRESHOLD}))`,
} satisfies Record<string, SQL>;

export type AdminList = keyof typeof ADMIN_LIST_RULES;

function listed(list: AdminList, now: Date): SQL {
  return and(isNull(sessions.cancelledAt), gte(sessions.endTime, now.toISOString()), ADMIN_LIST_RULES[list]) as SQL;
}

function selectSessions(db: ReturnType<typeof getDb>, list: AdminList, now: Date) {
  return db
    .select(sessionColumns)
    .from(sessions)
    .where(listed(list, now))
    .orderBy(asc(sessions.startTime), asc(sessions.id))
    .limit(ADMIN_LIST_LIMIT);
}

export async function listAvailableSessions(env: Pick<Env, "DB">, now: Date): Promise<AdminSessionCardView[]> {
  return (await selectSessions(getDb(env), "available", now)).map(toAdminCard);
}

export async function listWaitingSessions(env: Pick<Env, "DB">, now: Date): Promise<AdminSessionCardView[]> {
  return (await selectSessions(getDb(env), "waiting", now)).map(toAdminCard);
}

export type ConfirmedSessionView = AdminSessionCardView & { bookings: AdminBookingView[] };

/** The confirmed sessions and all their confirmed bookings, in one batch. */
export async function listConfirmedSessions(env: Pick<Env, "DB">, now: Date): Promise<ConfirmedSessionView[]> {
  const db = getDb(env);
  const [rows, bookingRows] = await db.batch([
    selectSessions(db, "confirmed", now),
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
        createdAt: bookings.createdAt,
      })
      .from(bookings)
      .innerJoin(sessions, eq(sessions.id, bookings.sessionId))
      .where(and(eq(bookings.bookingStatus, "confirmed"), listed("confirmed", now)))
      .orderBy(asc(bookings.createdAt), asc(bookings.id)),
  ]);
  const bySession = new Map<number, AdminBookingView[]>();
  for (const row of bookingRows) {
    if (row.sessionId === null) continue;
    const list = bySession.get(row.sessionId) ?? [];
    list.push(toAdminBooking(row));
    bySession.set(row.sessionId, list);
  }
  return rows.map((row) => ({ ...toAdminCard(row), bookings: bySession.get(row.id) ?? [] }));
}
