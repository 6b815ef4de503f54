/**
 * 'Ställ mig i kö' on a full session's page: name, e-mail and dog. A plain
 * HTML form without JavaScript; with it, fields validate as you type.
 */
import type { SubmissionResult } from "@conform-to/react";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { WaitlistJoinSchema, WAITLIST_INTENT } from "~/domain/schemas/waitlist";
import { WAITLIST_TEXTS } from "~/domain/waitlist-texts";
import { FormErrors } from "./form-errors";
import { Field, HoneypotFields } from "./forms";

export function WaitlistForm({ lastResult, renderedAt }: { lastResult: SubmissionResult<string[]> | null | undefined; renderedAt: string }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "waitlist-form",
    lastResult: navigation.state === "idle" ? lastResult : null,
    constraint: getZodConstraint(WaitlistJoinSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: WaitlistJoinSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const submitting = navigation.state !== "idle" && navigation.formAction?.includes("?ko") === true;
  // Joined (the action redirected, so no result of its own came back): the fields empty, as a page loaded anew has them.
  const sent = useRef(false);
  useEffect(() => {
    if (submitting) sent.current = true;
    else if (sent.current && navigation.state === "idle") {
      sent.current = false;
      if (!lastResult) form.reset();
    }
  }, [submitting, navigation.state, lastResult, form]);
  return (
    <Form method="post" action="?ko" {...getFormProps(form)} className="booking-form waitlist-form">
      <FormErrors id="waitlist-form-errors" errors={form.errors} />
      <HoneypotFields renderedAt={renderedAt} />
      <input type="hidden" name="intent" value={WAITLIST_INTENT} />
      <Field
        key={fields.waitlist_name.key}
        label="Namn *"
        errors={fields.waitlist_name.errors}
        inputProps={{ ...getInputProps(fields.waitlist_name, { type: "text" }), autoComplete: "name" }}
      />
      <Field
        key={fields.waitlist_email.key}
        label="E-post *"
        errors={fields.waitlist_email.errors}
        inputProps={{ ...getInputProps(fields.waitlist_email, { type: "email" }), autoComplete: "email" }}
      />
      <Field
        key={fields.waitlist_dog_name.key}
        label="Hundens namn *"
        errors={fields.waitlist_dog_name.errors}
        inputProps={getInputProps(fields.waitlist_dog_name, { type: "text" })}
      />
      <button type="submit" className="primary" disabled={submitting}>
        {submitting ? WAITLIST_TEXTS.busy : WAITLIST_TEXTS.submit}
      </button>
    </Form>
  );
}
