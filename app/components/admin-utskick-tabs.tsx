/**
 * The two tabs of /admin/utskick as the page shows them: the campaigns (a
 * confirmation step, or the form and the saved campaigns; once hydrated the
 * send step is a dialog over them) and the segments (the counts, the
 * segments' names, the search by address and its segments form). Data
 * arrives display-ready from the route's loader.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { CAMPAIGN_ACTIONS, CAMPAIGN_LIST_TEXTS, type CampaignAction } from "~/domain/newsletter/admin-texts";
import type { CampaignActionError, CampaignCardView, SendStepView } from "~/domain/newsletter/campaign-view";
import type { SegmentNames, SegmentSet } from "~/domain/newsletter/segments";
import { CampaignActionForm, UTSKICK_PATH } from "./admin-campaign-actions";
import { CampaignCard } from "./admin-campaign-card";
import { CampaignForm, type CampaignFormValues } from "./admin-campaign-form";
import { CampaignSendStep } from "./admin-campaign-send";
import { SegmentNamesForm } from "./admin-segment-names";
import {
  SegmentCountsTable,
  SubscriberSearchForm,
  SubscriberSegmentsForm,
  type SegmentCountsView,
  type SubscriberCardView,
} from "./admin-segments";
import { RoutedDialog } from "./routed-dialog";
import { useHydrated } from "./use-hydrated";

export type { CampaignActionError };

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
  /** The action being confirmed; the send step's counts and preview with it (null for other actions). */
  confirm: { action: CampaignAction; campaign: CampaignCardView; send: SendStepView | null } | null;
}

export interface SegmentTabData {
  tab: "segment";
  counts: SegmentCountsView | null;
  search: { email: string; error: string | null; subscriber: (SubscriberCardView & { id: number }) | null; searched: boolean };
}

/** An action's confirmation step: the send step, or the small form of the others. */
function ConfirmStep({
  confirm,
  testAddress,
  copyKey,
  actionError,
}: {
  confirm: NonNullable<CampaignTabData["confirm"]>;
  testAddress: string;
  copyKey: string;
  actionError: CampaignActionError | null;
}) {
  const { action, campaign, send } = confirm;
  const errors = actionError && actionError.action === action && actionError.id === campaign.id ? actionError.errors : null;
  const cancel = (
    <Link to={UTSKICK_PATH} className="button secondary" preventScrollReset>
      {CAMPAIGN_ACTIONS.cancel}
    </Link>
  );
  return (
    <div className="utskick-confirm">
      <h2>{CAMPAIGN_ACTIONS[action].button}</h2>
      {action === "send" ? (
        send ? <CampaignSendStep campaign={campaign} step={send} errors={errors} cancel={cancel} /> : null
      ) : (
        <CampaignActionForm
          action={action}
          campaign={campaign}
          testAddress={testAddress}
          copyKey={copyKey}
          errors={errors}
          cancel={cancel}
        />
      )}
    </div>
  );
}

export function CampaignsTab({
  page,
  segments,
  names,
  senders,
  testAddress,
  result,
  actionError,
}: {
  page: CampaignTabData;
  segments: SegmentSet;
  names: SegmentNames;
  senders: readonly string[];
  testAddress: string;
  result: SubmissionResult<string[]> | null;
  actionError: CampaignActionError | null;
}) {
  const hydrated = useHydrated();
  const { confirm } = page;
  const step = confirm ? (
    <ConfirmStep confirm={confirm} testAddress={testAddress} copyKey={page.copyKey} actionError={actionError} />
  ) : null;
  // Without JavaScript a step is the page; with it, the send step opens as a dialog over the list.
  const asDialog = hydrated && confirm?.action === "send";
  if (step && !asDialog) return step;
  return (
    <>
      {page.note ? <p role="status">{page.note}</p> : null}
      <CampaignForm
        key={page.formKey}
        segments={segments}
        names={names}
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
                <CampaignCard campaign={campaign} names={names} testAddress={testAddress} copyKey={page.copyKey} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {asDialog ? (
        <RoutedDialog label={CAMPAIGN_ACTIONS.send.button} closeTo={UTSKICK_PATH} className="confirm-dialog send-dialog">
          {step}
        </RoutedDialog>
      ) : null}
    </>
  );
}

export function SegmentsTab({
  page,
  segments,
  names,
  result,
}: {
  page: SegmentTabData;
  segments: SegmentSet;
  names: SegmentNames;
  result: SubmissionResult<string[]> | null;
}) {
  const { search } = page;
  // Each form takes back only its own post's result.
  const intent = result?.initialValue?.intent;
  return (
    <>
      {page.counts ? <SegmentCountsTable counts={page.counts} personal={segments.personal} names={names} /> : null}
      <SubscriberSearchForm email={search.email} error={search.error} />
      {search.searched ? (
        <SubscriberSegmentsForm
          key={`${search.email}:${search.subscriber?.id ?? "ny"}`}
          email={search.subscriber?.email ?? search.email}
          subscriber={search.subscriber}
          segmentSet={segments}
          names={names}
          lastResult={intent === "rename-segment" ? null : result}
        />
      ) : null}
      {page.counts ? (
        <SegmentNamesForm segments={segments} names={names} lastResult={intent === "rename-segment" ? result : null} />
      ) : null}
    </>
  );
}
