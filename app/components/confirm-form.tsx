/** The form that confirms a destructive admin change: the question, the change's button and a way out. */
import { Form, useNavigation } from "@remix-run/react";
import { useId, type ReactNode } from "react";

export function ConfirmForm({
  action,
  intent,
  returnTo,
  question,
  label,
  cancel,
  onSubmit,
}: {
  /** Where it posts; the current page when left out. */
  action?: string;
  intent: string;
  returnTo: string;
  question: string;
  label: string;
  /** The way out: a link back, or a button that closes a dialog. */
  cancel: ReactNode;
  onSubmit?: () => void;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && (action === undefined || navigation.formAction === action);
  // One per form: a list page renders a confirmation in every card's dialog.
  const questionId = `${useId()}-question`;
  return (
    <Form method="post" action={action} className="confirm-box" aria-labelledby={questionId} onSubmit={onSubmit}>
      <p id={questionId}>{question}</p>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <div className="button-row">
        <button type="submit" className="button danger" disabled={busy}>
          {label}
        </button>
        {cancel}
      </div>
    </Form>
  );
}
