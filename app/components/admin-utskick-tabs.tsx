/**
 * The two tabs of /admin/utskick as the page shows them: the campaigns (a
 * confirmation step, or the form and the saved campaigns) and the segments
 * (the counts, the search by address and its segments form). Data arrives
 * display-ready from the route's loader.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { CAMPAIGN_ACTIONS, CAMPAIGN_LIST_TEXTS, type CampaignAction } from "~/domain/newsletter/admin-texts";
import type { SegmentSet } from "~/domain/newsletter/segments";
import { CampaignActionForm, UTSKICK_PATH } from "./admin-campaign-actions";
import { CampaignCard, type CampaignCardView } from "./admin-campaign-card";
import { CampaignForm, type CampaignFormValues } from "./admin-campaign-form";
import {
  SegmentCountsTable,
  SubscriberSearchForm,
  SubscriberSegmentsForm,
  type SegmentCountsView,
  type SubscriberCardView,
} from "./admin-segments";

export interface CampaignTabData {
  tab: "kampanjer";
  campaigns: CampaignCardView[] | null;
  /** The draft being edited, or null for a new campaign. */
  editId: number | null;
  formDefaults: CampaignFormValues;
  /** Changes with every save, so the form starts afresh after one. */
  formKey: string;
  /** A new campaign's one-time key (~/domain/form-key); null while a draft is edited. */
  createKey: string | null;
  /** The one-time key of the page's 'Duplicera' confirmations: one copy per page drawn. */
  copyKey: string;
  savedDraft: number | "ny" | null;
  note: string | null;
  confirm: { action: CampaignAction; campaign: CampaignCardView } | null;
}

export interface SegmentTabData {
  tab: "segment";
  counts: SegmentCountsView | null;
  search: { email: string; error: string | null; subscriber: (SubscriberCardView & { id: number }) | null; searched: boolean };
}

/** A campaign action the server refused, shown in that action's form. */
export interface CampaignActionError {
  action: CampaignAction;
  id: number;
  errors: string[];
}

export function CampaignsTab({
  page,
  segments,
  senders,
  testAddress,
  result,
  actionError,
}: {
  page: CampaignTabData;
  segments: SegmentSet;
  senders: readonly string[];
  testAddress: string;
  result: SubmissionResult<string[]> | null;
  actionError: CampaignActionError | null;
}) {
  if (page.confirm) {
    const { action, campaign } = page.confirm;
    return (
      <div className="utskick-confirm">
        <h2>{CAMPAIGN_ACTIONS[action].button}</h2>
        <CampaignActionForm
          action={action}
          campaign={campaign}
          segments={segments}
          testAddress={testAddress}
          copyKey={page.copyKey}
          errors={actionError && actionError.action === action && actionError.id === campaign.id ? actionError.errors : null}
          cancel={
            <Link to={UTSKICK_PATH} className="button secondary">
              {CAMPAIGN_ACTIONS.cancel}
            </Link>
          }
        />
      </div>
    );
  }
  return (
    <>
      {page.note ? <p role="status">{page.note}</p> : null}
      <CampaignForm
        key={page.formKey}
        segments={segments}
        senders={senders}
        editId={page.editId}
        defaults={page.formDefaults}
        lastResult={result}
        savedDraft={page.savedDraft}
        createKey={page.createKey}
        cancelHref={UTSKICK_PATH}
      />
      <section className="campaign-list" aria-labelledby="campaign-list-heading">
        <h2 id="campaign-list-heading">{CAMPAIGN_LIST_TEXTS.heading}</h2>
        {page.campaigns === null ? null : page.campaigns.length === 0 ? (
          <p>{CAMPAIGN_LIST_TEXTS.empty}</p>
        ) : (
          <ul className="campaign-cards">
            {page.campaigns.map((campaign) => (
              <li key={campaign.id}>
                <CampaignCard campaign={campaign} segments={segments} testAddress={testAddress} copyKey={page.copyKey} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

export function SegmentsTab({
  page,
  segments,
  result,
}: {
  page: SegmentTabData;
  segments: SegmentSet;
  result: SubmissionResult<string[]> | null;
}) {
  const { search } = page;
  return (
    <>
      {page.counts ? <SegmentCountsTable counts={page.counts} personal={segments.personal} /> : null}
      <SubscriberSearchForm email={search.email} error={search.error} />
      {search.searched ? (
        <SubscriberSegmentsForm
          key={`${search.email}:${search.subscriber?.id ?? "ny"}`}
          email={search.subscriber?.email ?? search.email}
          subscriber={search.subscriber}
          segmentSet={segments}
          lastResult={result}
        />
      ) : null}
    </>
  );
}
