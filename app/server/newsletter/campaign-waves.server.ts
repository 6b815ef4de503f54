/**
 * The newsletter-waves job (cron worker, every five minutes; also right after
 * a campaign is started): queues the recipients of every due wave into the
 * outbox, finishes campaigns whose waves are done, and queues each day-4
 * report once.
 *
 * A wave is read page by page in subscriber-id order (keyset: the wave row
 * keeps last_subscriber_id), so a run that stops (its budget, the platform,
 * a failure) leaves the wave 'running' and the next run continues where the
 * last committed page ended. Each page is one D1 batch (a transaction): the
 * ledger rows (email_campaign_recipients, primary key campaign + subscriber,
 * INSERT OR IGNORE), one outbox row for each ledger row this batch created
 * (same outbox id, idempotency key campaign:{id}:{subscriber}), and the
 * wave's progress; every statement holds only while the campaign is still
 * 'sending' with the body this run read. So a repeated trigger or two
 * overlapping runs can both read a page, but only one of them queues each
 * mail: nobody gets a campaign twice.
 *
 * Per run: one claim batch, then two round trips per page of 500 (a SELECT
 * and a batch of four statements), so 10 000 recipients are about 100 D1
 * queries, well inside the 1 000 a Worker invocation may make; signing the
 * unsubscribe links (one HMAC each, the key imported once) is the CPU cost.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql, type SQL } from "drizzle-orm";
import { campaignReportMail, type WaveReportRow } from "~/domain/mail/campaign-report";
import { fillMailVars, parseMailVars } from "~/domain/mail/newsletter";
import { senderWithDisplayName } from "~/domain/mail/message";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { drainOutbox, type DrainResult } from "../email/drain.server";
import { outboxInsertStatements, toOutboxRow, type FillMailVars } from "../email/outbox.server";
import { audienceCondition, notYetRecipient } from "./audience.server";
import { listUnsubscribeHeaders, unsubscribeUrl } from "./unsubscribe-links.server";

export interface WaveLimits {
  /** Subscribers read and queued per page (one SELECT and one batch). */
  pageSize?: number;
  /** Most recipients queued in one run; the rest wait for the next. */
  maxRecipients?: number;
  /** No new page after this long (ms, real time), so a run ends well before the next trigger. */
  budgetMs?: number;
}

// A type, not an interface, so it fits the cron's Record<string, number> figures.
export type WaveRunResult = {
  /** Waves worked on in this run. */
  waves: number;
  /** Mails queued (one per new recipient). */
  queued: number;
  /** Waves finished in this run. */
  wavesDone: number;
  /** Campaigns that became 'sent'. */
  campaignsSent: number;
  /** Day-4 reports queued. */
  reports: number;
};

export const WAVE_PAGE_SIZE = 500;
export const WAVE_MAX_RECIPIENTS_PER_RUN = 25_000;
export const WAVE_BUDGET_MS = 2 * 60_000;

export const NEWSLETTER_KIND = "newsletter";
export const REPORT_KIND = "newsletter-report";

interface ClaimedWave {
  campaignId: number;
  wave: number;
  audience: string;
  lastSubscriberId: number;
}

interface SendingCampaign {
  id: number;
  bodyId: string | null;
  fromEmail: string;
}

/**
 * How a campaign mail's shared body gets its recipient's variables (the
 * unsubscribe link) at delivery: handed to every drain that may send
 * campaign rows (the cron's, the one after a start) and to /dev/mail.
 */
export const fillCampaignVars: FillMailVars = (body, varsJson, kind) => fillMailVars(body, parseMailVars(varsJson), kind);

/** The idempotency key of a campaign's mail to one subscriber. */
export function campaignMailKey(campaignId: number, subscriberId: number): string {
  return `campaign:${campaignId}:${subscriberId}`;
}

