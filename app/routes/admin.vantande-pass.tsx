/**
 * /admin/vantande-pass: upcoming group sessions with 1 or 2 participants and,
 * above them, the minimum-participant decisions (requests made at T−30 h for
 * group sessions of 2 or fewer): an open one has 'Ställ in' (behind a
 * confirmation: a dialog with JavaScript, `?beslut=ID&val=stall-in` without)
 * and 'Kör ändå'; a decided one says what was decided, by whom and when.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { AdminSessionCard } from "~/components/admin-session-card";
import { AdminSessionList, listPageHref } from "~/components/admin-session-list";
import { ChangeConfirm } from "~/components/change-confirm";
import { ConfirmForm } from "~/components/confirm-form";
import { SessionChangeButtons } from "~/components/session-change-buttons";
import { ADMIN_LIST_TEXTS, ADMIN_TEXTS, ADMIN_TOASTS } from "~/domain/admin-texts";
import {
  DECISION_LINK_VALUES,
  DECISION_TEXTS,
  decisionFromLinkValue,
  toDecisionPanelView,
  type DecisionPanelView,
} from "~/domain/session-decision";
import type { ToastView } from "~/domain/toast";
import { listWaitingSessionsWithDecisions } from "~/server/admin/admin-sessions.server";
import { requestedPage } from "~/server/admin/admin-list-loader.server";
import { requireAdmin } from "~/server/auth/signed-in-user.server";
import { decideAsAdmin, type DecideOutcome } from "~/server/decisions/decisions.server";
import { noStoreHeaders } from "~/server/public/cache.server";
import { purgeSeatLists } from "~/server/public/page-cache.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { handleForm, withSchema } from "~/server/forms/form-action.server";

const TEXTS = ADMIN_LIST_TEXTS.waiting;
const PATH = "/admin/vantande-pass";

export const meta: MetaFunction = () => [{ title: `${TEXTS.title} – Admin – Hundpass` }];

/** ?beslut=12: a whole number, or null. */
function requestIdOf(value: FormDataEntryValue | string | null | undefined): number | null {
  return typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const page = requestedPage(url);
  const now = new Date();
  // Without JavaScript, 'Ställ in' is this page with its confirmation open.
  const confirming =
    decisionFromLinkValue(url.searchParams.get("val")) === "cancel" ? requestIdOf(url.searchParams.get("beslut")) : null;
  try {
    const found = await listWaitingSessionsWithDecisions(context, now, page);
    const decisions = found.decisions.map((row) => toDecisionPanelView(row, now, context.config.MIN_PARTICIPANTS_DEFAULT));
    return data({ ...found, decisions, confirming, toast: null as ToastView | null }, { headers: noStoreHeaders });
  } catch (error) {
    console.error(`${PATH}: could not load sessions`, error);
    const toast: ToastView = { type: "error", title: ADMIN_TEXTS.errorTitle, description: ADMIN_TEXTS.loadSessionsFailed };
    return data(
      { sessions: [], total: 0, page: 1, pageCount: 1, decisions: [] as DecisionPanelView[], confirming: null, toast },
      { headers: noStoreHeaders },
    );
  }
}

const refused = (description: string): ToastView => ({ type: "error", title: "Fel", description });

function toastFor(outcome: DecideOutcome): ToastView {
  switch (outcome.status) {
    case "decided":
      if (!outcome.applied) return { type: "info", title: "Sparat!", description: DECISION_TEXTS.cancelPending };
      return outcome.decision === "cancel"
        ? ADMIN_TOASTS.cancelled
        : { type: "success", title: "Framgång", description: DECISION_TEXTS.runDone };
    case "already-decided":
      return refused(`${DECISION_TEXTS.alreadyDecided} ${DECISION_TEXTS.decided[outcome.decision]}.`);
    case "expired":
      return refused(DECISION_TEXTS.tooLate);
    case "void":
      return refused(DECISION_TEXTS.gone);
    case "not-found":
      return ADMIN_TOASTS.notFound;
  }
}

const DecideSchema = z.object({ intent: z.enum(["decide-cancel", "decide-run"]), beslut: z.string().optional() });

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const user = await requireAdmin(context, request);
  const notFound = () => redirectWithToast(context, PATH, ADMIN_TOASTS.notFound);
  return handleForm(args, {
    // Behind the admin sign-in (checked above) and the cross-site POST check.
    botCheck: false,
    parse: withSchema(DecideSchema),
    invalid: notFound,
    async run(values) {
      const decision = values.intent === "decide-cancel" ? "cancel" : "run";
      // The request comes with the form, or with the confirmation page's own address.
      const id = requestIdOf(values.beslut) ?? requestIdOf(new URL(request.url).searchParams.get("beslut"));
      return id === null ? notFound() : decide(args, user, id, decision);
    },
  });
}

