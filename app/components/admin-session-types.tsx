/**
 * The pieces of /admin/passtyper: the list of session types with its row
 * buttons, the type form (new or edit, with the rules each kind of type
 * follows) and the delete confirmation. Plain forms, so they work without
 * JavaScript; the route reads and acts.
 */

import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { RowButton } from "~/components/admin-content";
import { FormErrors } from "~/components/form-errors";
import { CheckboxField, Field, SelectField, TextareaField } from "~/components/forms";
import { FormKeyField } from "~/components/form-key-field";
import { BOOKING_ASKS, type BookingAsk } from "~/domain/constants";
import { SESSION_TYPE_TEXTS as T, SESSION_TYPES_PATH } from "~/domain/content-texts";
import {
  SESSION_TYPE_KINDS,
  SessionTypeSchema,
  type SessionTypeKind,
} from "~/domain/schemas/session-type";

export const typeAnchor = (id: number) => `passtyp-${id}`;
export const listHref = (id?: number) => (id === undefined ? SESSION_TYPES_PATH : `${SESSION_TYPES_PATH}#${typeAnchor(id)}`);

/** What the list shows of a type. */
export type TypeView = {
  id: number;
  name: string;
  inspiringText: string;
  imageUrl: string | null;
  kind: SessionTypeKind;
  price: number | null;
  maxParticipants: number;
  hidden: boolean;
  sessionCount: number;
  /** What its sessions' booking form asks beyond the usual fields, or null. */
  bookingAsk: BookingAsk | null;
};

/** The form's fields as strings, as the inputs hold them. */
export type TypeFormDefaults = {
  name: string;
  description: string;
  inspiring_text: string;
  image_url: string;
  max_participants: string;
  session_type: SessionTypeKind;
  price: string;
  app_order: string;
  hidden: string;
  default_location: string;
  booking_ask: string;
  confirm_rename: string;
};

export const NEW_TYPE_DEFAULTS: TypeFormDefaults = {
  name: "",
  description: "",
  inspiring_text: "",
  image_url: "",
  max_participants: "10",
  session_type: "group",
  price: "",
  app_order: "",
  hidden: "",
  default_location: "",
  booking_ask: "",
  confirm_rename: "",
};

