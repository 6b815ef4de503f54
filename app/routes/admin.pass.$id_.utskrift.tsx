/**
 * /admin/pass/{id}/utskrift: the session's attendee list on paper. One table
 * (number, name, phone, dog, what they want to train, address or meeting
 * type, with payments on how each paid, the card that paid a booking when
 * one did, an empty box for attendance); the site's bar and every button are
 * left off the printout. 'Skriv ut' opens the print dialog with JavaScript;
 * without it the page says how.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useHydrated } from "~/components/use-hydrated";
import { adminReturnTo } from "~/domain/admin-return";
import { ATTENDEE_TEXTS as T, attendeeDog } from "~/domain/attendees";
import { CARD_BOOKING_TEXTS, cardPaidText } from "~/domain/cards/card-texts";
import { PAYMENT_TEXTS, paymentStatusLabel } from "~/domain/payment-status";
import { formatDateTime, formatTime } from "~/domain/time";
import { loadAttendees, sessionIdParam } from "~/server/admin/attendees.server";
import { requireAdmin } from "~/server/auth/signed-in-user.server";
import { noStoreHeaders } from "~/server/public/cache.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${T.heading}${data ? ` – ${data.session.title}` : ""} – Admin – Hundpass` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const id = sessionIdParam(params.id);
  const list = id === null ? null : await loadAttendees(context, id);
  if (!list) throw new Response(T.notFound, { status: 404 });
  const returnTo = adminReturnTo(new URL(request.url).searchParams.get("tillbaka"), "/admin/bokade-pass");
  return data(
    {
      session: {
        ...list.session,
        startLabel: formatDateTime(list.session.startTime),
      },
      attendees: list.attendees.map((a) => ({
        id: a.id,
        name: a.userName,
        phone: a.userPhone,
        email: a.userEmail,
        dog: attendeeDog(a),
        notes: a.specialNotes ?? "",
        where: a.homeAddress ?? a.meetingType ?? "",
        bookedAt: formatTime(a.createdAt),
        payment: a.payment ? paymentStatusLabel(a.payment) : "",
        card: a.card ? cardPaidText(a.card) : "",
      })),
      payments: list.payments,
      returnTo,
    },
    { headers: noStoreHeaders },
  );
}

export default function AttendeePrintView() {
  const { session, attendees, payments, returnTo } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const showWhere = attendees.some((a) => a.where !== "");
  // Paper is narrow: the card column only when a card paid one of the bookings.
  const showCard = attendees.some((a) => a.card !== "");
  return (
    <article className="admin-page attendee-print">
      <p className="admin-back no-print">
        <Link to={returnTo} className="back-link">
          ← {T.back}
        </Link>
      </p>
      <h1>{`${T.heading}: ${session.title}`}</h1>
      <p className="attendee-facts">
        {`${session.startLabel}, ${session.location}. ${T.participants(attendees.length, session.maxParticipants)}.`}
      </p>
      <p className="no-print">
        {hydrated ? (
          <button type="button" className="primary" onClick={() => window.print()}>
            {T.printButton}
          </button>
        ) : (
          <span className="field-hint">{T.printHint}</span>
        )}
      </p>
      {attendees.length === 0 ? (
        <p>{T.none}</p>
      ) : (
        <table className="attendee-table">
          <thead>
            <tr>
              <th scope="col">Nr</th>
              <th scope="col">Namn</th>
              <th scope="col">Telefon</th>
              <th scope="col">Hund</th>
              <th scope="col">Vad vill du träna?</th>
              {showWhere ? <th scope="col">Adress / möte</th> : null}
              {payments ? <th scope="col">{PAYMENT_TEXTS.column}</th> : null}
              {showCard ? <th scope="col">{CARD_BOOKING_TEXTS.usedLabel}</th> : null}
              <th scope="col">{T.present}</th>
            </tr>
          </thead>
          <tbody>
            {attendees.map((a, i) => (
              <tr key={a.id}>
                <td>{i + 1}</td>
                <td>
                  {a.name}
                  <span className="attendee-email">{a.email}</span>
                </td>
                <td>{a.phone}</td>
                <td>{a.dog}</td>
                <td>{a.notes}</td>
                {showWhere ? <td>{a.where}</td> : null}
                {payments ? <td data-testid="payment-status">{a.payment}</td> : null}
                {showCard ? <td data-testid="card-paid">{a.card}</td> : null}
                <td className="attendee-present">
                  <span aria-hidden="true">☐</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </article>
  );
}
