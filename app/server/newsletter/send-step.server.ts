/**
 * What the send step of /admin/utskick ('Skicka till segment') shows before
 * anything is sent: for every target, how many a send would reach now (the
 * start's own count statement, read from D1) and which of its audiences the
 * campaign already went to; and the campaign's mail exactly as a subscriber
 * gets it (the same template, the same unsubscribe link's shape, every value
 * staff wrote escaped), for the page to show in a sandboxed frame.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { alreadySentAudiences, UNSEGMENTED_AUDIENCE, type SegmentNames, type SegmentSet } from "~/domain/newsletter/segments";
import { audienceLabel, targetLabel, type MailPreviewView, type SendStepView } from "~/domain/newsletter/campaign-view";
import { campaignTargets } from "~/domain/schemas/campaign";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { recipientCountStatement, sentAudiencesStatement } from "./audience.server";
import { campaignMessageFor } from "./campaign-sending.server";
import type { CampaignView } from "./campaigns.server";

/** The address the preview is made for: its unsubscribe link has the real shape, for nobody real. */
export const PREVIEW_ADDRESS = "prenumerant@example.com";

/**
 * The send step of `campaign`: every target's count and first-or-again, in
 * one batch, and the preview; null when it could not be read (logged), for
 * the page to say so rather than show numbers it does not have.
 */
export async function readSendStep(
  context: AppLoadContext,
  campaign: CampaignView,
  segments: SegmentSet,
  names: SegmentNames,
): Promise<SendStepView | null> {
  try {
    return await sendStep(context, campaign, segments, names);
  } catch (error) {
    console.error(`admin/utskick: could not read the send step of campaign ${campaign.id}`, error);
    return null;
  }
}

async function sendStep(
  context: AppLoadContext,
  campaign: CampaignView,
  segments: SegmentSet,
  names: SegmentNames,
): Promise<SendStepView> {
  const targets = campaignTargets(segments);
  const b = new BatchBuilder();
  const counts = targets.map((target) => b.add<{ n: number }>(recipientCountStatement(campaign.id, target)));
  const sent = b.add<{ audience: string }>(sentAudiencesStatement(campaign.id, [...segments.all, UNSEGMENTED_AUDIENCE]));
  const read = await runBatch(
    context,
    b.plan((results) => ({
      counts: counts.map((c) => c.first(results)?.n ?? 0),
      sentTo: sent.rows(results).map((r) => r.audience),
    })),
  );
  return {
    targets: targets.map((target, i) => ({
      target,
      label: targetLabel(target, names),
      recipients: read.counts[i] ?? 0,
      sentTo: alreadySentAudiences(target, read.sentTo).map((audience) => audienceLabel(audience, names)),
    })),
    preview: await previewOf(context, campaign),
  };
}

/** The mail a subscriber gets (kind 'newsletter'): the one the waves queue, filled for PREVIEW_ADDRESS. */
async function previewOf(context: AppLoadContext, campaign: CampaignView): Promise<MailPreviewView> {
  const mail = await campaignMessageFor(context.config, campaign, PREVIEW_ADDRESS, "newsletter");
  return { from: mail.from ?? campaign.fromEmail, subject: mail.subject, html: mail.html ?? null, text: mail.text };
}
