/**
 * A destructive admin change behind a confirmation. Without JavaScript it is
 * a link to the change's own confirmation page (which asks and posts); once
 * the page is hydrated it is a button that asks in a <dialog> and posts the
 * same form from there. Either way the change is one real form POST.
 */
import { ConfirmForm } from "./confirm-form";
import { ConfirmTrigger } from "./confirm-trigger";

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
  return (
    <ConfirmTrigger label={label} confirmHref={confirmHref} disabled={disabled}>
      {(close) => (
        <ConfirmForm
          action={action}
          intent={intent}
          returnTo={returnTo}
          question={question}
          label={label}
          onSubmit={close}
          cancel={
            <button type="button" className="button secondary" onClick={close}>
              Avbryt
            </button>
          }
        />
      )}
    </ConfirmTrigger>
  );
}
