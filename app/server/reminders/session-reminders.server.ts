/**
 * What staff see of reminders on a session's admin page: its confirmed
 * bookings, oldest first, each with when its reminder was queued (or null)
 * and whether its confirmation never arrived (a dead letter, or a bounce the
 * provider reported), its payment (none with PAYMENTS=off) and the card
 * that paid it, if one did.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import type { AdminRemindedBookingRow } from "~/domain/admin-session-view";
import { CARD_PAID_COLUMN, cardPaidOf } from "../cards/card-paid.server";
import { columnsAs, schema } from "../db/client.server";
import { BOOKING_PAYMENT_COLUMNS, paymentsShown } from "../payments/staff-view.server";

/** The customer's confirmation's key (mailKeys in app/domain/mail/booking.tsx), as SQL over `bookings`. */
const CONFIRMATION_KEY = sql.raw("'booking-confirmation:' || bookings.id");

const COLUMNS = sql.raw(columnsAs(schema.bookings, [
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
]));

export async function listSessionBookingsWithReminders(
  context: AppLoadContext,
  sessionId: number,
): Promise<AdminRemindedBookingRow[]> {
  const results = await context.db.all<
    Omit<AdminRemindedBookingRow, "confirmationUndelivered" | "cardPaid"> & { confirmationUndelivered: number; cardPaidJson: string | null }
  >(
    sql`SELECT ${COLUMNS}, ${CARD_PAID_COLUMN}${paymentsShown(context) ? sql`, ${BOOKING_PAYMENT_COLUMNS}` : sql``},
         EXISTS (SELECT 1 FROM email_outbox o WHERE o.idempotency_key = ${CONFIRMATION_KEY}
           AND (o.status = 'failed' OR EXISTS (SELECT 1 FROM email_events e WHERE e.outbox_id = o.id AND e.type = 'bounced')))
           AS confirmationUndelivered
       FROM bookings
       WHERE session_id = ${sessionId} AND booking_status = 'confirmed'
       ORDER BY created_at, id`,
  );
  return results.map(({ cardPaidJson, ...row }) => ({
    ...row,
    confirmationUndelivered: row.confirmationUndelivered === 1,
    cardPaid: cardPaidOf(cardPaidJson),
  }));
}
