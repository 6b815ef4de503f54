/**
 * /ko/lamna/{token}: the leave link of the waitlist's confirmation mail. A
 * GET shows the 'Lämna kön' button and changes nothing (mail scanners
 * prefetch links); the button's POST takes the entry out of the queue, and a
 * seat held for it passes to the next in line.
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
import { formatSessionDate } from "~/domain/time";
import { tokenPageHeaders, tokenPageMeta } from "~/domain/token-page";
import { LinkTokenSchema } from "~/domain/schemas/link";
import { LEAVE_TEXTS } from "~/domain/waitlist";
import { handleLinkForm } from "~/server/forms/form-action.server";
import { purgeSeatLists } from "~/server/public/page-cache.server";
import { findQueuePlace, leaveQueue } from "~/server/waitlist/hold.server";
import accountStyles from "~/styles/account.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: MetaFunction = () => tokenPageMeta(LEAVE_TEXTS.title);

// The token is in this page's URL: never send it on, never cache the page.
export const headers: HeadersFunction = tokenPageHeaders;

export async function loader({ params, context }: LoaderFunctionArgs) {
  const place = await findQueuePlace(context, params.token ?? "");
  if (place.status !== "active") return data({ state: "gone" as const, title: null }, { status: place.status === "gone" ? 410 : 404 });
  return { state: "active" as const, title: `${place.sessionTitle} ${formatSessionDate(place.sessionStart)}` };
}

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const answer = (left: boolean) => data({ left }, { status: left ? 200 : 410 });
  return handleLinkForm(args, {
    schema: LinkTokenSchema,
    refused: () => answer(false),
    async run({ token }) {
      const result = await leaveQueue(context, token);
      if (result.status === "left" && result.declined) purgeSeatLists(request, context.cloudflare.ctx);
      return answer(result.status === "left");
    },
  });
}

export default function LeaveQueue() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";

  let body;
  if (answer?.left) {
    body = (
      <>
        <h1 id="page-heading">{LEAVE_TEXTS.doneTitle}</h1>
        <p role="status">{LEAVE_TEXTS.done}</p>
      </>
    );
  } else if (page.state !== "active" || answer) {
    body = (
      <>
        <h1 id="page-heading">{LEAVE_TEXTS.goneTitle}</h1>
        <p role="alert">{LEAVE_TEXTS.gone}</p>
      </>
    );
  } else {
    body = (
      <>
        <h1 id="page-heading">{LEAVE_TEXTS.title}</h1>
        <p>{LEAVE_TEXTS.lead(page.title)}</p>
        <Form method="post" replace>
          <button type="submit" className="primary" disabled={busy}>
            {busy ? LEAVE_TEXTS.busy : LEAVE_TEXTS.button}
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
          <Link to="/alla-popups" className="button secondary">
            Visa alla pass
          </Link>
        </p>
      </div>
    </section>
  );
}
