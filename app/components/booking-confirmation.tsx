/**
 * The booking confirmation that stays on /mina-bokningar, shown only to the
 * browser that booked: what was booked, that the mail with the calendar file
 * is on its way, the binding rule, the calendar file to add now, and how to
 * see the bookings later (the sign-in form below it, or, signed in, the list).
 */
import { Link } from "@remix-run/react";
import { BOOKING_TEXTS, CONFIRMATION_TEXTS } from "~/domain/booking-texts";

export type ConfirmedBooking = {
  id: string;
  facts: Array<[label: string, value: string]>;
  email: string;
  icsHref: string;
};

export function BookingConfirmation({ bookings, signedIn }: { bookings: ConfirmedBooking[]; signedIn: boolean }) {
  return (
    <div className="card account-card booking-confirmation" data-testid="booking-confirmation">
      <h1 id="page-heading">{CONFIRMATION_TEXTS.title}</h1>
      <ul className="confirmed-list">
        {bookings.map((booking) => (
          <li key={booking.id} className="confirmed-booking" data-testid="confirmed-booking">
            <dl className="confirmed-facts">
              {booking.facts.map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            <p>{CONFIRMATION_TEXTS.mailOnItsWay(booking.email)}</p>
            <p>
              {/* A plain link: the file comes from the server, with JavaScript or without. */}
              <a href={booking.icsHref} className="button secondary" download>
                {CONFIRMATION_TEXTS.icsLink}
              </a>
            </p>
          </li>
        ))}
      </ul>
      <p className="confirmed-binding">{BOOKING_TEXTS.bindingReminder}</p>
      {signedIn ? (
        <p>
          {CONFIRMATION_TEXTS.laterSignedIn}{" "}
          <Link to="/mina-bokningar/lista">{CONFIRMATION_TEXTS.toList}</Link>
        </p>
      ) : (
        <p>{CONFIRMATION_TEXTS.later}</p>
      )}
    </div>
  );
}
