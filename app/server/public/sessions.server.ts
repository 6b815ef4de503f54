/**
 * The D1 reads of the public pages. Each page's data comes in one round
 * trip: one query, or one db.batch of a few. Functions throw on a database
 * failure; the route decides what the visitor sees then.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, gte, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { PassType } from "~/domain/constants";
import { trainingTowns, type Place } from "~/domain/places";
import { remoteTypeNames, type RemoteTypeNames } from "~/domain/preparation";
import type { PublicSession, TypeImage } from "~/domain/session-view";
import type { PopupType } from "~/domain/session-types";
import { cardOffersOf, cardOffersQuery } from "../cards/card-offers.server";
import type { CardProduct } from "../cards/card-products.server";
import { bookingAskOf } from "../booking/booking-ask.server";
import { schema } from "../db/client.server";
import { placesQuery, shownPlacesQuery } from "../content/site-content.server";

const { sessions, popupTypes } = schema;

/** Upper bound on rows a public list reads; far above a season of sessions. */
export const PUBLIC_LIST_LIMIT = 300;

/** A session's seats taken by bookings still being paid for (PAYMENTS=stripe): taken, but not yet participants. */
export const PAYING_SEATS = sql<number>`(SELECT count(*) FROM bookings WHERE bookings.session_id = sessions.id AND bookings.booking_status = 'pending')`;

/** The session fields every public page and the booking page show. */
export const sessionColumns = {
  id: sessions.id,
  title: sessions.title,
  description: sessions.description,
  location: sessions.location,
  startTime: sessions.startTime,
  endTime: sessions.endTime,
  passType: sessions.passType,
  priceSek: sessions.priceSek,
  currentParticipants: sessions.currentParticipants,
  maxParticipants: sessions.maxParticipants,
  heldSeats: sessions.heldSeats,
  payingSeats: PAYING_SEATS.mapWith(Number),
  imageUrl: sessions.imageUrl,
  /** What its booking form asks beyond the usual fields (its type's). */
  bookingAsk: bookingAskOf("sessions"),
};

const typeImageColumns = { name: popupTypes.name, imageUrl: popupTypes.imageUrl };

/** The session type fields the start page and the admin's type chooser read. */
export const popupTypeColumns = {
  id: popupTypes.id,
  name: popupTypes.name,
  description: popupTypes.description,
  imageUrl: popupTypes.imageUrl,
  inspiringText: popupTypes.inspiringText,
  hidden: popupTypes.hidden,
  appOrder: popupTypes.appOrder,
  maxParticipants: popupTypes.maxParticipants,
  sessionType: popupTypes.sessionType,
  price: popupTypes.price,
  defaultLocation: popupTypes.defaultLocation,
  bookingAsk: popupTypes.bookingAsk,
};

/** app_order ascending with missing values last (the 999 rule), then name. */
export const typeOrder = [sql`${popupTypes.appOrder} IS NULL`, asc(popupTypes.appOrder), asc(popupTypes.name)];

/** Not ended and not cancelled: what the public lists show. */
function upcoming(now: Date): SQL {
  return and(gte(sessions.endTime, now.toISOString()), isNull(sessions.cancelledAt)) as SQL;
}

/** Which upcoming sessions a /boka view lists: one pass type, one session type (its name, in the sessions' titles), or all. */
type SessionFilter = { passType: PassType | null; sessionType?: string | null };

function withFilter(condition: SQL, { passType, sessionType }: SessionFilter): SQL {
  const conditions = [condition];
  if (passType) conditions.push(eq(sessions.passType, passType));
  // A session belongs to the type whose name its title holds (as staff are told on /admin/passtyper).
  if (sessionType) conditions.push(sql`instr(${sessions.title}, ${sessionType}) > 0`);
  return and(...conditions) as SQL;
}

export type StartPageData = { types: PopupType[]; groupSessions: PublicSession[]; cards: CardProduct[]; towns: string[] };

/**
 * All session types (the grid shows the visible ones; hidden ones still give
 * their image to a matching session), the upcoming group sessions with free
 * places, soonest first, as on /alla-popups (the spec's read orders them by
 * participants, most first; a visitor looks for the next session to join),
 * and the card products staff show on the start page.
 */
