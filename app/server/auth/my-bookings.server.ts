/**
 * The customer's own bookings, and nobody else's: the query is bound to the
 * signed-in session's e-mail. Each booking carries its snapshot of the
 * session, since a session may have been deleted since, and its payment
 * (PAYMENTS=stripe). A booking whose payment was never made (its Checkout
 * left, refused or run out) was never the customer's booking, and is not
 * listed (the data export still holds it). The page reads the customer's
 * cards in the same batch (app/server/cards/my-cards.server.ts).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, isNull, ne, notInArray, or, sql } from "drizzle-orm";
import { myCardsOf, myCardsQueries } from "../cards/my-cards.server";
import { schema } from "../db/client.server";

function bookingsQuery(context: AppLoadContext, email: string) {
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

/** The customer's bookings and cards, in one D1 batch. */
export async function loadMyBookings(context: AppLoadContext, email: string, now: Date) {
  const [bookings, cardRows, ledgerRows] = await context.db.batch([bookingsQuery(context, email), ...myCardsQueries(context, email, now)]);
  return { bookings, cards: myCardsOf(cardRows, ledgerRows) };
}