export async function runDueWaves(
  context: AppLoadContext,
  now: Date,
  limits: WaveLimits = {},
): Promise<WaveRunResult> {
  const pageSize = limits.pageSize ?? WAVE_PAGE_SIZE;
  const maxRecipients = limits.maxRecipients ?? WAVE_MAX_RECIPIENTS_PER_RUN;
  const budgetMs = limits.budgetMs ?? WAVE_BUDGET_MS;
  const started = Date.now();
  const nowIso = now.toISOString();
  const result: WaveRunResult = { waves: 0, queued: 0, wavesDone: 0, campaignsSent: 0, reports: 0 };

  // Claim: due waves of campaigns still being sent become 'running' (a wave
  // another run holds stays 'running'; the ledger keeps the overlap harmless).
  const claim = new BatchBuilder();
  const claimed = claim.add<ClaimedWave>(
    sql`UPDATE email_campaign_waves SET status = 'running', started_at = COALESCE(started_at, ${nowIso})
         WHERE status IN ('scheduled', 'running') AND scheduled_at <= ${nowIso}
           AND EXISTS (SELECT 1 FROM email_campaigns c WHERE c.id = campaign_id AND c.status = 'sending')
         RETURNING campaign_id AS campaignId, wave, segment_name AS audience, last_subscriber_id AS lastSubscriberId`,
  );
  const campaigns = claim.add<SendingCampaign>(
    sql`SELECT id, body_id AS bodyId, from_email AS fromEmail FROM email_campaigns WHERE status = 'sending'
       AND id IN (SELECT campaign_id FROM email_campaign_waves WHERE status = 'running')`,
  );
  const { waves, sending } = await runBatch(
    context,
    claim.plan((results) => ({
      waves: claimed
        .rows(results)
        .sort((a, b) => a.campaignId - b.campaignId || a.wave - b.wave || a.audience.localeCompare(b.audience)),
      sending: new Map(campaigns.rows(results).map((c) => [c.id, c])),
    })),
  );

  for (const wave of waves) {
    const campaign = sending.get(wave.campaignId);
    const bodyId = campaign?.bodyId;
    if (!campaign || !bodyId) continue;
    // The sender as recipients see it: a bare address gets the site's display name.
    const from = senderWithDisplayName(campaign.fromEmail, context.config.EMAIL_FROM);
    result.waves++;
    let last = wave.lastSubscriberId;
    for (;;) {
      const room = maxRecipients - result.queued;
      if (room <= 0 || Date.now() - started >= budgetMs) return finish(context, now, result);
      const take = Math.min(pageSize, room);
      const page = await queueWavePage(context, now, { ...wave, lastSubscriberId: last }, { bodyId, from }, take);
      result.queued += page.queued;
      last = page.lastSubscriberId;
      if (page.done) {
        result.wavesDone++;
        break;
      }
    }
  }
  return finish(context, now, result);
}

/**
 * What the admin page runs right after starting a campaign (in waitUntil,
 * after the response): the waves due now, then a drain of what they queued,
 * so day 1 leaves at once instead of at the next trigger (and locally, where
 * no cron runs, shows in /dev/mail at once). The cron does the same work
 * again if this is cut short; nothing goes out twice.
 */
export async function queueAndDeliverDueWaves(
  context: AppLoadContext,
  now: Date = new Date(),
): Promise<{ waves: WaveRunResult; drain: DrainResult }> {
  const waves = await runDueWaves(context, now);
  const drain = await drainOutbox(context, { limit: 200, budgetMs: 25_000, fillVars: fillCampaignVars });
  return { waves, drain };
}

