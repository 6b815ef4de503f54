/**
 * One saved campaign on /admin/utskick: name, status badge (unknown shows as
 * a draft), subject, target, sender, how many it went to and when it was
 * made, then its actions. Data arrives display-ready.
 */
import { Link } from "@remix-run/react";
import { CAMPAIGN_LIST_TEXTS as T } from "~/domain/newsletter/admin-texts";
import {
  actionDisabled,
  campaignActions,
  campaignBadge,
  targetLabel,
  type CampaignCardView,
} from "~/domain/newsletter/campaign-view";
import type { SegmentNames } from "~/domain/newsletter/segments";
import { CampaignActionButton, UTSKICK_PATH } from "./admin-campaign-actions";

export type { CampaignCardView };

export function CampaignCard({
  campaign,
  names,
  testAddress,
  copyKey,
}: {
  campaign: CampaignCardView;
  /** The segments' names, for the target. */
  names: SegmentNames;
  testAddress: string;
  /** The page's one-time key for a 'Duplicera' post. */
  copyKey: string;
}) {
  const titleId = `campaign-${campaign.id}-title`;
  const badge = campaignBadge(campaign.status);
  const { actions, editable } = campaignActions(campaign.status);
  return (
    <article className="card campaign-card" aria-labelledby={titleId} data-testid={`campaign-${campaign.id}`}>
      <div className="campaign-card-head">
        <h3 id={titleId}>{campaign.campaignName}</h3>
        <span className={`badge badge-${badge.colour}`} data-testid="campaign-status">
          {badge.label}
        </span>
      </div>
      <dl className="campaign-facts">
        <dt>{T.subject}</dt>
        <dd>{campaign.subject}</dd>
        <dt>{T.target}</dt>
        <dd data-testid="campaign-target">{targetLabel(campaign.targetSegment, names)}</dd>
        <dt>{T.sender}</dt>
        <dd>{campaign.fromEmail}</dd>
        <dt>{T.sentCount}</dt>
        <dd data-testid="campaign-sent-count">{campaign.sentCount}</dd>
        {campaign.sentCount > 0 ? (
          <>
            <dt>{T.delivered}</dt>
            <dd data-testid="campaign-delivered">{campaign.delivered}</dd>
            <dt>{T.bounced}</dt>
            <dd data-testid="campaign-bounced">{campaign.bounced}</dd>
            <dt>{T.complained}</dt>
            <dd data-testid="campaign-complained">{campaign.complained}</dd>
          </>
        ) : null}
        <dt>{T.created}</dt>
        <dd>{campaign.createdLabel}</dd>
      </dl>
      <ul className="card-actions" aria-label={T.actionsLabel(campaign.campaignName)}>
        {editable ? (
          <li>
            <Link to={`${UTSKICK_PATH}?kampanj=${campaign.id}`} className="button secondary">
              {T.edit}
            </Link>
          </li>
        ) : null}
        {actions.map((action) => (
          <li key={action}>
            <CampaignActionButton
              action={action}
              campaign={campaign}
              testAddress={testAddress}
              copyKey={copyKey}
              disabled={actionDisabled(action, campaign.status)}
            />
          </li>
        ))}
      </ul>
    </article>
  );
}