export function DeleteConfirmation({ type }: { type: { id: number; name: string; sessionCount: number } }) {
  return (
    <div className="card content-confirm" role="group" aria-labelledby="delete-type-heading">
      <h2 id="delete-type-heading">{T.deleteHeading}</h2>
      {type.sessionCount > 0 ? (
        <p>{T.inUse(type.sessionCount)}</p>
      ) : (
        <>
          <p>{T.deleteQuestion(type.name)}</p>
          <Form method="post" className="button-row">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={String(type.id)} />
            <button type="submit" className="button danger">
              {T.deleteConfirm}
            </button>
            <Link to={listHref(type.id)} className="button secondary">
              {T.cancel}
            </Link>
          </Form>
        </>
      )}
      {type.sessionCount > 0 ? (
        <p>
          <Link to={listHref(type.id)} className="button secondary">
            {T.cancel}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** The rules the spec ties to a type's kind, for the kind the form holds. */
function rulesFor(kind: string): string[] {
  return kind === "combined" ? [T.rules.combined] : [];
}

export function TypeForm({
  editing,
  defaults,
  locations,
  createKey,
  lastResult,
}: {
  editing: { id: number; name: string; sessionCount: number } | null;
  defaults: TypeFormDefaults;
  /** The places a type's sessions may default to (places in use, the built-in home visit and online). */
  locations: readonly string[];
  /** A new type's one-time key (~/domain/form-key). */
  createKey: string;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `type-form-${editing?.id ?? "ny"}`,
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(SessionTypeSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SessionTypeSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  const headingId = `${form.id}-heading`;
  const name = String(fields.name.value ?? defaults.name);
  const kind = String(fields.session_type.value ?? defaults.session_type);
  const rules = rulesFor(kind);
  const renaming = editing !== null && editing.sessionCount > 0 && name.trim() !== editing.name;
  const showConfirmRename =
    editing !== null && editing.sessionCount > 0 && (renaming || Boolean(fields.name.errors?.length));
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby={headingId} className="admin-form content-form">
      <h2 id={headingId}>{editing ? T.editHeading(editing.name) : T.newHeading}</h2>
      <FormErrors errors={form.errors} />
      <input type="hidden" name="intent" value="save" />
      {editing ? <input type="hidden" name="id" value={String(editing.id)} /> : <FormKeyField drawnKey={createKey} />}
      <Field
        label={`${T.name} (${T.required})`}
        hint={T.nameHint}
        errors={fields.name.errors}
        inputProps={getInputProps(fields.name, { type: "text" })}
      />
      {renaming ? (
        <p className="content-warning" role="status" data-testid="rename-warning">
          {T.renameWarning(editing.sessionCount, editing.name)}
        </p>
      ) : null}
      {showConfirmRename ? (
        <CheckboxField
          label={T.confirmRename(editing.sessionCount)}
          errors={fields.confirm_rename.errors}
          inputProps={getInputProps(fields.confirm_rename, { type: "checkbox" })}
        />
      ) : null}
      <SelectField
        label={`${T.sessionType} (${T.required})`}
        errors={fields.session_type.errors}
        selectProps={getSelectProps(fields.session_type)}
      >
        {SESSION_TYPE_KINDS.map((k) => (
          <option key={k} value={k}>
            {T.kinds[k]}
          </option>
        ))}
      </SelectField>
      {rules.length > 0 ? (
        <ul className="content-rules" data-testid="type-rules">
          {rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      ) : null}
      <Field
        label={T.price}
        hint={T.priceHint}
        errors={fields.price.errors}
        inputProps={{ ...getInputProps(fields.price, { type: "number" }), min: 0, step: 1, inputMode: "numeric" }}
      />
      <SelectField
        label={T.defaultLocation}
        hint={T.defaultLocationHint}
        errors={fields.default_location.errors}
        selectProps={getSelectProps(fields.default_location)}
      >
        <option value="">{T.noDefaultLocation}</option>
        {locations.map((location) => (
          <option key={location} value={location}>
            {location}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={T.bookingAsk}
        hint={T.bookingAskHint}
        errors={fields.booking_ask.errors}
        selectProps={getSelectProps(fields.booking_ask)}
      >
        <option value="">{T.bookingAsks.none}</option>
        {BOOKING_ASKS.map((ask) => (
          <option key={ask} value={ask}>
            {T.bookingAsks[ask]}
          </option>
        ))}
      </SelectField>
      <Field
        label={`${T.maxParticipants} (${T.required})`}
        errors={fields.max_participants.errors}
        inputProps={{ ...getInputProps(fields.max_participants, { type: "number" }), step: 1, inputMode: "numeric" }}
      />
      <TextareaField
        label={T.description}
        errors={fields.description.errors}
        textareaProps={{ ...getTextareaProps(fields.description), rows: 4 }}
      />
      <Field
        label={T.inspiringText}
        hint={T.inspiringHint}
        errors={fields.inspiring_text.errors}
        inputProps={getInputProps(fields.inspiring_text, { type: "text" })}
      />
      <Field
        label={T.imageUrl}
        hint={T.imageHint}
        errors={fields.image_url.errors}
        inputProps={{ ...getInputProps(fields.image_url, { type: "text" }), spellCheck: false, autoComplete: "off" }}
      />
      <Field
        label={T.appOrder}
        hint={T.appOrderHint}
        errors={fields.app_order.errors}
        inputProps={{ ...getInputProps(fields.app_order, { type: "number" }), step: 1, inputMode: "numeric" }}
      />
      <CheckboxField label={T.hidden} errors={fields.hidden.errors} inputProps={getInputProps(fields.hidden, { type: "checkbox" })} />
      <div className="button-row">
        <button type="submit" className="primary" disabled={saving}>
          {saving ? T.saving : editing ? T.submitEdit : T.submitNew}
        </button>
        {editing ? (
          <Link to={listHref(editing.id)} className="button secondary">
            {T.cancel}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

export function TypeList({ types }: { types: TypeView[] }) {
  return (
    <section aria-labelledby="types-list-heading" className="content-list">
      <h2 id="types-list-heading">{T.listHeading}</h2>
      {types.length === 0 ? <p>{T.empty}</p> : null}
      <ol className="content-rows">
        {types.map((type, index) => (
          <li key={type.id} id={typeAnchor(type.id)} className="card content-row" data-testid={`session-type-${type.id}`}>
            <div className="content-row-text">
              <h3>
                {type.name} {type.hidden ? <span className="badge">{T.hiddenBadge}</span> : null}
              </h3>
              <p className="muted">
                {T.kinds[type.kind]} · {T.priceLabel(type.price)} · {T.maxLabel(type.maxParticipants)} ·{" "}
                {T.sessionCount(type.sessionCount)}
                {type.bookingAsk ? ` · ${T.askLabels[type.bookingAsk]}` : null}
              </p>
              {type.inspiringText ? <p>{type.inspiringText}</p> : null}
            </div>
            <div className="content-row-actions">
              <Link to={`${SESSION_TYPES_PATH}?typ=${type.id}`} className="button secondary" aria-label={`${T.edit} ${type.name}`}>
                {T.edit}
              </Link>
              <RowButton id={type.id} intent={type.hidden ? "show" : "hide"} label={type.hidden ? T.show : T.hide} name={type.name} />
              {index > 0 ? <RowButton id={type.id} intent="up" label={T.moveUp} name={type.name} /> : null}
              {index < types.length - 1 ? <RowButton id={type.id} intent="down" label={T.moveDown} name={type.name} /> : null}
              <Link
                to={`${SESSION_TYPES_PATH}?typ=${type.id}&atgard=ta-bort`}
                className="button danger"
                aria-label={`${T.delete} ${type.name}`}
              >
                {T.delete}
              </Link>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

