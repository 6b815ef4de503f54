/**
 * The bookings on a session's own admin page (/admin/pass/{id}): each
 * confirmed booking's info, marked 'Påmind …' once its reminder is queued and
 * 'Bekräftelsen kom inte fram' when its confirmation never arrived, with
 * 'Avboka' (a dialog with JavaScript, the booking's confirmation page
 * without), whose question says what a paid booking gets back.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { AdminRemindedBookingView } from "~/domain/admin-session-view";
import { SESSION_PAGE_TEXTS } from "~/domain/admin-texts";
import { MAIL_STATUS_PAGE } from "~/domain/admin-pages";
import { MAIL_STATUS_TEXTS } from "~/domain/mail-status";
import { BookingInfo } from "./admin-booking-info";
import { CancelBookingButton } from "./session-change-buttons";

export function AdminSessionBookings({
  bookings,
  returnTo,
  cancellable,
}: {
  bookings: readonly AdminRemindedBookingView[];
  /** This page, with its own way back: where Avboka comes back to. */
  returnTo: string;
  /** Whether Avboka is offered (not on a cancelled session, whose bookings are cancelled already). */
  cancellable: boolean;
}) {
  if (bookings.length === 0) return null;
  return (
    <section aria-labelledby="bookings-heading">
      <h2 id="bookings-heading">{SESSION_PAGE_TEXTS.bookings}</h2>
      <ul className="booking-list">
        {bookings.map((booking) => (
          <li key={booking.id} data-testid="session-booking">
            <BookingInfo booking={booking} badge={bookingBadges(booking)} />
            {cancellable ? (
              <div className="button-row">
                <CancelBookingButton booking={booking} returnTo={returnTo} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function bookingBadges(booking: AdminRemindedBookingView): ReactNode {
  if (!booking.remindedLabel && !booking.confirmationUndelivered) return null;
  return (
    <>
      {booking.confirmationUndelivered ? (
        <Link to={MAIL_STATUS_PAGE.to} className="badge badge-red" data-testid="confirmation-undelivered">
          {MAIL_STATUS_TEXTS.bookingBadge}
        </Link>
      ) : null}{" "}
      {booking.remindedLabel ? <span className="badge badge-grey">{booking.remindedLabel}</span> : null}
    </>
  );
}
