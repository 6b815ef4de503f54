/**
 * The one way inputs are drawn: label, control, and the Swedish error list
 * wired together with id, aria-invalid and aria-describedby. Takes conform's
 * props as they come (their React `key` is dropped here).
 */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { useActionData } from "@remix-run/react";
import { Children, isValidElement, useId } from "react";

export type ListOfErrors = Array<string | null | undefined> | null | undefined;

/** Props as conform's getInputProps & co. give them: with a React `key`, which must not be spread. */
type ControlProps<T> = T & { key?: string | number | null };

function withoutKey<T extends { key?: unknown }>(props: T): Omit<T, "key"> {
  const { key: _key, ...rest } = props;
  return rest;
}

/** Input types HTML allows length limits and a pattern on. */
const TEXT_LIKE = new Set(["text", "email", "password", "search", "tel", "url"]);

/**
 * A schema's length and pattern constraints as HTML allows them: on text-like
 * inputs only (a date, time, number or radio input drops them; the schema
 * still checks them on both sides).
 */
function nativeInputProps<T extends InputHTMLAttributes<HTMLInputElement>>(props: T): T {
  if (TEXT_LIKE.has(props.type ?? "text")) return props;
  return { ...props, minLength: undefined, maxLength: undefined, pattern: undefined };
}

/**
 * A select whose first option is a real value always sends one, and HTML
 * forbids `required` on it (the first option of a required select must be an
 * empty placeholder); the schema still checks the value.
 */
function nativeSelectProps<T extends SelectHTMLAttributes<HTMLSelectElement>>(props: T, children: ReactNode): T {
  if (!props.required) return props;
  const first = Children.toArray(children)[0];
  const firstValue = isValidElement<{ value?: unknown }>(first) ? first.props.value : undefined;
  return firstValue === "" || firstValue === undefined ? props : { ...props, required: undefined };
}

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

type FieldIds = ReturnType<typeof useFieldIds>;

/** Label, optional hint, the control and its errors, wired by shared ids. */
function FieldShell({
  label,
  errors,
  hint,
  className,
  controlId,
  control,
}: FieldShellProps & { controlId: string | undefined; control: (ids: FieldIds) => ReactNode }) {
  const ids = useFieldIds(controlId, errors, hint);
  return (
    <div className={["field", className].filter(Boolean).join(" ")}>
      <label htmlFor={ids.id}>{label}</label>
      {hint ? (
        <p id={ids.hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {control(ids)}
      <ErrorList id={ids.errorId} errors={errors} />
    </div>
  );
}

export function Field({
  inputProps,
  ...shell
}: FieldShellProps & { inputProps: ControlProps<InputHTMLAttributes<HTMLInputElement>> }) {
  return (
    <FieldShell
      {...shell}
      controlId={inputProps.id}
      control={(ids) => (
        <input
          {...nativeInputProps(withoutKey(inputProps))}
          id={ids.id}
          aria-invalid={ids.invalid}
          aria-describedby={ids.describedBy}
        />
      )}
    />
  );
}

export function TextareaField({
  textareaProps,
  ...shell
}: FieldShellProps & { textareaProps: ControlProps<TextareaHTMLAttributes<HTMLTextAreaElement>> }) {
  return (
    <FieldShell
      {...shell}
      controlId={textareaProps.id}
      control={(ids) => (
        <textarea {...withoutKey(textareaProps)} id={ids.id} aria-invalid={ids.invalid} aria-describedby={ids.describedBy} />
      )}
    />
  );
}

export function SelectField({
  selectProps,
  children,
  ...shell
}: FieldShellProps & { selectProps: ControlProps<SelectHTMLAttributes<HTMLSelectElement>>; children: ReactNode }) {
  return (
    <FieldShell
      {...shell}
      controlId={selectProps.id}
      control={(ids) => (
        <select
          {...nativeSelectProps(withoutKey(selectProps), children)}
          id={ids.id}
          aria-invalid={ids.invalid}
          aria-describedby={ids.describedBy}
        >
          {children}
        </select>
      )}
    />
  );
}

export function CheckboxField({
  label,
  errors,
  className,
  inputProps,
}: Omit<FieldShellProps, "hint"> & { inputProps: ControlProps<InputHTMLAttributes<HTMLInputElement>> }) {
  const ids = useFieldIds(inputProps.id, errors, null);
  return (
    <div className={["field checkbox-field", className].filter(Boolean).join(" ")}>
      <input
        {...withoutKey(inputProps)}
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

/** How much older than the page's own stamp a posted one may be and still be kept (well inside the server's 24 h). */
const KEEP_POSTED_STAMP_MS = 36e5;

/**
 * The fill-time stamp a page's form carries: the one it was first given.
 * When a post comes back with errors, the page is drawn again with a fresh
 * stamp, which would make the visitor who fixes one field and sends again at
 * once wait the minimum fill time anew ('det gick lite för fort'); the stamp
 * the post carried (signed, checked again on the server) is kept instead.
 */
export function useFormStamp(renderedAt: string): string {
  const actionData = useActionData() as { result?: { initialValue?: Record<string, unknown> | null } } | undefined;
  const posted = actionData?.result?.initialValue?.form_rendered_at;
  if (typeof posted !== "string") return renderedAt;
  // A stamp is `<ms>.<signature>`.
  const age = parseInt(renderedAt) - parseInt(posted);
  return age > 0 && age <= KEEP_POSTED_STAMP_MS ? posted : renderedAt;
}

/**
 * Bot trap for forms without JavaScript: a field people never see nor fill
 * and the time the form was first rendered (checked on the server).
 */
export function HoneypotFields({ renderedAt }: { renderedAt: string }) {
  const stamp = useFormStamp(renderedAt);
  return (
    <div className="hp-field" aria-hidden="true">
      <label>
        Lämna detta fält tomt
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
      <input type="hidden" name="form_rendered_at" value={stamp} />
    </div>
  );
}