export async function loadStartPage(context: AppLoadContext, now: Date): Promise<StartPageData> {
  const db = context.db;
  const [types, groupSessions, cards, shownPlaces] = await db.batch([
    db.select(popupTypeColumns).from(popupTypes).orderBy(...typeOrder),
    db
      .select(sessionColumns)
      .from(sessions)
      .where(
        and(
          eq(sessions.passType, "group"),
          upcoming(now),
          lt(sql`${sessions.currentParticipants} + ${sessions.heldSeats}`, sessions.maxParticipants),
        ),
      )
      .orderBy(asc(sessions.startTime), asc(sessions.id))
      .limit(PUBLIC_LIST_LIMIT),
    cardOffersQuery(context, "start"),
    // The towns the heading names.
    shownPlacesQuery(context),
  ]);
  return {
    types: types.map((t) => ({ ...t, id: String(t.id) })),
    groupSessions,
    cards: cardOffersOf(cards),
    towns: trainingTowns(shownPlaces),
  };
}

export type SessionListData = { types: TypeImage[]; sessions: PublicSession[] };

/** Upcoming sessions (optionally of one pass type or session type) by start time, with the type images. */
export async function loadUpcomingSessions(
  context: AppLoadContext,
  now: Date,
  passType: PassType | null = null,
  sessionType: string | null = null,
): Promise<SessionListData> {
  const db = context.db;
  const [types, rows] = await db.batch([
    db.select(typeImageColumns).from(popupTypes).orderBy(...typeOrder),
    db
      .select(sessionColumns)
      .from(sessions)
      .where(withFilter(upcoming(now), { passType, sessionType }))
      .orderBy(asc(sessions.startTime), asc(sessions.id))
      .limit(PUBLIC_LIST_LIMIT),
  ]);
  return { types, sessions: rows };
}

/**
 * The calendar month's upcoming sessions: start in [fromIso, toIso), not yet
 * ended. One query; the calendar cards need no images.
 */
export async function loadSessionsStartingBetween(
  context: AppLoadContext,
  now: Date,
  range: { fromIso: string; toIso: string },
  passType: PassType | null = null,
  sessionType: string | null = null,
): Promise<PublicSession[]> {
  const db = context.db;
  return db
    .select(sessionColumns)
    .from(sessions)
    .where(
      withFilter(
        and(gte(sessions.startTime, range.fromIso), lt(sessions.startTime, range.toIso), upcoming(now)) as SQL,
        { passType, sessionType },
      ),
    )
    .orderBy(asc(sessions.startTime), asc(sessions.id))
    .limit(PUBLIC_LIST_LIMIT);
}

/**
 * The name of the session type shown to visitors that this one names, in any case (lower case typed by hand), or null:
 * /boka lists one type's sessions only by a visible type's own name.
 */
export async function shownSessionTypeName(context: Pick<AppLoadContext, "db">, name: string): Promise<string | null> {
  const rows = await context.db.select({ name: popupTypes.name }).from(popupTypes).where(eq(popupTypes.hidden, false));
  const wanted = name.toLocaleLowerCase("sv-SE");
  return rows.find((row) => row.name.toLocaleLowerCase("sv-SE") === wanted)?.name ?? null;
}

/** The visible types' names and default places, in display order: which are held online or at the customer's home. */
export function typePlacesQuery(context: Pick<AppLoadContext, "db">) {
  return context.db
    .select({ name: popupTypes.name, defaultLocation: popupTypes.defaultLocation })
    .from(popupTypes)
    .where(eq(popupTypes.hidden, false))
    .orderBy(...typeOrder);
}

/** Every place and the names of the visible types held online and at home, in one round trip. */
export async function loadPlacesAndRemoteTypes(context: Pick<AppLoadContext, "db">): Promise<{ places: Place[]; remoteTypes: RemoteTypeNames }> {
  const [all, types] = await context.db.batch([placesQuery(context), typePlacesQuery(context)]);
  return { places: all, remoteTypes: remoteTypeNames(types, all) };
}
