/**
 * Removes what has outlived its purpose: used or expired sign-in, staff
 * confirmation and newsletter confirmation tokens, expired sessions, old rate-limit windows, settled
 * mail past its retention (and the address in the provider's reports about it:
 * the report stays, so a campaign's counts do), and shared mail bodies nothing needs any more (no
 * outbox row and no campaign being sent refers to them). Run daily by the
 * cron worker.
 */
import { purgeSettledMailStatement } from "../email/outbox.server";
import type { Env } from "../platform/env.server";

const DAY_MS = 24 * 60 * 60_000;

/** What stands for the address in a provider's report past the mail retention (/admin/epost-status leaves these out). */
export const ANONYMIZED_RECIPIENT = "[raderad]";

export async function removeExpiredRecords(
  env: Pick<Env, "DB">,
  now = new Date(),
  { mailRetentionDays }: { mailRetentionDays: number },
) {
  const nowIso = now.toISOString();
  const dayAgoIso = new Date(now.getTime() - DAY_MS).toISOString();
  const mailCutoff = new Date(now.getTime() - mailRetentionDays * DAY_MS).toISOString();
  const [tokens, staffTokens, newsletterTokens, sessions, windows, mail, bodies, events] = await env.DB.batch([
    // Used tokens are kept a day so a second click still gets the right error.
    env.DB.prepare("DELETE FROM sign_in_tokens WHERE expires_at < ?").bind(dayAgoIso),
    env.DB.prepare("DELETE FROM staff_email_tokens WHERE expires_at < ?").bind(dayAgoIso),
    env.DB.prepare("DELETE FROM newsletter_confirmations WHERE expires_at < ?").bind(dayAgoIso),
    env.DB.prepare("DELETE FROM auth_sessions WHERE expires_at < ?").bind(nowIso),
    env.DB.prepare("DELETE FROM rate_limits WHERE window_start < ?").bind(now.getTime() - DAY_MS),
    purgeSettledMailStatement(env.DB, now, mailRetentionDays),
    // After the mail purge, so the bodies only purged mail used go too.
    env.DB.prepare(
      `DELETE FROM email_bodies
       WHERE NOT EXISTS (SELECT 1 FROM email_outbox o WHERE o.body_id = email_bodies.id)
         AND NOT EXISTS (SELECT 1 FROM email_campaigns c WHERE c.body_id = email_bodies.id AND c.status = 'sending')`,
    ),
    env.DB.prepare(
      `UPDATE email_events SET recipient = ?2, subject = NULL, detail = NULL
       WHERE received_at < ?1 AND recipient <> ?2`,
    ).bind(mailCutoff, ANONYMIZED_RECIPIENT),
  ]);
  return {
    tokens: (tokens?.meta.changes ?? 0) + (staffTokens?.meta.changes ?? 0) + (newsletterTokens?.meta.changes ?? 0),
    sessions: sessions?.meta.changes ?? 0,
    rateLimitWindows: windows?.meta.changes ?? 0,
    mail: mail?.meta.changes ?? 0,
    mailBodies: bodies?.meta.changes ?? 0,
    mailEventsAnonymized: events?.meta.changes ?? 0,
  };
}
