/**
 * Staff accounts with e-mail and password. Sign-in answers the same way, in
 * the same time, for an unknown address, a wrong password and an address
 * that was never confirmed. Sign-up never grants a role and never tells
 * whether the address was free: every case does the same work and ends with
 * an e-mail to the address.
 *
 * An account signs in only once its address is proved: sign-up mails a
 * one-time link (stored hashed, 60 minutes, used by a POST), and the password
 * chosen with that sign-up becomes the account's when its own link is
 * confirmed with that same password typed again. Both halves matter:
 * - a newer sign-up for the address voids the older unconfirmed links (and
 *   blanks them in their stored mails): the owner who signs up after a
 *   stranger did confirms only the owner's own link;
 * - a stranger who signs up after the owner did puts the newest link in the
 *   owner's inbox, but it confirms only with the stranger's password, which
 *   the owner does not type.
 * So nobody can pre-register a staff address, and a role later granted to
 * that address never reaches someone who does not own the mailbox.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { accountExistsMail, staffConfirmationMail } from "~/domain/mail/account";
import { and, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import { randomToken, sha256Hex } from "../platform/crypto.server";
import { schema } from "../db/client.server";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { blankLinkStatement, blankLinksStatement } from "../email/outbox.server";
import { scheduleDrain, sendEmail } from "../email/send-email.server";
import type { Config } from "../platform/env.server";
import { hashPassword, verifyPassword } from "./password.server";
import { isAdminEmail } from "./sign-in-links.server";

export const STAFF_CONFIRMATION_TTL_MS = 60 * 60_000;

const STAFF_CONFIRMATION_KEY_PREFIX = "staff-confirmation:";
const confirmationMailKey = (tokenHash: string) => `${STAFF_CONFIRMATION_KEY_PREFIX}${tokenHash}`;

export function staffConfirmationUrl(config: Pick<Config, "SITE_URL">, token: string): string {
  const url = new URL("/registrera/bekrafta", config.SITE_URL);
  url.searchParams.set("token", token);
  return url.toString();
}

export interface StaffUser {
  id: string;
  email: string;
  displayName: string;
  isAdmin: boolean;
}

export async function signInWithPassword(
  context: AppLoadContext,
  email: string,
  password: string,
): Promise<StaffUser | null> {
  const db = context.db;
  const { users, userRoles } = schema;
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      passwordHash: users.passwordHash,
      role: userRoles.role,
    })
    .from(users)
    .leftJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, "admin")))
    // An address never proved by a link is treated as having no account.
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNotNull(users.emailVerifiedAt)))
    .limit(1);
  // Runs a full derivation even without a row or a password, for equal timing.
  const check = await verifyPassword(password, row?.passwordHash);
  if (!row || !check.ok) return null;
  if (check.needsRehash) {
    await db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, row.id));
  }
  return { id: row.id, email: row.email, displayName: row.displayName, isAdmin: row.role === "admin" };
}

/**
 * Starts a staff sign-up: the account row (no password, no role, not
 * confirmed) and a confirmation link carrying the chosen password's hash.
 * The admin address is never open to sign-up: its row must be the one an
 * operator gave the admin role. An address with a confirmed account gets a
 * note instead. Returns whether a confirmation link was sent, for tests
 * only; the visitor sees the same answer either way.
 */
