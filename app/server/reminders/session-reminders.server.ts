/**
 * What staff see of reminders on a session's admin page: its confirmed
 * bookings, oldest first, each with when its reminder was queued (or null).
 */
import type { AdminRemindedBookingRow } from "~/domain/admin-session-view";
import { columnsAs, schema } from "../db.server";

const COLUMNS = columnsAs(schema.bookings, [
  "id",
  "userName",
  "userEmail",
  "userPhone",
  "dogName",
  "dogBreed",
  "dogAge",
  "specialNotes",
  "homeAddress",
  "meetingType",
  "createdAt",
  "remindedAt",
]);

export async function listSessionBookingsWithReminders(
  db: D1Database,
  sessionId: number,
): Promise<AdminRemindedBookingRow[]> {
  const { results } = await db
    .prepare(
      `SELECT ${COLUMNS} FROM bookings
       WHERE session_id = ? AND booking_status = 'confirmed'
       ORDER BY created_at, id`,
    )
    .bind(sessionId)
    .all<AdminRemindedBookingRow>();
  return results;
}
