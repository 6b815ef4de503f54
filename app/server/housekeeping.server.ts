/**
 * Removes what has outlived its purpose: used or expired sign-in, staff
 * confirmation and newsletter confirmation tokens, expired sessions, old rate-limit windows and settled
 * mail past its retention. Run daily by the cron worker.
 */
import { purgeSettledMailStatement } from "./email/outbox.server";
import type { Env } from "./env.server";

const DAY_MS = 24 * 60 * 60_000;

export async function removeExpiredRecords(
  env: Pick<Env, "DB">,
  now = new Date(),
  { mailRetentionDays }: { mailRetentionDays: number },
) {
  const nowIso = now.toISOString();
  const dayAgoIso = new Date(now.getTime() - DAY_MS).toISOString();
  const [tokens, staffTokens, newsletterTokens, sessions, windows, mail] = await env.DB.batch([
    // Used tokens are kept a day so a second click still gets the right error.
    env.DB.prepare("DELETE FROM sign_in_tokens WHERE expires_at < ?").bind(dayAgoIso),
    env.DB.prepare("DELETE FROM staff_email_tokens WHERE expires_at < ?").bind(dayAgoIso),
    env.DB.prepare("DELETE FROM newsletter_confirmations WHERE expires_at < ?").bind(dayAgoIso),
    env.DB.prepare("DELETE FROM auth_sessions WHERE expires_at < ?").bind(nowIso),
    env.DB.prepare("DELETE FROM rate_limits WHERE window_start < ?").bind(now.getTime() - DAY_MS),
    purgeSettledMailStatement(env.DB, now, mailRetentionDays),
  ]);
  return {
    tokens: (tokens?.meta.changes ?? 0) + (staffTokens?.meta.changes ?? 0) + (newsletterTokens?.meta.changes ?? 0),
    sessions: sessions?.meta.changes ?? 0,
    rateLimitWindows: windows?.meta.changes ?? 0,
    mail: mail?.meta.changes ?? 0,
  };
}
