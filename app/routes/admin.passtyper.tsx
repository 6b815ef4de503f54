/**
 * /admin/passtyper ('Passtyper'): the session types that fill the start
 * page, the create form's chooser and Flurre's answers. The list in display
 * order (hide/show, move up/down, edit, delete), and one form: a new type, or
 * `?typ=ID` to edit one. Deleting asks first on `?typ=ID&atgard=ta-bort`.
 * Everything is a plain form post, so it works without JavaScript.
 *
 * Every loader and action call checks the admin role itself; every change
 * is audited in its batch and purges the cached public pages.
 */
import { parseRowId } from "~/domain/row-id";
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { RowButton } from "~/components/admin-content";
import { FormErrors } from "~/components/form-errors";
import { CheckboxField, Field, SelectField, TextareaField } from "~/components/forms";
import { Toaster } from "~/components/toaster";
import { SESSION_TYPE_TEXTS as T, SESSION_TYPE_TOASTS as TOASTS, SESSION_TYPES_PATH } from "~/domain/content-texts";
import {
  SESSION_TYPE_KINDS,
  SESSION_TYPE_MESSAGES,
  SessionTypeSchema,
  sessionTypeFields,
  type SessionTypeKind,
} from "~/domain/schemas/session-type";
import { typeKind } from "~/domain/session-types";
import type { ToastView } from "~/domain/toast";
import type { Actor } from "~/server/audit/audit-log.server";
import { requireAdmin } from "~/server/auth/signed-in-user.server";
import {
  createSessionType,
  deleteSessionType,
  listSessionTypes,
  moveSessionType,
  setSessionTypeHidden,
  updateSessionType,
  type SessionTypeListed,
} from "~/server/content/session-types.server";
import { handleForm, withSchema } from "~/server/forms/form-action.server";
import { readForm } from "~/server/forms/request-body.server";
import { noStoreHeaders } from "~/server/public/cache.server";
import { purgePublicPages } from "~/server/public/page-cache.server";
import { redirectWithToast } from "~/server/toast.server";
import contentStyles from "~/styles/admin-content.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentStyles }];

export const meta: MetaFunction = () => [{ title: `${T.heading} – Admin – Hundpass` }, { name: "robots", content: "noindex" }];


const typeAnchor = (id: number) => `passtyp-${id}`;
const listHref = (id?: number) => (id === undefined ? SESSION_TYPES_PATH : `${SESSION_TYPES_PATH}#${typeAnchor(id)}`);

/** What the list shows of a type. */
type TypeView = {
  id: number;
  name: string;
  inspiringText: string;
  imageUrl: string | null;
  kind: SessionTypeKind;
  price: number | null;
  maxParticipants: number;
  hidden: boolean;
  sessionCount: number;
};

/** The form's fields as strings, as the inputs hold them. */
type TypeFormDefaults = {
  name: string;
  description: string;
  inspiring_text: string;
  image_url: string;
  max_participants: string;
  session_type: SessionTypeKind;
  price: string;
  app_order: string;
  hidden: string;
  confirm_rename: string;
};

const NEW_TYPE_DEFAULTS: TypeFormDefaults = {
  name: "",
  description: "",
  inspiring_text: "",
  image_url: "",
  max_participants: "10",
  session_type: "group",
  price: "",
  app_order: "",
  hidden: "",
  confirm_rename: "",
};

function typeView(row: SessionTypeListed): TypeView {
  const kind = typeKind(row.sessionType);
  return {
    id: row.id,
    name: row.name,
    inspiringText: row.inspiringText,
    imageUrl: row.imageUrl,
    kind,
    price: kind === "combined" ? null : row.price,
    maxParticipants: row.maxParticipants,
    hidden: row.hidden,
    sessionCount: row.sessionCount,
  };
}

