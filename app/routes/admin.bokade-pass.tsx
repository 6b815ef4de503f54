/**
 * /admin/bokade-pass ('Pass blir av'): private sessions with a booking and
 * group sessions with 3+ participants, each with its confirmed bookings
 * behind 'Visa/Dölj Bokningsinfo' (a <details>, so it opens without JavaScript).
 */
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { BookingInfo } from "~/components/admin-booking-info";
import { AttendeeLinks } from "~/components/attendee-links";
import { AdminSessionCard } from "~/components/admin-session-card";
import { AdminSessionList, listPageHref } from "~/components/admin-session-list";
import { CancelBookingButton, SessionChangeButtons } from "~/components/session-change-buttons";
import { ADMIN_EMAIL_TEXTS, ADMIN_LIST_TEXTS } from "~/domain/admin-texts";
import { listConfirmedSessions } from "~/server/admin/admin-sessions.server";
import { adminListLoader } from "~/server/admin/admin-list-loader.server";

const TEXTS = ADMIN_LIST_TEXTS.confirmed;

export const meta: MetaFunction = () => [{ title: `${TEXTS.title} – Admin – Hundpass` }];

export const loader = adminListLoader("/admin/bokade-pass", listConfirmedSessions);

/** The e-mail composer, for one booking's customer or all of a session's, coming back to `here`. */
const messageHref = (to: { bokning: string } | { pass: string }, here: string) =>
  `/admin/epost?${new URLSearchParams({ ...to, tillbaka: here })}`;

export default function ConfirmedSessions() {
  const { sessions, toast, page, pageCount } = useLoaderData<typeof loader>();
  const here = listPageHref("/admin/bokade-pass", page);
  return (
    <AdminSessionList
      title={TEXTS.title}
      empty={TEXTS.empty}
      sessions={sessions}
      toast={toast}
      page={page}
      pageCount={pageCount}
      renderCard={(session) => (
        <AdminSessionCard
          session={session}
          actions={
            <SessionChangeButtons sessionId={session.id} edit changes={["release", "cancel"]} returnTo={here} />
          }
        >
          <details className="admin-booking-info">
            <summary>{ADMIN_LIST_TEXTS.bookingInfo}</summary>
            {session.bookings.length === 0 ? (
              <p>{ADMIN_LIST_TEXTS.noBookings}</p>
            ) : (
              <ul className="booking-list">
                {session.bookings.map((booking) => (
                  <li key={booking.id}>
                    <BookingInfo booking={booking} />
                    <div className="button-row">
                      <Link to={messageHref({ bokning: booking.id }, here)} className="button secondary">
                        {ADMIN_EMAIL_TEXTS.emailOne}
                      </Link>
                      <CancelBookingButton booking={booking} returnTo={here} />
                    </div>
                  </li>
                ))}
              </ul>
            )}
            {session.bookings.length > 1 ? (
              <p>
                <Link to={messageHref({ pass: String(session.id) }, here)} className="button secondary">
                  {ADMIN_EMAIL_TEXTS.emailAll}
                </Link>
              </p>
            ) : null}
            {session.bookings.length > 0 ? <AttendeeLinks sessionId={session.id} returnTo={here} /> : null}
          </details>
        </AdminSessionCard>
      )}
    />
  );
}
