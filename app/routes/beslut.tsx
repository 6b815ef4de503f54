/**
 * /beslut?token=…&val=stall-in|kor: the page the admin's minimum-participant
 * mail links to, one link per action. The token authorises the decision
 * without signing in (the mail goes to the business's own address, like a
 * sign-in link). A GET never decides (mail scanners follow links): it shows
 * the session and one button that confirms the chosen action, with or
 * without JavaScript. Single use: once anything is decided the links say so.
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
import { DecisionLinkSchema } from "~/domain/schemas/link";
import { DECISION_LINK_TEXTS, DECISION_TEXTS } from "~/domain/session-decision";
import { tokenPageHeaders, tokenPageMeta } from "~/domain/token-page";
import { decisionLinkView, submitDecisionLink, type DecisionLinkView } from "~/server/decisions/link-page.server";
import { handleLinkForm } from "~/server/forms/form-action.server";
import { purgeSeatLists } from "~/server/public/page-cache.server";
import accountStyles from "~/styles/account.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: MetaFunction = () => tokenPageMeta(DECISION_LINK_TEXTS.title);

// The token is in this page's URL: never send it on, never cache the page.
export const headers: HeadersFunction = tokenPageHeaders;


export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const view = await decisionLinkView(context, url.searchParams.get("token") ?? "", url.searchParams.get("val"));
  return data({ view }, { headers: tokenPageHeaders() });
}

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const answer = (view: DecisionLinkView) =>
    data<{ view: DecisionLinkView }>({ view }, { status: view.state === "done" ? 200 : 409, headers: tokenPageHeaders() });
  return handleLinkForm(args, {
    schema: DecisionLinkSchema,
    refused: () => answer({ state: "invalid" }),
    async run({ token, val }) {
      const { view, sessionChanged } = await submitDecisionLink(context, token, val ?? null);
      if (sessionChanged) purgeSeatLists(request, context.cloudflare.ctx);
      return answer(view);
    },
  });
}

function Body({ view }: { view: DecisionLinkView }) {
  const busy = useNavigation().state !== "idle";
  switch (view.state) {
    case "open":
      return (
        <>
          <h1 id="page-heading">{DECISION_LINK_TEXTS.ask[view.decision]}</h1>
          <dl className="admin-facts">
            <dt>Pass</dt>
            <dd>{view.title}</dd>
            <dt>{DECISION_TEXTS.start}</dt>
            <dd>{view.when}</dd>
            <dt>{DECISION_TEXTS.location}</dt>
            <dd>{view.location}</dd>
            <dt>{DECISION_TEXTS.participants}</dt>
            <dd data-testid="participants">{view.participants}</dd>
            <dt>{DECISION_TEXTS.deadline}</dt>
            <dd>{view.deadline}</dd>
          </dl>
          <p>{DECISION_LINK_TEXTS.explain[view.decision]}</p>
          <Form method="post" replace>
            <input type="hidden" name="token" value={view.token} />
            <input type="hidden" name="val" value={view.linkValue} />
            <button type="submit" className={view.decision === "cancel" ? "button danger" : "primary"} disabled={busy}>
              {busy ? DECISION_LINK_TEXTS.busy : view.decision === "cancel" ? DECISION_TEXTS.cancelButton : DECISION_TEXTS.runButton}
            </button>
          </Form>
          <p>{view.defaultNote}</p>
          <p>
            <Link to={view.otherHref} replace>
              {DECISION_LINK_TEXTS.other[view.decision]}
            </Link>
          </p>
        </>
      );
    case "done":
      return (
        <>
          <h1 id="page-heading">{DECISION_LINK_TEXTS.done[view.decision]}</h1>
          <p role="status">{view.pending ? DECISION_LINK_TEXTS.pendingText : DECISION_LINK_TEXTS.doneText[view.decision]}</p>
        </>
      );
    case "already-decided":
      return (
        <>
          <h1 id="page-heading">{DECISION_LINK_TEXTS.alreadyDecided(view.decision)}</h1>
          <p role="alert">
            {view.by ? `${DECISION_TEXTS.decided[view.decision]} ${view.by}. ` : ""}
            {DECISION_LINK_TEXTS.alreadyText}
          </p>
        </>
      );
    case "expired":
      return (
        <>
          <h1 id="page-heading">{DECISION_LINK_TEXTS.expiredTitle}</h1>
          <p role="alert">{DECISION_LINK_TEXTS.expiredText(view.deadline)}</p>
        </>
      );
    case "void":
      return (
        <>
          <h1 id="page-heading">{DECISION_LINK_TEXTS.goneTitle}</h1>
          <p role="alert">{DECISION_TEXTS.gone}</p>
        </>
      );
    case "invalid":
      return (
        <>
          <h1 id="page-heading">{DECISION_LINK_TEXTS.invalidTitle}</h1>
          <p role="alert">{DECISION_LINK_TEXTS.invalidText}</p>
        </>
      );
  }
}

export default function DecisionLink() {
  const loaded = useLoaderData<typeof loader>().view;
  const view = useActionData<typeof action>()?.view ?? loaded;
  return (
    <section className="account-page" aria-labelledby="page-heading">
      <div className="card account-card">
        <Body view={view} />
        <p>
          <Link to="/admin/vantande-pass" className="button secondary">
            {DECISION_LINK_TEXTS.toAdmin}
          </Link>
        </p>
      </div>
    </section>
  );
}
