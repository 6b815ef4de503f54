/**
 * What the page of a mailed decision link (/beslut?token=…&val=…) shows: a
 * GET only reads (mail scanners follow links), so the page asks for one
 * confirming click; the POST records the decision (decideByLink).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  decidedByLabel,
  DECISION_LINK_VALUES,
  DECISION_TEXTS,
  decisionFromLinkValue,
  participantsOf,
  type Decision,
} from "~/domain/session-decision";
import { formatDateTime, formatSessionDate, formatTimeRange } from "~/domain/time";
import { scheduleDrain } from "../email/send-email.server";
import { closedBecause, decideByLink, findRequestByToken, type DecideOutcome } from "./decisions.server";

export type DecisionLinkView =
  | {
      state: "open";
      decision: Decision;
      token: string;
      linkValue: string;
      /** The same link with the other action. */
      otherHref: string;
      title: string;
      when: string;
      location: string;
      participants: string;
      deadline: string;
      defaultNote: string;
    }
  /** `pending`: a 'cancel' recorded whose cancellation the cron will finish. */
  | { state: "done"; decision: Decision; pending: boolean }
  | { state: "already-decided"; decision: Decision; by: string | null }
  | { state: "expired"; deadline: string }
  | { state: "void" }
  | { state: "invalid" };

export async function decisionLinkView(
  context: AppLoadContext,
  token: string,
  linkValue: string | null,
  now = new Date(),
): Promise<DecisionLinkView> {
  const decision = decisionFromLinkValue(linkValue);
  if (!decision) return { state: "invalid" };
  const request = await findRequestByToken(context, token);
  if (!request) return { state: "invalid" };
  const closed = closedBecause(request, now);
  if (closed?.status === "already-decided") {
    return {
      state: "already-decided",
      decision: closed.decision,
      by: request.decidedAt ? decidedByLabel(closed.decidedBy, request.decidedByEmail, request.decidedAt, request.reason) : null,
    };
  }
  if (closed?.status === "expired") return { state: "expired", deadline: formatDateTime(request.deadline) };
  if (closed || !request.session) return { state: "void" };
  const { session } = request;
  const other: Decision = decision === "cancel" ? "run" : "cancel";
  const otherHref = `/beslut?${new URLSearchParams({ token, val: DECISION_LINK_VALUES[other] }).toString()}`;
  return {
    state: "open",
    decision,
    token,
    linkValue: DECISION_LINK_VALUES[decision],
    otherHref,
    title: session.title,
    when: `${formatSessionDate(session.startTime)} (${formatTimeRange(session.startTime, session.endTime)})`,
    location: session.location,
    participants: participantsOf(session.currentParticipants, session.maxParticipants),
    deadline: formatDateTime(request.deadline),
    defaultNote: DECISION_TEXTS.defaultWillApply(context.config.MIN_PARTICIPANTS_DEFAULT, request.deadline),
  };
}

/**
 * The POST: records the decision and says what happened; the customers' mails
 * of a cancel are delivered after the response.
 */
export async function submitDecisionLink(
  context: AppLoadContext,
  token: string,
  linkValue: string | null,
  now = new Date(),
): Promise<{ view: DecisionLinkView; sessionChanged: boolean }> {
  const { mailIds, ...page } = await decideAndView(context, token, linkValue, now);
  scheduleDrain(context, mailIds);
  return page;
}

async function decideAndView(
  context: AppLoadContext,
  token: string,
  linkValue: string | null,
  now: Date,
): Promise<{ view: DecisionLinkView; mailIds: string[]; sessionChanged: boolean }> {
  const outcome: DecideOutcome = await decideByLink(context, token, linkValue, now);
  switch (outcome.status) {
    case "decided":
      return {
        view: { state: "done", decision: outcome.decision, pending: !outcome.applied },
        mailIds: outcome.mailIds,
        sessionChanged: outcome.decision === "cancel",
      };
    case "already-decided":
    case "expired":
      // Read again for the page's details (who decided, the deadline).
      return { view: await decisionLinkView(context, token, linkValue, now), mailIds: [], sessionChanged: false };
    case "void":
      return { view: { state: "void" }, mailIds: [], sessionChanged: false };
    case "not-found":
      return { view: { state: "invalid" }, mailIds: [], sessionChanged: false };
  }
}
