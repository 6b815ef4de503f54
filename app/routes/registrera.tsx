/**
 * /registrera: create a staff account with e-mail and password. The display
 * name defaults to the e-mail. A sign-up never makes anyone admin (that takes
 * a user_roles row) and never reveals whether the address was taken: every
 * valid form ends on the same 'Kolla din inkorg' page and sends one e-mail,
 * for a new address the link that confirms it (/registrera/bekrafta).
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { FormErrors } from "~/components/form-errors";
import { Field, HoneypotFields } from "~/components/forms";
import { PASSWORD_MIN_LENGTH, SignUpSchema } from "~/domain/schemas/password-sign-in";
import { formLimitRules, SIGN_UP_LIMITS } from "~/server/auth/limits.server";
import { signUpStaff } from "~/server/auth/staff.server";
import { formRenderedAt } from "~/server/forms/bot-check.server";
import { handleForm, withSchema } from "~/server/forms/form-action.server";
import accountStyles from "~/styles/account.css?url";

const SENT_PARAM = "skickat";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: MetaFunction = () => [{ title: "Skapa konto – Hundpass" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const sent = new URL(request.url).searchParams.get(SENT_PARAM) === "1";
  return { sent, renderedAt: await formRenderedAt(context.config) };
}

export function action(args: ActionFunctionArgs) {
  const { context } = args;
  return handleForm(args, {
    parse: withSchema(SignUpSchema),
    // It mails a confirmation: one post per drawn form.
    stampOnce: true,
    hideFields: ["password"],
    rateLimit: { rules: formLimitRules(SIGN_UP_LIMITS, args.request) },
    async run({ email, password, display_name: displayName }) {
      await signUpStaff(context, { email, password, displayName });
      return redirect(`/registrera?${SENT_PARAM}=1`);
    },
  });
}

export default function StaffSignUp() {
  const { sent, renderedAt } = useLoaderData<typeof loader>();
  return (
    <section className="account-page" aria-labelledby="page-heading">
      <div className="card account-card">{sent ? <SignUpSent /> : <SignUpForm renderedAt={renderedAt} />}</div>
    </section>
  );
}

function SignUpSent() {
  return (
    <div data-testid="check-inbox">
      <h1 id="page-heading">Kolla din inkorg</h1>
      <p>Vi har skickat ett mejl till adressen du angav. Följ länken i mejlet för att bekräfta adressen innan du loggar in.</p>
      <p>
        <Link to="/logga-in" className="button">
          Till inloggningen
        </Link>
      </p>
    </div>
  );
}

function SignUpForm({ renderedAt }: { renderedAt: string }) {
  const lastResult = useActionData<typeof action>()?.result;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/registrera";
  const [form, fields] = useForm({
    id: "staff-sign-up",
    lastResult,
    constraint: getZodConstraint(SignUpSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignUpSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const emailProps = getInputProps(fields.email, { type: "email" });
  const passwordProps = getInputProps(fields.password, { type: "password" });
  // The server never echoes a password; a fresh input after each answer keeps the browser in step.
  const [answers, setAnswers] = useState(0);
  useEffect(() => {
    if (lastResult) setAnswers((n) => n + 1);
  }, [lastResult]);
  const nameProps = getInputProps(fields.display_name, { type: "text" });

  return (
    <>
      <h1 id="page-heading">Skapa personalkonto</h1>
      <p>För personal på Hundpass. Ett nytt konto har inga administratörsrättigheter.</p>
      <Form method="post" {...getFormProps(form)}>
        <HoneypotFields renderedAt={renderedAt} />
        <Field label="E-postadress" errors={fields.email.errors} inputProps={{ ...emailProps, autoComplete: "email" }} />
        <Field
          key={`password-${answers}`}
          label="Lösenord"
          hint={`Minst ${PASSWORD_MIN_LENGTH} tecken.`}
          errors={fields.password.errors}
          inputProps={{ ...passwordProps, autoComplete: "new-password" }}
        />
        <Field
          label="Visningsnamn (valfritt)"
          hint="Lämnar du det tomt visas din e-postadress."
          errors={fields.display_name.errors}
          inputProps={{ ...nameProps, autoComplete: "name" }}
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <button type="submit" className="primary" disabled={busy}>
          {busy ? "Skapar konto..." : "Skapa konto"}
        </button>
      </Form>
      <p className="muted staff-link">
        Har du redan ett konto? <Link to="/logga-in">Logga in</Link>
      </p>
    </>
  );
}
