/**
 * One-time sign-in links (house habit 6). The token is 256 random bits; only
 * its SHA-256 hash is stored, with its purpose and a 10-minute expiry, and it
 * is consumed by the same UPDATE that checks it, so it works exactly once.
 *
 * Whether an address gets a link at all (it has a booking, it has a
 * klippkort's or presentkort's code, or it is ADMIN_EMAIL) is decided after
 * the response has gone out: the visitor sees the same answer, after the
 * same work, for every address.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { cardCodeHolder } from "../cards/card-conditions.server";
import { BatchBuilder, runBatch } from "../db/batch.server";
import type { Config } from "../platform/env.server";
import { randomToken, sha256Hex } from "../platform/crypto.server";
import { blankLinkStatement } from "../email/outbox.server";
import { drainOutbox, sendEmail } from "../email/send-email.server";
import { signInLinkMail } from "~/domain/mail/account";

export const SIGN_IN_TOKEN_TTL_MS = 10 * 60_000;
/**
 * A request within this long of a link that is still unused and alive sends
 * nothing new: that link still works, and a stranger repeating the request
 * cannot fill the owner's inbox.
 */
export const SIGN_IN_REPEAT_MS = 5 * 60_000;

export type SignInPurpose = "customer" | "admin";

export function isAdminEmail(config: Config, email: string): boolean {
  return email.trim().toLowerCase() === config.ADMIN_EMAIL.trim().toLowerCase();
}

export function purposeFor(config: Config, email: string): SignInPurpose {
  return isAdminEmail(config, email) ? "admin" : "customer";
}

const signInMailKey = (tokenHash: string) => `sign-in-link:${tokenHash}`;

export function verifyUrl(config: Config, token: string, purpose: SignInPurpose): string {
  const url = new URL("/mina-bokningar/verify", config.SITE_URL);
  url.searchParams.set("token", token);
  if (purpose === "admin") url.searchParams.set("purpose", "admin");
  return url.toString();
}

/**
 * Stores a token for `email` when the address may sign in and queues the
 * e-mail. Returns whether a link was sent (for tests and logs only: callers
 * facing a visitor must not show it).
 */
export async function issueSignInLink(
  context: AppLoadContext,
  rawEmail: string,
  now = Date.now(),
): Promise<{ sent: boolean }> {
  const { config } = context;
  const email = rawEmail.trim().toLowerCase();
  const purpose = purposeFor(config, email);
  const token = randomToken(32);
  const tokenHash = await sha256Hex(token);
  // One statement decides and writes: the row exists only for an address with
  // a booking (any status), a card whose code it has (its "Mina kort"), or the
  // admin address, and only if no link sent in the last few minutes is still
  // unused and alive.
  const nowIso = new Date(now).toISOString();
  const expiresAt = new Date(now + SIGN_IN_TOKEN_TTL_MS).toISOString();
  const isAdmin = purpose === "admin" ? 1 : 0;
  const repeatAfter = new Date(now - SIGN_IN_REPEAT_MS).toISOString();
  const inserted = await context.db.get<{ token_hash: string }>(
    sql`INSERT INTO sign_in_tokens (token_hash, email, purpose, created_at, expires_at)
     SELECT ${tokenHash}, ${email}, ${purpose}, ${nowIso}, ${expiresAt}
     WHERE (${isAdmin} = 1 OR EXISTS (SELECT 1 FROM bookings WHERE lower(user_email) = ${email})
            OR EXISTS (SELECT 1 FROM cards c WHERE lower(${cardCodeHolder(nowIso)}) = ${email}))
       AND NOT EXISTS (SELECT 1 FROM sign_in_tokens
                       WHERE email = ${email} AND purpose = ${purpose} AND used_at IS NULL AND expires_at > ${nowIso} AND created_at > ${repeatAfter})
     RETURNING token_hash`,
  );
  if (!inserted) return { sent: false };

  const message = signInLinkMail(verifyUrl(config, token, purpose), purpose);
  const result = await sendEmail(context, {
    kind: "sign-in-link",
    to: email,
    ...message,
    idempotencyKey: signInMailKey(tokenHash),
    // Never sent once the link is dead; its token is blanked in the stored copy then, or once used.
    secret: { token, expiresAt: new Date(now + SIGN_IN_TOKEN_TTL_MS).toISOString() },
  });
  if (result.status !== "queued") return { sent: false };
  await drainOutbox(context, { limit: 1, ids: [result.id] });
  return { sent: true };
}

/**
 * Runs issueSignInLink after the response (ctx.waitUntil): the visitor never
 * waits for it, and its duration cannot tell whether the address is known.
 */
export function issueSignInLinkLater(context: AppLoadContext, email: string): void {
  context.cloudflare.ctx.waitUntil(
    issueSignInLink(context, email).catch((error: unknown) => {
      console.error("sign-in link could not be issued", error);
    }),
  );
}

/**
 * Uses a token up: succeeds once, within 10 minutes, for the purpose it was
 * issued for. Check and consumption are one statement, so two simultaneous
 * requests cannot both get the row back. The same batch blanks the link in
 * the stored copy of its mail.
 */
export async function consumeSignInToken(
  context: AppLoadContext,
  token: string,
  purpose: SignInPurpose,
  now = Date.now(),
): Promise<{ email: string; purpose: SignInPurpose } | null> {
  if (token.length < 22 || token.length > 128) return null;
  const nowIso = new Date(now).toISOString();
  const tokenHash = await sha256Hex(token);
  const b = new BatchBuilder();
  const consumed = b.add<{ email: string; purpose: SignInPurpose }>(
    sql`UPDATE sign_in_tokens SET used_at = ${nowIso}
       WHERE token_hash = ${tokenHash} AND purpose = ${purpose} AND used_at IS NULL AND expires_at > ${nowIso}
       RETURNING email, purpose`,
  );
  b.add(
    blankLinkStatement(signInMailKey(tokenHash), new Date(now), sql`EXISTS (SELECT 1 FROM sign_in_tokens WHERE token_hash = ${tokenHash} AND used_at = ${nowIso})`),
  );
  return runBatch(context, b.plan((results) => consumed.first(results) ?? null));
}
