/**
 * The segment tab of /admin/utskick: the counts of subscribed subscribers per
 * segment with a total, the search by address (a GET form: it changes
 * nothing), and the segments form of the subscriber found, or the form that
 * adds an address nobody has subscribed with. Exactly one official segment
 * (radio buttons) and any test segments (checkboxes), all named `segments`,
 * checked by subscriberSaveSchema on both sides.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { Fragment, useMemo } from "react";
import { SEGMENT_TEXTS as T } from "~/domain/newsletter/admin-texts";
import { consentFacts, sourceLabel, type ConsentRecordView } from "~/domain/newsletter/consent";
import { segmentWithSlug, type SegmentNames, type SegmentSet } from "~/domain/newsletter/segments";
import { subscriberSaveSchema } from "~/domain/schemas/subscriber";
import { FormErrors } from "./form-errors";
import { ErrorList, Field } from "./forms";

export interface SegmentCountsView {
  segments: Array<{ segment: string; count: number }>;
  total: number;
}

export interface SubscriberCardView extends ConsentRecordView {
  email: string;
  name: string | null;
  status: string;
  segments: string[];
}

export function SegmentCountsTable({
  counts,
  personal,
  names,
}: {
  counts: SegmentCountsView;
  personal: string;
  names: SegmentNames;
}) {
  return (
    <table className="segment-counts">
      <caption>{T.countsHeading}</caption>
      <thead>
        <tr>
          <th scope="col">{T.segment}</th>
          <th scope="col">{T.count}</th>
        </tr>
      </thead>
      <tbody>
        {counts.segments.map(({ segment, count }) => (
          <tr key={segment} data-testid={`segment-count-${segment}`}>
            <th scope="row">
              {segmentWithSlug(segment, names)}
              {segment === personal ? ` (${T.personalNote})` : null}
            </th>
            <td>{count}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr data-testid="segment-count-total">
          <th scope="row">{T.total}</th>
          <td>{counts.total}</td>
        </tr>
      </tfoot>
    </table>
  );
}

export function SubscriberSearchForm({ email, error }: { email: string; error: string | null }) {
  const errorId = error ? "subscriber-search-error" : undefined;
  return (
    <Form method="get" className="admin-form subscriber-search" role="search" aria-labelledby="subscriber-search-heading">
      <h2 id="subscriber-search-heading">{T.searchHeading}</h2>
      <input type="hidden" name="flik" value="segment" />
      <div className="field">
        <label htmlFor="subscriber-search-email">{T.searchLabel}</label>
        <input
          id="subscriber-search-email"
          name="epost"
          type="text"
          inputMode="email"
          autoComplete="off"
          defaultValue={email}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
        />
        <ErrorList id={errorId} errors={error ? [error] : null} />
      </div>
      <button type="submit" className="primary">
        {T.search}
      </button>
    </Form>
  );
}

/** The segments form: for the subscriber found (`subscriber`), or to add `email` (no subscriber). */
export function SubscriberSegmentsForm({
  email,
  subscriber,
  segmentSet,
  names,
  lastResult,
}: {
  email: string;
  subscriber: SubscriberCardView | null;
  segmentSet: SegmentSet;
  names: SegmentNames;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const schema = useMemo(() => subscriberSaveSchema(segmentSet), [segmentSet]);
  const navigation = useNavigation();
  const adding = subscriber === null;
  const intent = adding ? "add-subscriber" : "save-segments";
  const [form, fields] = useForm({
    id: `segments-${intent}`,
    lastResult,
    defaultValue: { email, name: subscriber?.name ?? "", segments: subscriber?.segments ?? [] },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const chosen = new Set(subscriber?.segments ?? []);
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const segmentErrorId = fields.segments.errors?.length ? `${form.id}-segments-error` : undefined;
  const headingId = `${form.id}-heading`;
  return (
    <Form method="post" {...getFormProps(form)} className="admin-form subscriber-form" aria-labelledby={headingId}>
      <h2 id={headingId}>{adding ? T.addHeading : email}</h2>
      {adding ? (
        <p className="field-hint">{T.addHint}</p>
      ) : (
        <dl className="campaign-facts">
          <dt>{T.status}</dt>
          <dd data-testid="subscriber-status">{subscriber.status === "subscribed" ? T.active : T.inactive}</dd>
          <dt>{T.source}</dt>
          <dd>{sourceLabel(subscriber.source)}</dd>
          {consentFacts(subscriber).map((fact) => (
            <Fragment key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </Fragment>
          ))}
        </dl>
      )}
      <FormErrors errors={form.errors} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="email" value={email} />
      <Field label={T.name} errors={fields.name.errors} inputProps={getInputProps(fields.name, { type: "text" })} />
      <fieldset className="segment-choice" aria-describedby={segmentErrorId}>
        <legend>{T.official}</legend>
        {segmentSet.official.map((segment) => (
          <label key={segment} className="choice">
            <input type="radio" name={fields.segments.name} value={segment} defaultChecked={chosen.has(segment)} />
            {segmentWithSlug(segment, names)}
          </label>
        ))}
      </fieldset>
      <fieldset className="segment-choice" aria-describedby={segmentErrorId}>
        <legend>{T.test}</legend>
        {segmentSet.test.map((segment) => (
          <label key={segment} className="choice">
            <input type="checkbox" name={fields.segments.name} value={segment} defaultChecked={chosen.has(segment)} />
            {segmentWithSlug(segment, names)}
            {segment === segmentSet.personal ? ` (${T.personalNote})` : null}
          </label>
        ))}
      </fieldset>
      <ErrorList id={segmentErrorId} errors={fields.segments.errors} />
      <button type="submit" className="primary" disabled={saving}>
        {saving ? T.saving : adding ? T.add : T.save}
      </button>
    </Form>
  );
}
