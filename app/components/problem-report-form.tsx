/**
 * The 'Felanmälan' form of /rapportera-problem. With JavaScript the name and
 * phone number are remembered in this browser for the next report (and the
 * message length is counted); without it, it is a plain POST form.
 */
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { PROBLEM_MESSAGE_MAX_LENGTH, ProblemReportSchema } from "~/domain/schemas/problem-report";
import { REPORT_TEXTS } from "~/domain/page-texts/report";
import { CharacterCounter } from "./character-counter";
import { ErrorList, Field, HoneypotFields, TextareaField, useFormStamp } from "./forms";

export const REMEMBERED_REPORTER_KEY = "hundpass:felanmalan";

type Remembered = { user_name?: string; user_phone?: string };

function readRemembered(): Remembered {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(REMEMBERED_REPORTER_KEY) ?? "{}");
    if (!parsed || typeof parsed !== "object") return {};
    const { user_name, user_phone } = parsed as Record<string, unknown>;
    return {
      user_name: typeof user_name === "string" ? user_name : undefined,
      user_phone: typeof user_phone === "string" ? user_phone : undefined,
    };
  } catch {
    // Private mode or a broken value: just start empty.
    return {};
  }
}

function remember(form: HTMLFormElement) {
  const data = new FormData(form);
  const value: Remembered = {
    user_name: String(data.get("user_name") ?? "").trim(),
    user_phone: String(data.get("user_phone") ?? "").trim(),
  };
  try {
    window.localStorage.setItem(REMEMBERED_REPORTER_KEY, JSON.stringify(value));
  } catch {
    // Storage full or blocked: remembering is a convenience only.
  }
}

export function ProblemReportForm({
  renderedAt,
  lastResult,
}: {
  renderedAt: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const [form, fields] = useForm({
    id: "problem-report",
    lastResult,
    constraint: getZodConstraint(ProblemReportSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProblemReportSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const formRef = useRef<HTMLFormElement>(null);
  const [length, setLength] = useState(String(lastResult?.initialValue?.message ?? "").length);
  const navigation = useNavigation();
  const stamp = useFormStamp(renderedAt);
  const sending = navigation.state === "submitting" && navigation.formData?.get("form_rendered_at") === stamp;

  useEffect(() => {
    const element = formRef.current;
    if (!element) return;
    const saved = readRemembered();
    for (const name of ["user_name", "user_phone"] as const) {
      const input = element.elements.namedItem(name);
      const value = saved[name];
      if (input instanceof HTMLInputElement && value && input.value === "") input.value = value;
    }
  }, []);

  const formProps = getFormProps(form);
  // A radio takes no `pattern` (HTML allows it on text-like inputs only); `required` says it all.
  const radioProps = (value: "yes" | "no") => ({
    ...getInputProps(fields.needs_help, { type: "radio", value }),
    id: undefined,
    pattern: undefined,
  });

  return (
    <Form
      method="post"
      className="message-form"
      ref={formRef}
      {...formProps}
      onSubmit={(event) => {
        remember(event.currentTarget);
        formProps.onSubmit(event);
      }}
    >
      <HoneypotFields renderedAt={renderedAt} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        label="Namn"
        errors={fields.user_name.errors}
        inputProps={{ ...getInputProps(fields.user_name, { type: "text" }), autoComplete: "name" }}
      />
      <div className="field-row">
        <Field
          label="E-post"
          errors={fields.user_email.errors}
          inputProps={{ ...getInputProps(fields.user_email, { type: "email" }), autoComplete: "email" }}
        />
        <Field
          label="Bekräfta e-post"
          errors={fields.user_email_confirm.errors}
          inputProps={{
            ...getInputProps(fields.user_email_confirm, { type: "email" }),
            autoComplete: "email",
          }}
        />
      </div>
      <Field
        label="Telefon"
        errors={fields.user_phone.errors}
        inputProps={{ ...getInputProps(fields.user_phone, { type: "tel" }), autoComplete: "tel" }}
      />
      <TextareaField
        label="Vad hände?"
        hint="Berätta vad du försökte göra, på vilken sida och vad som hände."
        errors={fields.message.errors}
        textareaProps={{
          ...getTextareaProps(fields.message),
          rows: 7,
          onInput: (event) => setLength(event.currentTarget.value.length),
        }}
      />
      <CharacterCounter id="problem-report-counter" length={length} max={PROBLEM_MESSAGE_MAX_LENGTH} />
      <fieldset
        className="field radio-group"
        aria-invalid={fields.needs_help.errors?.length ? true : undefined}
        aria-describedby={fields.needs_help.errors?.length ? fields.needs_help.errorId : undefined}
      >
        <legend>Vill du att vi kontaktar dig och hjälper dig?</legend>
        <label>
          <input {...radioProps("yes")} />{" "}
          Ja, kontakta mig
        </label>
        <label>
          <input {...radioProps("no")} />{" "}
          Nej, jag ville bara tipsa
        </label>
        <ErrorList id={fields.needs_help.errorId} errors={fields.needs_help.errors} />
      </fieldset>
      <button type="submit" className="button" disabled={sending}>
        {sending ? REPORT_TEXTS.sending : REPORT_TEXTS.submit}
      </button>
    </Form>
  );
}
