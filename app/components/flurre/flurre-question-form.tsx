/**
 * The /flurre page's question form: one field, posted to the page itself
 * (intent "fraga"), so asking works without JavaScript. With JavaScript,
 * conform checks it in the browser with the server's FlurreQuestionSchema.
 */
import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { FLURRE_QUESTION_MAX_LENGTH } from "~/domain/flurre/answer";
import { FlurreQuestionSchema } from "~/domain/schemas/flurre";
import { FLURRE_PATH } from "./flurre-event";
import { CharacterCounter } from "../character-counter";
import { ErrorList, HoneypotFields, TextareaField } from "../forms";
import { FLURRE_PAGE_TEXTS } from "./flurre-texts";

/** The action's switch between this form and the message to the trainers. */
export const FLURRE_ASK_INTENT = "fraga";

export function FlurreQuestionForm({
  renderedAt,
  lastResult,
  label,
}: {
  renderedAt: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  label: string;
}) {
  const [form, fields] = useForm({
    id: "flurre-ask",
    lastResult,
    constraint: getZodConstraint(FlurreQuestionSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: FlurreQuestionSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [length, setLength] = useState(String(lastResult?.initialValue?.fraga ?? "").length);
  const navigation = useNavigation();
  const asking = navigation.state === "submitting" && navigation.formData?.get("intent") === FLURRE_ASK_INTENT;
  const counterId = `${form.id}-counter`;

  return (
    <Form method="post" action={FLURRE_PATH} className="message-form" {...getFormProps(form)}>
      <HoneypotFields renderedAt={renderedAt} />
      <input type="hidden" name="intent" value={FLURRE_ASK_INTENT} />
      <input type="hidden" name="sida" value={FLURRE_PATH} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <TextareaField
        label={label}
        errors={fields.fraga.errors}
        textareaProps={{
          ...getTextareaProps(fields.fraga),
          rows: 3,
          onInput: (event) => setLength(event.currentTarget.value.length),
        }}
      />
      <CharacterCounter id={counterId} length={length} max={FLURRE_QUESTION_MAX_LENGTH} />
      <button type="submit" className="button" disabled={asking}>
        {asking ? FLURRE_PAGE_TEXTS.asking : FLURRE_PAGE_TEXTS.ask}
      </button>
    </Form>
  );
}
