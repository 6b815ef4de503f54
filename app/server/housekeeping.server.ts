/**
 * Removes what has outlived its purpose: used or expired sign-in tokens,
 * expired sessions and old rate-limit windows. Run daily by the cron worker.
 */
import type { Env } from "./env.server";

const DAY_MS = 24 * 60 * 60_000;

export async function removeExpiredRecords(env: Pick<Env, "DB">, now = new Date()) {
  const nowIso = now.toISOString();
  const dayAgoIso = new Date(now.getTime() - DAY_MS).toISOString();
  const [tokens, sessions, windows] = await env.DB.batch([
    // Used tokens are kept a day so a second click still gets the right error.
    env.DB.prepare("DELETE FROM sign_in_tokens WHERE expires_at < ?").bind(dayAgoIso),
    env.DB.prepare("DELETE FROM auth_sessions WHERE expires_at < ?").bind(nowIso),
    env.DB.prepare("DELETE FROM rate_limits WHERE window_start < ?").bind(now.getTime() - DAY_MS),
  ]);
  return {
    tokens: tokens?.meta.changes ?? 0,
    sessions: sessions?.meta.changes ?? 0,
    rateLimitWindows: windows?.meta.changes ?? 0,
  };
}
