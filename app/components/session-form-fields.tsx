/**
 * The fields of the admin session form, shared by create (/admin/skapa-pass)
 * and edit (/admin/pass/{id} and the lists' edit dialog): title, place,
 * date, start and end time (a start time sets the end an hour later), max
 * participants, price, pass type, image and description, with the spec's
 * field names. `locked` makes what a session type decides read-only.
 */
import { getInputProps, getSelectProps, getTextareaProps, type FormMetadata, type Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { CREATE_SESSION_TEXTS as T } from "~/domain/admin-texts";
import { SESSION_DEFAULTS } from "~/domain/constants";
import { PASS_TYPES, type PassType } from "~/domain/constants";
import { SessionFormSchema, type SessionFormValues } from "~/domain/schemas/session";
import { addMinutesToLocalTime } from "~/domain/wall-clock";
import { Field, SelectField, TextareaField } from "./forms";

const PASS_TYPE_LABELS = { group: "Grupp-pass", private: "Privatpass" } as const;

/** The values of a session form as its inputs hold them (create and edit). */
export type SessionFormShape = {
  session_id?: string;
  popup_type_id?: string;
  title: string;
  description: string;
  location: string;
  start_date: string;
  start_time: string;
  end_time: string;
  max_participants: string;
  price_sek: string;
  pass_type: PassType;
  image_url: string;
};

/**
 * The client-side check of a session form: the server's schema, typed for
 * forms whose defaults are the inputs' strings (conform types a form by its
 * default values; the schema's input type has the place as a union).
 */
export function validateSessionForm(formData: FormData): Submission<SessionFormShape, string[], SessionFormValues> {
  return parseWithZod(formData, { schema: SessionFormSchema }) as unknown as Submission<
    SessionFormShape,
    string[],
    SessionFormValues
  >;
}

/** Generic so that a form with more fields (the create form's weekly series) can use it. */
export function SessionFormFields<Shape extends SessionFormShape>({
  form,
  fields,
  locations,
  locked = null,
}: {
  form: FormMetadata<Shape, string[]>;
  /** The places to choose from (active ones, the built-in home visit and online, and an edited session's own). */
  locations: readonly string[];
  fields: ReturnType<FormMetadata<Shape, string[]>["getFieldset"]>;
  /** Set while a session type decides max participants, pass type, image, description (and the price, unless null). */
  locked?: { passType: PassType; priceSek: number | null } | null;
}) {
  const priceLocked = locked !== null && locked.priceSek !== null;
  return (
    <>
      <Field
        key={fields.title.key}
        label="Titel"
        errors={fields.title.errors}
        inputProps={getInputProps(fields.title, { type: "text" })}
      />
      <SelectField
        key={fields.location.key}
        label="Plats"
        errors={fields.location.errors}
        selectProps={getSelectProps(fields.location)}
      >
        <option value="">Välj plats</option>
        {locations.map((location) => (
          <option key={location} value={location}>
            {location}
          </option>
        ))}
      </SelectField>
      <div className="field-row">
        <Field
          key={fields.start_date.key}
          label="Datum"
          errors={fields.start_date.errors}
          inputProps={getInputProps(fields.start_date, { type: "date" })}
        />
        <Field
          key={fields.start_time.key}
          label="Starttid"
          errors={fields.start_time.errors}
          inputProps={{
            ...getInputProps(fields.start_time, { type: "time" }),
            onChange: (event) => {
              const end = addMinutesToLocalTime(event.currentTarget.value, SESSION_DEFAULTS.durationMinutes);
              // Every Shape has the session's end_time; conform's types cannot see that through the generic.
              if (end) (form as unknown as FormMetadata<SessionFormShape, string[]>).update({ name: "end_time", value: end });
            },
          }}
        />
        <Field
          key={fields.end_time.key}
          label="Sluttid"
          hint={T.endHint}
          errors={fields.end_time.errors}
          inputProps={getInputProps(fields.end_time, { type: "time" })}
        />
      </div>
      <div className="field-row">
        <Field
          key={fields.max_participants.key}
          label="Max antal deltagare"
          hint={locked ? T.lockedHint : undefined}
          errors={fields.max_participants.errors}
          inputProps={{ ...getInputProps(fields.max_participants, { type: "number" }), step: 1, readOnly: locked !== null }}
        />
        <Field
          key={fields.price_sek.key}
          label="Pris (kr)"
          hint={priceLocked ? T.lockedHint : undefined}
          errors={fields.price_sek.errors}
          inputProps={{ ...getInputProps(fields.price_sek, { type: "number" }), step: 1, readOnly: priceLocked }}
        />
      </div>
      {/* A disabled select is not sent: while locked, the hidden field carries the type's pass type. */}
      {locked ? <input type="hidden" name="pass_type" value={locked.passType} /> : null}
      <SelectField
        key={locked ? `${fields.pass_type.key}-locked` : fields.pass_type.key}
        label={T.passKindLabel}
        hint={locked ? T.lockedHint : undefined}
        errors={fields.pass_type.errors}
        selectProps={
          locked
            ? { id: fields.pass_type.id, value: locked.passType, disabled: true, onChange: () => {} }
            : getSelectProps(fields.pass_type)
        }
      >
        {PASS_TYPES.map((value) => (
          <option key={value} value={value}>
            {PASS_TYPE_LABELS[value]}
          </option>
        ))}
      </SelectField>
      <Field
        key={fields.image_url.key}
        label="Bild-URL"
        hint={locked ? T.lockedHint : undefined}
        errors={fields.image_url.errors}
        inputProps={{ ...getInputProps(fields.image_url, { type: "text" }), inputMode: "url", readOnly: locked !== null }}
      />
      <TextareaField
        key={fields.description.key}
        label="Beskrivning"
        hint={locked ? T.lockedHint : undefined}
        errors={fields.description.errors}
        textareaProps={{ ...getTextareaProps(fields.description), rows: 4, readOnly: locked !== null }}
      />
    </>
  );
}
