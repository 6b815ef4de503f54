/**
 * /mina-bokningar/radera: the signed-in customer asks for their data to be
 * erased. It tells first and asks second: while the address has an upcoming
 * booking the page says so, names the bookings and says from when erasure
 * can go ahead, and shows no form. Otherwise it says what happens; one box to
 * tick and a POST (works without JavaScript, errors come back into the
 * form). The action still refuses a booking made since the page was shown.
 * Done: signed out, on the start page with a toast, and a confirmation mail
 * on its way.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormErrors } from "~/components/form-errors";
import { CheckboxField } from "~/components/forms";
import { erasureRefusal, PRIVACY_TEXTS as T } from "~/domain/privacy";
import { EraseMyDataSchema } from "~/domain/schemas/erase-my-data";
import { clearLoginCookie } from "~/server/auth/logins.server";
import { requireCustomer } from "~/server/auth/signed-in-user.server";
import { handleForm, withSchema } from "~/server/forms/form-action.server";
import { bookingsStoppingErasure, eraseMyData } from "~/server/privacy/my-data.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import accountStyles from "~/styles/account.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: MetaFunction = () => [{ title: `${T.eraseHeading} – Hundpass` }, { name: "robots", content: "noindex" }];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCustomer(context, request);
  return { refusal: erasureRefusal(await bookingsStoppingErasure(context, user.email)) };
}

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const user = await requireCustomer(context, request);
  return handleForm(args, {
    // Behind the customer's sign-in (checked above) and the cross-site POST check.
    botCheck: false,
    parse: withSchema(EraseMyDataSchema),
    async run() {
      let outcome;
      try {
        outcome = await eraseMyData(context, user.email);
      } catch (error) {
        console.error("my data: erasure failed", error);
        return { status: 500, formErrors: [T.failed] };
      }
      if (outcome.status === "upcoming") return { status: 409, formErrors: [T.upcoming] };
      return redirectWithToast(
        context,
        "/",
        { type: "success", title: T.erasedTitle, description: T.erasedText },
        { headers: { "Set-Cookie": await clearLoginCookie(context) } },
      );
    },
  });
}

export default function EraseMyData() {
  const { refusal } = useLoaderData<typeof loader>();
  return (
    <section className="account-page" aria-labelledby="page-heading">
      <div className="card account-card">
        <h1 id="page-heading">{T.eraseHeading}</h1>
        {refusal ? <NotYet refusal={refusal} /> : <EraseForm />}
      </div>
    </section>
  );
}

/** While a booking stops erasure: why, which, and from when; nothing to tick or press. */
function NotYet({ refusal }: { refusal: NonNullable<ReturnType<typeof erasureRefusal>> }) {
  return (
    <div className="erase-not-yet" data-testid="erase-not-yet">
      <h2>{T.notYetHeading}</h2>
      <p>{refusal.count}</p>
      <ul>
        {refusal.bookings.map((booking) => (
          <li key={booking}>{booking}</li>
        ))}
      </ul>
      <p>{refusal.why}</p>
      <p>{refusal.when}</p>
      <p className="button-row">
        <Link to="/mina-bokningar/lista" className="button secondary">
          {T.back}
        </Link>
      </p>
    </div>
  );
}

function EraseForm() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "erase-my-data",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    constraint: getZodConstraint(EraseMyDataSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EraseMyDataSchema }),
    shouldValidate: "onSubmit",
  });
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  return (
    <>
      <p>{T.eraseIntro}</p>
      <ul>
        {T.eraseSteps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ul>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors errors={form.errors} />
        <CheckboxField
          label={T.confirmLabel}
          errors={fields.bekrafta.errors}
          inputProps={getInputProps(fields.bekrafta, { type: "checkbox" })}
        />
        <p className="button-row">
          <button type="submit" className="button danger" disabled={submitting}>
            {submitting ? T.submitting : T.submit}
          </button>
          <Link to="/mina-bokningar/lista" className="button secondary">
            {T.cancel}
          </Link>
        </p>
      </Form>
    </>
  );
}

export { CustomerErrorBoundary as ErrorBoundary } from "~/components/session-expired";
