/**
 * Staff password attempts, counted so that only a guesser feels them:
 * - each client network may try 10 passwords per 15 minutes, for any accounts;
 * - each account may fail 5 times per 15 minutes from one network, after
 *   which that network (and only that one) is refused for that account;
 * - an account's failures from every network slow each later check of its
 *   password down (domain/password-slowdown.ts) but never lock it, so the
 *   owner on another network still signs in, and the sign-in link path is
 *   untouched;
 * - the 10th failure in a window mails the account's owner, at most once an
 *   hour, and only if the account exists (queued after the response, so the
 *   answer's timing tells nothing).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { passwordFailuresMail } from "~/domain/mail/account";
import { passwordDelayMs } from "~/domain/password-slowdown";
import { scheduleDrain, sendEmail } from "../email/send-email.server";
import { clientNetwork, hitRateLimit, peekRateLimit, type RateLimitRule } from "../platform/rate-limit.server";

const FIFTEEN_MINUTES = 15 * 60_000;
const HOUR = 60 * 60_000;

export const PASSWORD_LIMITS = {
  network: { name: "password-ip", limit: 10, windowMs: FIFTEEN_MINUTES },
  accountOnNetwork: { name: "password-fail-net", limit: 5, windowMs: FIFTEEN_MINUTES },
  /** Not a limit: `limit` is the failure that tells the owner. */
  account: { name: "password-fail", limit: 10, windowMs: FIFTEEN_MINUTES },
} satisfies Record<string, RateLimitRule>;

const pairOf = (email: string, network: string) => `${email.trim().toLowerCase()}|${network}`;

/**
 * Counts the attempt on the client's network and says whether the password
 * may be checked at all, and after how long a wait.
 */
export async function beforePasswordCheck(
  context: AppLoadContext,
  request: Request,
  email: string,
  now = Date.now(),
): Promise<{ allowed: boolean; delayMs: number }> {
  const network = clientNetwork(request);
  const [byNetwork, onNetwork, failures] = await Promise.all([
    hitRateLimit(context, PASSWORD_LIMITS.network, network, now),
    peekRateLimit(context, PASSWORD_LIMITS.accountOnNetwork, pairOf(email, network), now),
    peekRateLimit(context, PASSWORD_LIMITS.account, email.trim().toLowerCase(), now),
  ]);
  return {
    allowed: byNetwork.allowed && onNetwork < PASSWORD_LIMITS.accountOnNetwork.limit,
    delayMs: passwordDelayMs(failures),
  };
}

/** Counts a wrong password for the account, on this network and overall; the burst's one mail to the owner. */
export async function recordPasswordFailure(
  context: AppLoadContext,
  request: Request,
  email: string,
  now = Date.now(),
): Promise<void> {
  const address = email.trim().toLowerCase();
  const [, overall] = await Promise.all([
    hitRateLimit(context, PASSWORD_LIMITS.accountOnNetwork, pairOf(address, clientNetwork(request)), now),
    hitRateLimit(context, PASSWORD_LIMITS.account, address, now),
  ]);
  // Exactly one request sees the count reach the limit (the upsert is atomic).
  if (!overall.allowed || overall.remaining !== 0) return;
  context.cloudflare.ctx.waitUntil(
    tellOwner(context, address, now).catch((error: unknown) => console.error("password failure mail not queued", error)),
  );
}

async function tellOwner(context: AppLoadContext, address: string, now: number): Promise<void> {
  const account = await context.db.get<{ found: number }>(
    sql`SELECT 1 AS found FROM users WHERE lower(email) = ${address} AND email_verified_at IS NOT NULL AND password_hash IS NOT NULL`,
  );
  if (!account) return;
  const hour = Math.floor(now / HOUR) * HOUR;
  const signInUrl = new URL("/logga-in", context.config.SITE_URL).toString();
  const result = await sendEmail(context, {
    kind: "password-failures",
    to: address,
    ...passwordFailuresMail(signInUrl, PASSWORD_LIMITS.account.limit),
    idempotencyKey: `password-failures:${address}:${new Date(hour).toISOString()}`,
  });
  if (result.status === "queued") scheduleDrain(context, [result.id]);
}
