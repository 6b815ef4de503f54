/**
 * The change buttons of a session card on an admin list: 'Redigera', and the
 * destructive changes, each behind its confirmation (ChangeConfirm). Which
 * ones a list offers is the list's choice.
 */
import { BOOKING_CANCEL, SESSION_CHANGES, type SessionChange } from "~/domain/admin-texts";
import { ChangeConfirm } from "./change-confirm";
import { EditSessionButton } from "./session-edit-form";

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

/** 'Avboka' for one booking in the confirmed list's booking info. */
export function CancelBookingButton({ bookingId, returnTo }: { bookingId: string; returnTo: string }) {
  return (
    <ChangeConfirm
      action={`/admin/bokning/${bookingId}`}
      intent="cancel-booking"
      returnTo={returnTo}
      label={BOOKING_CANCEL.button}
      question={BOOKING_CANCEL.question}
      confirmHref={`/admin/bokning/${bookingId}?tillbaka=${encodeURIComponent(returnTo)}`}
    />
  );
}
