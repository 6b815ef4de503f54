/**
 * /mina-bokningar/lista: the signed-in customer's own bookings, and nobody
 * else's: the query is bound to the session's e-mail. Upcoming (confirmed,
 * not started) and past (started) as expandable cards built from the
 * booking's snapshot of its session, since a session may have been deleted.
 * Below them "Mina kort": the klippkort and presentkort whose code the
 * customer has, with what is left and their history (never the code).
 * No or an expired session answers 401 with 'Sessionen gick ut'.
 */
import {
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { SessionCountdown } from "~/components/countdown";
import { MyCards } from "~/components/my-cards";
import {
  BOOKING_STATUS_BADGE,
  BOOKING_STATUS_LABEL,
  splitBookings,
} from "~/domain/my-bookings";
import { myCardView } from "~/domain/cards/my-card-view";
import { paymentOf, paymentStatusLine, type PaymentColumns } from "~/domain/payment-status";
import { PAYMENT_TEXTS } from "~/domain/payment-texts";
import { formatKr } from "~/domain/price";
import { PRIVACY_TEXTS } from "~/domain/privacy";
import {
  formatDateTime,
  formatDayHeading,
  formatSessionDate,
  formatTimeRange,
  stockholmDayKey,
} from "~/domain/time";
import { requireCustomer } from "~/server/auth/signed-in-user.server";
import { loadMyBookings } from "~/server/auth/my-bookings.server";
import accountStyles from "~/styles/account.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: MetaFunction = () => [{ title: "Mina bokningar – Hundpass" }, { name: "robots", content: "noindex" }];

// Personal data: never kept by a shared cache or the back/forward cache.
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCustomer(context, request);
  const now = Date.now();
  const mine = await loadMyBookings(context, user.email, new Date(now));
  const { upcoming, past, cancelled, awaitingPayment } = splitBookings(mine.bookings, new Date(now));
  return {
    email: user.email,
    awaitingPayment: withPriceText(awaitingPayment),
    upcoming: withPriceText(upcoming),
    past: withPriceText(past),
    cancelled: withPriceText(cancelled),
    cards: mine.cards.map((card) => myCardView(card, new Date(now))),
    remainingSeconds: Math.max(0, Math.floor((Date.parse(user.expiresAt) - now) / 1000)),
  };
}

/**
 * The price as the card shows it ('1 250 kr') and, with payments on, what
 * became of the payment ('Betald (kort), 450 kr', 'Återbetald, 450 kr'),
 * written here so the page needs no price code of its own.
 */
function withPriceText<T extends { priceSek: number } & Partial<PaymentColumns>>(
  bookings: T[],
): (T & { priceText: string | null; paymentText: string | null })[] {
  return bookings.map((booking) => {
    const payment = paymentOf(booking);
    return {
      ...booking,
      priceText: booking.priceSek > 0 ? formatKr(booking.priceSek) : null,
      paymentText: payment && payment.status !== "open" ? paymentStatusLine({ ...payment, refundError: null }) : null,
    };
  });
}

type Booking = Awaited<ReturnType<typeof loader>>["upcoming"][number];

