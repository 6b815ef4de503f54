/**
 * /registrera/bekrafta?token=…: the page the staff confirmation mail links
 * to. A GET never uses the token up (mail scanners prefetch links); the
 * 'Bekräfta e-postadress' button POSTs it, with or without JavaScript.
 * Success goes on to /logga-in with a toast; the account can sign in from now.
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
import { LinkTokenSchema } from "~/domain/schemas/link";
import { confirmStaffEmail } from "~/server/auth/staff.server";
import { handleLinkForm } from "~/server/forms/form-action.server";
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
  const { context } = args;
  const failed = () => data({ failed: true }, { status: 400 });
  return handleLinkForm(args, {
    schema: LinkTokenSchema,
    refused: failed,
    async run({ token }) {
      if (!(await confirmStaffEmail(context, token))) return failed();
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
  const failed = useActionData<typeof action>()?.failed === true || token === "";
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
            <p>Tryck på knappen för att bekräfta din e-postadress och aktivera ditt personalkonto.</p>
            <Form method="post" replace>
              <input type="hidden" name="token" value={token} />
              <button type="submit" className="primary" disabled={busy}>
                {busy ? "Bekräftar..." : "Bekräfta e-postadress"}
              </button>
            </Form>
          </>
        )}
      </div>
    </section>
  );
}
