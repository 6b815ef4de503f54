/**
 * The customer's own bookings, and nobody else's: the query is bound to the
 * signed-in session's e-mail. Each booking carries its snapshot of the
 * session, since a session may have been deleted since.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { asc, sql } from "drizzle-orm";
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
    })
    .from(b)
    .where(sql`lower(${b.userEmail}) = lower(${email})`)
    .orderBy(asc(b.sessionStartTime));
}
