/**
 * /admin/pass/{id}: one session's page for staff, the lists' 'Öppna passet'.
 * It edits the session (intent "update", the lists' 'Redigera'; the lists'
 * edit dialog loads its values from this loader and posts here) and makes its destructive changes,
 * each behind a confirmation: without JavaScript the lists link here
 * (`?atgard=release`, `cancel` or `delete`) and this page asks and posts;
 * with JavaScript the lists ask in a dialog and post here all the same.
 * Every change is a real form POST, idempotent (a repeat changes and mails
 * nothing), and answered by a redirect with the spec's toast. Below the
 * session's facts, its confirmed bookings, each marked 'Påmind …' once its
 * reminder (24 h before the session) is queued and each with 'Avboka'
 * (posted to /admin/bokning/{id}, back to this page); then its queue and,
 * with payments on, its payments and sums.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type TypedResponse } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminSessionBookings } from "~/components/admin-session-bookings";
import { SessionPayments } from "~/components/session-payments";
import { ConfirmForm } from "~/components/confirm-form";
import { editSessionHref, SessionEditForm, type EditableSession } from "~/components/session-edit-form";
import { z } from "zod";
import { adminState } from "~/domain/availability";
import { ADMIN_TOASTS, EDIT_SESSION_TEXTS, SESSION_CHANGES, type SessionChange } from "~/domain/admin-texts";
import { toAdminRemindedBooking } from "~/domain/admin-session-view";
import { SessionFormSchema, type SessionFormValues } from "~/domain/schemas/session";
import { formatDateTime, formatTime } from "~/domain/time";
import { parseSessionId } from "~/server/booking/session-read.server";
import {
  cancelSessionAsStaff,
  deleteSessionAsStaff,
  loadSessionSummary,
  releaseSessionAsStaff,
  type StaffChangeOutcome,
} from "~/server/admin/session-actions.server";
import { editedFromMark, editFormValues, loadSessionForEdit, updateSessionAsStaff } from "~/server/admin/update-session.server";
import { loadSelectableLocations } from "~/server/content/site-content.server";
import { requireAdmin } from "~/server/auth/signed-in-user.server";
import { listSessionBookingsWithReminders } from "~/server/reminders/session-reminders.server";
import { handleForm, withIntents, type FormRefusal } from "~/server/forms/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { adminReturnTo } from "~/domain/admin-return";
import { takenWithHolds, toAdminQueue } from "~/domain/waitlist";
import { loadSessionQueue } from "~/server/waitlist/admin-queue.server";
import { loadSessionPayments } from "~/server/payments/staff-view.server";
import { sessionRefundNote, toSessionPaymentsView } from "~/domain/payment-status";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.session.title ?? "Pass"} – Admin – Hundpass` },
  { name: "robots", content: "noindex" },
];

/** The page's forms: the edit, and the three confirmed changes (each with the list to go back to). */
const ReturnTo = z.object({ returnTo: z.string().optional() });
const parseForms = withIntents({
  update: z.intersection(SessionFormSchema, ReturnTo),
  release: ReturnTo,
  cancel: ReturnTo,
  delete: ReturnTo,
});

