/**
 * The create-session form's weekly series (/admin/skapa-pass): 'Upprepa
 * varje vecka', the number of weeks and the dates they give, each ticked
 * unless the admin unticked it on this very list. Also the form's shape, the
 * session's fields plus the series'.
 */
import { getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import type { CreateSessionFormValues } from "~/domain/schemas/session-series";
import { SESSION_DEFAULTS } from "~/domain/constants";
import {
  SERIES_MAX_COUNT,
  SERIES_MIN_COUNT,
  SERIES_TEXTS,
  seriesFingerprint,
  seriesOccurrences,
} from "~/domain/series";
import { addMinutesToLocalTime, formatTimeRange } from "~/domain/time";
import { CheckboxField, ErrorList, Field } from "./forms";
import type { SessionFormShape } from "./session-form-fields";

/** The create form: the session's fields and the weekly series'. */
export type CreateFormShape = SessionFormShape & {
  repeat_weekly?: string;
  repeat_count: string;
  series_dates?: string[];
  series_fingerprint?: string;
};

type CreateFields = ReturnType<typeof useForm<CreateFormShape, CreateSessionFormValues>>[1];

/** The submitted dates, as conform keeps them (one value or several). */
function asList(value: FieldMetadata<string[] | undefined>["initialValue"]): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  return typeof value === "string" ? [value] : [];
}

/**
 * 'Upprepa varje vecka', the number of weeks and the dates they give, each
 * ticked unless the admin unticked it on this very list. The details hide
 * (by CSS alone, so also without JavaScript) while the box is unticked.
 */
export function SeriesFields({ fields, values }: { fields: CreateFields; values: Partial<Record<string, unknown>> | undefined }) {
  const text = (name: string) => (typeof values?.[name] === "string" ? (values[name] as string) : "");
  const startDate = text("start_date");
  const startTime = text("start_time");
  const endTime = text("end_time") || addMinutesToLocalTime(startTime, SESSION_DEFAULTS.durationMinutes) || "";
  const count = Number(text("repeat_count"));
  const occurrences = seriesOccurrences(startDate, startTime, endTime, count, new Date());
  const fingerprint = seriesFingerprint(startDate, startTime, endTime, count);
  const tickedBefore = fields.series_fingerprint.initialValue === fingerprint ? new Set(asList(fields.series_dates.initialValue)) : null;
  const listId = "series-dates";
  return (
    <div className="series-fields">
      <CheckboxField
        label={SERIES_TEXTS.repeatLabel}
        errors={fields.repeat_weekly.errors}
        inputProps={getInputProps(fields.repeat_weekly, { type: "checkbox" })}
      />
      <div className="series-details">
        <Field
          label={SERIES_TEXTS.countLabel}
          hint={SERIES_TEXTS.countHint}
          errors={fields.repeat_count.errors}
          inputProps={{
            ...getInputProps(fields.repeat_count, { type: "number" }),
            min: SERIES_MIN_COUNT,
            max: SERIES_MAX_COUNT,
            step: 1,
          }}
        />
        {occurrences.length > 0 ? (
          <fieldset className="series-dates" aria-describedby={`${listId}-hint`}>
            <legend>{SERIES_TEXTS.datesLegend}</legend>
            <p id={`${listId}-hint`} className="field-hint">
              {SERIES_TEXTS.datesHint}
            </p>
            <input type="hidden" name="series_fingerprint" value={fingerprint} />
            <ul className="series-date-list">
              {occurrences.map((o) => {
                const id = `${listId}-${o.date}`;
                return (
                  <li key={`${fingerprint}-${o.date}`}>
                    <input
                      type="checkbox"
                      id={id}
                      name="series_dates"
                      value={o.date}
                      disabled={o.problem !== null}
                      defaultChecked={o.problem === null && (tickedBefore ? tickedBefore.has(o.date) : true)}
                    />
                    <label htmlFor={id}>
                      {o.startTime && o.endTime ? `${o.label}, ${formatTimeRange(o.startTime, o.endTime)}` : o.label}
                      {o.problem ? <span className="series-date-problem"> {o.problem}</span> : null}
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        ) : (
          <p className="field-hint">{SERIES_TEXTS.datesPending}</p>
        )}
        <ErrorList id={fields.series_dates.errorId} errors={fields.series_dates.errors} />
      </div>
    </div>
  );
}
