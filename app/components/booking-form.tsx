/**
 * The binding booking form of /session/{id}. A plain HTML form without
 * JavaScript; with it, fields validate as you type, contact details are
 * remembered for next time, and the submit button waits for the terms.
 */
import type { SubmissionResult } from "@conform-to/react";
import { getCollectionProps, getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { BOOKING_TEXTS } from "~/domain/booking-texts";
import { CARD_CODE_FIELD_TEXTS } from "~/domain/cards/card-code-field";
import { VARIANT_PRICES } from "~/domain/constants";
import { formatKr } from "~/domain/price";
import { createBookingSchema, MEETING_TYPES, type BookingFormDefaults, type BookingFormValues, type BookingRules } from "~/domain/schemas/booking";
import { GROUP_RULE } from "~/domain/group-rule-texts";
import { MESSAGES, sameEmail } from "~/domain/schemas/common";
import { SESSION_SNAPSHOT_FIELD } from "~/domain/session-snapshot-field";
import type { ToastView } from "~/domain/toast";
import { FormErrors } from "./form-errors";
import { CheckboxField, ErrorList, Field, HoneypotFields, SelectField, TextareaField } from "./forms";
import { Toaster } from "./toaster";
import { useHydrated } from "./use-hydrated";

/** Remembered in the browser for the next booking (spec section 3). */
const REMEMBERED_FIELDS = ["user_name", "user_phone", "dog_name", "dog_breed", "dog_age"] as const;
const STORAGE_KEY = "hundpass:booking-contact";

function readRemembered(): Partial<Record<(typeof REMEMBERED_FIELDS)[number], string>> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? "{}");
    if (!parsed || typeof parsed !== "object") return {};
    const out: Partial<Record<(typeof REMEMBERED_FIELDS)[number], string>> = {};
    for (const name of REMEMBERED_FIELDS) {
      const value = (parsed as Record<string, unknown>)[name];
      if (typeof value === "string" && value.trim() !== "") out[name] = value.slice(0, 200);
    }
    return out;
  } catch {
    return {};
  }
}

function remember(formData: FormData) {
  try {
    const values: Record<string, string> = {};
    for (const name of REMEMBERED_FIELDS) {
      const value = formData.get(name);
      if (typeof value === "string" && value.trim() !== "") values[name] = value.trim();
    }
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(values));
  } catch {
    // Private mode or storage full: remembering is a nicety.
  }
}



/** The fields the error list names, in the form's order, by their short names. */
const SUMMARY_FIELDS = [
  ["user_name", "Namn"],
  ["user_email", "E-post"],
  ["user_email_confirm", "Bekräfta e-post"],
  ["user_phone", "Telefon"],
  ["dog_name", "Hundens namn"],
  ["dog_breed", "Ras"],
  ["dog_age", "Ålder"],
  ["meeting_type", "Mötestyp"],
  ["home_address", "Hemadress"],
  ["variant", "Variant"],
  ["special_notes", "Vad vill du träna?"],
  ["card_code", CARD_CODE_FIELD_TEXTS.short],
  ["terms", BOOKING_TEXTS.termsShort],
] as const;

/** Whether the form shows this field for the session (an extra field's error otherwise goes with the form's). */
function shownFor(name: (typeof SUMMARY_FIELDS)[number][0], rules: BookingRules, cardCode: boolean): boolean {
  if (name === "card_code") return cardCode;
  if (name === "meeting_type") return rules.requiresMeetingType;
  if (name === "home_address") return rules.requiresHomeAddress;
  if (name === "variant") return rules.requiresVariant;
  return true;
}