function changeOf(value: string | null): SessionChange | null {
  return value === "release" || value === "cancel" || value === "delete" ? value : null;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const returnTo = adminReturnTo(url.searchParams.get("tillbaka"));
  const id = parseSessionId(params.id);
  const [session, stored, bookingRows, queue, money] =
    id === null
      ? [null, null, [], null, null]
      : await Promise.all([
          loadSessionSummary(context, id),
          loadSessionForEdit(context, id),
          listSessionBookingsWithReminders(context, id),
          loadSessionQueue(context, id),
          loadSessionPayments(context, id),
        ]);
  if (!session || !stored || !queue) throw await redirectWithToast(context, returnTo, ADMIN_TOASTS.notFound);
  const values = editFormValues(stored);
  const edit: EditableSession | null =
    stored.cancelledAt === null
      ? {
          id: stored.id,
          title: stored.title,
          editedFrom: editedFromMark(values),
          values,
          locations: await loadSelectableLocations(context, stored.location),
        }
      : null;
  return data(
    {
      session,
      edit,
      bookings: bookingRows.map(toAdminRemindedBooking),
      change: changeOf(url.searchParams.get("atgard")),
      returnTo,
      heldSeats: queue.heldSeats,
      queue: toAdminQueue(queue.entries, formatDateTime),
      payments: money ? toSessionPaymentsView(money.rows, money.money) : null,
      // What releasing or cancelling pays back: every paid booking, in full (docs/payments.md, "Refunds").
      refundNote: sessionRefundNote(money?.rows ?? []),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const FAILED: Record<SessionChange, (typeof ADMIN_TOASTS)[keyof typeof ADMIN_TOASTS]> = {
  release: ADMIN_TOASTS.releaseFailed,
  cancel: ADMIN_TOASTS.cancelFailed,
  delete: ADMIN_TOASTS.deleteFailed,
};
const DONE: Record<SessionChange, (typeof ADMIN_TOASTS)[keyof typeof ADMIN_TOASTS]> = {
  release: ADMIN_TOASTS.released,
  cancel: ADMIN_TOASTS.cancelled,
  delete: ADMIN_TOASTS.deleted,
};

export async function action(args: ActionFunctionArgs) {
  const { request, params, context } = args;
  const user = await requireAdmin(context, request);
  const actor = { userId: user.userId, email: user.email };
  const id = parseSessionId(params.id);
  const back = (returnTo: string | null | undefined, toast: (typeof ADMIN_TOASTS)[keyof typeof ADMIN_TOASTS]) =>
    redirectWithToast(context, adminReturnTo(returnTo ?? null), toast);
  return handleForm(args, {
    // Behind the admin sign-in (checked above) and the cross-site POST check.
    botCheck: false,
    parse: parseForms,
    // The edit form shows its errors; a confirmed change that does not parse has nothing to show.
    invalid: (_submission, { intent }) => (intent === "update" ? { toast: null } : back(null, ADMIN_TOASTS.notFound)),
    async run(values) {
      if (id === null) return back(values.returnTo, ADMIN_TOASTS.notFound);
      if (values.intent === "update") return saveEdit(args, actor, id, values);
      const { intent } = values;
      const run = { release: releaseSessionAsStaff, cancel: cancelSessionAsStaff, delete: deleteSessionAsStaff }[intent];
      let outcome: StaffChangeOutcome;
      try {
        outcome = await run(context, request, actor, id);
      } catch (error) {
        console.error(`admin ${intent} of session ${id} failed`, error);
        return back(values.returnTo, FAILED[intent]);
      }
      if (outcome.status === "not-found") return back(values.returnTo, ADMIN_TOASTS.notFound);
      if (outcome.status === "has-bookings") return back(values.returnTo, FAILED[intent]);
      return back(values.returnTo, DONE[intent]);
    },
  });
}

/** Saves the edit form: the spec's checks in the same form, 'Sparat!' back on the list it came from. */
async function saveEdit(
  { request, context }: ActionFunctionArgs,
  actor: { userId: string | null; email: string },
  id: number,
  { returnTo: back, intent: _intent, ...values }: SessionFormValues & { returnTo?: string; intent: "update" },
): Promise<TypedResponse<never> | FormRefusal> {
  const returnTo = adminReturnTo(back ?? null);
  let outcome;
  try {
    outcome = await updateSessionAsStaff(context, request, actor, id, values);
  } catch (error) {
    console.error(`admin: update of session ${id} failed`, error);
    return { status: 500, formErrors: [EDIT_SESSION_TEXTS.saveFailed] };
  }
  switch (outcome.status) {
    case "saved":
      return redirectWithToast(context, returnTo, ADMIN_TOASTS.saved);
    case "invalid":
      return { status: 400, fieldErrors: outcome.fieldErrors };
    case "session-cancelled":
      return { status: 409, formErrors: [EDIT_SESSION_TEXTS.sessionCancelled] };
    case "changed":
      return { status: 409, formErrors: [EDIT_SESSION_TEXTS.changed] };
    case "not-found":
      return redirectWithToast(context, returnTo, ADMIN_TOASTS.notFound);
    case "error":
      return { status: 503, formErrors: [EDIT_SESSION_TEXTS.saveFailed] };
  }
}

export default function AdminSessionPage() {
  const { session, edit, bookings, change, returnTo, heldSeats, queue, payments, refundNote } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const state = adminState(session);
  const link = (next: SessionChange) => `?atgard=${next}&tillbaka=${encodeURIComponent(returnTo)}`;
  // This page as the lists open it: where an Avboka from here comes back to.
  const here = editSessionHref(session.id, returnTo);
  const open = session.cancelledAt === null;
  const available = (["release", "cancel", "delete"] as const).filter((next) =>
    next === "release" ? open && session.currentParticipants > 0 : next === "cancel" ? open : !session.everBooked,
  );
  return (
    <section className="admin-page">
      <p>
        <Link to={returnTo}>Tillbaka</Link>
      </p>
      <h1>{session.title}</h1>
      <dl className="admin-facts">
        <dt>Tid</dt>
        <dd>
          {formatDateTime(session.startTime)}–{formatTime(session.endTime)}
        </dd>
        <dt>Plats</dt>
        <dd>{session.location}</dd>
        <dt>Deltagare</dt>
        <dd data-testid="participants">{takenWithHolds(session.currentParticipants, session.maxParticipants, heldSeats)}</dd>
        <dt>Status</dt>
        <dd>
          {session.cancelledAt !== null ? (
            <span className="badge badge-red">Inställt</span>
          ) : (
            <>
              <span className={`badge badge-${state.colour}`}>{state.label}</span>
              {state.note ? <span className="session-note"> {state.note}</span> : null}
            </>
          )}
        </dd>
      </dl>
      {/* First after the facts: the bookings, each with Avboka, are what staff most often come here for. */}
      <AdminSessionBookings bookings={bookings} returnTo={here} cancellable={open} />
      {queue.length > 0 ? (
        <section aria-labelledby="queue-heading" data-testid="waitlist">
          <h2 id="queue-heading">Kö</h2>
          {/* Wide on a phone: scrolled sideways (by keyboard too) instead of breaking words letter by letter. */}
          <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="queue-heading">
            <table className="mail">
              <thead>
                <tr>
                  <th scope="col">Plats</th>
                  <th scope="col">Namn</th>
                  <th scope="col">E-post</th>
                  <th scope="col">Hund</th>
                  <th scope="col">Status</th>
                  <th scope="col">Reserverad till</th>
                </tr>
              </thead>
              <tbody>
                {queue.map((entry) => (
                  <tr key={entry.id}>
                    <td>{entry.position ?? "–"}</td>
                    <td>{entry.name}</td>
                    <td>
                      <a href={`mailto:${entry.email}`}>{entry.email}</a>
                    </td>
                    <td>{entry.dogName}</td>
                    <td>{entry.statusLabel}</td>
                    <td>{entry.holdUntilLabel ?? "–"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
      {payments ? <SessionPayments payments={payments} returnTo={`/admin/pass/${session.id}`} /> : null}
      {edit && !change ? (
        <>
          <h2>{EDIT_SESSION_TEXTS.heading}</h2>
          <SessionEditForm
            session={edit}
            returnTo={returnTo}
            serverResult={actionData && "result" in actionData ? actionData.result : null}
            cancel={
              <Link to={returnTo} className="button secondary">
                {EDIT_SESSION_TEXTS.cancel}
              </Link>
            }
          />
          <h2>{EDIT_SESSION_TEXTS.changes}</h2>
        </>
      ) : null}
      {change && available.includes(change) ? (
        <ConfirmForm
          intent={change}
          returnTo={returnTo}
          question={change !== "delete" && refundNote ? `${SESSION_CHANGES[change].question} ${refundNote}` : SESSION_CHANGES[change].question}
          label={SESSION_CHANGES[change].button}
          cancel={
            <Link to={returnTo} className="button secondary">
              Avbryt
            </Link>
          }
        />
      ) : (
        <ul className="button-row" aria-label="Ändra passet">
          {available.map((next) => (
            <li key={next}>
              <Link to={link(next)} className="button secondary">
                {SESSION_CHANGES[next].button}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
