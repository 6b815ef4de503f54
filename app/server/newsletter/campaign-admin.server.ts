/**
 * What /admin/utskick reads and does, as the page calls it: its two tabs'
 * reads (each one D1 batch), and the campaign actions that are more than one
 * call: a send started (audited, then wave 1 queued and delivered after the
 * response), a test mail (delivered after the response) and a stop
 * (audited). The route only parses, calls and answers.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { SEGMENT_TEXTS, SEGMENT_TOASTS } from "~/domain/newsletter/admin-texts";
import type { SegmentNames, SegmentSet } from "~/domain/newsletter/segments";
import { SubscriberSearchSchema } from "~/domain/schemas/subscriber";
import type { ToastView } from "~/domain/toast";
import type { Actor } from "../audit/audit-log.server";
import { scheduleDrain, sendEmail } from "../email/send-email.server";
import { campaignMessageFor, startCampaign, stopCampaign, type StartCampaignResult } from "./campaign-sending.server";
import { queueAndDeliverDueWaves } from "./campaign-waves.server";
import { auditCampaign, campaignStatement, listCampaignsStatement, loadCampaign, type CampaignView } from "./campaigns.server";
import { segmentNamesFrom, segmentNamesStatement, type SegmentNameRow } from "./segment-names.server";
import {
  segmentCountsFrom,
  segmentCountsStatement,
  subscriberFrom,
  subscriberStatements,
  type SegmentCountRow,
  type SegmentCounts,
  type SubscriberRows,
  type SubscriberView,
} from "./segments.server";

/**
 * The campaigns newest first, the segments' names and, with `editId`, that
 * campaign (null when it does not exist); null when they could not be read
 * (logged), for the page to say so.
 */
export async function readCampaigns(
  context: AppLoadContext,
  editId: number | null,
): Promise<{ list: CampaignView[]; target: CampaignView | null; names: SegmentNames } | null> {
  try {
    const b = new BatchBuilder();
    const listed = b.add<CampaignView>(listCampaignsStatement());
    const one = editId ? b.add<CampaignView>(campaignStatement(editId)) : null;
    const named = b.add<SegmentNameRow>(segmentNamesStatement());
    return await runBatch(
      context,
      b.plan((results) => ({
        list: listed.rows(results),
        target: one?.first(results) ?? null,
        names: segmentNamesFrom(named.rows(results)),
      })),
    );
  } catch (error) {
    console.error("admin/utskick: could not read campaigns", error);
    return null;
  }
}

export interface SegmentTab {
  /** Null when the counts could not be read. */
  counts: SegmentCounts | null;
  /** The segments' names (none when they could not be read). */
  names: SegmentNames;
  /** The search by address (`raw`, as typed): its error, and the subscriber found. */
  search: { email: string; error: string | null; subscriber: SubscriberView | null; searched: boolean };
  toast: ToastView | null;
}

/**
 * The segments tab: the counts per segment and, for a valid address `raw`,
 * the subscriber with it, in one batch. An address nobody has gets the
 * spec's info toast (section 8), with the form that adds it below.
 */
export async function readSegmentTab(context: AppLoadContext, segments: SegmentSet, raw: string | null): Promise<SegmentTab> {
  const parsed = raw === null ? null : SubscriberSearchSchema.safeParse({ email: raw });
  const email = parsed?.success ? parsed.data.email : null;
  const search: SegmentTab["search"] = {
    email: raw?.trim() ?? "",
    error: parsed && !parsed.success ? (parsed.error.issues[0]?.message ?? SEGMENT_TEXTS.searchLabel) : null,
    subscriber: null,
    searched: email !== null,
  };
  let toast: ToastView | null = null;
  let counts: SegmentCounts | null = null;
  let names: SegmentNames = {};
  try {
    const b = new BatchBuilder();
    const countRows = b.add<SegmentCountRow>(segmentCountsStatement(segments));
    const named = b.add<SegmentNameRow>(segmentNamesStatement());
    const [subscriberSql, segmentsSql] = email ? subscriberStatements(email) : [];
    const subscriberRows = subscriberSql ? b.add<SubscriberRows[0][number]>(subscriberSql) : null;
    const segmentRows = segmentsSql ? b.add<SubscriberRows[1][number]>(segmentsSql) : null;
    const read = await runBatch(
      context,
      b.plan((results) => ({
        counts: segmentCountsFrom(countRows.rows(results), segments),
        names: segmentNamesFrom(named.rows(results)),
        subscriber:
          subscriberRows && segmentRows ? subscriberFrom([subscriberRows.rows(results), segmentRows.rows(results)]) : null,
      })),
    );
    counts = read.counts;
    names = read.names;
    if (email) search.subscriber = read.subscriber;
  } catch (error) {
    console.error("admin/utskick: could not read segments", error);
    toast = email ? SEGMENT_TOASTS.searchFailed : SEGMENT_TOASTS.countsFailed;
    search.searched = false;
  }
  if (search.searched && search.subscriber === null) toast = SEGMENT_TOASTS.notFound;
  return { counts, names, search, toast };
}

/**
 * Starts campaign `campaignId` to `target` for the signed-in admin (`again`:
 * they confirmed a second send to whom it already went). The audit row
 * follows the start (a failed audit is logged, the send goes on); wave 1 is
 * queued and delivered after the response, and the cron does the rest (and
 * this again if it is cut short).
 */
export async function sendCampaignAsStaff(
  context: AppLoadContext,
  actor: Actor,
  { campaignId, target, again = false }: { campaignId: number; target: string; again?: boolean },
): Promise<StartCampaignResult> {
  const outcome = await startCampaign(context, { campaignId, target, again });
  if (!outcome.ok) return outcome;
  const details = { target, recipients: outcome.recipients, ...(again ? { again } : {}) };
  await auditCampaign(context, actor, "campaign.send", campaignId, details).catch((error) =>
    console.error(`admin/utskick: audit of the send of campaign ${campaignId} failed`, error),
  );
  context.cloudflare.ctx.waitUntil(
    queueAndDeliverDueWaves(context).catch((error) =>
      console.error(`admin/utskick: first wave of campaign ${campaignId} after the response failed`, error),
    ),
  );
  return outcome;
}

/** The campaign's mail to one address (kind 'newsletter-test'), delivered after the response. */
export async function sendCampaignTest(
  context: AppLoadContext,
  campaignId: number,
  email: string,
): Promise<"sent" | "not-found" | "limited" | "failed"> {
  const campaign = await loadCampaign(context, campaignId);
  if (!campaign) return "not-found";
  const sent = await sendEmail(context, await campaignMessageFor(context.config, campaign, email));
  if (sent.status === "limited" || sent.status === "failed") return sent.status;
  scheduleDrain(context, [sent.id]);
  return "sent";
}

/** Stops campaign `campaignId`; a stop is audited with how many queued mails it called off (a failed audit is logged). */
export async function stopCampaignAsStaff(context: AppLoadContext, actor: Actor, campaignId: number): Promise<{ stopped: boolean }> {
  const outcome = await stopCampaign(context, { campaignId });
  if (!outcome.stopped) return { stopped: false };
  await auditCampaign(context, actor, "campaign.stop", campaignId, { unsent: outcome.unsent }).catch((error) =>
    console.error(`admin/utskick: audit of the stop of campaign ${campaignId} failed`, error),
  );
  return { stopped: true };
}
