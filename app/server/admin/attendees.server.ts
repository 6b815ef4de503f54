/**
 * A session's confirmed attendees, oldest booking first, for the CSV
 * download and the print view (/admin/pass/{id}/deltagare.csv, /utskrift):
 * one D1 round trip.
 */
import type { Attendee, AttendeeSession } from "~/domain/attendees";

export async function loadAttendees(
  db: D1Database,
  sessionId: number,
): Promise<{ session: AttendeeSession; attendees: Attendee[] } | null> {
  const [sessions, bookings] = await db.batch([
    db
      .prepare(
        `SELECT id, title, location, start_time AS startTime, max_participants AS maxParticipants
         FROM sessions WHERE id = ?`,
      )
      .bind(sessionId),
    db
      .prepare(
        `SELECT id, user_name AS userName, user_email AS userEmail, user_phone AS userPhone, dog_name AS dogName,
           dog_breed AS dogBreed, dog_age AS dogAge, special_notes AS specialNotes, home_address AS homeAddress,
           meeting_type AS meetingType, variant, price_sek AS priceSek, created_at AS createdAt
         FROM bookings WHERE session_id = ? AND booking_status = 'confirmed' ORDER BY created_at, id`,
      )
      .bind(sessionId),
  ]);
  const session = sessions?.results[0] as AttendeeSession | undefined;
  if (!session) return null;
  return { session, attendees: (bookings?.results ?? []) as Attendee[] };
}

/** The id in a route's params, or null when it is not one. */
export function sessionIdParam(param: string | undefined): number | null {
  return param && /^\d{1,15}$/.test(param) ? Number(param) : null;
}
