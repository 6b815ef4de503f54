/**
 * A destructive admin change behind a confirmation. Without JavaScript it is
 * a link to the change's own confirmation page (which asks and posts); once
 * the page is hydrated it is a button that asks in a <dialog> and posts the
 * same form from there. Either way the change is one real form POST.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { useRef } from "react";
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
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === action;

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
      <dialog ref={dialog} className="confirm-box confirm-dialog" aria-label={label}>
        <Form method="post" action={action} onSubmit={() => dialog.current?.close()}>
          <p>{question}</p>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <div className="button-row">
            <button type="submit" className="button danger" disabled={busy}>
              {label}
            </button>
            <button type="button" className="button secondary" onClick={() => dialog.current?.close()}>
              Avbryt
            </button>
          </div>
        </Form>
      </dialog>
    </>
  );
}
