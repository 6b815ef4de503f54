/**
 * The staff's private calendar feeds: each admin's subscribe link (a 256-bit
 * token, stored only as a SHA-256 hash; one live per admin, a new one revokes
 * the one before, the admin can revoke it, and it stops with the admin role),
 * and the sessions a feed lists. Every
 * change is audited in the batch that makes it.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, gte, isNull, sql } from "drizzle-orm";
import type { FeedSession } from "~/domain/calendar-feed";
import { auditStatement, type Actor } from "../audit/audit-log.server";

/** Feeds belong to a signed-in staff user. */
type StaffActor = Actor & { userId: string };
import { randomToken, sha256Hex } from "../platform/crypto.server";
import { schema } from "../db/client.server";
import { BatchBuilder, runBatch } from "../db/batch.server";

/** Sessions that ended this long ago still show, so last week's stay in the calendar. */
export const FEED_HISTORY_MS = 30 * 24 * 60 * 60_000;
/** Most sessions a feed lists (a few years of the business's sessions). */
const FEED_LIMIT = 2_000;

export const FEED_PATH_PREFIX = "/kalender/";

/** The feed's address for a token: https (or the site's scheme) and webcal://, which calendar apps subscribe to. */
export function feedUrls(siteUrl: string, token: string): { https: string; webcal: string } {
  const url = new URL(`${FEED_PATH_PREFIX}${token}/hundpass.ics`, siteUrl);
  return { https: url.toString(), webcal: url.toString().replace(/^https?:/, "webcal:") };
}

export type LiveFeed = { createdAt: string; includeAttendees: boolean };

/** The admin's own live link, if any (its token is never shown again). */
export async function liveCalendarFeed(context: AppLoadContext, userId: string): Promise<LiveFeed | null> {
  const { calendarFeeds } = schema;
  const [row] = await context.db
    .select({ createdAt: calendarFeeds.createdAt, includeAttendees: calendarFeeds.includeAttendees })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)))
    .limit(1);
  return row ?? null;
}

/** A new subscribe link for the admin (their old one stops working); returns its token, shown once. */
export async function createCalendarFeed(
  context: AppLoadContext,
  actor: StaffActor,
  { includeAttendees }: { includeAttendees: boolean },
  now = new Date(),
): Promise<string> {
  const token = randomToken(32);
  const id = crypto.randomUUID();
  const nowIso = now.toISOString();
  const tokenHash = await sha256Hex(token);
  const b = new BatchBuilder();
  b.add(sql`UPDATE calendar_feeds SET revoked_at = ${nowIso} WHERE user_id = ${actor.userId} AND revoked_at IS NULL`);
  b.add(
    sql`INSERT INTO calendar_feeds (id, user_id, token_hash, include_attendees, created_at) VALUES (${id}, ${actor.userId}, ${tokenHash}, ${includeAttendees ? 1 : 0}, ${nowIso})`,
  );
  b.add(
    auditStatement(actor, {
      action: "calendar_feed.create",
      targetType: "calendar_feed",
      targetId: id,
      details: { after: { includeAttendees } },
    }),
  );
  await runBatch(context, b.plan(() => undefined));
  return token;
}

/** Stops the admin's live link, if any; true when one was stopped. */
export async function revokeCalendarFeed(context: AppLoadContext, actor: StaffActor, now = new Date()): Promise<boolean> {
  const nowIso = now.toISOString();
  const b = new BatchBuilder();
  const revoked = b.add<{ id: string }>(
    sql`UPDATE calendar_feeds SET revoked_at = ${nowIso} WHERE user_id = ${actor.userId} AND revoked_at IS NULL RETURNING id`,
  );
  b.add(
    auditStatement(
      actor,
      { action: "calendar_feed.revoke", targetType: "calendar_feed", targetId: null },
      { condition: sql`EXISTS (SELECT 1 FROM calendar_feeds WHERE user_id = ${actor.userId} AND revoked_at = ${nowIso})` },
    ),
  );
  return runBatch(context, b.plan((results) => revoked.rows(results).length > 0));
}

/**
 * The live feed a token opens, or null (unknown, revoked, malformed, or its
 * admin no longer an admin: all the same to the caller).
 */
export async function calendarFeedByToken(context: AppLoadContext, token: string): Promise<{ includeAttendees: boolean } | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const { calendarFeeds, userRoles } = schema;
  const [row] = await context.db
    .select({ includeAttendees: calendarFeeds.includeAttendees })
    .from(calendarFeeds)
    .innerJoin(userRoles, and(eq(userRoles.userId, calendarFeeds.userId), eq(userRoles.role, "admin")))
    .where(and(eq(calendarFeeds.tokenHash, await sha256Hex(token)), isNull(calendarFeeds.revokedAt)))
    .limit(1);
  return row ?? null;
}

/** The sessions the feed lists: from a month back on, cancelled ones too, with their confirmed bookings' names if asked. */
export async function feedSessions(
  context: AppLoadContext,
  { includeAttendees, now }: { includeAttendees: boolean; now: Date },
): Promise<FeedSession[]> {
  const db = context.db;
  const { sessions, bookings, places } = schema;
  const since = new Date(now.getTime() - FEED_HISTORY_MS).toISOString();
  const rows = await db
    .select({
      id: sessions.id,
      title: sessions.title,
      location: sessions.location,
      startTime: sessions.startTime,
      endTime: sessions.endTime,
      passType: sessions.passType,
      currentParticipants: sessions.currentParticipants,
      maxParticipants: sessions.maxParticipants,
      cancelledAt: sessions.cancelledAt,
      revision: sessions.revision,
      // The 'Hitta dit' link /hitta shows for the place.
      mapUrl: places.mapUrl,
    })
    .from(sessions)
    .leftJoin(places, eq(places.name, sessions.location))
    .where(gte(sessions.endTime, since))
    .orderBy(sessions.startTime)
    .limit(FEED_LIMIT);
  const names = new Map<number, string[]>();
  if (includeAttendees && rows.length > 0) {
    // Joined rather than listed by id: D1 binds at most 100 parameters a statement.
    const booked = await db
      .select({ sessionId: sessions.id, userName: bookings.userName, dogName: bookings.dogName })
      .from(bookings)
      .innerJoin(sessions, eq(bookings.sessionId, sessions.id))
      .where(and(gte(sessions.endTime, since), eq(bookings.bookingStatus, "confirmed")))
      .orderBy(bookings.createdAt);
    for (const b of booked) names.set(b.sessionId, [...(names.get(b.sessionId) ?? []), `${b.userName} med ${b.dogName}`]);
  }
  return rows.map((row) => ({ ...row, attendees: names.get(row.id) ?? [] }));
}
