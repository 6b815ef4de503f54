/**
 * A campaign card's actions (send to segments, test-send, duplicate, stop,
 * delete), each behind a confirmation. Without JavaScript an action is a link
 * to its confirmation step on the page (`?atgard=…&kampanj=ID`), which asks
 * and posts; once hydrated it is a button that asks in a <dialog> and posts
 * the same form. Either way it is one real form POST to /admin/utskick.
 *
 * 'Skicka till segment' is always the link: its step reads from the server
 * whom each choice reaches and renders the mail's preview
 * (admin-campaign-send.tsx), shown as a dialog over the list once hydrated.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { CAMPAIGN_ACTIONS, type CampaignAction } from "~/domain/newsletter/admin-texts";
import { ACTION_PARAMS, UTSKICK_PATH } from "~/domain/newsletter/campaign-view";
import { ConfirmTrigger } from "./confirm-trigger";
import { ErrorList } from "./forms";
import { FormKeyField } from "./form-key-field";

export { UTSKICK_PATH };

/** The confirmation step of `action` for campaign `id`: also where its form posts. */
export function actionHref(action: CampaignAction, id: number): string {
  return `${UTSKICK_PATH}?atgard=${ACTION_PARAMS[action]}&kampanj=${id}`;
}

export interface ActionCampaign {
  id: number;
  campaignName: string;
}

/** The confirmation of every action but 'send' (admin-campaign-send.tsx asks that one). */
export function CampaignActionForm({
  action,
  campaign,
  testAddress,
  copyKey,
  errors,
  cancel,
  onSubmit,
}: {
  action: Exclude<CampaignAction, "send">;
  campaign: ActionCampaign;
  /** The address a test goes to unless changed (the admin's own). */
  testAddress: string;
  /** The one-time key a 'Duplicera' post carries, so a repeated post makes one copy (~/domain/form-key). */
  copyKey: string;
  errors?: string[] | null;
  /** The way out: a link back, or a button that closes a dialog. */
  cancel: ReactNode;
  onSubmit?: () => void;
}) {
  const texts = CAMPAIGN_ACTIONS[action];
  const navigation = useNavigation();
  const href = actionHref(action, campaign.id);
  const busy = navigation.state !== "idle" && navigation.formAction === href;
  const uid = useId();
  const questionId = `${uid}-question`;
  const controlId = `${uid}-control`;
  const errorId = errors?.length ? `${uid}-error` : undefined;
  const danger = action === "delete" || action === "stop";
  return (
    <Form method="post" action={href} className="confirm-box" aria-labelledby={questionId} onSubmit={onSubmit}>
      <p id={questionId}>
        <strong>{campaign.campaignName}</strong>: {texts.question}
      </p>
      <input type="hidden" name="intent" value={action} />
      <input type="hidden" name="id" value={String(campaign.id)} />
      {action === "duplicate" ? <FormKeyField drawnKey={copyKey} /> : null}
      {action === "test" ? (
        <div className="field">
          <label htmlFor={controlId}>{CAMPAIGN_ACTIONS.test.address}</label>
          <input
            id={controlId}
            name="email"
            type="email"
            required
            autoComplete="email"
            defaultValue={testAddress}
            aria-invalid={errorId ? true : undefined}
            aria-describedby={errorId}
          />
          <ErrorList id={errorId} errors={errors} />
        </div>
      ) : (
        <ErrorList id={errorId} errors={errors} />
      )}
      <div className="button-row">
        <button type="submit" className={danger ? "button danger" : "button primary"} disabled={busy}>
          {texts.confirm}
        </button>
        {cancel}
      </div>
    </Form>
  );
}

/** One action's button on a card: a link to its confirmation step, or (hydrated) a dialog; 'send' always the link. */
export function CampaignActionButton({
  action,
  campaign,
  testAddress,
  copyKey,
  disabled = false,
}: {
  action: CampaignAction;
  campaign: ActionCampaign;
  testAddress: string;
  copyKey: string;
  disabled?: boolean;
}) {
  if (action === "send") {
    return (
      <Link to={actionHref(action, campaign.id)} className="button secondary" preventScrollReset>
        {CAMPAIGN_ACTIONS.send.button}
      </Link>
    );
  }
  return (
    <ConfirmTrigger
      label={CAMPAIGN_ACTIONS[action].button}
      confirmHref={actionHref(action, campaign.id)}
      disabled={disabled}
    >
      {(close) => (
        <CampaignActionForm
          action={action}
          campaign={campaign}
          testAddress={testAddress}
          copyKey={copyKey}
          onSubmit={close}
          cancel={
            <button type="button" className="button secondary" onClick={close}>
              {CAMPAIGN_ACTIONS.cancel}
            </button>
          }
        />
      )}
    </ConfirmTrigger>
  );
}
