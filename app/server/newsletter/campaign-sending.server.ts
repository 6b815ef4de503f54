/**
 * Starting and stopping a campaign's delivery, and the one mail a campaign
 * makes for one address (used by test sends).
 *
 * Starting renders the campaign once into email_bodies, marks it 'sending'
 * and records its waves (planWaves); the cron worker's newsletter-waves job
 * (campaign-waves.server.ts) queues each wave's recipients when it is due.
 *
 * Rules where the spec is silent:
 * - A campaign that is 'sending' is not started again (reason
 *   'already-sending'): stop it first. A stopped one ('cancelled') is not
 *   sent again either (reason 'stopped'; spec section 4 lets only draft,
 *   sent and sending campaigns be sent): its copy can be. Draft, sent and
 *   failed campaigns can be sent.
 * - Sending a campaign again never clears its recipients ledger: nobody gets
 *   the same campaign twice, so a second send reaches only subscribers of the
 *   target who have not had it (e.g. new ones). A target with nobody left
 *   answers 'no-recipients' and changes nothing.
 * - A second send to an audience the campaign already went to (the same
 *   segment, or 'alla' after one of its segments) starts only when the admin
 *   confirmed it (`again`); otherwise it answers 'already-sent' with those
 *   audiences and changes nothing. The write holds the same rule, so a check
 *   the page skipped cannot start it either.
 * - Stopping deletes the mail that was queued but not yet handed to the
 *   provider, and those recipients' ledger rows (they never got it); mail
 *   already delivered (or being delivered right now) stays.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { senderWithDisplayName, type MailMessage } from "~/domain/mail/message";
import { campaignMail, fillMailVars, type CampaignContent } from "~/domain/mail/newsletter";
import { planWaves, type PlannedWave } from "~/domain/newsletter/waves";
import { segmentSet, targetAudiences } from "~/domain/newsletter/segments";
import { campaignTargets } from "~/domain/schemas/campaign";
import { BatchBuilder, runBatch } from "../db/batch.server";
import type { schema } from "../db/client.server";
import type { Config } from "../platform/env.server";
import { notSentBefore, notYetRecipient, audienceCondition, recipientCountStatement, sentAudiencesStatement } from "./audience.server";
import { listUnsubscribeHeaders, unsubscribeUrl } from "./unsubscribe-links.server";

type EmailCampaignRow = typeof schema.emailCampaigns.$inferSelect;

export type StartCampaignResult =
  | {
      ok: true;
      /** Subscribers of the target who will get it (not counting those who had it before). */
      recipients: number;
      waves: PlannedWave[];
      reportDueAt: string | null;
    }
  | { ok: false; reason: "not-found" | "already-sending" | "stopped" | "invalid-target" | "no-recipients" }
  /** The campaign has gone to these audiences of the target before, and the admin did not confirm a second send. */
  | { ok: false; reason: "already-sent"; sentTo: string[] };

export type StopCampaignResult = {
  stopped: boolean;
  /** Queued mail of the campaign that will now never be sent. */
  unsent: number;
};

/** The campaign's content as the mail template takes it. */
export function campaignContent(
  campaign: Pick<
    EmailCampaignRow,
    "subject" | "subheader" | "htmlContent" | "imageUrl" | "buttonText" | "buttonUrl" | "footerLine1" | "footerLine2"
  >,
): CampaignContent {
  return {
    subject: campaign.subject,
    subheader: campaign.subheader,
    htmlContent: campaign.htmlContent,
    imageUrl: campaign.imageUrl,
    buttonText: campaign.buttonText,
    buttonUrl: campaign.buttonUrl,
    footerLine1: campaign.footerLine1,
    footerLine2: campaign.footerLine2,
  };
}

const CAMPAIGN_COLUMNS = sql.raw(`id, subject, subheader, html_content AS htmlContent, image_url AS imageUrl,
  button_text AS buttonText, button_url AS buttonUrl, footer_line1 AS footerLine1,
  footer_line2 AS footerLine2, status`);

type CampaignForStart = Pick<
  EmailCampaignRow,
  | "id"
  | "subject"
  | "subheader"
  | "htmlContent"
  | "imageUrl"
  | "buttonText"
  | "buttonUrl"
  | "footerLine1"
  | "footerLine2"
  | "status"
>;

/**
 * Starts sending `campaignId` to `target` ('alla' or one segment). Two round
 * trips: the campaign with its recipient count and the audiences it went to
 * before, then one batch that renders the body, marks the campaign 'sending'
 * and records its waves, each statement guarded so a concurrent start (or a
 * campaign that became 'sending' meanwhile) changes nothing. `again` is the
 * admin's confirmation of a second send to the same audience.
 */
