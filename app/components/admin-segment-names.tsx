/**
 * The segments' names on /admin/utskick's segment tab: one small form per
 * segment (intent "rename-segment"), its slug shown as the code that never
 * changes and its name in a text field, checked by segmentNameSchema on both
 * sides. A name another segment has comes back as that field's error.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { SEGMENT_NAME_TEXTS as T } from "~/domain/newsletter/admin-texts";
import type { SegmentNames, SegmentSet } from "~/domain/newsletter/segments";
import { segmentNameSchema } from "~/domain/schemas/segment-name";
import { FormErrors } from "./form-errors";
import { Field } from "./forms";

export function SegmentNamesForm({
  segments,
  names,
  lastResult,
}: {
  segments: SegmentSet;
  names: SegmentNames;
  /** The result of a rename post that was refused, for that segment's form. */
  lastResult: SubmissionResult<string[]> | null;
}) {
  const schema = useMemo(() => segmentNameSchema(segments), [segments]);
  const posted = lastResult?.initialValue?.segment;
  return (
    <section className="segment-names" aria-labelledby="segment-names-heading">
      <h2 id="segment-names-heading">{T.heading}</h2>
      <p className="field-hint">{T.hint}</p>
      <ul className="segment-name-list">
        {segments.all.map((segment) => (
          <li key={`${segment}:${names[segment] ?? ""}`}>
            <SegmentNameForm
              segment={segment}
              current={names[segment] ?? ""}
              schema={schema}
              lastResult={posted === segment ? lastResult : null}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function SegmentNameForm({
  segment,
  current,
  schema,
  lastResult,
}: {
  segment: string;
  current: string;
  schema: ReturnType<typeof segmentNameSchema>;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `segment-name-${segment}`,
    lastResult,
    defaultValue: { display_name: current },
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const saving =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "rename-segment" &&
    navigation.formData.get("segment") === segment;
  return (
    <Form method="post" {...getFormProps(form)} className="segment-name-form">
      <FormErrors errors={form.errors} />
      <input type="hidden" name="intent" value="rename-segment" />
      <input type="hidden" name="segment" value={segment} />
      <Field
        label={T.label(segment)}
        errors={fields.display_name.errors}
        inputProps={getInputProps(fields.display_name, { type: "text" })}
      />
      <button type="submit" className="button secondary" disabled={saving}>
        {saving ? T.saving : T.save}
      </button>
    </Form>
  );
}
