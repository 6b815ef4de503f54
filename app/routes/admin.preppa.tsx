/**
 * /admin/preppa ('Preppa-listan'): the preparation checklist /preppa, the reminder mail and Flurre show. The list in display
 * order (move up/down, edit, delete after a confirmation on
 * `?rad=ID&atgard=ta-bort`), and one form: a new item, or `?rad=ID` to
 * edit one. Plain forms throughout, so it works without JavaScript.
 *
 * Every loader and action call checks the admin role itself; every change
 * is audited in its batch and purges the cached public pages.
 */
import { parseRowId } from "~/domain/row-id";
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ContentDeleteConfirmation, ContentRows, rowAnchor } from "~/components/admin-content";
import { FormErrors } from "~/components/form-errors";
import { Field, TextareaField } from "~/components/forms";
import { Toaster } from "~/components/toaster";
import type { ToastView } from "~/domain/toast";
import type { Actor } from "~/server/audit/audit-log.server";
import { requireAdmin } from "~/server/auth/session-user.server";
import { handleForm, withSchema } from "~/server/form-action.server";
import { readForm } from "~/server/forms/request-body.server";
import { noStoreHeaders } from "~/server/public/cache.server";
import { purgePublicPages } from "~/server/public/page-cache.server";
import { redirectWithToast } from "~/server/toast.server";
import contentStyles from "~/styles/admin-content.css?url";
import { CONTENT_ADMIN_TEXTS as C, PREPARATION_TEXTS as T, PREPARATION_TOASTS as TOASTS, PREPARATION_PATH as PATH } from "~/domain/content-texts";
import { PreparationItemSchema } from "~/domain/schemas/site-content";
import { createPreparationItem, deletePreparationItem, movePreparationItem, updatePreparationItem } from "~/server/content/content-admin.server";
import { preparationQuery } from "~/server/content/site-content.server";
import { getDb } from "~/server/db.server";
import type { PreparationItem } from "~/domain/preparation";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentStyles }];

export const meta: MetaFunction = () => [{ title: `${T.heading} – Admin – Hundpass` }, { name: "robots", content: "noindex" }];

const ANCHOR = "punkt";
const listHref = (id?: number) => (id === undefined ? PATH : `${PATH}#${rowAnchor(ANCHOR, id)}`);


type FormDefaults = { title: string; text: string; sort_order: string };

const NEW_ROW: FormDefaults = { title: "", text: "", sort_order: "" };