function formDefaults(row: SessionTypeListed): TypeFormDefaults {
  const kind = typeKind(row.sessionType);
  return {
    name: row.name,
    description: row.description,
    inspiring_text: row.inspiringText,
    image_url: row.imageUrl ?? "",
    max_participants: String(row.maxParticipants),
    session_type: kind,
    price: kind === "combined" ? "" : String(row.price),
    app_order: row.appOrder === null ? "" : String(row.appOrder),
    hidden: row.hidden ? "on" : "",
    confirm_rename: "",
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const typeId = parseRowId(url.searchParams.get("typ"));
  let types: SessionTypeListed[] | null = null;
  let toast: ToastView | null = null;
  try {
    types = await listSessionTypes(context.cloudflare.env);
  } catch (error) {
    console.error("admin/passtyper: could not read the session types", error);
    toast = TOASTS.loadFailed;
  }
  const chosen = typeId !== null && types ? (types.find((t) => t.id === typeId) ?? null) : null;
  if (types && typeId !== null && !chosen) throw await redirectWithToast(context, SESSION_TYPES_PATH, TOASTS.notFound);
  const deleting = chosen !== null && url.searchParams.get("atgard") === "ta-bort";
  return data(
    {
      types: types?.map(typeView) ?? null,
      editing: chosen && !deleting ? { id: chosen.id, name: chosen.name, sessionCount: chosen.sessionCount } : null,
      confirmDelete: deleting && chosen ? { id: chosen.id, name: chosen.name, sessionCount: chosen.sessionCount } : null,
      defaults: chosen && !deleting ? formDefaults(chosen) : NEW_TYPE_DEFAULTS,
      toast,
    },
    { headers: noStoreHeaders },
  );
}

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const user = await requireAdmin(context, request);
  const actor: Actor = { userId: user.userId, email: user.email };
  const form = await readForm({ request, context });
  const intent = form.get("intent");
  if (intent === "save") return saveAction(args, actor, form);
  const id = parseRowId(form.get("id"));
  if (id === null) return redirectWithToast(context, SESSION_TYPES_PATH, TOASTS.notFound);
  const env = context.cloudflare.env;
  try {
    switch (intent) {
      case "hide":
      case "show": {
        const outcome = await setSessionTypeHidden(env, actor, id, intent === "hide");
        if (outcome === "not-found") return redirectWithToast(context, SESSION_TYPES_PATH, TOASTS.notFound);
        await purgePublicPages(request);
        return redirectWithToast(context, listHref(id), intent === "hide" ? TOASTS.hidden : TOASTS.shown);
      }
      case "up":
      case "down": {
        const outcome = await moveSessionType(env, actor, id, intent);
        if (outcome === "not-found") return redirectWithToast(context, SESSION_TYPES_PATH, TOASTS.notFound);
        if (outcome === "moved") await purgePublicPages(request);
        return redirectWithToast(context, listHref(id), outcome === "moved" ? TOASTS.moved : TOASTS.unchanged);
      }
      case "delete": {
        const outcome = await deleteSessionType(env, actor, id);
        if (outcome.status === "deleted") await purgePublicPages(request);
        const toast = { deleted: TOASTS.deleted, "in-use": TOASTS.inUse, "not-found": TOASTS.notFound }[outcome.status];
        return redirectWithToast(context, outcome.status === "in-use" ? listHref(id) : SESSION_TYPES_PATH, toast);
      }
      default:
        return redirectWithToast(context, SESSION_TYPES_PATH, TOASTS.notFound);
    }
  } catch (error) {
    console.error(`admin/passtyper: could not ${String(intent)} session type ${id}`, error);
    return redirectWithToast(context, SESSION_TYPES_PATH, TOASTS.failed);
  }
}

