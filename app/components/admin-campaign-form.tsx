/**
 * The campaign form of /admin/utskick: every field of a campaign, checked by
 * the same schema as the action (campaignSchema), posted as a real form
 * (intent "save"), so it works without JavaScript. With JavaScript the
 * unsaved draft is kept in the browser (localStorage) every 10 seconds once a
 * name, subject or content is filled, restored when the page opens again and
 * cleared once a save has gone through (the page says so with `savedDraft`).
 */
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { CAMPAIGN_FORM_TEXTS as T } from "~/domain/newsletter/admin-texts";
import { draftStorageKey, draftWorthKeeping, targetLabel } from "~/domain/newsletter/campaign-view";
import type { SegmentNames, SegmentSet } from "~/domain/newsletter/segments";
import { campaignSchema, campaignTargets, CAMPAIGN_LIMITS } from "~/domain/schemas/campaign";
import { CharacterCounter } from "./character-counter";
import { FormErrors } from "./form-errors";
import { Field, SelectField, TextareaField } from "./forms";
import { FormKeyField } from "./form-key-field";

/** The form's fields as strings (what the inputs hold). */
export interface CampaignFormValues {
  campaign_name: string;
  subject: string;
  subheader: string;
  html_content: string;
  image_url: string;
  button_text: string;
  button_url: string;
  from_email: string;
  target_segment: string;
  footer_line1: string;
  footer_line2: string;
}

const DRAFT_FIELDS = [
  "campaign_name",
  "subject",
  "subheader",
  "html_content",
  "image_url",
  "button_text",
  "button_url",
  "from_email",
  "target_segment",
  "footer_line1",
  "footer_line2",
] as const satisfies ReadonlyArray<keyof CampaignFormValues>;

/** How often the draft is kept (spec section 9: draft auto-save 10 s). */
export const DRAFT_SAVE_MS = 10_000;

