/**
 * /nyhetsbrev/bekrafta?token=…: the page the double opt-in mail links to. A
 * GET never uses the token up (mail scanners prefetch links); the
 * 'Bekräfta prenumeration' button POSTs it, with or without JavaScript, and
 * only then is the address subscribed.
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
import { CONFIRM_TEXTS } from "~/domain/newsletter/signup-texts";
import { LinkTokenSchema } from "~/domain/schemas/link";
import { handleLinkForm } from "~/server/forms/form-action.server";
import { confirmSubscription, type ConfirmOutcome } from "~/server/newsletter/signup.server";
import accountStyles from "~/styles/account.css?url";
import { tokenPageHeaders, tokenPageMeta } from "~/domain/token-page";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: MetaFunction = () => tokenPageMeta(CONFIRM_TEXTS.title);

// The token is in this page's URL: never send it on, never cache the page.
export const headers: HeadersFunction = tokenPageHeaders;

export function loader({ request }: LoaderFunctionArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action(args: ActionFunctionArgs) {
  const answer = (outcome: ConfirmOutcome) => data<{ outcome: ConfirmOutcome }>({ outcome }, { status: outcome === "confirmed" ? 200 : 400 });
  return handleLinkForm(args, {
    schema: LinkTokenSchema,
    refused: () => answer("invalid"),
    run: async ({ token }) => answer((await confirmSubscription(args.context, token)).outcome),
  });
}

export default function ConfirmNewsletter() {
  const { token } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>()?.outcome ?? (token === "" ? "invalid" : null);
  const busy = useNavigation().state !== "idle";

  let body;
  if (outcome === "confirmed") {
    body = (
      <>
        <h1 id="page-heading">{CONFIRM_TEXTS.doneTitle}</h1>
        <p role="status">{CONFIRM_TEXTS.doneText}</p>
      </>
    );
  } else if (outcome === "expired" || outcome === "invalid") {
    const expired = outcome === "expired";
    body = (
      <>
        <h1 id="page-heading">{expired ? CONFIRM_TEXTS.expiredTitle : CONFIRM_TEXTS.failedTitle}</h1>
        <p role="alert">{expired ? CONFIRM_TEXTS.expiredText : CONFIRM_TEXTS.failedText}</p>
      </>
    );
  } else {
    body = (
      <>
        <h1 id="page-heading">{CONFIRM_TEXTS.title}</h1>
        <p>{CONFIRM_TEXTS.intro}</p>
        <Form method="post" replace>
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="primary" disabled={busy}>
            {busy ? CONFIRM_TEXTS.busy : CONFIRM_TEXTS.button}
          </button>
        </Form>
      </>
    );
  }

  return (
    <section className="account-page" aria-labelledby="page-heading">
      <div className="card account-card">
        {body}
        <p>
          <Link to="/" className="button secondary">
            {CONFIRM_TEXTS.home}
          </Link>
        </p>
      </div>
    </section>
  );
}
