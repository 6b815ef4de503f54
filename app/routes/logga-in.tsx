/**
 * /logga-in: staff sign-in with e-mail and password. One generic error for
 * an unknown address and a wrong password; failures are counted per account
 * and network, and slow the account down rather than lock it
 * (auth/password-attempts.server.ts).
 * Admins land on /admin (or on the admin page that sent them here, `?till=`),
 * other staff on the start page. Sent here from an admin page, the page
 * says in one line that it is for staff and how they sign in.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { FormErrors } from "~/components/form-errors";
import { Field, HoneypotFields } from "~/components/forms";
import { adminReturnTo, STAFF_RETURN_PARAM, STAFF_SIGN_IN_TEXTS } from "~/domain/admin-return";
import { PasswordSignInSchema } from "~/domain/schemas/password-sign-in";
import { beforePasswordCheck, recordPasswordFailure } from "~/server/auth/password-attempts.server";
import { startLogin } from "~/server/auth/logins.server";
import { signInWithPassword } from "~/server/auth/staff.server";
import { formRenderedAt } from "~/server/forms/bot-check.server";
import { handleForm, withSchema } from "~/server/forms/form-action.server";
import { RATE_LIMIT_MESSAGE } from "~/server/platform/rate-limit.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import accountStyles from "~/styles/account.css?url";

const WRONG_CREDENTIALS_MESSAGE = "Fel e-postadress eller lösenord";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: MetaFunction = () => [{ title: "Logga in – Hundpass" }, { name: "robots", content: "noindex" }];

/** The admin page this visitor was sent here from, if any (only ever a path inside /admin). */
function returnPath(request: Request): string | null {
  const asked = new URL(request.url).searchParams.get(STAFF_RETURN_PARAM);
  return asked ? adminReturnTo(asked) : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { renderedAt: await formRenderedAt(context.config), fromAdmin: returnPath(request) !== null };
}

export function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  return handleForm(args, {
    parse: withSchema(PasswordSignInSchema),
    // The password is never sent back into the form.
    hideFields: ["password"],
    async run({ email, password }) {
      const gate = await beforePasswordCheck(context, request, email);
      if (!gate.allowed) return { formErrors: [RATE_LIMIT_MESSAGE], status: 429 };
      if (gate.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, gate.delayMs));
      const user = await signInWithPassword(context, email, password);
      if (!user) {
        await recordPasswordFailure(context, request, email);
        return { formErrors: [WRONG_CREDENTIALS_MESSAGE], status: 400 };
      }

      const session = await startLogin(context, request, { kind: "staff", email: user.email, userId: user.id });
      return redirectWithToast(
        context,
        user.isAdmin ? (returnPath(request) ?? "/admin") : "/",
        { type: "success", title: `Välkommen, ${user.displayName}` },
        { headers: { "Set-Cookie": session.setCookie } },
      );
    },
  });
}

export default function StaffSignIn() {
  const { renderedAt, fromAdmin } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const navigation = useNavigation();
  // The form posts to this page's own address, with its ?till= if it has one.
  const busy = navigation.state !== "idle" && navigation.formAction?.split("?")[0] === "/logga-in";
  const [form, fields] = useForm({
    id: "staff-sign-in",
    lastResult,
    constraint: getZodConstraint(PasswordSignInSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PasswordSignInSchema }),
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

  return (
    <section className="account-page" aria-labelledby="page-heading">
      <div className="card account-card">
        <h1 id="page-heading">Logga in</h1>
        {/* Sent here from an admin page, the line for staff takes the place of the one for everyone. */}
        {fromAdmin ? (
          <p className="staff-notice" data-testid="staff-notice">
            {STAFF_SIGN_IN_TEXTS.fromAdmin} <Link to="/mina-bokningar">{STAFF_SIGN_IN_TEXTS.fromAdminLink}</Link>.
          </p>
        ) : (
          <p>För personal på Hundpass. Kund? Se dina bokningar via <Link to="/mina-bokningar">Mina bokningar</Link>.</p>
        )}
        <Form method="post" {...getFormProps(form)}>
          <HoneypotFields renderedAt={renderedAt} />
          <Field label="E-postadress" errors={fields.email.errors} inputProps={{ ...emailProps, autoComplete: "username" }} />
          <Field
            key={`password-${answers}`}
            label="Lösenord"
            errors={fields.password.errors}
            inputProps={{ ...passwordProps, autoComplete: "current-password" }}
          />
          <FormErrors id={form.errorId} errors={form.errors} />
          <button type="submit" className="primary" disabled={busy}>
            {busy ? "Loggar in..." : "Logga in"}
          </button>
        </Form>
        <p className="muted staff-link">
          Inget konto? <Link to="/registrera">Skapa personalkonto</Link>
        </p>
      </div>
    </section>
  );
}
