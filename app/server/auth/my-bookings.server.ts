/**
 * The customer's own bookings, and nobody else's: the query is bound to the
 * signed-in session's e-mail. Each booking carries its snapshot of the
 * session, since a session may have been deleted since, and its payment
 * (PAYMENTS=stripe). A booking whose payment was never made (its Checkout
 * left, refused or run out) was never the customer's booking, and is not
 * listed (the data export still holds it).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, isNull, ne, notInArray, or, sql } from "drizzle-orm";
import { schema } from "../db/client.server";

export async function bookingsOf(context: AppLoadContext, email: string) {
  const b = schema.bookings;
  const p = schema.payments;
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
      // One payment per booking at most (PAYMENTS=stripe); none with payments off.
      paymentStatus: p.status,
      paymentMethod: p.method,
      paymentAmountOre: p.amountOre,
    })
    .from(b)
    .leftJoin(p, eq(p.bookingId, b.id))
    .where(
      and(
        sql`lower(${b.userEmail}) = lower(${email})`,
        // Not a cancelled booking whose payment was never made.
        or(ne(b.bookingStatus, "cancelled"), isNull(p.status), notInArray(p.status, ["expired", "cancelled"])),
      ),
    )
    .orderBy(asc(b.sessionStartTime));
}
