/**
 * /registrera/bekrafta?token=…: the page the staff confirmation mail links
 * to. A GET never uses the token up (mail scanners prefetch links); the
 * 'Bekräfta e-postadress' button POSTs it with the password chosen at sign-up,
 * typed again (so a link from someone else's sign-up for this address
 * confirms nothing), with or without JavaScript. Each try counts against the
 * network's staff password attempts. Success goes on to /logga-in with a
 * toast; the account can sign in from now.
 */
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Field } from "~/components/forms";
import { STAFF_CONFIRM_TEXTS as T, StaffConfirmLinkSchema } from "~/domain/schemas/password-sign-in";
import { PASSWORD_LIMITS } from "~/server/auth/password-attempts.server";
import { confirmStaffEmail } from "~/server/auth/staff.server";
import { handleLinkForm } from "~/server/forms/form-action.server";
import { clientNetwork, hitRateLimit, RATE_LIMIT_MESSAGE } from "~/server/platform/rate-limit.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import accountStyles from "~/styles/account.css?url";
import { tokenPageHeaders, tokenPageMeta } from "~/domain/token-page";

const FAILED = "Bekräftelsen misslyckades - Länken kan vara ogiltig eller ha gått ut.";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: MetaFunction = () => tokenPageMeta("Bekräfta e-postadress");

// The token is in this page's URL: never send it on, never cache the page.
export const headers: HeadersFunction = tokenPageHeaders;

export function loader({ request }: LoaderFunctionArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action(args: ActionFunctionArgs) {
  const { context, request } = args;
  const failed = () => data({ failed: true, error: null }, { status: 400 });
  const again = (error: string, status: number) => data({ failed: false, error }, { status });
  return handleLinkForm(args, {
    schema: StaffConfirmLinkSchema,
    refused: failed,
    async run({ token, password }) {
      if (password === "") return again(T.passwordMissing, 400);
      // A staff password is checked here: it shares the network's budget of staff password attempts.
      const attempt = await hitRateLimit(context, PASSWORD_LIMITS.network, clientNetwork(request));
      if (!attempt.allowed) return again(RATE_LIMIT_MESSAGE, 429);
      const outcome = await confirmStaffEmail(context, token, password);
      if (outcome.status === "wrong-password") return again(T.wrongPassword, 400);
      if (outcome.status === "failed") return failed();
      return redirectWithToast(context, "/logga-in", {
        type: "success",
        title: "E-postadressen är bekräftad",
        description: "Logga in med din e-postadress och ditt lösenord.",
      });
    },
  });
}

export default function ConfirmStaffEmail() {
  const { token } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const failed = answer?.failed === true || token === "";
  const error = answer?.error ?? null;
  const busy = useNavigation().state !== "idle";
  return (
    <section className="account-page" aria-labelledby="page-heading">
      <div className="card account-card">
        {failed ? (
          <>
            <h1 id="page-heading">Bekräftelsen misslyckades</h1>
            <p role="alert">{FAILED}</p>
            <p>
              <Link to="/registrera" className="button">
                Skapa konto igen
              </Link>
            </p>
          </>
        ) : (
          <>
            <h1 id="page-heading">Bekräfta e-postadress</h1>
            <p>{T.intro}</p>
            <Form method="post" replace>
              <input type="hidden" name="token" value={token} />
              <Field
                label="Lösenord"
                hint={T.passwordHint}
                errors={error ? [error] : undefined}
                inputProps={{ id: "staff-confirm-password", name: "password", type: "password", autoComplete: "current-password", required: true, maxLength: 128 }}
              />
              <button type="submit" className="primary" disabled={busy}>
                {busy ? "Bekräftar..." : "Bekräfta e-postadress"}
              </button>
            </Form>
            {error === T.wrongPassword ? (
              <p className="muted staff-link">
                <Link to="/registrera">Skapa kontot igen</Link>
              </p>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