export async function startCampaign(
  context: AppLoadContext,
  { campaignId, target, again = false, now = new Date() }: { campaignId: number; target: string; again?: boolean; now?: Date },
): Promise<StartCampaignResult> {
  if (!campaignTargets(segmentSet(context.config.NEWSLETTER_PERSONAL_SEGMENT)).includes(target)) {
    return { ok: false, reason: "invalid-target" };
  }
  const audience = audienceCondition(target);
  const fresh = notYetRecipient(campaignId);
  const read = new BatchBuilder();
  const campaigns = read.add<CampaignForStart>(sql`SELECT ${CAMPAIGN_COLUMNS} FROM email_campaigns WHERE id = ${campaignId}`);
  const counts = read.add<{ n: number }>(recipientCountStatement(campaignId, target));
  const sentBefore = read.add<{ audience: string }>(sentAudiencesStatement(campaignId, targetAudiences(target)));
  const { campaign, recipients, sentTo } = await runBatch(
    context,
    read.plan((results) => ({
      campaign: campaigns.first(results),
      recipients: counts.first(results)?.n ?? 0,
      sentTo: sentBefore.rows(results).map((r) => r.audience),
    })),
  );
  if (!campaign) return { ok: false, reason: "not-found" };
  if (campaign.status === "sending") return { ok: false, reason: "already-sending" };
  if (campaign.status === "cancelled") return { ok: false, reason: "stopped" };
  if (recipients === 0) return { ok: false, reason: "no-recipients" };
  if (sentTo.length > 0 && !again) return { ok: false, reason: "already-sent", sentTo };

  const plan = planWaves(target, now);
  const nowIso = now.toISOString();
  const bodyId = crypto.randomUUID();
  const mail = campaignMail(campaignContent(campaign));
  // Each write holds only while the campaign is neither being sent nor stopped, the target still has
  // someone left, and (unless confirmed) the campaign has not gone to the target's audiences before.
  const startable = sql`EXISTS (SELECT 1 FROM email_campaigns WHERE id = ${campaignId} AND status NOT IN ('sending', 'cancelled'))
     AND EXISTS (SELECT 1 FROM newsletter_subscribers s WHERE ${audience}
       AND ${fresh})
     AND (${again ? 1 : 0} OR ${notSentBefore(campaignId, target)})`;
  const ours = sql`EXISTS (SELECT 1 FROM email_campaigns WHERE id = ${campaignId} AND body_id = ${bodyId} AND status = 'sending')`;
  const b = new BatchBuilder();
  b.add(sql`DELETE FROM email_campaign_waves WHERE campaign_id = ${campaignId} AND ${startable}`);
  b.add(
    sql`INSERT INTO email_bodies (id, text_body, html_body, created_at) SELECT ${bodyId}, ${mail.text}, ${mail.html ?? null}, ${nowIso} WHERE ${startable}`,
  );
  b.add(
    sql`UPDATE email_campaigns SET status = 'sending', target_segment = ${target}, body_id = ${bodyId},
           sending_started_at = ${nowIso}, report_due_at = ${plan.reportDueAt}, report_sent_at = NULL, stopped_at = NULL, updated_at = ${nowIso}
         WHERE id = ${campaignId} AND ${startable}`,
  );
  b.add(
    sql`INSERT INTO email_campaign_waves (campaign_id, wave, segment_name, scheduled_at, status)
         SELECT ${campaignId}, json_extract(w.value, '$.wave'), json_extract(w.value, '$.audience'),
           json_extract(w.value, '$.dueAt'), 'scheduled'
         FROM json_each(${JSON.stringify(plan.waves)}) w WHERE ${ours}`,
  );
  const state = b.add<{ status: string; bodyId: string | null }>(
    sql`SELECT status, body_id AS bodyId FROM email_campaigns WHERE id = ${campaignId}`,
  );
  const sentMeanwhile = b.add<{ audience: string }>(sentAudiencesStatement(campaignId, targetAudiences(target)));
  const { after, sentNow } = await runBatch(
    context,
    b.plan((results) => ({ after: state.first(results), sentNow: sentMeanwhile.rows(results).map((r) => r.audience) })),
  );
  if (after?.bodyId === bodyId) return { ok: true, recipients, waves: plan.waves, reportDueAt: plan.reportDueAt };
  if (after?.status === "sending") return { ok: false, reason: "already-sending" };
  if (after?.status === "cancelled") return { ok: false, reason: "stopped" };
  if (!after) return { ok: false, reason: "not-found" };
  if (sentNow.length > 0 && !again) return { ok: false, reason: "already-sent", sentTo: sentNow };
  // Everyone left unsubscribed (or got it) between the count and the batch.
  return { ok: false, reason: "no-recipients" };
}

