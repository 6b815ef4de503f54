/**
 * /admin/epost: the e-mail composer (subject, message) to one booking's
 * customer (`?bokning=ID`) or to all confirmed customers of a session
 * (`?pass=ID`) or of a weekly series (`?serie=ID`), reached from the
 * booking info on /admin/bokade-pass and /admin/old. A real form POST: errors come back into the form; a send goes
 * back where the admin came from (`tillbaka`) with 'Meddelandet har skickats!'.
 */
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { CharacterCounter } from "~/components/character-counter";
import { FormErrors } from "~/components/form-errors";
import { Field, TextareaField } from "~/components/forms";
import { Toaster } from "~/components/toaster";
import { adminReturnTo } from "~/domain/admin-return";
import { ADMIN_EMAIL_TEXTS as T, ADMIN_TOASTS } from "~/domain/admin-texts";
import { ADMIN_EMAIL_MESSAGE_MAX_LENGTH, AdminEmailSchema } from "~/domain/schemas/admin-email";
import { loadAudience, messageTarget, sendAdminMessage } from "~/server/admin/admin-email.server";
import { requireAdmin } from "~/server/auth/signed-in-user.server";
import { handleForm, withSchema } from "~/server/forms/form-action.server";
import { noStoreHeaders } from "~/server/public/cache.server";
import { redirectWithToast } from "~/server/platform/toast.server";

export const meta: MetaFunction = () => [{ title: `${T.heading} – Admin – Hundpass` }, { name: "robots", content: "noindex" }];

const notFound = { type: "error", title: "Fel", description: T.notFound } as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const returnTo = adminReturnTo(url.searchParams.get("tillbaka"), "/admin/bokade-pass");
  const target = messageTarget(url);
  const audience = target ? await loadAudience(context, target) : null;
  if (!target || !audience) throw await redirectWithToast(context, returnTo, notFound);
  return data(
    { target: target.kind, audience, returnTo, draftId: crypto.randomUUID() },
    { headers: noStoreHeaders },
  );
}

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const admin = await requireAdmin(context, request);
  const target = messageTarget(new URL(request.url));
  return handleForm(args, {
    // Behind the admin sign-in (checked above) and the cross-site POST check.
    botCheck: false,
    parse: withSchema(AdminEmailSchema),
    async run(values) {
      const returnTo = adminReturnTo(values.returnTo, "/admin/bokade-pass");
      if (!target) return redirectWithToast(context, returnTo, notFound);
      let outcome;
      try {
        outcome = await sendAdminMessage(context, admin, target, values);
      } catch (error) {
        console.error("admin: could not queue a message to customers", error);
        return { status: 500, toast: ADMIN_TOASTS.emailFailed };
      }
      switch (outcome.status) {
        case "sent":
          return redirectWithToast(context, returnTo, ADMIN_TOASTS.emailSent);
        case "no-recipients":
          return { status: 409, formErrors: [T.noRecipientsText] };
        case "rate-limited":
          return { status: 429, formErrors: [T.rateLimited] };
        case "not-found":
          return redirectWithToast(context, returnTo, notFound);
      }
    },
  });
}

export default function AdminEmail() {
  const { target, audience, returnTo, draftId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "admin-email-form",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    constraint: getZodConstraint(AdminEmailSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AdminEmailSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [length, setLength] = useState(0);
  const sending = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  const [only] = audience.recipients;
  const counterId = "admin-email-counter";
  return (
    <section className="admin-page">
      <Toaster page toast={actionData?.toast} />
      <p className="admin-back">
        <Link to={returnTo} className="back-link">
          ← Tillbaka
        </Link>
      </p>
      <h1>{T.heading}</h1>
      <dl className="admin-facts">
        <dt>{target === "series" ? T.series : T.session}</dt>
        <dd>
          {audience.session.title}, {audience.session.startLabel}
        </dd>
        <dt>{T.toOne}</dt>
        <dd>
          {target === "booking" && only ? (
            `${only.userName} <${only.userEmail}>`
          ) : audience.recipients.length === 0 ? (
            T.noRecipients
          ) : (
            <>
              {target === "series" ? T.toAllSeries(audience.recipients.length) : T.toAll(audience.recipients.length)}
              <ul className="recipient-list">
                {audience.recipients.map((r) => (
                  <li key={r.bookingId}>
                    {r.userName} &lt;{r.userEmail}&gt;
                  </li>
                ))}
              </ul>
            </>
          )}
        </dd>
      </dl>
      {audience.recipients.length === 0 ? (
        <p role="status">{T.noRecipientsText}</p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="admin-form">
          <FormErrors errors={form.errors} />
          <input type="hidden" name="draft_id" value={draftId} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <p className="field-hint">{T.hint}</p>
          <Field label={T.subject} errors={fields.subject.errors} inputProps={getInputProps(fields.subject, { type: "text" })} />
          <TextareaField
            label={T.message}
            errors={fields.message.errors}
            textareaProps={{
              ...getTextareaProps(fields.message),
              rows: 8,
              onInput: (event) => setLength(event.currentTarget.value.length),
            }}
          />
          <CharacterCounter id={counterId} length={length} max={ADMIN_EMAIL_MESSAGE_MAX_LENGTH} />
          <button type="submit" className="primary admin-submit" disabled={sending}>
            {sending ? T.submitting : T.submit}
          </button>
        </Form>
      )}
    </section>
  );
}
