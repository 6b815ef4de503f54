/**
 * One booking in an admin list's booking info: the customer's name, e-mail
 * and phone as links, the dog, what they want to train, the home address or
 * meeting type, when they booked, with payments on how they paid, and the
 * klippkort or presentkort that paid it where the list reads it. `badge`
 * goes next to the name (the booking's status where a list shows more than
 * confirmed bookings).
 */
import type { ReactNode } from "react";
import type { AdminBookingView } from "~/domain/admin-session-view";
import { ADMIN_LIST_TEXTS } from "~/domain/admin-texts";
import { CARD_BOOKING_TEXTS } from "~/domain/cards/card-texts";
import { PAYMENT_TEXTS } from "~/domain/payment-status";

export function BookingInfo({ booking, badge }: { booking: AdminBookingView; badge?: ReactNode }) {
  const T = ADMIN_LIST_TEXTS;
  return (
    <>
      <h3>
        {booking.userName}
        {badge ? <> {badge}</> : null}
      </h3>
      <dl>
        <dt>{T.email}</dt>
        <dd>
          <a href={`mailto:${booking.userEmail}`}>{booking.userEmail}</a>
        </dd>
        <dt>{T.phone}</dt>
        <dd>
          <a href={`tel:${booking.userPhone.replace(/[^\d+]/g, "")}`}>{booking.userPhone}</a>
        </dd>
        <dt>{T.dog}</dt>
        <dd>{booking.dogLabel}</dd>
        {booking.specialNotes ? (
          <>
            <dt>{T.notesLabel}</dt>
            <dd>{booking.specialNotes}</dd>
          </>
        ) : null}
        {booking.homeAddress ? (
          <>
            <dt>{T.homeAddress}</dt>
            <dd>{booking.homeAddress}</dd>
          </>
        ) : null}
        {booking.meetingType ? (
          <>
            <dt>{T.meetingType}</dt>
            <dd>{booking.meetingType}</dd>
          </>
        ) : null}
        <dt>{T.bookedAt}</dt>
        <dd>{booking.bookedAtLabel}</dd>
        {booking.paymentLabel ? (
          <>
            <dt>{PAYMENT_TEXTS.column}</dt>
            <dd data-testid="payment-status">{booking.paymentLabel}</dd>
          </>
        ) : null}
        {booking.cardLabel ? (
          <>
            <dt>{CARD_BOOKING_TEXTS.usedLabel}</dt>
            <dd data-testid="card-paid">{booking.cardLabel}</dd>
          </>
        ) : null}
      </dl>
    </>
  );
}
