/**
 * /admin/team ('Teamet'): the team /om and Flurre show. The list in display
 * order (move up/down, edit, delete after a confirmation on
 * `?rad=ID&atgard=ta-bort`), and one form: a new person, or `?rad=ID` to
 * edit one. Plain forms throughout, so it works without JavaScript.
 *
 * Every loader and action call checks the admin role itself; every change
 * is audited in its batch and purges the cached public pages.
 */
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { OrderedContentPage, rowAnchor } from "~/components/admin-content";
import { FormErrors } from "~/components/form-errors";
import { Field, TextareaField } from "~/components/forms";
import { FormKeyField, useFormKey } from "~/components/form-key-field";
import { CONTENT_ADMIN_TEXTS as C, TEAM_TEXTS as T, TEAM_TOASTS as TOASTS, TEAM_PATH as PATH } from "~/domain/content-texts";
import type { TeamMember } from "~/domain/team";
import { TeamMemberSchema } from "~/domain/schemas/site-content";
import type { ToastView } from "~/domain/toast";
import { createTeamMember, deleteTeamMember, moveTeamMember, updateTeamMember } from "~/server/content/content-admin.server";
import { orderedContentAction, orderedContentLoader, type OrderedContent } from "~/server/content/ordered-content-route.server";
import { teamQuery } from "~/server/content/site-content.server";
import contentStyles from "~/styles/admin-content.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentStyles }];

export const meta: MetaFunction = () => [{ title: `${T.heading} – Admin – Hundpass` }, { name: "robots", content: "noindex" }];

const ANCHOR = "person";
const listHref = (id: number) => `${PATH}#${rowAnchor(ANCHOR, id)}`;

type FormDefaults = { name: string; role: string; text: string; image_url: string; sort_order: string };

const CONTENT: OrderedContent<TeamMember, typeof TeamMemberSchema, FormDefaults> = {
  path: PATH,
  anchor: ANCHOR,
  toasts: TOASTS,
  load: teamQuery,
  label: (row) => row.name,
  view: (row) => ({ title: row.name, meta: row.role, text: row.text }),
  defaults: (row) => ({ name: row.name, role: row.role, text: row.text, image_url: row.imageUrl ?? "", sort_order: String(row.sortOrder) }),
  empty: { name: "", role: "", text: "", image_url: "", sort_order: "" },
  schema: TeamMemberSchema,
  kind: "team-member",
  nameOf: (values) => values.name,
  create: createTeamMember,
  update: updateTeamMember,
  move: moveTeamMember,
  remove: deleteTeamMember,
};

export function loader(args: LoaderFunctionArgs) {
  return orderedContentLoader(args, CONTENT);
}

export function action(args: ActionFunctionArgs) {
  return orderedContentAction(args, CONTENT);
}

type PageActionData = { result: SubmissionResult<string[]>; toast: ToastView | null };

export default function AdminTeam() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as PageActionData | undefined;
  // A new row's form is drawn anew for each one-time key: after an add the page
  // brings a fresh key and an empty form; a post sent back with errors keeps
  // its key, so the form keeps what was typed.
  const formKey = useFormKey(loaded.createKey);
  return (
    <OrderedContentPage
      loaded={loaded}
      toast={actionData?.toast ?? loaded.toast}
      path={PATH}
      anchor={ANCHOR}
      texts={T}
      form={
        <RowForm
          key={loaded.editing ? `rad-${loaded.editing.id}` : `ny-${formKey}`}
          editing={loaded.editing}
          defaults={loaded.defaults}
          createKey={loaded.createKey}
          lastResult={actionData?.result ?? null}
        />
      }
    />
  );
}

function RowForm({
  editing,
  defaults,
  createKey,
  lastResult,
}: {
  editing: { id: number; label: string } | null;
  defaults: FormDefaults;
  /** A new row's one-time key (~/domain/form-key). */
  createKey: string;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `person-form-${editing?.id ?? "ny"}`,
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(TeamMemberSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TeamMemberSchema }),
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
      {editing ? <input type="hidden" name="id" value={String(editing.id)} /> : <FormKeyField drawnKey={createKey} />}
      <Field label={`${T.name} (${C.required})`} errors={fields.name.errors} inputProps={getInputProps(fields.name, { type: "text" })} />
      <Field label={T.role} errors={fields.role.errors} inputProps={getInputProps(fields.role, { type: "text" })} />
      <TextareaField label={T.text} errors={fields.text.errors} textareaProps={{ ...getTextareaProps(fields.text), rows: 4 }} />
      <Field
        label={C.imageUrl}
        hint={T.imageHint}
        errors={fields.image_url.errors}
        inputProps={{ ...getInputProps(fields.image_url, { type: "text" }), spellCheck: false, autoComplete: "off" }}
      />
      <Field
        label={C.sortOrder}
        hint={T.sortOrderHint}
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
