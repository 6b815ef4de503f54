/**
 * /unsubscribe?email=…&token=…: the personal link every newsletter carries.
 * A GET only shows the address and a button (mail scanners follow links; a
 * GET changes nothing). The button POSTs to this same URL, and so does a
 * mail client's RFC 8058 one-click unsubscribe (body
 * `List-Unsubscribe=One-Click`, no cookies, from the provider's site: the
 * Worker lets exactly this cross-site POST through, http-security.server.ts).
 * Works with and without JavaScript.
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
import { UNSUBSCRIBE_TEXTS } from "~/domain/newsletter/signup-texts";
import { CONTACT_PATH } from "~/domain/site-contact";
import { UnsubscribeLinkSchema } from "~/domain/schemas/link";
import { handleLinkForm } from "~/server/forms/form-action.server";
import { verifyUnsubscribeToken } from "~/server/newsletter/unsubscribe-links.server";
import { linkParams, unsubscribeWithToken } from "~/server/newsletter/unsubscribe.server";
import accountStyles from "~/styles/account.css?url";
import { tokenPageHeaders, tokenPageMeta } from "~/domain/token-page";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: MetaFunction = () => tokenPageMeta(UNSUBSCRIBE_TEXTS.title);

// The token is in this page's URL: never send it on, never cache the page.
export const headers: HeadersFunction = tokenPageHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { email, token } = linkParams(url);
  // Checked to show the right page at once; nothing is changed by a GET.
  const valid = await verifyUnsubscribeToken(context.config, email, token);
  return { email: valid ? email : null, formAction: `${url.pathname}${url.search}` };
}

export async function action(args: ActionFunctionArgs) {
  const { context } = args;
  const answer = (ok: boolean) => data({ ok }, { status: ok ? 200 : 400 });
  return handleLinkForm(args, {
    schema: UnsubscribeLinkSchema,
    refused: () => answer(false),
    run: async ({ email, token }) =>
      answer(await unsubscribeWithToken(context, email, token)),
  });
}

export default function Unsubscribe() {
  const { email, formAction } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const processing = useNavigation().state === "submitting";

  let body;
  if (answer?.ok) {
    body = <p role="status">{UNSUBSCRIBE_TEXTS.done}</p>;
  } else if (answer || !email) {
    body = (
      <>
        <p role="alert">{UNSUBSCRIBE_TEXTS.failed}</p>
        <p>
          {UNSUBSCRIBE_TEXTS.failedHelp} <Link to={CONTACT_PATH}>{UNSUBSCRIBE_TEXTS.contact}</Link>
        </p>
      </>
    );
  } else if (processing) {
    body = <p role="status">{UNSUBSCRIBE_TEXTS.processing}</p>;
  } else {
    body = (
      <>
        <p>
          {UNSUBSCRIBE_TEXTS.intro} <strong>{email}</strong>.
        </p>
        <Form method="post" action={formAction} replace>
          <button type="submit" className="primary">
            {UNSUBSCRIBE_TEXTS.button}
          </button>
        </Form>
      </>
    );
  }

  return (
    <section className="account-page" aria-labelledby="page-heading">
      <div className="card account-card">
        <h1 id="page-heading">{UNSUBSCRIBE_TEXTS.title}</h1>
        {body}
        <p>
          <Link to="/" className="button secondary">
            {UNSUBSCRIBE_TEXTS.home}
          </Link>
        </p>
      </div>
    </section>
  );
}
