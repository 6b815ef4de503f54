/**
 * A destructive admin change behind a confirmation. Without JavaScript it is
 * a link to the change's own confirmation page (which asks and posts); once
 * the page is hydrated it is a button that asks in a <dialog> and posts the
 * same form from there. Either way the change is one real form POST.
 */
import { Link } from "@remix-run/react";
import { useRef } from "react";
import { ConfirmForm } from "./confirm-form";
import { useHydrated } from "./use-hydrated";

export function ChangeConfirm({
  action,
  intent,
  returnTo,
  label,
  question,
  confirmHref,
  disabled = false,
}: {
  /** Where the form posts, e.g. /admin/pass/12. */
  action: string;
  intent: string;
  returnTo: string;
  label: string;
  question: string;
  /** The confirmation page for visitors without JavaScript. */
  confirmHref: string;
  disabled?: boolean;
}) {
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);

  if (disabled) {
    return (
      <button type="button" className="button secondary" disabled>
        {label}
      </button>
    );
  }
  if (!hydrated) {
    return (
      <Link to={confirmHref} className="button secondary">
        {label}
      </Link>
    );
  }
  return (
    <>
      <button type="button" className="button secondary" onClick={() => dialog.current?.showModal()}>
        {label}
      </button>
      <dialog ref={dialog} className="confirm-dialog" aria-label={label}>
        <ConfirmForm
          action={action}
          intent={intent}
          returnTo={returnTo}
          question={question}
          label={label}
          onSubmit={() => dialog.current?.close()}
          cancel={
            <button type="button" className="button secondary" onClick={() => dialog.current?.close()}>
              Avbryt
            </button>
          }
        />
      </dialog>
    </>
  );
}
