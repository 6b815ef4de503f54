/**
 * A session's confirmed attendees, oldest booking first, for the CSV
 * download and the print view (/admin/pass/{id}/deltagare.csv, /utskrift):
 * one D1 round trip. With PAYMENTS=stripe each comes with its payment, and
 * a booking still awaiting payment is listed too ('Väntar på betalning').
 * Each says which card paid it, if one did (its kind and last four).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import type { Attendee, AttendeeSession } from "~/domain/attendees";
import { paymentOf, type PaymentColumns } from "~/domain/payment-status";
import { CARD_PAID_COLUMN, cardPaidOf } from "../cards/card-paid.server";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { BOOKING_PAYMENT_COLUMNS, paymentsShown } from "../payments/staff-view.server";

export async function loadAttendees(
  context: AppLoadContext,
  sessionId: number,
): Promise<{ session: AttendeeSession; attendees: Attendee[]; payments: boolean } | null> {
  const payments = paymentsShown(context);
  const b = new BatchBuilder();
  const sessions = b.add<AttendeeSession>(
    sql`SELECT id, title, location, start_time AS startTime, max_participants AS maxParticipants
         FROM sessions WHERE id = ${sessionId}`,
  );
  const listed = payments ? sql`booking_status IN ('confirmed', 'pending')` : sql`booking_status = 'confirmed'`;
  const bookings = b.add<Omit<Attendee, "card"> & Partial<PaymentColumns> & { cardPaidJson: string | null }>(
    sql`SELECT id, user_name AS userName, user_email AS userEmail, user_phone AS userPhone, dog_name AS dogName,
           dog_breed AS dogBreed, dog_age AS dogAge, special_notes AS specialNotes, home_address AS homeAddress,
           meeting_type AS meetingType, variant, price_sek AS priceSek, created_at AS createdAt, ${CARD_PAID_COLUMN}${payments ? sql`, ${BOOKING_PAYMENT_COLUMNS}` : sql``}
         FROM bookings WHERE session_id = ${sessionId} AND ${listed} ORDER BY created_at, id`,
  );
  return runBatch(
    context,
    b.plan((results) => {
      const session = sessions.first(results);
      if (!session) return null;
      const attendees = bookings.rows(results).map(({ paymentStatus, paymentMethod, paymentAmountOre, paymentRefundError, cardPaidJson, ...row }) => {
        const attendee: Attendee = { ...row, card: cardPaidOf(cardPaidJson) };
        return payments ? { ...attendee, payment: paymentOf({ paymentStatus, paymentMethod, paymentAmountOre, paymentRefundError }) } : attendee;
      });
      return { session, attendees, payments };
    }),
  );
}

/** The id in a route's params, or null when it is not one. */
export function sessionIdParam(param: string | undefined): number | null {
  return param && /^\d{1,15}$/.test(param) ? Number(param) : null;
}
