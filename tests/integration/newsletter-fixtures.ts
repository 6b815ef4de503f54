/** Subscribers, campaigns and cron runs for the newsletter sending tests. */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import cron, { CRONS } from "../../workers/cron";

export interface SeedSubscriber {
  email: string;
  segments?: string[];
  status?: "subscribed" | "unsubscribed";
}

/** Empties the newsletter tables and the outbox. */
export async function resetNewsletter() {
  await env.DB.batch(
    [
      "DELETE FROM email_campaign_recipients",
      "DELETE FROM email_campaign_waves",
      "DELETE FROM email_outbox",
      "DELETE FROM email_campaigns",
      "DELETE FROM email_bodies",
      "DELETE FROM newsletter_subscriber_segments",
      "DELETE FROM newsletter_subscribers",
      "DELETE FROM rate_limits",
    ].map((sql) => env.DB.prepare(sql)),
  );
}

/** Inserts subscribers (in order, so their ids ascend) with their segments. */
export async function seedSubscribers(list: readonly SeedSubscriber[]): Promise<number[]> {
  const payload = JSON.stringify(list.map((s) => ({ e: s.email, st: s.status ?? "subscribed" })));
  const { results } = await env.DB.prepare(
    `INSERT INTO newsletter_subscribers (email, status, source, consent_at, unsubscribed_at)
     SELECT json_extract(value, '$.e'), json_extract(value, '$.st'), 'manual', '2026-01-01T00:00:00.000Z',
       CASE json_extract(value, '$.st') WHEN 'unsubscribed' THEN '2026-01-02T00:00:00.000Z' END
     FROM json_each(?) ORDER BY key RETURNING id, email`,
  )
    .bind(payload)
    .all<{ id: number; email: string }>();
  const ids = new Map(results.map((r) => [r.email, r.id]));
  const links = list.flatMap((s) => (s.segments ?? []).map((g) => ({ s: ids.get(s.email), g })));
  if (links.length > 0) {
    await env.DB.prepare(
      `INSERT INTO newsletter_subscriber_segments (subscriber_id, segment_name)
       SELECT json_extract(value, '$.s'), json_extract(value, '$.g') FROM json_each(?)`,
    )
      .bind(JSON.stringify(links))
      .run();
  }
  return list.map((s) => ids.get(s.email)!);
}

/** `n` subscribers named `${prefix}${i}@example.se` in `segment`. */
export function many(prefix: string, n: number, segment?: string): SeedSubscriber[] {
  return Array.from({ length: n }, (_, i) => ({
    email: `${prefix}${String(i).padStart(5, "0")}@example.se`,
    segments: segment ? [segment] : [],
  }));
}

export async function createCampaign(
  overrides: Partial<{ name: string; subject: string; content: string; from: string; status: string }> = {},
): Promise<number> {
  const row = await env.DB.prepare(
    `INSERT INTO email_campaigns (campaign_name, subject, subheader, html_content, button_text, button_url,
       from_email, target_segment, footer_line1, status)
     VALUES (?, ?, 'Nya pass i april', ?, 'Boka', 'https://hundpass.se/alla-popups', ?, 'agare-testar', 'Hundpass', ?)
     RETURNING id`,
  )
    .bind(
      overrides.name ?? "Aprilbrevet",
      overrides.subject ?? "Nya pass i april",
      overrides.content ?? "Hej!\n\nNu finns aprils pass.",
      overrides.from ?? "nyhetsbrev@hundpass.se",
      overrides.status ?? "draft",
    )
    .first<{ id: number }>();
  return row!.id;
}

/** The cron worker's scheduled entry at `scheduledTime` (the five-minute trigger unless told). */
export async function runCron(scheduledTime: Date | string, cronEnv: typeof env = env, expression: string = CRONS.everyFiveMinutes) {
  const controller = createScheduledController({ scheduledTime: new Date(scheduledTime), cron: expression });
  const ctx = createExecutionContext();
  await cron.scheduled(controller, cronEnv, ctx);
  await waitOnExecutionContext(ctx);
}

/** Mail of one kind in the outbox, by address. */
export async function newsletterMail(kind = "newsletter") {
  const { results } = await env.DB.prepare(
    `SELECT to_address AS "to", status FROM email_outbox WHERE kind = ? ORDER BY to_address`,
  )
    .bind(kind)
    .all<{ to: string; status: string }>();
  return results;
}

export async function campaignState(id: number) {
  return env.DB.prepare(
    `SELECT status, sent_count AS sentCount, report_sent_at AS reportSentAt, report_due_at AS reportDueAt,
       stopped_at AS stoppedAt, body_id AS bodyId, target_segment AS target
     FROM email_campaigns WHERE id = ?`,
  )
    .bind(id)
    .first<{
      status: string;
      sentCount: number;
      reportSentAt: string | null;
      reportDueAt: string | null;
      stoppedAt: string | null;
      bodyId: string | null;
      target: string;
    }>();
}

export async function waveStates(id: number) {
  const { results } = await env.DB.prepare(
    `SELECT wave, segment_name AS audience, status, sent_count AS sentCount, last_subscriber_id AS lastSubscriberId
     FROM email_campaign_waves WHERE campaign_id = ? ORDER BY wave, segment_name`,
  )
    .bind(id)
    .all<{ wave: number; audience: string; status: string; sentCount: number; lastSubscriberId: number }>();
  return results;
}
