// The staff's calendar feed: every session as an event their calendar app
// keeps up to date. One UID per session (so an app updates an event instead
// of adding a second one), SEQUENCE from the session's revision, times in UTC,
// a cancelled session as STATUS:CANCELLED. Attendee names only when staff
// asked for them. Written by ical-generator, like the booking mails' .ics.
import ical, { ICalEventStatus } from "ical-generator";
import { adminState } from "./availability";
import type { PassType } from "./constants";
import { mapUrlOf } from "./places";

export interface FeedSession {
  id: number;
  title: string;
  location: string;
  startTime: string;
  endTime: string;
  passType: PassType;
  currentParticipants: number;
  maxParticipants: number;
  cancelledAt: string | null;
  revision: number;
  /** The place's own map link as staff gave it (null or absent: a map search for its name). */
  mapUrl?: string | null;
  /** Confirmed bookings' names ("Anna Andersson med Flurre"); used only when the feed includes attendees. */
  attendees: string[];
}

/** Places that are a place on a map (not a home visit or an online meeting). */
const NOT_ON_A_MAP = new Set(["Hembesök", "Online"]);

export const FEED_NAME = "Hundpass – pass";

/** The state a session's event says: 'Inställt', or the admin lists' badge. */
export function feedState(session: FeedSession): string {
  return session.cancelledAt !== null ? "Inställt" : adminState(session).label;
}

export function buildCalendarFeed(
  sessions: readonly FeedSession[],
  { siteUrl, includeAttendees, now }: { siteUrl: string; includeAttendees: boolean; now: Date },
): string {
  const host = new URL(siteUrl).hostname;
  const calendar = ical({
    name: FEED_NAME,
    prodId: { company: "Hundpass", product: "Passkalender", language: "SV" },
    // How often a calendar app should fetch the feed again.
    ttl: 15 * 60,
  });
  for (const session of sessions) {
    const adminUrl = new URL(`/admin/pass/${session.id}`, siteUrl).toString();
    const lines = [`Status: ${feedState(session)}`, `Deltagare: ${session.currentParticipants} av ${session.maxParticipants}`];
    if (!NOT_ON_A_MAP.has(session.location)) lines.push(`Karta: ${mapUrlOf({ name: session.location, mapUrl: session.mapUrl ?? null })}`);
    if (includeAttendees && session.attendees.length > 0) lines.push("", "Bokade:", ...session.attendees);
    lines.push("", `Admin: ${adminUrl}`);
    calendar.createEvent({
      id: `session-${session.id}@${host}`,
      sequence: session.revision,
      stamp: now,
      start: new Date(session.startTime),
      end: new Date(session.endTime),
      summary: session.cancelledAt !== null ? `INSTÄLLT: ${session.title}` : session.title,
      location: session.location,
      description: lines.join("\n"),
      url: adminUrl,
      status: session.cancelledAt !== null ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
