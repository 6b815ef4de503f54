/**
 * A session's confirmed attendees, oldest booking first, for the CSV
 * download and the print view (/admin/pass/{id}/deltagare.csv, /utskrift):
 * one D1 round trip.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import type { Attendee, AttendeeSession } from "~/domain/attendees";
import { BatchBuilder, runBatch } from "../db/batch.server";

export async function loadAttendees(
  context: AppLoadContext,
  sessionId: number,
): Promise<{ session: AttendeeSession; attendees: Attendee[] } | null> {
  const b = new BatchBuilder();
  const sessions = b.add<AttendeeSession>(
    sql`SELECT id, title, location, start_time AS startTime, max_participants AS maxParticipants
         FROM sessions WHERE id = ${sessionId}`,
  );
  const bookings = b.add<Attendee>(
    sql`SELECT id, user_name AS userName, user_email AS userEmail, user_phone AS userPhone, dog_name AS dogName,
           dog_breed AS dogBreed, dog_age AS dogAge, special_notes AS specialNotes, home_address AS homeAddress,
           meeting_type AS meetingType, variant, price_sek AS priceSek, created_at AS createdAt
         FROM bookings WHERE session_id = ${sessionId} AND booking_status = 'confirmed' ORDER BY created_at, id`,
  );
  return runBatch(
    context,
    b.plan((results) => {
      const session = sessions.first(results);
      return session ? { session, attendees: bookings.rows(results) } : null;
    }),
  );
}

/** The id in a route's params, or null when it is not one. */
export function sessionIdParam(param: string | undefined): number | null {
  return param && /^\d{1,15}$/.test(param) ? Number(param) : null;
}