/** One page of a wave: read up to `take` subscribers after the last one, queue their mail. */
async function queueWavePage(
  context: AppLoadContext,
  now: Date,
  wave: ClaimedWave,
  { bodyId, from }: { bodyId: string; from: string },
  take: number,
): Promise<{ queued: number; lastSubscriberId: number; done: boolean }> {
  const { config } = context;
  const nowIso = now.toISOString();
  const audience = audienceCondition(wave.audience);
  const fresh = notYetRecipient(wave.campaignId);
  const subscribers = await context.db.all<{ id: number; email: string }>(
    sql`SELECT s.id, s.email FROM newsletter_subscribers s
       WHERE s.id > ${wave.lastSubscriberId} AND ${audience} AND ${fresh}
       ORDER BY s.id LIMIT ${take}`,
  );
  const done = subscribers.length < take;
  const lastSubscriberId = subscribers.at(-1)?.id ?? wave.lastSubscriberId;
  const waveKey = sql`campaign_id = ${wave.campaignId} AND wave = ${wave.wave} AND segment_name = ${wave.audience}`;

  if (subscribers.length === 0) {
    await context.db.run(
      sql`UPDATE email_campaign_waves SET status = 'done', finished_at = ${nowIso} WHERE ${waveKey} AND status = 'running'`,
    );
    return { queued: 0, lastSubscriberId, done: true };
  }

  const entries = await Promise.all(
    subscribers.map(async (s) => {
      const url = await unsubscribeUrl(config, s.email);
      return {
        s: s.id,
        o: crypto.randomUUID(),
        k: campaignMailKey(wave.campaignId, s.id),
        e: s.email,
        u: url,
        h: JSON.stringify(listUnsubscribeHeaders(config, url)),
      };
    }),
  );
  const payload = JSON.stringify(entries);
  // The field names are the entries' own keys, chosen in code.
  const field = (name: keyof (typeof entries)[number]): SQL => sql.raw(`json_extract(j.value, '$.${name}')`);
  const sending = sql`EXISTS (SELECT 1 FROM email_campaigns WHERE id = ${wave.campaignId} AND status = 'sending' AND body_id = ${bodyId})
    AND EXISTS (SELECT 1 FROM email_campaign_waves WHERE ${waveKey} AND status = 'running')`;
  // The ledger rows this batch created: their outbox id is this batch's. CROSS
  // JOIN keeps the list as the outer loop (a primary-key probe per entry);
  // the other order scans the campaign's whole ledger for every entry.
  const ours = sql`CROSS JOIN email_campaign_recipients r
    ON r.campaign_id = ${wave.campaignId} AND r.subscriber_id = ${field("s")} AND r.outbox_id = ${field("o")}`;
  const queuedHere = sql`(SELECT count(*) FROM json_each(${payload}) j ${ours})`;
  const b = new BatchBuilder();
  b.add(
    sql`INSERT OR IGNORE INTO email_campaign_recipients (campaign_id, subscriber_id, wave, segment_name, outbox_id, created_at)
         SELECT ${wave.campaignId}, ${field("s")}, ${wave.wave}, ${wave.audience}, ${field("o")}, ${nowIso} FROM json_each(${payload}) j WHERE ${sending}`,
  );
  const [outbox] = outboxInsertStatements({
    select: {
      id: field("o"),
      idempotencyKey: field("k"),
      kind: sql`${NEWSLETTER_KIND}`,
      toAddress: field("e"),
      fromAddress: sql`${from}`,
      subject: sql`c.subject`,
      // The body is the campaign's shared one, filled with vars_json at delivery.
      textBody: sql`''`,
      htmlBody: sql`NULL`,
      bodyId: sql`${bodyId}`,
      varsJson: sql`json_object('unsubscribe_url', ${field("u")})`,
      headersJson: field("h"),
      nextAttemptAt: sql`${nowIso}`,
      createdAt: sql`${nowIso}`,
    },
    from: sql`json_each(${payload}) j ${ours} CROSS JOIN email_campaigns c ON c.id = ${wave.campaignId}`,
  });
  const queued = b.add(outbox!);
  b.add(
    sql`UPDATE email_campaign_waves SET last_subscriber_id = max(last_subscriber_id, ${lastSubscriberId}),
           sent_count = sent_count + ${queuedHere},
           status = CASE WHEN ${done ? 1 : 0} THEN 'done' ELSE status END,
           finished_at = CASE WHEN ${done ? 1 : 0} THEN ${nowIso} ELSE finished_at END
         WHERE ${waveKey} AND status = 'running'`,
  );
  b.add(
    sql`UPDATE email_campaigns SET sent_count = sent_count + ${queuedHere}, updated_at = ${nowIso}
         WHERE id = ${wave.campaignId}`,
  );
  return runBatch(context, b.plan((results) => ({ queued: queued.changes(results), lastSubscriberId, done })));
}

/** Queues the due day-4 reports, then marks finished campaigns 'sent'. */
async function finish(context: AppLoadContext, now: Date, result: WaveRunResult): Promise<WaveRunResult> {
  const nowIso = now.toISOString();
  const wavesLeft = sql`EXISTS (SELECT 1 FROM email_campaign_waves w
    WHERE w.campaign_id = email_campaigns.id AND w.status IN ('scheduled', 'running'))`;
  const due = await context.db.all<{ id: number; campaignName: string; subject: string; startedAt: string | null }>(
    sql`SELECT id, campaign_name AS campaignName, subject, sending_started_at AS startedAt FROM email_campaigns
       WHERE status = 'sending' AND report_due_at <= ${nowIso} AND report_sent_at IS NULL AND NOT ${wavesLeft}`,
  );
  for (const campaign of due) {
    if (await queueReport(context, now, campaign)) result.reports++;
  }
  const sent = await context.db.run(
    sql`UPDATE email_campaigns SET status = 'sent', updated_at = ${nowIso}
       WHERE status = 'sending' AND NOT ${wavesLeft} AND (report_due_at IS NULL OR report_sent_at IS NOT NULL)`,
  );
  result.campaignsSent += sent.meta.changes ?? 0;
  return result;
}

