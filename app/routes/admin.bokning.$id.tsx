/**
 * /admin/bokning/{id}: 'Avboka' for one booking, behind a confirmation (this
 * page without JavaScript; a dialog on the list or the session's page with
 * it). The booking is kept as cancelled, its seat is given back and its
 * customer is mailed, once. A paid booking is refunded in full: the question
 * and the toast say how much goes back, and where.
 * With payments on, a refund of the booking that failed is retried from here
 * too (intent "retry-refund", posted from the session's payments).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ConfirmForm } from "~/components/confirm-form";
import { z } from "zod";
import { adminReturnTo } from "~/domain/admin-return";
import { ADMIN_TOASTS, BOOKING_CANCEL, bookingCancelledToast, bookingCancelQuestion } from "~/domain/admin-texts";
import { cancelRefundNote, staffRefundNote } from "~/domain/payment-status";
import { formatDateTime, formatTime } from "~/domain/time";
import { cancelBookingAsStaff, loadActiveBooking } from "~/server/admin/session-actions.server";
import { requireAdmin } from "~/server/auth/signed-in-user.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { handleForm, withIntents } from "~/server/forms/form-action.server";
import { retryRefundAsStaff } from "~/server/payments/staff-view.server";

export const meta: MetaFunction = () => [{ title: "Avboka – Admin – Hundpass" }, { name: "robots", content: "noindex" }];

const BOOKING_ID = /^[0-9a-f-]{36}$/i;

const ReturnTo = z.object({ returnTo: z.string().optional() });
const parseForms = withIntents({ "cancel-booking": ReturnTo, "retry-refund": ReturnTo });

const RETRIED = {
  refunded: ADMIN_TOASTS.refundSent,
  unchanged: ADMIN_TOASTS.refundSent,
  failed: ADMIN_TOASTS.refundFailedAgain,
  "not-failed": ADMIN_TOASTS.refundNotFailed,
} as const;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const returnTo = adminReturnTo(new URL(request.url).searchParams.get("tillbaka"), "/admin/bokade-pass");
  const id = params.id ?? "";
  const booking = BOOKING_ID.test(id) ? await loadActiveBooking(context, id) : null;
  if (!booking) throw await redirectWithToast(context, returnTo, ADMIN_TOASTS.bookingNotFound);
  return data(
    {
      booking: {
        id: booking.id,
        userName: booking.userName,
        dogName: booking.dogName,
        sessionTitle: booking.sessionTitle,
        sessionStartTime: booking.sessionStartTime,
        sessionEndTime: booking.sessionEndTime,
        sessionLocation: booking.sessionLocation,
      },
      // What Avboka pays back: a paid booking's full amount, the way it was paid.
      refundNote: cancelRefundNote(booking.payment),
      returnTo,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action(args: ActionFunctionArgs) {
  const { request, params, context } = args;
  const user = await requireAdmin(context, request);
  const id = params.id ?? "";
  return handleForm(args, {
    // Behind the admin sign-in (checked above) and the cross-site POST check.
    botCheck: false,
    parse: parseForms,
    invalid: () => redirectWithToast(context, adminReturnTo(null, "/admin/bokade-pass"), ADMIN_TOASTS.bookingNotFound),
    async run(values) {
      const returnTo = adminReturnTo(values.returnTo, "/admin/bokade-pass");
      if (!BOOKING_ID.test(id)) return redirectWithToast(context, returnTo, ADMIN_TOASTS.bookingNotFound);
      const actor = { userId: user.userId, email: user.email };
      if (values.intent === "retry-refund") {
        try {
          return redirectWithToast(context, returnTo, RETRIED[await retryRefundAsStaff(context, actor, id)]);
        } catch (error) {
          console.error(`admin retry of the refund of booking ${id} failed`, error);
          return redirectWithToast(context, returnTo, ADMIN_TOASTS.refundFailedAgain);
        }
      }
      try {
        const outcome = await cancelBookingAsStaff(context, request, actor, id);
        if (outcome.status !== "done") return redirectWithToast(context, returnTo, ADMIN_TOASTS.bookingNotFound);
        const refund = outcome.refund ? staffRefundNote(outcome.refund.amountOre, outcome.refund.method) : null;
        return redirectWithToast(context, returnTo, bookingCancelledToast(refund));
      } catch (error) {
        console.error(`admin cancel of booking ${id} failed`, error);
        return redirectWithToast(context, returnTo, ADMIN_TOASTS.cancelBookingFailed);
      }
    },
  });
}

export default function AdminBookingCancel() {
  const { booking, returnTo, refundNote } = useLoaderData<typeof loader>();
  return (
    <section className="admin-page">
      <p>
        <Link to={returnTo}>Tillbaka</Link>
      </p>
      <h1>Avboka {booking.userName}</h1>
      <dl className="admin-facts">
        <dt>Pass</dt>
        <dd>{booking.sessionTitle}</dd>
        <dt>Tid</dt>
        <dd>
          {formatDateTime(booking.sessionStartTime)}–{formatTime(booking.sessionEndTime)}
        </dd>
        <dt>Plats</dt>
        <dd>{booking.sessionLocation}</dd>
        <dt>Hund</dt>
        <dd>{booking.dogName}</dd>
      </dl>
      <ConfirmForm
        intent="cancel-booking"
        returnTo={returnTo}
        question={bookingCancelQuestion(refundNote)}
        label={BOOKING_CANCEL.button}
        cancel={
          <Link to={returnTo} className="button secondary">
            Avbryt
          </Link>
        }
      />
    </section>
  );
}
