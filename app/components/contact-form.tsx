/**
 * The message form of /om (contact) and /flurre (a question for the
 * trainers): name, e-mail and message with a length counter. A plain POST
 * form without JavaScript; with it, conform validates in the browser with the
 * same ContactSchema the server uses.
 */
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { ContactSchema, CONTACT_MESSAGE_MAX_LENGTH } from "~/domain/schemas/contact";
import { CharacterCounter } from "./character-counter";
import { ErrorList, Field, HoneypotFields, TextareaField, useFormStamp } from "./forms";

export function ContactForm({
  id,
  renderedAt,
  lastResult,
  defaultMessage = "",
  messageLabel = "Meddelande",
  submitLabel,
}: {
  id: string;
  renderedAt: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultMessage?: string;
  messageLabel?: string;
  submitLabel: string;
}) {
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue: { message: defaultMessage },
    constraint: getZodConstraint(ContactSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const initialMessage = String(lastResult?.initialValue?.message ?? defaultMessage);
  const [length, setLength] = useState(initialMessage.length);
  const navigation = useNavigation();
  const stamp = useFormStamp(renderedAt);
  const sending = navigation.state === "submitting" && navigation.formData?.get("form_rendered_at") === stamp;
  const counterId = `${id}-counter`;

  return (
    <Form method="post" className="message-form" {...getFormProps(form)}>
      <HoneypotFields renderedAt={renderedAt} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        label="Namn"
        errors={fields.name.errors}
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }}
      />
      <Field
        label="E-post"
        errors={fields.email.errors}
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
      />
      <TextareaField
        label={messageLabel}
        errors={fields.message.errors}
        textareaProps={{
          ...getTextareaProps(fields.message),
          rows: 6,
          onInput: (event) => setLength(event.currentTarget.value.length),
        }}
      />
      <CharacterCounter id={counterId} length={length} max={CONTACT_MESSAGE_MAX_LENGTH} />
      <button type="submit" className="button" disabled={sending}>
        {sending ? "Skickar..." : submitLabel}
      </button>
    </Form>
  );
}
