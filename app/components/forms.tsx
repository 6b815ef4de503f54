/**
 * The one way inputs are drawn: label, control, and the Swedish error list
 * wired together with id, aria-invalid and aria-describedby.
 */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { useId } from "react";

export type ListOfErrors = Array<string | null | undefined> | null | undefined;

export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const messages = errors?.filter(Boolean);
  if (!messages?.length) return null;
  return (
    <ul id={id} className="field-errors">
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

interface FieldShellProps {
  label: ReactNode;
  errors?: ListOfErrors;
  hint?: ReactNode;
  className?: string;
}

function useFieldIds(explicitId: string | undefined, errors: ListOfErrors, hint: ReactNode) {
  const fallbackId = useId();
  const id = explicitId ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return { id, errorId, hintId, describedBy, invalid: errorId ? true : undefined };
}

export function Field({
  label,
  errors,
  hint,
  className,
  inputProps,
}: FieldShellProps & { inputProps: InputHTMLAttributes<HTMLInputElement> }) {
  const ids = useFieldIds(inputProps.id, errors, hint);
  return (
    <div className={["field", className].filter(Boolean).join(" ")}>
      <label htmlFor={ids.id}>{label}</label>
      {hint ? (
        <p id={ids.hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <input {...inputProps} id={ids.id} aria-invalid={ids.invalid} aria-describedby={ids.describedBy} />
      <ErrorList id={ids.errorId} errors={errors} />
    </div>
  );
}

export function TextareaField({
  label,
  errors,
  hint,
  className,
  textareaProps,
}: FieldShellProps & { textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> }) {
  const ids = useFieldIds(textareaProps.id, errors, hint);
  return (
    <div className={["field", className].filter(Boolean).join(" ")}>
      <label htmlFor={ids.id}>{label}</label>
      {hint ? (
        <p id={ids.hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <textarea {...textareaProps} id={ids.id} aria-invalid={ids.invalid} aria-describedby={ids.describedBy} />
      <ErrorList id={ids.errorId} errors={errors} />
    </div>
  );
}

export function SelectField({
  label,
  errors,
  hint,
  className,
  selectProps,
  children,
}: FieldShellProps & { selectProps: SelectHTMLAttributes<HTMLSelectElement>; children: ReactNode }) {
  const ids = useFieldIds(selectProps.id, errors, hint);
  return (
    <div className={["field", className].filter(Boolean).join(" ")}>
      <label htmlFor={ids.id}>{label}</label>
      {hint ? (
        <p id={ids.hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <select {...selectProps} id={ids.id} aria-invalid={ids.invalid} aria-describedby={ids.describedBy}>
        {children}
      </select>
      <ErrorList id={ids.errorId} errors={errors} />
    </div>
  );
}

export function CheckboxField({
  label,
  errors,
  className,
  inputProps,
}: Omit<FieldShellProps, "hint"> & { inputProps: InputHTMLAttributes<HTMLInputElement> }) {
  const ids = useFieldIds(inputProps.id, errors, null);
  return (
    <div className={["field checkbox-field", className].filter(Boolean).join(" ")}>
      <input
        {...inputProps}
        type="checkbox"
        id={ids.id}
        aria-invalid={ids.invalid}
        aria-describedby={ids.describedBy}
      />
      <label htmlFor={ids.id}>{label}</label>
      <ErrorList id={ids.errorId} errors={errors} />
    </div>
  );
}

/**
 * Bot trap for forms without JavaScript: a field people never see nor fill
 * and the time the form was rendered (checked on the server).
 */
export function HoneypotFields({ renderedAt }: { renderedAt: string }) {
  return (
    <div className="hp-field" aria-hidden="true">
      <label>
        Lämna detta fält tomt
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
      <input type="hidden" name="form_rendered_at" value={renderedAt} />
    </div>
  );
}