export default function MyBookings() {
  const { email, awaitingPayment, upcoming, past, cancelled, cards, remainingSeconds } = useLoaderData<typeof loader>();
  return (
    <section className="account-page my-bookings" aria-labelledby="page-heading">
      <h1 id="page-heading">Mina bokningar</h1>
      <p className="muted">
        Bokningar för <strong>{email}</strong>
      </p>
      <SessionCountdown seconds={remainingSeconds} />

      {awaitingPayment.length ? (
        <>
          <h2 id="awaiting-heading">{PAYMENT_TEXTS.pendingCustomer}</h2>
          <p className="muted">{PAYMENT_TEXTS.pendingListNote}</p>
          <ul className="booking-list" aria-labelledby="awaiting-heading" data-testid="awaiting-payment-bookings">
            {awaitingPayment.map((booking) => (
              <BookingCard key={booking.id} booking={booking} />
            ))}
          </ul>
        </>
      ) : null}

      <h2 id="upcoming-heading">Kommande</h2>
      {upcoming.length ? (
        <ul className="booking-list" aria-labelledby="upcoming-heading" data-testid="upcoming-bookings">
          {upcoming.map((booking) => (
            <BookingCard key={booking.id} booking={booking} />
          ))}
        </ul>
      ) : (
        <p>Du har inga kommande bokningar.</p>
      )}

      {cancelled.length ? (
        <>
          <h2 id="cancelled-heading">Avbokade</h2>
          <ul className="booking-list" aria-labelledby="cancelled-heading" data-testid="cancelled-bookings">
            {cancelled.map((booking) => (
              <BookingCard key={booking.id} booking={booking} />
            ))}
          </ul>
        </>
      ) : null}

      <h2 id="past-heading">Tidigare</h2>
      {past.length ? (
        <ul className="booking-list" aria-labelledby="past-heading" data-testid="past-bookings">
          {past.map((booking) => (
            <BookingCard key={booking.id} booking={booking} />
          ))}
        </ul>
      ) : (
        <p>Du har inga tidigare bokningar.</p>
      )}

      <MyCards cards={cards} />

      <p>
        <Link to="/alla-popups" className="button secondary">
          Boka fler pass
        </Link>
      </p>

      <section className="my-data" aria-labelledby="my-data-heading">
        <h2 id="my-data-heading">{PRIVACY_TEXTS.heading}</h2>
        <p>{PRIVACY_TEXTS.intro}</p>
        <p className="button-row">
          {/* A plain link: the browser downloads the file. */}
          <a href="/mina-bokningar/mina-uppgifter.json" className="button secondary" download>
            {PRIVACY_TEXTS.download}
          </a>
          <Link to="/mina-bokningar/radera" className="button secondary">
            {PRIVACY_TEXTS.erase}
          </Link>
        </p>
      </section>
    </section>
  );
}

function BookingCard({ booking }: { booking: Booking }) {
  const dog = [booking.dogBreed, booking.dogAge].filter(Boolean).join(", ");
  return (
    <li>
      <details className="card booking-card" data-testid="booking-card">
        <summary>
          <span className="booking-title">{booking.sessionTitle}</span>
          <span className="booking-when">{formatSessionDate(booking.sessionStartTime)}</span>
          <span className={`badge ${BOOKING_STATUS_BADGE[booking.bookingStatus]}`}>
            {booking.bookingStatus === "pending" ? PAYMENT_TEXTS.pendingCustomer : BOOKING_STATUS_LABEL[booking.bookingStatus]}
          </span>
        </summary>
        <dl className="booking-facts">
          <dt>Tid</dt>
          <dd>
            {formatDayHeading(stockholmDayKey(booking.sessionStartTime))},{" "}
            {formatTimeRange(booking.sessionStartTime, booking.sessionEndTime)}
          </dd>
          <dt>Plats</dt>
          <dd>{booking.sessionLocation}</dd>
          <dt>Hund</dt>
          <dd>
            {booking.dogName}
            {dog ? ` (${dog})` : ""}
          </dd>
          {booking.meetingType ? (
            <>
              <dt>Mötesform</dt>
              <dd>{booking.meetingType}</dd>
            </>
          ) : null}
          {booking.homeAddress ? (
            <>
              <dt>Adress</dt>
              <dd>{booking.homeAddress}</dd>
            </>
          ) : null}
          {booking.variant ? (
            <>
              <dt>Variant</dt>
              <dd>{booking.variant === "proffs" ? "Proffs" : "Privat"}</dd>
            </>
          ) : null}
          {booking.priceText ? (
            <>
              <dt>Pris</dt>
              <dd>{booking.priceText}</dd>
            </>
          ) : null}
          {booking.paymentText ? (
            <>
              <dt>Betalning</dt>
              <dd>{booking.paymentText}</dd>
            </>
          ) : null}
          {booking.specialNotes ? (
            <>
              <dt>Vad vill du träna?</dt>
              <dd>{booking.specialNotes}</dd>
            </>
          ) : null}
          <dt>Bokad</dt>
          <dd>{formatDateTime(booking.createdAt)}</dd>
        </dl>
      </details>
    </li>
  );
}

export { CustomerErrorBoundary as ErrorBoundary } from "~/components/session-expired";