/**
 * Stops a campaign that is being sent: it becomes 'cancelled' (shown
 * 'Stoppad'), its remaining waves are cancelled and its report is called
 * off; mail queued but not yet handed to the provider is deleted (with its
 * ledger row: that subscriber never got it). One batch;
 * a campaign that is not 'sending' is left as it is.
 */
export async function stopCampaign(
  context: AppLoadContext,
  { campaignId, now = new Date() }: { campaignId: number; now?: Date },
): Promise<StopCampaignResult> {
  const nowIso = now.toISOString();
  const stoppedNow = sql`EXISTS (SELECT 1 FROM email_campaigns WHERE id = ${campaignId} AND status = 'cancelled' AND stopped_at = ${nowIso})`;
  const from = `campaign:${campaignId}:`;
  const to = `campaign:${campaignId};`;
  const b = new BatchBuilder();
  const stopped = b.add(
    sql`UPDATE email_campaigns SET status = 'cancelled', stopped_at = ${nowIso}, report_due_at = NULL, updated_at = ${nowIso}
         WHERE id = ${campaignId} AND status = 'sending'`,
  );
  b.add(
    sql`UPDATE email_campaign_waves SET status = 'cancelled', finished_at = ${nowIso}
         WHERE campaign_id = ${campaignId} AND status IN ('scheduled', 'running') AND ${stoppedNow}`,
  );
  // The ledger first (it names the rows), then the rows themselves (keyed campaign:{id}:{subscriber},
  // so the key's range finds them on its unique index).
  b.add(
    sql`DELETE FROM email_campaign_recipients
         WHERE campaign_id = ${campaignId} AND ${stoppedNow} AND outbox_id IN (
           SELECT o.id FROM email_outbox o WHERE o.status = 'queued' AND o.idempotency_key >= ${from} AND o.idempotency_key < ${to})`,
  );
  const unsent = b.add(
    sql`DELETE FROM email_outbox
         WHERE status = 'queued' AND idempotency_key >= ${from} AND idempotency_key < ${to} AND ${stoppedNow}`,
  );
  b.add(
    sql`UPDATE email_campaign_waves SET sent_count = (
           SELECT count(*) FROM email_campaign_recipients r
           WHERE r.campaign_id = email_campaign_waves.campaign_id AND r.wave = email_campaign_waves.wave
             AND r.segment_name = email_campaign_waves.segment_name)
         WHERE campaign_id = ${campaignId} AND ${stoppedNow}`,
  );
  b.add(
    sql`UPDATE email_campaigns SET sent_count = (SELECT count(*) FROM email_campaign_recipients WHERE campaign_id = ${campaignId})
         WHERE id = ${campaignId} AND ${stoppedNow}`,
  );
  return runBatch(
    context,
    b.plan((results) => ({ stopped: stopped.changes(results) > 0, unsent: unsent.changes(results) })),
  );
}

/** The campaign's subject stays as the admin wrote it; the kind says what the mail is for. */
export type CampaignMailKind = "newsletter" | "newsletter-test";

/**
 * The whole mail of `campaign` for one address, as a recipient gets it: the
 * body with that address's own unsubscribe link, the RFC 8058 headers and the
 * campaign's sender. A test send queues it through sendEmail (kind
 * 'newsletter-test'); waves queue the same mail as a shared body plus
 * variables instead (campaign-waves.server.ts).
 */
export async function campaignMessageFor(
  config: Pick<Config, "SITE_URL" | "UNSUBSCRIBE_SECRET" | "ADMIN_EMAIL" | "EMAIL_FROM">,
  campaign: Parameters<typeof campaignContent>[0] & Pick<EmailCampaignRow, "fromEmail">,
  email: string,
  kind: CampaignMailKind = "newsletter-test",
): Promise<MailMessage> {
  const mail = campaignMail(campaignContent(campaign));
  const url = await unsubscribeUrl(config, email);
  const vars = { unsubscribe_url: url };
  return {
    kind,
    to: email,
    from: senderWithDisplayName(campaign.fromEmail, config.EMAIL_FROM),
    subject: mail.subject,
    text: fillMailVars(mail.text, vars, "text"),
    html: mail.html === undefined ? undefined : fillMailVars(mail.html, vars, "html"),
    headers: listUnsubscribeHeaders(config, url),
  };
}
