/**
 * The booking form as this browser sent it, when its payment then ended
 * unpaid (Avbryt on the payment page, a refused payment, time run out): back
 * on the session's page, the form starts from what was typed, e-mail
 * included, with JavaScript or without, and only the terms to tick again.
 * Only the browser that made the hold (its signed hold cookie naming the
 * booking and its Checkout Session) gets its values back.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { BookingFormDefaults } from "~/domain/schemas/booking";
import { BOOKER_COLUMNS } from "../booking/booker-columns.server";
import { schema } from "../db/client.server";
import { ownedHolds } from "./hold-cookie.server";

const { bookings, payments } = schema;

/**
 * The values of this browser's newest hold on `sessionId`, if its payment
 * ended unpaid; null otherwise (payments off, no hold cookie, a hold still
 * open or paid).
 */
export async function unpaidBookingForm(context: AppLoadContext, request: Request, sessionId: number): Promise<BookingFormDefaults | null> {
  if (context.config.payments.provider !== "stripe") return null;
  const owned = await ownedHolds(context, request);
  if (owned.length === 0) return null;
  const rows = await context.db
    .select({
      id: bookings.id,
      bookingStatus: bookings.bookingStatus,
      paymentStatus: payments.status,
      checkoutSessionId: payments.checkoutSessionId,
      ...BOOKER_COLUMNS,
      variant: bookings.variant,
    })
    .from(bookings)
    .innerJoin(payments, eq(payments.bookingId, bookings.id))
    .where(and(inArray(bookings.id, owned.map((h) => h.bookingId)), eq(bookings.sessionId, sessionId), isNull(bookings.anonymizedAt)));
  // The newest hold on this session decides: a later booking that went through leaves the form empty.
  const newest = owned
    .map((hold) => rows.find((row) => row.id === hold.bookingId && row.checkoutSessionId === hold.checkoutSessionId))
    .find((row) => row !== undefined);
  if (!newest || newest.bookingStatus !== "cancelled" || newest.paymentStatus !== "expired") return null;
  return {
    user_name: newest.userName,
    user_email: newest.userEmail,
    user_email_confirm: newest.userEmail,
    user_phone: newest.userPhone,
    dog_name: newest.dogName,
    dog_breed: newest.dogBreed ?? undefined,
    dog_age: newest.dogAge ?? undefined,
    special_notes: newest.specialNotes ?? undefined,
    home_address: newest.homeAddress ?? undefined,
    meeting_type: newest.meetingType ?? undefined,
    variant: newest.variant ?? undefined,
  };
}
