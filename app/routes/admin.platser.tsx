/**
 * /admin/platser ('Platser'): the training places /hitta, the session form's
 * location list and Flurre read. The list in display order (activate or make
 * inactive, move up/down, edit, delete), and one form: a new place, or
 * `?rad=ID` to edit one. Deleting asks first on `?rad=ID&atgard=ta-bort`,
 * and is refused while any session names the place. Plain forms throughout.
 *
 * Every loader and action call checks the admin role itself; every change
 * is audited in its batch and purges the cached public pages.
 */
import { parseRowId } from "~/domain/row-id";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ContentDeleteConfirmation, ContentRows, rowAnchor } from "~/components/admin-content";
import { FormErrors } from "~/components/form-errors";
import { CheckboxField, Field, SelectField, TextareaField } from "~/components/forms";
import { FormKeyField, useFormKey } from "~/components/form-key-field";
import { Toaster } from "~/components/toaster";
import { CONTENT_ADMIN_TEXTS as C, PLACE_TEXTS as T, PLACE_TOASTS as TOASTS, PLACES_PATH } from "~/domain/content-texts";
import { PLACE_KIND_LABEL, PLACE_KINDS } from "~/domain/places";
import { CONTENT_MESSAGES, PlaceSchema } from "~/domain/schemas/site-content";
import type { ToastView } from "~/domain/toast";
import { requireAdmin } from "~/server/auth/signed-in-user.server";
import {
  createPlace,
  deletePlace,
  listPlacesForAdmin,
  movePlace,
  setPlaceActive,
  updatePlace,
  type AdminPlace,
} from "~/server/content/content-admin.server";
import { noStoreHeaders } from "~/server/public/cache.server";
import { newFormKey } from "~/server/forms/form-claim.server";
import { rowListAction, type RowButtons } from "~/server/content/row-buttons.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import contentStyles from "~/styles/admin-content.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentStyles }];

export const meta: MetaFunction = () => [{ title: `${T.heading} – Admin – Hundpass` }, { name: "robots", content: "noindex" }];

const ANCHOR = "plats";
const listHref = (id?: number) => (id === undefined ? PLACES_PATH : `${PLACES_PATH}#${rowAnchor(ANCHOR, id)}`);


type PlaceFormDefaults = {
  name: string;
  town: string;
  kind: string;
  description: string;
  map_url: string;
  image_url: string;
  sort_order: string;
  active: string;
};

const NEW_PLACE: PlaceFormDefaults = {
  name: "",
  town: "",
  kind: "outdoor",
  description: "",
  map_url: "",
  image_url: "",
  sort_order: "",
  active: "on",
};

function formDefaults(p: AdminPlace): PlaceFormDefaults {
  return {
    name: p.name,
    town: p.town,
    kind: p.kind,
    description: p.description,
    map_url: p.mapUrl ?? "",
    image_url: p.imageUrl ?? "",
    sort_order: String(p.sortOrder),
    active: p.active ? "on" : "",
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const rowId = parseRowId(url.searchParams.get("rad"));
  let places: AdminPlace[] | null = null;
  let toast: ToastView | null = null;
  try {
    places = await listPlacesForAdmin(context);
  } catch (error) {
    console.error("admin/platser: could not read the places", error);
    toast = TOASTS.loadFailed;
  }
  const chosen = rowId !== null && places ? (places.find((p) => p.id === rowId) ?? null) : null;
  if (places && rowId !== null && !chosen) throw await redirectWithToast(context, PLACES_PATH, TOASTS.notFound);
  const deleting = chosen !== null && url.searchParams.get("atgard") === "ta-bort";
  return data(
    {
      rows:
        places?.map((p) => ({
          id: p.id,
          title: p.name,
          badge: p.active ? null : T.inactiveBadge,
          meta: T.meta(PLACE_KIND_LABEL[p.kind], p.town, p.upcomingSessions, p.sessions),
          text: p.description,
          toggle: p.active ? { intent: "deactivate", label: T.deactivate } : { intent: "activate", label: T.activate },
        })) ?? null,
      editing: chosen && !deleting ? { id: chosen.id, name: chosen.name, sessions: chosen.sessions } : null,
      confirmDelete: deleting && chosen ? { id: chosen.id, name: chosen.name, sessions: chosen.sessions } : null,
      defaults: chosen && !deleting ? formDefaults(chosen) : NEW_PLACE,
      createKey: newFormKey(),
      toast,
    },
    { headers: noStoreHeaders },
  );
}

/** The place list's row buttons: activate and deactivate are its show and hide. */
const PLACE_ROWS: RowButtons = {
  path: PLACES_PATH,
  listHref,
  toasts: { ...TOASTS, shown: TOASTS.activated, hidden: TOASTS.deactivated },
  setVisible: (context, actor, id, visible) => setPlaceActive(context, actor, id, visible),
  move: movePlace,
  remove: deletePlace,
};

export function action(args: ActionFunctionArgs) {
  return rowListAction(args, {
    schema: PlaceSchema,
    rows: PLACE_ROWS,
    buttons: { activate: "show", deactivate: "hide", up: "up", down: "down", delete: "delete" },
    kind: "place",
    nameOf: (values) => values.name,
    async store(context, actor, id, values, claim) {
      const outcome = id === null ? await createPlace(context, actor, values, claim) : await updatePlace(context, actor, id, values);
      return outcome.status === "duplicate" ? { status: 400, fieldErrors: { name: [CONTENT_MESSAGES.duplicatePlace] } } : outcome;
    },
  });
}

type PageActionData = { result: SubmissionResult<string[]>; toast: ToastView | null };

export default function AdminPlaces() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as PageActionData | undefined;
  // A new row's form is drawn anew for each one-time key: after an add the page
  // brings a fresh key and an empty form; a post sent back with errors keeps
  // its key, so the form keeps what was typed.
  const formKey = useFormKey(loaded.createKey);
  const list = loaded.rows ? (
    <ContentRows heading={T.listHeading} path={PLACES_PATH} anchorPrefix={ANCHOR} rows={loaded.rows} empty={T.empty} />
  ) : null;
  return (
    <section className="admin-page content-admin-page" aria-labelledby="places-heading">
      <Toaster page toast={actionData?.toast ?? loaded.toast} />
      <p className="admin-back">
        <Link to="/admin" className="back-link">
          ← {C.backToAdmin}
        </Link>
      </p>
      <h1 id="places-heading">{T.heading}</h1>
      <p>{T.intro}</p>
      {loaded.confirmDelete ? (
        <ContentDeleteConfirmation
          id={loaded.confirmDelete.id}
          heading={T.deleteHeading}
          question={T.deleteQuestion(loaded.confirmDelete.name)}
          refusal={loaded.confirmDelete.sessions > 0 ? T.inUse(loaded.confirmDelete.sessions) : null}
          cancelHref={listHref(loaded.confirmDelete.id)}
        />
      ) : (
        <>
          {loaded.editing ? null : list}
          <PlaceForm
            key={loaded.editing ? `plats-${loaded.editing.id}` : `ny-${formKey}`}
            editing={loaded.editing}
            defaults={loaded.defaults}
            createKey={loaded.createKey}
            lastResult={actionData?.result ?? null}
          />
          {loaded.editing ? list : null}
        </>
      )}
    </section>
  );
}