export async function signUpStaff(
  context: AppLoadContext,
  values: { email: string; password: string; displayName?: string },
  now = Date.now(),
): Promise<{ confirmationSent: boolean }> {
  const { config } = context;
  const email = values.email.trim();
  const passwordHash = await hashPassword(values.password);
  const reserved = isAdminEmail(config, email);
  const token = randomToken(32);
  const tokenHash = await sha256Hex(token);
  const expiresAt = new Date(now + STAFF_CONFIRMATION_TTL_MS).toISOString();
  // One batch: the unconfirmed account if the address is free, then a link for
  // it only while it is still unconfirmed.
  const reservedFlag = reserved ? 1 : 0;
  const displayName = values.displayName ?? email;
  const createdAt = new Date(now).toISOString();
  const b = new BatchBuilder();
  b.add(
    sql`INSERT INTO users (id, email, password_hash, display_name)
         SELECT ${crypto.randomUUID()}, ${email}, NULL, ${email} WHERE ${reservedFlag} = 0
         ON CONFLICT DO NOTHING`,
  );
  // Only the newest sign-up's link confirms: the older ones of the unconfirmed account die (their stored links blanked first).
  const unconfirmed = sql`SELECT u.id FROM users u WHERE lower(u.email) = lower(${email}) AND u.email_verified_at IS NULL AND ${reservedFlag} = 0`;
  b.add(
    blankLinksStatement(
      sql`SELECT ${STAFF_CONFIRMATION_KEY_PREFIX} || token_hash FROM staff_email_tokens WHERE used_at IS NULL AND user_id IN (${unconfirmed})`,
      new Date(now),
    ),
  );
  b.add(sql`UPDATE staff_email_tokens SET used_at = ${createdAt} WHERE used_at IS NULL AND user_id IN (${unconfirmed})`);
  const link = b.add<{ token_hash: string }>(
    sql`INSERT INTO staff_email_tokens (token_hash, user_id, password_hash, display_name, created_at, expires_at)
         SELECT ${tokenHash}, u.id, ${passwordHash}, ${displayName}, ${createdAt}, ${expiresAt} FROM users u
         WHERE lower(u.email) = lower(${email}) AND u.email_verified_at IS NULL AND ${reservedFlag} = 0
         RETURNING token_hash`,
  );
  const confirmationSent = await runBatch(context, b.plan((results) => link.rows(results).length > 0));
  const signInUrl = new URL("/logga-in", config.SITE_URL).toString();
  const result = await sendEmail(
    context,
    confirmationSent
      ? {
          kind: "staff-confirmation",
          to: email,
          ...staffConfirmationMail(staffConfirmationUrl(config, token)),
          idempotencyKey: confirmationMailKey(tokenHash),
          secret: { token, expiresAt },
        }
      : { kind: "account-exists", to: email, ...accountExistsMail(signInUrl) },
  );
  scheduleDrain(context, [result.id]);
  return { confirmationSent };
}

export type StaffConfirmation = { status: "confirmed"; email: string } | { status: "wrong-password" } | { status: "failed" };

/**
 * Uses a confirmation link up: once, within its hour, and only with the
 * password chosen at that sign-up typed again (a wrong one leaves the link as
 * it was, for a typo). The account gets that password and name and counts as
 * confirmed; every other open link of the account dies with it, and the link
 * is blanked in the stored mail.
 */
export async function confirmStaffEmail(
  context: AppLoadContext,
  token: string,
  password: string,
  now = Date.now(),
): Promise<StaffConfirmation> {
  if (token.length < 22 || token.length > 128) return { status: "failed" };
  const nowIso = new Date(now).toISOString();
  const tokenHash = await sha256Hex(token);
  const { staffEmailTokens } = schema;
  const [open] = await context.db
    .select({ passwordHash: staffEmailTokens.passwordHash })
    .from(staffEmailTokens)
    .where(and(eq(staffEmailTokens.tokenHash, tokenHash), isNull(staffEmailTokens.usedAt), gt(staffEmailTokens.expiresAt, nowIso)))
    .limit(1);
  if (!open) return { status: "failed" };
  if (!(await verifyPassword(password, open.passwordHash)).ok) return { status: "wrong-password" };
  const usedNow = sql`EXISTS (SELECT 1 FROM staff_email_tokens WHERE token_hash = ${tokenHash} AND used_at = ${nowIso})`;
  const b = new BatchBuilder();
  b.add(
    sql`UPDATE staff_email_tokens SET used_at = ${nowIso}
         WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${nowIso}`,
  );
  const confirmed = b.add<{ email: string }>(
    sql`UPDATE users SET
           password_hash = (SELECT password_hash FROM staff_email_tokens WHERE token_hash = ${tokenHash}),
           display_name = (SELECT display_name FROM staff_email_tokens WHERE token_hash = ${tokenHash}),
           email_verified_at = ${nowIso}
         WHERE id = (SELECT user_id FROM staff_email_tokens WHERE token_hash = ${tokenHash} AND used_at = ${nowIso})
           AND email_verified_at IS NULL
         RETURNING email`,
  );
  b.add(
    sql`UPDATE staff_email_tokens SET used_at = ${nowIso}
         WHERE used_at IS NULL AND user_id = (SELECT user_id FROM staff_email_tokens WHERE token_hash = ${tokenHash} AND used_at = ${nowIso})`,
  );
  b.add(blankLinkStatement(confirmationMailKey(tokenHash), new Date(now), usedNow));
  const email = await runBatch(context, b.plan((results) => confirmed.first(results)?.email ?? null));
  return email === null ? { status: "failed" } : { status: "confirmed", email };
}
