/**
 * The change buttons of a session card on an admin list: 'Öppna passet' (the
 * session's own page: its bookings, payments and every change), 'Redigera',
 * and the destructive changes, each behind its confirmation (ChangeConfirm).
 * Which changes a list offers is the list's choice.
 */
import { Link } from "@remix-run/react";
import type { AdminBookingView } from "~/domain/admin-session-view";
import { BOOKING_CANCEL, bookingCancelQuestion, SESSION_CHANGES, SESSION_PAGE_TEXTS, type SessionChange } from "~/domain/admin-texts";
import { ChangeConfirm } from "./change-confirm";
import { EditSessionButton, editSessionHref } from "./session-edit-form";

export function SessionChangeButtons({
  sessionId,
  changes,
  returnTo,
  deleteDisabled = false,
  edit = false,
}: {
  sessionId: number;
  changes: readonly SessionChange[];
  /** The list the admin comes back to, e.g. /admin/bokade-pass. */
  returnTo: string;
  /** Spec: delete is disabled while the session has participants. */
  deleteDisabled?: boolean;
  /** 'Redigera' first. */
  edit?: boolean;
}) {
  return (
    <>
      <Link to={editSessionHref(sessionId, returnTo)} className="button secondary">
        {SESSION_PAGE_TEXTS.open}
      </Link>
      {edit ? <EditSessionButton sessionId={sessionId} returnTo={returnTo} /> : null}
      {changes.map((change) => (
        <ChangeConfirm
          key={change}
          action={`/admin/pass/${sessionId}`}
          intent={change}
          returnTo={returnTo}
          label={SESSION_CHANGES[change].button}
          question={SESSION_CHANGES[change].question}
          confirmHref={`/admin/pass/${sessionId}?atgard=${change}&tillbaka=${encodeURIComponent(returnTo)}`}
          disabled={change === "delete" && deleteDisabled}
        />
      ))}
    </>
  );
}

/** 'Avboka' for one booking (a list's booking info, the session's page); the question says what is paid back. */
export function CancelBookingButton({ booking, returnTo }: { booking: Pick<AdminBookingView, "id" | "refundNote">; returnTo: string }) {
  return (
    <ChangeConfirm
      action={`/admin/bokning/${booking.id}`}
      intent="cancel-booking"
      returnTo={returnTo}
      label={BOOKING_CANCEL.button}
      question={bookingCancelQuestion(booking.refundNote ?? null)}
      confirmHref={`/admin/bokning/${booking.id}?tillbaka=${encodeURIComponent(returnTo)}`}
    />
  );
}
