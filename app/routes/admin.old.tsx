/**
 * /admin/old ('Alla pass'): every session, past and cancelled ones included,
 * with each one's bookings (cancelled ones marked) behind 'Visa/Dölj
 * Bokningsinfo': a link that opens one session's booking info (`?visa=ID`),
 * read with the page, so a page of 25 sessions stays light. The filters are a
 * GET form, so they live in the URL, work without JavaScript and come back
 * with the page's links (paging, and the `tillbaka` of the edit and e-mail
 * pages and of every change).
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { BookingInfo } from "~/components/admin-booking-info";
import { AttendeeLinks } from "~/components/attendee-links";
import { AdminSessionCard } from "~/components/admin-session-card";
import { AdminSessionList } from "~/components/admin-session-list";
import { Field, SelectField } from "~/components/forms";
import { Pager } from "~/components/pager";
import { CancelBookingButton, SessionChangeButtons } from "~/components/session-change-buttons";
import { ALL_SESSIONS_TEXTS as T } from "~/domain/admin-all-sessions-texts";
import { ADMIN_EMAIL_TEXTS, ADMIN_LIST_TEXTS, ADMIN_TEXTS } from "~/domain/admin-texts";
import {
  allSessionsHref,
  ALL_SESSIONS_PATH,
  parseAllSessionsFilters,
  PASS_TYPE_FILTERS,
  PERIOD_FILTERS,
  SEARCH_MAX_LENGTH,
  STATUS_FILTERS,
  type AllSessionsFilters,
} from "~/domain/all-sessions-filters";
import type { AllSessionsBookingView, AllSessionView } from "~/domain/all-sessions-view";
import { SERIES_TEXTS } from "~/domain/series";
import type { ToastView } from "~/domain/toast";
import { listAllSessions } from "~/server/admin/all-sessions.server";
import { requireAdmin } from "~/server/auth/signed-in-user.server";
import { noStoreHeaders } from "~/server/public/cache.server";

export const meta: MetaFunction = () => [{ title: `${T.title} – Admin – Hundpass` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const filters = parseAllSessionsFilters(new URL(request.url).searchParams);
  try {
    const page = await listAllSessions(context, filters, new Date());
    return data({ ...page, filters, toast: null as ToastView | null }, { headers: noStoreHeaders });
  } catch (error) {
    console.error(`${ALL_SESSIONS_PATH}: could not load sessions`, error);
    const toast: ToastView = { type: "error", title: ADMIN_TEXTS.errorTitle, description: ADMIN_TEXTS.loadSessionsFailed };
    const empty = { sessions: [] as AllSessionView[], total: 0, page: 1, pageCount: 1 };
    return data({ ...empty, filters, toast }, { headers: noStoreHeaders });
  }
}

export default function AllSessions() {
  const { sessions, total, page, pageCount, filters, toast } = useLoaderData<typeof loader>();
  const here = allSessionsHref(filters, page);
  return (
    <AdminSessionList
      title={T.title}
      empty={T.empty}
      sessions={sessions}
      toast={toast}
      header={
        <>
          <FilterForm key={here} filters={filters} />
          <p className="all-sessions-count" data-testid="result-count">
            {T.count(total)}
          </p>
        </>
      }
      footer={total > 0 ? <Pager page={page} pageCount={pageCount} href={(next) => allSessionsHref(filters, next)} /> : null}
      renderCard={(session) => <SessionCard session={session} filters={filters} page={page} />}
    />
  );
}

function FilterForm({ filters }: { filters: AllSessionsFilters }) {
  const options = T.options;
  return (
    <Form method="get" action={ALL_SESSIONS_PATH} className="all-sessions-filters" aria-label={T.filtersLabel}>
      <div className="all-sessions-fields">
        <SelectField label={T.passType} selectProps={{ id: "filter-typ", name: "typ", defaultValue: filters.typ }}>
          {PASS_TYPE_FILTERS.map((value) => (
            <option key={value} value={value}>
              {options.typ[value]}
            </option>
          ))}
        </SelectField>
        <SelectField label={T.period} selectProps={{ id: "filter-period", name: "period", defaultValue: filters.period }}>
          {PERIOD_FILTERS.map((value) => (
            <option key={value} value={value}>
              {options.period[value]}
            </option>
          ))}
        </SelectField>
        <SelectField label={T.status} selectProps={{ id: "filter-status", name: "status", defaultValue: filters.status }}>
          {STATUS_FILTERS.map((value) => (
            <option key={value} value={value}>
              {options.status[value]}
            </option>
          ))}
        </SelectField>
        <Field
          label={T.search}
          hint={T.searchHint}
          className="all-sessions-search"
          inputProps={{ id: "filter-q", name: "q", type: "search", defaultValue: filters.q, maxLength: SEARCH_MAX_LENGTH }}
        />
      </div>
      <div className="button-row">
        <button type="submit" className="primary">
          {T.submit}
        </button>
        <Link to={ALL_SESSIONS_PATH} className="button secondary">
          {T.reset}
        </Link>
      </div>
    </Form>
  );
}

function closedBadge(session: AllSessionView) {
  if (session.closed === null) return undefined;
  const cancelled = session.closed === "cancelled";
  return (
    <span className={`badge ${cancelled ? "badge-red" : "badge-grey"}`} data-state={session.closed}>
      {cancelled ? T.cancelledSession : T.endedSession}
    </span>
  );
}

function bookingBadge(booking: AllSessionsBookingView) {
  if (booking.status === "confirmed") return undefined;
  return (
    <span className={`badge ${booking.status === "cancelled" ? "badge-red" : "badge-yellow"}`}>
      {T.bookingStatus[booking.status]}
    </span>
  );
}

function SessionCard({ session, filters, page }: { session: AllSessionView; filters: AllSessionsFilters; page: number }) {
  const here = allSessionsHref(filters, page);
  const back = encodeURIComponent(here);
  // A change made from the open booking info comes back to it, open.
  const hereOpen = allSessionsHref(filters, page, session.id);
  const backOpen = encodeURIComponent(hereOpen);
  const open = session.bookings !== null;
  const anchor = `bokningar-${session.id}`;
  return (
    <AdminSessionCard
      session={session}
      badge={closedBadge(session)}
      actions={
        <>
          {session.hasConfirmedBookings ? (
            <Link to={`/admin/epost?pass=${session.id}&tillbaka=${back}`} className="button secondary">
              {ADMIN_EMAIL_TEXTS.emailAll}
            </Link>
          ) : null}
          {session.series?.mailable ? (
            <Link to={`/admin/epost?serie=${session.series.id}&tillbaka=${back}`} className="button secondary">
              {SERIES_TEXTS.mailSeries}
            </Link>
          ) : null}
          <SessionChangeButtons
            sessionId={session.id}
            edit={session.closed !== "cancelled"}
            changes={session.changes}
            returnTo={here}
          />
        </>
      }
    >
      <div className="admin-booking-info" id={anchor}>
        {session.series ? <p className="series-note">{SERIES_TEXTS.seriesBadge(session.series.count)}</p> : null}
        {session.bookingCount === 0 ? (
          <p>{ADMIN_LIST_TEXTS.noBookings}</p>
        ) : (
          <Link
            to={`${open ? here : hereOpen}#${anchor}`}
            preventScrollReset
            className="booking-info-toggle"
            data-open={open ? "true" : "false"}
          >
            {ADMIN_LIST_TEXTS.bookingInfo} ({T.bookingCount(session.bookingCount)})
          </Link>
        )}
        {session.bookings ? (
          <ul className="booking-list">
            {session.bookings.map((booking) => (
              <li key={booking.id} data-status={booking.status}>
                <BookingInfo booking={booking} badge={bookingBadge(booking)} />
                {booking.status === "confirmed" ? (
                  <div className="card-actions">
                    <Link to={`/admin/epost?bokning=${booking.id}&tillbaka=${backOpen}`} className="button secondary">
                      {ADMIN_EMAIL_TEXTS.emailOne}
                    </Link>
                    <CancelBookingButton booking={booking} returnTo={hereOpen} />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {session.bookings && session.hasConfirmedBookings ? <AttendeeLinks sessionId={session.id} returnTo={hereOpen} /> : null}
      </div>
    </AdminSessionCard>
  );
}
