/**
 * The FAQ row form of /admin/flurre: question, answer and links, checked by
 * the same schema as the action (FlurreFaqSchema), posted as a real form
 * (intent "save"), so it works without JavaScript. It adds a row, edits one
 * (`editId`), or answers an unanswered question (`answering`: its row id and
 * how often it was asked; the question comes prefilled).
 */
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { FAQ_FORM_TEXTS as T } from "~/domain/admin-flurre-texts";
import { FAQ_ANSWER_MAX_LENGTH } from "~/domain/flurre-faq-links";
import { FlurreFaqSchema } from "~/domain/schemas/flurre-faq";
import { CharacterCounter } from "./character-counter";
import { FormErrors } from "./form-errors";
import { Field, TextareaField } from "./forms";
import { FormKeyField } from "./form-key-field";

/** The form's fields as strings (what the inputs hold). */
export interface FaqFormValues {
  question: string;
  answer: string;
  links: string;
}

export function FaqForm({
  editId,
  answering,
  defaults,
  createKey,
  lastResult,
  cancelHref,
}: {
  /** The row being edited, or null for a new one. */
  editId: number | null;
  /** The unanswered question a new row answers, or null. */
  answering: { id: number; count: number } | null;
  defaults: FaqFormValues;
  /** A new row's one-time key (~/domain/form-key), so a repeated post stores it once; null for an edit. */
  createKey: string | null;
  lastResult: SubmissionResult<string[]> | null | undefined;
  cancelHref: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `faq-form-${editId ?? (answering ? `svar-${answering.id}` : "ny")}`,
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(FlurreFaqSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: FlurreFaqSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [answerLength, setAnswerLength] = useState(defaults.answer.length);
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  const headingId = `${form.id}-heading`;
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby={headingId} className="admin-form faq-form">
      <h2 id={headingId}>{editId === null ? T.newHeading : T.editHeading}</h2>
      {answering ? (
        <p className="faq-answering" data-testid="faq-answering">
          {T.answering(answering.count)}
        </p>
      ) : null}
      <FormErrors errors={form.errors} />
      <input type="hidden" name="intent" value="save" />
      {editId !== null ? <input type="hidden" name="id" value={String(editId)} /> : null}
      {editId === null && createKey !== null ? <FormKeyField drawnKey={createKey} /> : null}
      {answering ? <input type="hidden" name="unanswered" value={String(answering.id)} /> : null}
      <Field
        label={`${T.question} (${T.required})`}
        errors={fields.question.errors}
        inputProps={getInputProps(fields.question, { type: "text" })}
      />
      <TextareaField
        label={`${T.answer} (${T.required})`}
        hint={T.answerHint}
        errors={fields.answer.errors}
        textareaProps={{
          ...getTextareaProps(fields.answer),
          rows: 6,
          // Answering a visitor's question: the question is there, the answer is what to write.
          autoFocus: answering !== null && !lastResult,
          onInput: (event) => setAnswerLength(event.currentTarget.value.length),
        }}
      />
      <CharacterCounter id={`${form.id}-counter`} length={answerLength} max={FAQ_ANSWER_MAX_LENGTH} />
      <TextareaField
        label={T.links}
        hint={T.linksHint}
        errors={fields.links.errors}
        textareaProps={{ ...getTextareaProps(fields.links), rows: 4, spellCheck: false }}
      />
      <div className="button-row">
        <button type="submit" className="primary" disabled={saving}>
          {saving ? T.submitting : T.submit}
        </button>
        {editId !== null || answering ? (
          <Link to={cancelHref} className="button secondary">
            {T.cancel}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
