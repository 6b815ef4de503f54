/**
 * What staff see of reminders on a session's admin page: its confirmed
 * bookings, oldest first, each with when its reminder was queued (or null)
 * and whether its confirmation never arrived (a dead letter, or a bounce the
 * provider reported).
 */
import type { AdminRemindedBookingRow } from "~/domain/admin-session-view";
import { columnsAs, schema } from "../db/client.server";

/** The customer's confirmation's key (mailKeys in app/domain/mail/booking.tsx), as SQL over `bookings`. */
const CONFIRMATION_KEY = "'booking-confirmation:' || bookings.id";

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
      `SELECT ${COLUMNS},
         EXISTS (SELECT 1 FROM email_outbox o WHERE o.idempotency_key = ${CONFIRMATION_KEY}
           AND (o.status = 'failed' OR EXISTS (SELECT 1 FROM email_events e WHERE e.outbox_id = o.id AND e.type = 'bounced')))
           AS confirmationUndelivered
       FROM bookings
       WHERE session_id = ? AND booking_status = 'confirmed'
       ORDER BY created_at, id`,
    )
    .bind(sessionId)
    .all<Omit<AdminRemindedBookingRow, "confirmationUndelivered"> & { confirmationUndelivered: number }>();
  return results.map((row) => ({ ...row, confirmationUndelivered: row.confirmationUndelivered === 1 }));
}
