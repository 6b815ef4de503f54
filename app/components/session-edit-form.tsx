/**
 * Editing a session: the form (on /admin/pass/{id}, and in the lists' edit
 * dialog) and the lists' 'Redigera' button. The form is a real POST to
 * /admin/pass/{id} (intent "update"), so it works without JavaScript; with
 * it, it posts through a fetcher, so errors come back into the form where it
 * is (page or dialog) and a save follows the action's redirect with 'Sparat!'.
 * Without JavaScript 'Redigera' is a link to the session's page; with it, it
 * opens a <dialog> and fetches the form's values from that page's loader.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { EDIT_SESSION_TEXTS as T } from "~/domain/admin-texts";
import { SessionFormSchema, type SessionFormValues } from "~/domain/schemas/session";
import { FormErrors } from "./form-errors";
import { SessionFormFields, validateSessionForm, type SessionFormShape } from "./session-form-fields";
import { useHydrated } from "./use-hydrated";

/** What the form's action answers when it does not redirect. */
type EditActionData = { result: SubmissionResult<string[]> };

/** What /admin/pass/{id}'s loader gives the form. */
export interface EditableSession {
  id: number;
  title: string;
  /**
   * The mark of the session as shown: sent back with the form (a save over a
   * newer edit is refused), and the form's key, so a reopened form starts
   * from what is stored.
   */
  editedFrom: string;
  values: SessionFormShape;
  /** The places the form offers (its own place too, if inactive now). */
  locations: string[];
}

export const editSessionHref = (sessionId: number, returnTo: string) =>
  `/admin/pass/${sessionId}?tillbaka=${encodeURIComponent(returnTo)}`;

export function SessionEditForm({
  session,
  returnTo,
  serverResult,
  cancel,
}: {
  session: EditableSession;
  returnTo: string;
  /** The page's own action data (a post without JavaScript comes back as the page). */
  serverResult?: SubmissionResult<string[]> | null;
  /** The way out: a link back, or a button that closes the dialog. */
  cancel?: React.ReactNode;
}) {
  // The page's own URL, so a post without JavaScript that comes back with errors still knows where to return.
  const action = editSessionHref(session.id, returnTo);
  const fetcher = useFetcher<EditActionData>({ key: `edit-session-${session.id}` });
  const [form, fields] = useForm<SessionFormShape, SessionFormValues>({
    id: `edit-session-${session.id}`,
    lastResult: fetcher.state === "idle" ? (fetcher.data?.result ?? serverResult) : null,
    defaultValue: session.values,
    constraint: getZodConstraint(SessionFormSchema),
    onValidate: ({ formData }) => validateSessionForm(formData),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const submitting = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)} className="admin-form">
      <FormErrors errors={form.errors} />
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="returnTo" value={returnTo} />
      <input type="hidden" name="session_id" value={String(session.id)} />
      <input type="hidden" name="edited_from" value={session.editedFrom} />
      <p className="field-hint">{T.moveNotice}</p>
      <SessionFormFields form={form} fields={fields} locations={session.locations} />
      <div className="button-row">
        <button type="submit" className="primary admin-submit" disabled={submitting}>
          {submitting ? T.submitting : T.submit}
        </button>
        {cancel}
      </div>
    </fetcher.Form>
  );
}

/** 'Redigera' on a list's session card. */
export function EditSessionButton({ sessionId, returnTo }: { sessionId: number; returnTo: string }) {
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const loader = useFetcher<{ edit: EditableSession | null }>({ key: `edit-session-load-${sessionId}` });
  const location = useLocation();

  // A save redirects back here with its toast: the dialog closes on any navigation.
  useEffect(() => {
    dialog.current?.close();
  }, [location.key]);

  if (!hydrated) {
    return (
      <Link to={editSessionHref(sessionId, returnTo)} className="button secondary">
        {T.button}
      </Link>
    );
  }
  const edit = loader.data?.edit ?? null;
  const close = () => dialog.current?.close();
  return (
    <>
      <button
        type="button"
        className="button secondary"
        onClick={() => {
          dialog.current?.showModal();
          loader.load(`/admin/pass/${sessionId}`);
        }}
      >
        {T.button}
      </button>
      <dialog ref={dialog} className="confirm-dialog edit-dialog" aria-label={T.heading}>
        <h2>{T.heading}</h2>
        {edit && loader.state === "idle" ? (
          <SessionEditForm
            key={edit.editedFrom}
            session={edit}
            returnTo={returnTo}
            cancel={
              <button type="button" className="button secondary" onClick={close}>
                {T.cancel}
              </button>
            }
          />
        ) : (
          <p role="status">{T.loading}</p>
        )}
      </dialog>
    </>
  );
}
