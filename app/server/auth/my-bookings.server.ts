/**
 * The customer's own bookings, and nobody else's: the query is bound to the
 * signed-in session's e-mail. Each booking carries its snapshot of the
 * session, since a session may have been deleted since, and its payment
 * (PAYMENTS=stripe). A booking whose payment was never made (its Checkout
 * left, refused or run out) was never the customer's booking, and is not
 * listed (the data export still holds it).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { asc, sql } from "drizzle-orm";
import type { PaymentMethodName, PaymentStatus } from "~/domain/payment-status";
import { schema } from "../db/client.server";

export async function bookingsOf(context: AppLoadContext, email: string) {
  const b = schema.bookings;
  return context.db
    .select({
      id: b.id,
      bookingStatus: b.bookingStatus,
      sessionTitle: b.sessionTitle,
      sessionLocation: b.sessionLocation,
      sessionStartTime: b.sessionStartTime,
      sessionEndTime: b.sessionEndTime,
      dogName: b.dogName,
      dogBreed: b.dogBreed,
      dogAge: b.dogAge,
      specialNotes: b.specialNotes,
      homeAddress: b.homeAddress,
      meetingType: b.meetingType,
      variant: b.variant,
      priceSek: b.priceSek,
      createdAt: b.createdAt,
      paymentStatus: sql<PaymentStatus | null>`(SELECT status FROM payments WHERE payments.booking_id = bookings.id)`,
      paymentMethod: sql<PaymentMethodName | null>`(SELECT method FROM payments WHERE payments.booking_id = bookings.id)`,
      paymentAmountOre: sql<number | null>`(SELECT amount_ore FROM payments WHERE payments.booking_id = bookings.id)`,
    })
    .from(b)
    .where(
      sql`lower(${b.userEmail}) = lower(${email}) AND NOT (bookings.booking_status = 'cancelled' AND EXISTS (
            SELECT 1 FROM payments WHERE payments.booking_id = bookings.id AND payments.status IN ('expired', 'cancelled')))`,
    )
    .orderBy(asc(b.sessionStartTime));
}