/**
 * The report, once: report_sent_at is set by a conditional UPDATE in the
 * batch that queues the mail (keyed per campaign and send), so overlapping
 * runs queue one report between them.
 */
async function queueReport(
  context: AppLoadContext,
  now: Date,
  campaign: { id: number; campaignName: string; subject: string; startedAt: string | null },
): Promise<boolean> {
  const { config } = context;
  const nowIso = now.toISOString();
  const read = new BatchBuilder();
  const figures = read.add<Omit<WaveReportRow, "audiences">>(
    sql`SELECT r.wave, count(*) AS recipients,
           coalesce(sum(o.status = 'sent'), 0) AS sent,
           coalesce(sum(o.status = 'failed'), 0) AS failed,
           coalesce(sum(EXISTS (SELECT 1 FROM email_events e WHERE e.outbox_id = r.outbox_id AND e.type = 'delivered')), 0) AS delivered,
           coalesce(sum(EXISTS (SELECT 1 FROM email_events e WHERE e.outbox_id = r.outbox_id AND e.type = 'bounced')), 0) AS bounced,
           coalesce(sum(EXISTS (SELECT 1 FROM email_events e WHERE e.outbox_id = r.outbox_id AND e.type = 'complained')), 0) AS complained,
           coalesce(sum(s.status = 'unsubscribed'), 0) AS unsubscribed
         FROM email_campaign_recipients r
         LEFT JOIN email_outbox o ON o.id = r.outbox_id
         LEFT JOIN newsletter_subscribers s ON s.id = r.subscriber_id
         WHERE r.campaign_id = ${campaign.id} GROUP BY r.wave`,
  );
  const waveRows = read.add<{ wave: number; audience: string }>(
    sql`SELECT wave, segment_name AS audience FROM email_campaign_waves WHERE campaign_id = ${campaign.id} ORDER BY wave, segment_name`,
  );
  const { counts, waveList } = await runBatch(
    context,
    read.plan((results) => ({
      counts: new Map(figures.rows(results).map((row) => [row.wave, row])),
      waveList: waveRows.rows(results),
    })),
  );
  const rows: WaveReportRow[] = [];
  for (const { wave, audience } of waveList) {
    const row = rows.find((r) => r.wave === wave);
    if (row) {
      row.audiences.push(audience);
      continue;
    }
    const c = counts.get(wave);
    rows.push({
      wave,
      audiences: [audience],
      recipients: c?.recipients ?? 0,
      sent: c?.sent ?? 0,
      failed: c?.failed ?? 0,
      delivered: c?.delivered ?? 0,
      bounced: c?.bounced ?? 0,
      complained: c?.complained ?? 0,
      unsubscribed: c?.unsubscribed ?? 0,
    });
  }
  const mail = campaignReportMail({
    campaignName: campaign.campaignName,
    subject: campaign.subject,
    startedAt: campaign.startedAt,
    waves: rows,
  });
  const row = toOutboxRow(
    {
      kind: REPORT_KIND,
      to: config.ADMIN_EMAIL,
      ...mail,
      idempotencyKey: `campaign-report:${campaign.id}:${campaign.startedAt ?? ""}`,
    },
    { from: config.EMAIL_FROM },
    nowIso,
  );
  const b = new BatchBuilder();
  const claimed = b.add(
    sql`UPDATE email_campaigns SET report_sent_at = ${nowIso}, updated_at = ${nowIso}
         WHERE id = ${campaign.id} AND status = 'sending' AND report_sent_at IS NULL`,
  );
  b.addAll(
    outboxInsertStatements(row, {
      condition: sql`EXISTS (SELECT 1 FROM email_campaigns WHERE id = ${campaign.id} AND status = 'sending' AND report_sent_at = ${nowIso})`,
    }),
  );
  return runBatch(context, b.plan((results) => claimed.changes(results) > 0));
}