export function BookingForm({
  lastResult,
  toast: answerToast,
  rules,
  snapshot,
  renderedAt,
  idempotencyKey,
  isGroup,
  defaultValue,
  fixedEmail,
  paymentNote,
  cardCode = false,
}: {
  /** The action's answer to the last post (errors and the values sent). */
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** The action's toast (a refused booking), shown again for every answer. */
  toast: ToastView | null | undefined;
  rules: BookingRules;
  /** The session as this page shows it (SESSION_SNAPSHOT_FIELD). */
  snapshot: string;
  renderedAt: string;
  idempotencyKey: string;
  isGroup: boolean;
  /** Values to start from. */
  defaultValue?: BookingFormDefaults;
  /** The address the booking must use (a waitlist hold's): shown, not editable. */
  fixedEmail?: string;
  /** While the site takes payment at booking: what happens when the form is sent (payment-texts.ts, paymentNote). */
  paymentNote?: string | null;
  /** Whether the form takes a klippkort's or presentkort's code (a session with a price). */
  cardCode?: boolean;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const schema = useMemo(() => createBookingSchema(rules), [rules]);
  const [form, fields] = useForm<BookingFormValues>({
    id: "booking-form",
    lastResult: navigation.state === "idle" ? lastResult : null,
    defaultValue: fixedEmail ? { ...defaultValue, user_email: fixedEmail, user_email_confirm: fixedEmail } : defaultValue,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onSubmit(_event, { formData, submission }) {
      if (submission?.status === "success") remember(formData);
    },
  });

  // Fill remembered contact details into empty fields once, after hydration.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const saved = readRemembered();
    const formElement = document.forms.namedItem(form.id);
    for (const name of REMEMBERED_FIELDS) {
      const value = saved[name];
      const input = formElement?.elements.namedItem(name);
      if (value && input instanceof HTMLInputElement && input.value === "") {
        form.update({ name, value });
      }
    }
  }, [form]);

  // The box as the page shows it: coming back to the page (Back from the payment page) the browser may put it back
  // ticked, with the rest of the form, before the form's state has seen a change; read once drawn, then on each change.
  const [termsAccepted, setTermsAccepted] = useState(false);
  useEffect(() => {
    const box = document.getElementById(fields.terms.id);
    setTermsAccepted(box instanceof HTMLInputElement && box.checked);
  }, [fields.terms.id, fields.terms.key]);
  const waitingForTerms = hydrated && !termsAccepted;
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";

  // Toasts: the server's (booking errors, mismatch without JS) and the
  // e-mail mismatch found while typing.
  const [toast, setToast] = useState<ToastView | null>(answerToast ?? null);
  useEffect(() => {
    if (answerToast) setToast(answerToast);
  }, [answerToast]);
  const mismatch = fields.user_email_confirm.errors?.includes(MESSAGES.emailMismatch) ?? false;
  useEffect(() => {
    if (mismatch) setToast({ type: "error", title: MESSAGES.emailMismatch });
  }, [mismatch]);
  // And again at every send the mismatch stops, as each answer without JavaScript says it.
  const formProps = getFormProps(form);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    const data = new FormData(event.currentTarget);
    const [email, confirm] = ["user_email", "user_email_confirm"].map((name) => String(data.get(name) ?? "").trim());
    if (email && confirm && !sameEmail(email, confirm)) setToast({ type: "error", title: MESSAGES.emailMismatch });
  };

  // Errors of fields this session does not show (only a hand-made post has them) go on top too.
  const formErrors = [
    ...(form.errors ?? []),
    ...(fields.idempotency_key.errors ?? []),
    ...(rules.requiresHomeAddress ? [] : (fields.home_address.errors ?? [])),
    ...(rules.requiresMeetingType ? [] : (fields.meeting_type.errors ?? [])),
    ...(rules.requiresVariant ? [] : (fields.variant.errors ?? [])),
    ...(cardCode ? [] : (fields.card_code.errors ?? [])),
  ];
  const input = (field: Parameters<typeof getInputProps>[0], type: "text" | "email" | "tel") =>
    getInputProps(field, { type });

  // Every field error the server answered, listed at the top of the form and linked to its field: without
  // JavaScript the answer is a new page, and the fields are below the fold. The list keeps only errors still standing.
  const answered = navigation.state === "idle" ? lastResult : null;
  const summary = SUMMARY_FIELDS.filter(([name]) => shownFor(name, rules, cardCode) && (answered?.error?.[name]?.length ?? 0) > 0).flatMap(([name, label]) => {
    const field = fields[name];
    const errors = field.errors?.filter(Boolean) ?? [];
    return errors.length ? [{ name, label, href: `#${name === "variant" ? `${field.id}-privat` : field.id}`, errors }] : [];
  });
  const summaryRef = useRef<HTMLDivElement>(null);
  const hasErrors = summary.length > 0 || formErrors.length > 0;
  // With JavaScript the answer arrives without a new page: bring the list into view once per answer, as the page's
  // autofocus does without it (never again while the visitor types).
  const focusedAnswer = useRef<unknown>(null);
  useEffect(() => {
    if (!answered || !hasErrors || focusedAnswer.current === answered) return;
    focusedAnswer.current = answered;
    summaryRef.current?.focus();
  }, [answered, hasErrors]);

  return (
    <>
      <Toaster toast={toast} />
      <Form method="post" {...formProps} onSubmit={onSubmit} className="booking-form" aria-describedby={formErrors.length ? "booking-form-errors" : undefined}>
        {hasErrors ? (
          <div
            ref={summaryRef}
            className="error-summary"
            data-testid="error-summary"
            tabIndex={-1}
            // Without JavaScript the page opens here, not at its top.
            autoFocus
            aria-labelledby={summary.length ? "booking-form-summary" : undefined}
          >
            <FormErrors id="booking-form-errors" errors={formErrors} />
            {summary.length ? (
              <>
                <p id="booking-form-summary" className="error-summary-title">
                  {BOOKING_TEXTS.errorSummary}
                </p>
                <ul className="error-summary-list">
                  {summary.map(({ name, label, href, errors }) => (
                    <li key={name}>
                      <a href={href}>
                        {label}: {errors.join(" ")}
                      </a>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        ) : null}
        <HoneypotFields renderedAt={renderedAt} />
        <input type="hidden" name="idempotency_key" value={idempotencyKey} />
        <input type="hidden" name={SESSION_SNAPSHOT_FIELD} value={snapshot} />

        <fieldset className="booking-fieldset">
          <legend>Dina uppgifter</legend>
          <Field
            key={fields.user_name.key}
            label="Namn *"
            errors={fields.user_name.errors}
            inputProps={{ ...input(fields.user_name, "text"), autoComplete: "name" }}
          />
          <Field
            key={fields.user_email.key}
            label="E-post *"
            errors={fields.user_email.errors}
            inputProps={{ ...input(fields.user_email, "email"), autoComplete: "email", readOnly: fixedEmail !== undefined }}
          />
          <Field
            key={fields.user_email_confirm.key}
            label="Bekräfta e-post *"
            errors={fields.user_email_confirm.errors}
            inputProps={{ ...input(fields.user_email_confirm, "email"), autoComplete: "email", readOnly: fixedEmail !== undefined }}
          />
          <Field
            key={fields.user_phone.key}
            label="Telefon *"
            errors={fields.user_phone.errors}
            inputProps={{ ...input(fields.user_phone, "tel"), autoComplete: "tel" }}
          />
        </fieldset>

        <fieldset className="booking-fieldset">
          <legend>Din hund</legend>
          <Field
            key={fields.dog_name.key}
            label="Hundens namn *"
            errors={fields.dog_name.errors}
            inputProps={input(fields.dog_name, "text")}
          />
          <div className="field-row">
            <Field
              key={fields.dog_breed.key}
              label="Ras"
              hint="T.ex. tax eller blandras"
              errors={fields.dog_breed.errors}
              inputProps={input(fields.dog_breed, "text")}
            />
            <Field
              key={fields.dog_age.key}
              label="Ålder"
              hint="T.ex. 2 år eller 10 veckor"
              errors={fields.dog_age.errors}
              inputProps={input(fields.dog_age, "text")}
            />
          </div>
        </fieldset>

        {rules.requiresMeetingType ? (
          <fieldset className="booking-fieldset">
            <legend>Mötet</legend>
            <SelectField
              key={fields.meeting_type.key}
              label="Mötestyp *"
              errors={fields.meeting_type.errors}
              selectProps={getSelectProps(fields.meeting_type)}
            >
              <option value="">Välj mötestyp</option>
              {MEETING_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </SelectField>
            <p className="booking-warning" data-testid="meeting-type-warning">
              {BOOKING_TEXTS.meetingTypeWarning}
            </p>
          </fieldset>
        ) : null}

        {rules.requiresHomeAddress ? (
          <TextareaField
            key={fields.home_address.key}
            label="Hemadress *"
            hint="Gatuadress, postnummer och ort – hit kommer vi."
            errors={fields.home_address.errors}
            textareaProps={{ ...getTextareaProps(fields.home_address), rows: 2, autoComplete: "street-address" }}
          />
        ) : null}

        {rules.requiresVariant ? <VariantChoice field={fields.variant} /> : null}

        <TextareaField
          key={fields.special_notes.key}
          label="Vad vill du träna?"
          hint="Berätta gärna om er hund och vad ni vill bli bättre på (högst 500 tecken)."
          errors={fields.special_notes.errors}
          textareaProps={{ ...getTextareaProps(fields.special_notes), rows: 4 }}
        />

        {cardCode ? (
          <Field
            key={fields.card_code.key}
            label={CARD_CODE_FIELD_TEXTS.label}
            hint={CARD_CODE_FIELD_TEXTS.hint}
            errors={fields.card_code.errors}
            inputProps={{ ...input(fields.card_code, "text"), autoComplete: "off", autoCapitalize: "characters", spellCheck: false }}
          />
        ) : null}

        {isGroup ? (
          <p className="booking-info">{GROUP_RULE}</p>
        ) : null}

        <CheckboxField
          key={fields.terms.key}
          label={BOOKING_TEXTS.termsLabel}
          errors={fields.terms.errors}
          className="booking-terms"
          inputProps={{
            ...getInputProps(fields.terms, { type: "checkbox", value: "on" }),
            onChange: (event) => setTermsAccepted(event.currentTarget.checked),
          }}
        />

        {paymentNote ? (
          <p className="booking-info" data-testid="payment-note">
            {paymentNote}
          </p>
        ) : null}

        <button
          type="submit"
          className="primary booking-submit"
          // Without JavaScript the button stays enabled and the server checks the terms.
          disabled={submitting || waitingForTerms}
          aria-describedby={waitingForTerms ? "booking-submit-hint" : undefined}
        >
          {submitting ? BOOKING_TEXTS.submitting : BOOKING_TEXTS.submit}
        </button>
        {waitingForTerms ? (
          <p id="booking-submit-hint" className="booking-submit-hint">
            {BOOKING_TEXTS.acceptTermsHint}
          </p>
        ) : null}
      </Form>
    </>
  );
}

function VariantChoice({ field }: { field: Parameters<typeof getCollectionProps>[0] }) {
  const errorId = field.errors?.length ? `${field.id}-error` : undefined;
  return (
    <fieldset className="booking-fieldset variant-choice" aria-describedby={errorId} aria-invalid={errorId ? true : undefined}>
      <legend>Variant *</legend>
      {getCollectionProps(field, { type: "radio", options: ["privat", "proffs"] }).map(({ key, ...props }) => (
        <label key={key} className="variant-option">
          <input {...props} />
          <span>
            {props.value === "privat" ? "Privat" : "Proffs"} – {formatKr(VARIANT_PRICES[props.value as keyof typeof VARIANT_PRICES])}
          </span>
        </label>
      ))}
      <ErrorList id={errorId} errors={field.errors} />
    </fieldset>
  );
}