async function decide(
  { request, context }: ActionFunctionArgs,
  user: { userId: string | null; email: string },
  id: number,
  decision: "cancel" | "run",
) {
  let outcome: DecideOutcome;
  try {
    outcome = await decideAsAdmin(context, id, decision, { userId: user.userId, email: user.email });
  } catch (error) {
    console.error(`${PATH}: decision ${decision} on request ${id} failed`, error);
    return redirectWithToast(context, PATH, decision === "cancel" ? ADMIN_TOASTS.cancelFailed : refused(DECISION_TEXTS.failed));
  }
  if (outcome.status === "decided" && outcome.decision === "cancel") purgeSeatLists(request, context.cloudflare.ctx);
  return redirectWithToast(context, PATH, toastFor(outcome));
}

function DecisionCard({ decision, confirming, returnTo }: { decision: DecisionPanelView; confirming: boolean; returnTo: string }) {
  const busy = useNavigation().state !== "idle";
  const titleId = `decision-${decision.id}-title`;
  const actionUrl = `${PATH}?beslut=${decision.id}`;
  return (
    <article className="session-card admin-session-card" aria-labelledby={titleId} data-testid={`decision-${decision.id}`}>
      <div className="session-card-body">
        <div className="session-card-head">
          <h3 id={titleId} className="session-card-title">
            {decision.title}
          </h3>
          {decision.decisionLabel ? (
            <span className={`badge ${decision.decisionLabel === DECISION_TEXTS.decided.cancel ? "badge-red" : "badge-green"}`}>
              {decision.decisionLabel}
            </span>
          ) : null}
        </div>
        <dl className="session-facts">
          <dt>{DECISION_TEXTS.start}</dt>
          <dd>{decision.startLabel}</dd>
          <dt>{DECISION_TEXTS.location}</dt>
          <dd>{decision.location}</dd>
          <dt>{DECISION_TEXTS.participants}</dt>
          <dd>{decision.participantsLabel}</dd>
          {decision.state !== "decided" ? (
            <>
              <dt>{DECISION_TEXTS.deadline}</dt>
              <dd>{decision.deadlineLabel}</dd>
            </>
          ) : null}
        </dl>
        {decision.state === "decided" ? (
          <p data-testid="decided-by">
            {`${decision.decisionLabel} ${decision.decidedByLabel}`}
          </p>
        ) : decision.state === "waiting-default" ? (
          <p>{DECISION_TEXTS.waitingDefault}</p>
        ) : confirming ? (
          <ConfirmForm
            action={actionUrl}
            intent="decide-cancel"
            returnTo={returnTo}
            question={DECISION_TEXTS.cancelQuestion}
            label={DECISION_TEXTS.cancelButton}
            cancel={
              <Link to={PATH} className="button secondary">
                Avbryt
              </Link>
            }
          />
        ) : (
          <>
            {decision.defaultNote ? <p>{decision.defaultNote}</p> : null}
            <div className="card-actions">
              <ChangeConfirm
                action={actionUrl}
                intent="decide-cancel"
                returnTo={returnTo}
                label={DECISION_TEXTS.cancelButton}
                question={DECISION_TEXTS.cancelQuestion}
                confirmHref={`${PATH}?beslut=${decision.id}&val=${DECISION_LINK_VALUES.cancel}#${titleId}`}
              />
              <Form method="post" action={actionUrl}>
                <input type="hidden" name="intent" value="decide-run" />
                <input type="hidden" name="beslut" value={decision.id} />
                <button type="submit" className="button primary" disabled={busy}>
                  {DECISION_TEXTS.runButton}
                </button>
              </Form>
            </div>
          </>
        )}
      </div>
    </article>
  );
}

export default function WaitingSessions() {
  const { sessions, toast, page, pageCount, decisions, confirming } = useLoaderData<typeof loader>();
  const here = listPageHref(PATH, page);
  return (
    <AdminSessionList
      title={TEXTS.title}
      empty={TEXTS.empty}
      sessions={sessions}
      toast={toast}
      page={page}
      pageCount={pageCount}
      header={
        <section className="decision-panel" aria-labelledby="decision-panel-title" data-testid="decision-panel">
          <h2 id="decision-panel-title">{DECISION_TEXTS.panelTitle}</h2>
          <p>{DECISION_TEXTS.panelIntro}</p>
          {decisions.length === 0 ? (
            <p className="empty">{DECISION_TEXTS.panelEmpty}</p>
          ) : (
            <ul className="session-grid admin-session-grid">
              {decisions.map((decision) => (
                <li key={decision.id}>
                  <DecisionCard decision={decision} confirming={confirming === decision.id} returnTo={here} />
                </li>
              ))}
            </ul>
          )}
        </section>
      }
      renderCard={(session) => (
        <AdminSessionCard
          session={session}
          actions={<SessionChangeButtons sessionId={session.id} edit changes={["cancel"]} returnTo={here} />}
        />
      )}
    />
  );
}
