/**
 * The send step of a campaign ('Skicka till segment'): says to whom before
 * anything goes. Every choice of recipients is a radio button with the
 * segment's name and how many a send would reach now ('Inga mottagare' when
 * nobody); a choice the campaign already went to is marked, a warning says
 * so, and a second send there needs its box ticked (the server asks again if
 * it is not). Beside it, the mail as a subscriber sees it. One real form POST
 * to /admin/utskick, with or without JavaScript.
 */
import { Form, useNavigation } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { CAMPAIGN_ACTIONS, CAMPAIGN_FORM_TEXTS, CAMPAIGN_SEND_TEXTS as T, joinNames } from "~/domain/newsletter/admin-texts";
import type { SendStepView } from "~/domain/newsletter/campaign-view";
import { actionHref, type ActionCampaign } from "./admin-campaign-actions";
import { ErrorList } from "./forms";
import { MailPreview } from "./mail-preview";

export function CampaignSendStep({
  campaign,
  step,
  errors,
  cancel,
}: {
  campaign: ActionCampaign & { targetSegment: string };
  step: SendStepView;
  /** What the server refused in this step (an unknown target, a second send not confirmed). */
  errors?: string[] | null;
  /** The way out: a link back to the list. */
  cancel: ReactNode;
}) {
  const navigation = useNavigation();
  const href = actionHref("send", campaign.id);
  const busy = navigation.state !== "idle" && navigation.formAction === href;
  const uid = useId();
  const questionId = `${uid}-question`;
  const hintId = `${uid}-hint`;
  const errorId = errors?.length ? `${uid}-error` : undefined;
  // Everyone the campaign already went to, once each, in the targets' order.
  const sentTo = [...new Set(step.targets.flatMap((t) => t.sentTo))];
  const chosen = step.targets.some((t) => t.target === campaign.targetSegment) ? campaign.targetSegment : null;
  return (
    <div className="send-step">
      <Form method="post" action={href} className="confirm-box send-form" aria-labelledby={questionId}>
        <p id={questionId}>
          <strong>{campaign.campaignName}</strong>: {CAMPAIGN_ACTIONS.send.question}
        </p>
        <input type="hidden" name="intent" value="send" />
        <input type="hidden" name="id" value={String(campaign.id)} />
        <fieldset className="send-targets" aria-describedby={[hintId, errorId].filter(Boolean).join(" ")}>
          <legend>{CAMPAIGN_FORM_TEXTS.target_segment}</legend>
          <p id={hintId} className="field-hint">
            {T.countHint}
          </p>
          <ul className="send-target-list">
            {step.targets.map((t) => {
              const id = `${uid}-${t.target}`;
              const countId = `${id}-count`;
              // The choice is named by its segment; how many it reaches (and whether it had the campaign) describes it.
              return (
                <li key={t.target} data-testid={`send-target-${t.target}`}>
                  <input
                    type="radio"
                    id={id}
                    name="target"
                    value={t.target}
                    required
                    defaultChecked={t.target === chosen}
                    aria-describedby={countId}
                  />
                  <label htmlFor={id} className="send-target-name">
                    {t.label}
                  </label>
                  <span id={countId} className="send-target-count">
                    <span data-testid="send-target-count">{T.recipients(t.recipients)}</span>
                    {t.sentTo.length > 0 ? (
                      <>
                        {" "}
                        <span className="badge badge-yellow">{T.sentHere}</span>
                      </>
                    ) : null}
                  </span>
                </li>
              );
            })}
          </ul>
        </fieldset>
        {sentTo.length > 0 ? (
          <div className="send-warning" data-testid="send-warning">
            <p>
              <strong>{T.warningHeading}</strong>
            </p>
            <p>{T.warning(joinNames(sentTo))}</p>
            <div className="field checkbox-field">
              <input type="checkbox" id={`${uid}-again`} name="again" aria-describedby={errorId} />
              <label htmlFor={`${uid}-again`}>{T.again}</label>
            </div>
          </div>
        ) : null}
        <ErrorList id={errorId} errors={errors} />
        <div className="button-row">
          <button type="submit" className="button primary" disabled={busy}>
            {CAMPAIGN_ACTIONS.send.confirm}
          </button>
          {cancel}
        </div>
      </Form>
      <MailPreview preview={step.preview} />
    </div>
  );
}