export function CampaignForm({
  segments,
  names,
  senders,
  editId,
  defaults,
  lastResult,
  savedDraft,
  createKey,
  cancelHref,
}: {
  segments: SegmentSet;
  /** The segments' names, for the choice of recipients. */
  names: SegmentNames;
  senders: readonly string[];
  /** The draft being edited, or null for a new campaign. */
  editId: number | null;
  defaults: CampaignFormValues;
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** The draft key a save just stored (its browser copy is dropped), or null. */
  savedDraft: number | "ny" | null;
  /** A new campaign's one-time key, so a repeated post saves it once; null for an edit. */
  createKey: string | null;
  cancelHref: string;
}) {
  const schema = useMemo(() => campaignSchema({ segments, senders }), [segments, senders]);
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `campaign-form-${editId ?? "ny"}`,
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const formRef = useRef<HTMLFormElement>(null);
  const [restored, setRestored] = useState(false);
  const [contentLength, setContentLength] = useState(defaults.html_content.length);
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";

  useEffect(() => {
    const key = draftStorageKey(editId);
    const element = formRef.current;
    if (!element) return;
    try {
      if (savedDraft !== null) window.localStorage.removeItem(draftStorageKey(savedDraft === "ny" ? null : savedDraft));
      // A form that came back with errors holds what was typed: that wins over the stored draft.
      const raw = lastResult ? null : window.localStorage.getItem(key);
      const stored = raw ? (JSON.parse(raw) as Partial<Record<string, unknown>>) : null;
      if (stored && typeof stored === "object") {
        let any = false;
        for (const name of DRAFT_FIELDS) {
          const value = stored[name];
          const control = element.elements.namedItem(name);
          if (typeof value !== "string") continue;
          if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement) {
            if (control instanceof HTMLSelectElement && ![...control.options].some((o) => o.value === value)) continue;
            control.value = value;
            any = true;
          }
        }
        if (any) {
          setRestored(true);
          const content = element.elements.namedItem("html_content");
          if (content instanceof HTMLTextAreaElement) setContentLength(content.value.length);
        }
      }
    } catch {
      // Storage blocked or a broken entry: the form works without a draft.
    }
    const timer = window.setInterval(() => {
      const data = new FormData(element);
      const values = Object.fromEntries(DRAFT_FIELDS.map((name) => [name, String(data.get(name) ?? "")]));
      if (!draftWorthKeeping(values)) return;
      try {
        window.localStorage.setItem(key, JSON.stringify(values));
      } catch {
        // Storage full or blocked: nothing to keep.
      }
    }, DRAFT_SAVE_MS);
    return () => window.clearInterval(timer);
    // Runs once per form: the page gives every form its own key.
  }, []);

  const counterId = `${form.id}-counter`;
  return (
    <Form method="post" {...getFormProps(form)} ref={formRef} className="admin-form campaign-form">
      <h2>{editId === null ? T.newHeading : T.editHeading}</h2>
      {restored ? (
        <p className="field-hint" role="status">
          {T.draftRestored}
        </p>
      ) : null}
      <p className="field-hint">{T.draftHint}</p>
      <FormErrors errors={form.errors} />
      <input type="hidden" name="intent" value="save" />
      {editId !== null ? <input type="hidden" name="id" value={String(editId)} /> : null}
      {createKey !== null ? <FormKeyField drawnKey={createKey} /> : null}
      <Field
        label={`${T.campaign_name} (${T.required})`}
        errors={fields.campaign_name.errors}
        inputProps={getInputProps(fields.campaign_name, { type: "text" })}
      />
      <Field
        label={`${T.subject} (${T.required})`}
        errors={fields.subject.errors}
        inputProps={getInputProps(fields.subject, { type: "text" })}
      />
      <Field label={T.subheader} errors={fields.subheader.errors} inputProps={getInputProps(fields.subheader, { type: "text" })} />
      <TextareaField
        label={`${T.html_content} (${T.required})`}
        hint={T.html_content_hint}
        errors={fields.html_content.errors}
        textareaProps={{
          ...getTextareaProps(fields.html_content),
          rows: 10,
          onInput: (event) => setContentLength(event.currentTarget.value.length),
        }}
      />
      <CharacterCounter id={counterId} length={contentLength} max={CAMPAIGN_LIMITS.html_content} />
      <Field label={T.image_url} errors={fields.image_url.errors} inputProps={getInputProps(fields.image_url, { type: "url" })} />
      <div className="field-row">
        <Field
          label={T.button_text}
          errors={fields.button_text.errors}
          inputProps={getInputProps(fields.button_text, { type: "text" })}
        />
        <Field
          label={T.button_url}
          errors={fields.button_url.errors}
          inputProps={getInputProps(fields.button_url, { type: "url" })}
        />
      </div>
      <div className="field-row">
        <SelectField label={T.from_email} errors={fields.from_email.errors} selectProps={getSelectProps(fields.from_email)}>
          {senders.map((sender) => (
            <option key={sender} value={sender}>
              {sender}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={T.target_segment}
          errors={fields.target_segment.errors}
          selectProps={getSelectProps(fields.target_segment)}
        >
          {campaignTargets(segments).map((target) => (
            <option key={target} value={target}>
              {targetLabel(target, names)}
            </option>
          ))}
        </SelectField>
      </div>
      <Field
        label={T.footer_line1}
        errors={fields.footer_line1.errors}
        inputProps={getInputProps(fields.footer_line1, { type: "text" })}
      />
      <Field
        label={T.footer_line2}
        errors={fields.footer_line2.errors}
        inputProps={getInputProps(fields.footer_line2, { type: "text" })}
      />
      <div className="button-row">
        <button type="submit" className="primary" disabled={saving}>
          {saving ? T.submitting : T.submit}
        </button>
        {editId !== null ? (
          <Link to={cancelHref} className="button secondary">
            {T.cancelEdit}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