function PlaceForm({
  editing,
  defaults,
  createKey,
  lastResult,
}: {
  editing: { id: number; name: string; sessions: number } | null;
  defaults: PlaceFormDefaults;
  /** A new place's one-time key (~/domain/form-key). */
  createKey: string;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `place-form-${editing?.id ?? "ny"}`,
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(PlaceSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PlaceSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  const headingId = `${form.id}-heading`;
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby={headingId} className="admin-form content-form">
      <h2 id={headingId}>{editing ? T.editHeading(editing.name) : T.newHeading}</h2>
      <FormErrors errors={form.errors} />
      <input type="hidden" name="intent" value="save" />
      {editing ? <input type="hidden" name="id" value={String(editing.id)} /> : <FormKeyField drawnKey={createKey} />}
      <Field
        label={`${T.name} (${C.required})`}
        hint={editing && editing.sessions > 0 ? T.renameNote(editing.sessions) : T.nameHint}
        errors={fields.name.errors}
        inputProps={getInputProps(fields.name, { type: "text" })}
      />
      <Field label={`${T.town} (${C.required})`} errors={fields.town.errors} inputProps={getInputProps(fields.town, { type: "text" })} />
      <SelectField label={`${T.kind} (${C.required})`} errors={fields.kind.errors} selectProps={getSelectProps(fields.kind)}>
        {PLACE_KINDS.map((k) => (
          <option key={k} value={k}>
            {T.kinds[k]}
          </option>
        ))}
      </SelectField>
      <TextareaField
        label={T.description}
        errors={fields.description.errors}
        textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }}
      />
      <Field
        label={T.mapUrl}
        hint={T.mapUrlHint}
        errors={fields.map_url.errors}
        inputProps={{ ...getInputProps(fields.map_url, { type: "url" }), spellCheck: false, autoComplete: "off" }}
      />
      <Field
        label={C.imageUrl}
        hint={T.imageHint}
        errors={fields.image_url.errors}
        inputProps={{ ...getInputProps(fields.image_url, { type: "text" }), spellCheck: false, autoComplete: "off" }}
      />
      <Field
        label={C.sortOrder}
        hint={C.sortOrderHint}
        errors={fields.sort_order.errors}
        inputProps={{ ...getInputProps(fields.sort_order, { type: "number" }), step: 1, inputMode: "numeric" }}
      />
      <CheckboxField label={T.active} errors={fields.active.errors} inputProps={getInputProps(fields.active, { type: "checkbox" })} />
      <div className="button-row">
        <button type="submit" className="primary" disabled={saving}>
          {saving ? C.saving : editing ? C.saveEdit : T.submitNew}
        </button>
        {editing ? (
          <Link to={listHref(editing.id)} className="button secondary">
            {C.cancel}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