function formDefaults(row: PreparationItem): FormDefaults {
  return { title: row.title, text: row.text, sort_order: String(row.sortOrder) };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const rowId = parseRowId(url.searchParams.get("rad"));
  let rows: PreparationItem[] | null = null;
  let toast: ToastView | null = null;
  try {
    rows = await preparationQuery(getDb(context.cloudflare.env));
  } catch (error) {
    console.error("/admin/preppa: could not read the rows", error);
    toast = TOASTS.loadFailed;
  }
  const chosen = rowId !== null && rows ? (rows.find((r) => r.id === rowId) ?? null) : null;
  if (rows && rowId !== null && !chosen) throw await redirectWithToast(context, PATH, TOASTS.notFound);
  const deleting = chosen !== null && url.searchParams.get("atgard") === "ta-bort";
  return data(
    {
      rows: rows?.map((r) => ({ id: r.id, title: r.title, text: r.text })) ?? null,
      editing: chosen && !deleting ? { id: chosen.id, label: chosen.title } : null,
      confirmDelete: deleting && chosen ? { id: chosen.id, label: chosen.title } : null,
      defaults: chosen && !deleting ? formDefaults(chosen) : NEW_ROW,
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
  if (id === null) return redirectWithToast(context, PATH, TOASTS.notFound);
  const env = context.cloudflare.env;
  try {
    switch (intent) {
      case "up":
      case "down": {
        const outcome = await movePreparationItem(env, actor, id, intent);
        if (outcome === "not-found") return redirectWithToast(context, PATH, TOASTS.notFound);
        if (outcome === "moved") await purgePublicPages(request);
        return redirectWithToast(context, listHref(id), outcome === "moved" ? TOASTS.moved : TOASTS.unchanged);
      }
      case "delete": {
        const outcome = await deletePreparationItem(env, actor, id);
        if (outcome.status === "deleted") await purgePublicPages(request);
        return redirectWithToast(context, PATH, outcome.status === "deleted" ? TOASTS.deleted : TOASTS.notFound);
      }
      default:
        return redirectWithToast(context, PATH, TOASTS.notFound);
    }
  } catch (error) {
    console.error(`/admin/preppa: could not ${String(intent)} row ${id}`, error);
    return redirectWithToast(context, PATH, TOASTS.failed);
  }
}

async function saveAction(args: ActionFunctionArgs, actor: Actor, form: FormData) {
  const { context, request } = args;
  const rawId = form.get("id");
  const id = rawId === null ? null : parseRowId(rawId);
  if (rawId !== null && id === null) return redirectWithToast(context, PATH, TOASTS.notFound);
  const env = context.cloudflare.env;
  return handleForm(args, {
    // Behind the admin sign-in (checked by the action) and the cross-site POST check.
    botCheck: false,
    parse: withSchema(PreparationItemSchema),
    async run(values) {
      try {
        const outcome = id === null ? await createPreparationItem(env, actor, values) : await updatePreparationItem(env, actor, id, values);
        switch (outcome.status) {
          case "saved":
            await purgePublicPages(request);
            return redirectWithToast(context, listHref(outcome.id), id === null ? TOASTS.created : TOASTS.updated);
          case "unchanged":
            return redirectWithToast(context, listHref(outcome.id), TOASTS.unchanged);
          default:
            return redirectWithToast(context, PATH, TOASTS.notFound);
        }
      } catch (error) {
        console.error("/admin/preppa: could not save a row", error);
        return { status: 500, toast: TOASTS.failed };
      }
    },
  });
}

type PageActionData = { result: SubmissionResult<string[]>; toast: ToastView | null };

export default function AdminPreparation() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as PageActionData | undefined;
  const list = loaded.rows ? (
    <ContentRows heading={T.listHeading} path={PATH} anchorPrefix={ANCHOR} rows={loaded.rows} empty={T.empty} />
  ) : null;
  return (
    <section className="admin-page content-admin-page" aria-labelledby="content-heading">
      <Toaster page toast={actionData?.toast ?? loaded.toast} />
      <p className="admin-back">
        <Link to="/admin" className="back-link">
          ← {C.backToAdmin}
        </Link>
      </p>
      <h1 id="content-heading">{T.heading}</h1>
      <p>{T.intro}</p>
      {loaded.confirmDelete ? (
        <ContentDeleteConfirmation
          id={loaded.confirmDelete.id}
          heading={T.deleteHeading}
          question={T.deleteQuestion(loaded.confirmDelete.label)}
          refusal={null}
          cancelHref={listHref(loaded.confirmDelete.id)}
        />
      ) : (
        <>
          {loaded.editing ? null : list}
          <RowForm
            key={loaded.editing ? `rad-${loaded.editing.id}` : "ny"}
            editing={loaded.editing}
            defaults={loaded.defaults}
            lastResult={actionData?.result ?? null}
          />
          {loaded.editing ? list : null}
        </>
      )}
    </section>
  );
}

function RowForm({
  editing,
  defaults,
  lastResult,
}: {
  editing: { id: number; label: string } | null;
  defaults: FormDefaults;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `punkt-form-${editing?.id ?? "ny"}`,
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(PreparationItemSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PreparationItemSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  const headingId = `${form.id}-heading`;
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby={headingId} className="admin-form content-form">
      <h2 id={headingId}>{editing ? T.editHeading(editing.label) : T.newHeading}</h2>
      <FormErrors errors={form.errors} />
      <input type="hidden" name="intent" value="save" />
      {editing ? <input type="hidden" name="id" value={String(editing.id)} /> : null}
      <Field
        label={`${T.title} (${C.required})`}
        hint={T.titleHint}
        errors={fields.title.errors}
        inputProps={getInputProps(fields.title, { type: "text" })}
      />
      <TextareaField label={T.text} errors={fields.text.errors} textareaProps={{ ...getTextareaProps(fields.text), rows: 3 }} />
      <Field
        label={C.sortOrder}
        hint={C.sortOrderHint}
        errors={fields.sort_order.errors}
        inputProps={{ ...getInputProps(fields.sort_order, { type: "number" }), step: 1, inputMode: "numeric" }}
      />
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