async function saveAction(args: ActionFunctionArgs, actor: Actor, form: FormData) {
  const { context, request } = args;
  const rawId = form.get("id");
  const id = rawId === null ? null : parseRowId(rawId);
  if (rawId !== null && id === null) return redirectWithToast(context, SESSION_TYPES_PATH, TOASTS.notFound);
  const env = context.cloudflare.env;
  return handleForm(args, {
    // Behind the admin sign-in (checked by the action) and the cross-site POST check.
    botCheck: false,
    parse: withSchema(SessionTypeSchema),
    async run(values) {
      const fields = sessionTypeFields(values);
      try {
        const outcome =
          id === null
            ? await createSessionType(env, actor, fields)
            : await updateSessionType(env, actor, id, fields, { renameConfirmed: values.confirm_rename === "on" });
        switch (outcome.status) {
          case "saved":
            await purgePublicPages(request);
            return redirectWithToast(context, listHref(outcome.id), id === null ? TOASTS.created : TOASTS.updated);
          case "unchanged":
            return redirectWithToast(context, listHref(outcome.id), TOASTS.unchanged);
          case "duplicate-name":
            return { status: 400, fieldErrors: { name: [SESSION_TYPE_MESSAGES.duplicateName] } };
          case "rename-needs-confirmation":
            return { status: 409, fieldErrors: { name: [T.renameNeedsConfirmation(outcome.loosened)] } };
          case "not-found":
            return redirectWithToast(context, SESSION_TYPES_PATH, TOASTS.notFound);
        }
      } catch (error) {
        console.error("admin/passtyper: could not save a session type", error);
        return { status: 500, toast: TOASTS.failed };
      }
    },
  });
}

type PageActionData = { result: SubmissionResult<string[]>; toast: ToastView | null };

export default function AdminSessionTypes() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as PageActionData | undefined;
  return (
    <section className="admin-page content-admin-page" aria-labelledby="types-heading">
      <Toaster page toast={actionData?.toast ?? loaded.toast} />
      <p className="admin-back">
        <Link to="/admin" className="back-link">
          ← {T.backToAdmin}
        </Link>
      </p>
      <h1 id="types-heading">{T.heading}</h1>
      <p>{T.intro}</p>
      {loaded.confirmDelete ? (
        <DeleteConfirmation type={loaded.confirmDelete} />
      ) : (
        <>
          {/* Editing: the form first. Otherwise the list, which staff use most, then the form for a new type. */}
          {loaded.editing ? null : loaded.types ? <TypeList types={loaded.types} /> : null}
          <TypeForm
            key={loaded.editing ? `typ-${loaded.editing.id}` : "ny"}
            editing={loaded.editing}
            defaults={loaded.defaults}
            lastResult={actionData?.result ?? null}
          />
          {loaded.editing && loaded.types ? <TypeList types={loaded.types} /> : null}
        </>
      )}
    </section>
  );
}

function DeleteConfirmation({ type }: { type: { id: number; name: string; sessionCount: number } }) {
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

/** The rules the spec ties to a type's name or kind, for the name and kind the form holds. */
function rulesFor(name: string, kind: string): string[] {
  const upper = name.trim().toLocaleUpperCase("sv-SE");
  const rules: string[] = [];
  if (upper === "HEMMIS") rules.push(T.rules.HEMMIS);
  if (upper === "PLAN") rules.push(T.rules.PLAN);
  if (upper === "PRIVAT & PROFFS") rules.push(T.rules["PRIVAT & PROFFS"]);
  if (kind === "combined") rules.push(T.rules.combined);
  return rules;
}

function TypeForm({
  editing,
  defaults,
  lastResult,
}: {
  editing: { id: number; name: string; sessionCount: number } | null;
  defaults: TypeFormDefaults;
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
  const rules = rulesFor(name, kind);
  const renaming = editing !== null && editing.sessionCount > 0 && name.trim() !== editing.name;
  const showConfirmRename =
    editing !== null && editing.sessionCount > 0 && (renaming || Boolean(fields.name.errors?.length));
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby={headingId} className="admin-form content-form">
      <h2 id={headingId}>{editing ? T.editHeading(editing.name) : T.newHeading}</h2>
      <FormErrors errors={form.errors} />
      <input type="hidden" name="intent" value="save" />
      {editing ? <input type="hidden" name="id" value={String(editing.id)} /> : null}
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

function TypeList({ types }: { types: TypeView[] }) {
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

