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
 * confirmed. So nobody can pre-register a staff address, and a role later
 * granted to that address never reaches someone who does not own the mailbox.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { accountExistsMail, staffConfirmationMail } from "~/domain/mail/account";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { randomToken, sha256Hex } from "../platform/crypto.server";
import { getDb, schema } from "../db/client.server";
import { blankLinkStatement } from "../email/outbox.server";
import { scheduleDrain, sendEmail } from "../email/send-email.server";
import type { Config } from "../platform/env.server";
import { hashPassword, verifyPassword } from "./password.server";
import { isAdminEmail } from "./sign-in-links.server";

export const STAFF_CONFIRMATION_TTL_MS = 60 * 60_000;

const confirmationMailKey = (tokenHash: string) => `staff-confirmation:${tokenHash}`;

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
  const db = getDb(context.cloudflare.env);
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
  const db = context.cloudflare.env.DB;
  const email = values.email.trim();
  const passwordHash = await hashPassword(values.password);
  const reserved = isAdminEmail(config, email);
  const token = randomToken(32);
  const tokenHash = await sha256Hex(token);
  const expiresAt = new Date(now + STAFF_CONFIRMATION_TTL_MS).toISOString();
  // One batch: the unconfirmed account if the address is free, then a link for
  // it only while it is still unconfirmed.
  const [, link] = await db.batch([
    db
      .prepare(
        `INSERT INTO users (id, email, password_hash, display_name)
         SELECT ?1, ?2, NULL, ?2 WHERE ?3 = 0
         ON CONFLICT DO NOTHING`,
      )
      .bind(crypto.randomUUID(), email, reserved ? 1 : 0),
    db
      .prepare(
        `INSERT INTO staff_email_tokens (token_hash, user_id, password_hash, display_name, created_at, expires_at)
         SELECT ?1, u.id, ?2, ?3, ?4, ?5 FROM users u
         WHERE lower(u.email) = lower(?6) AND u.email_verified_at IS NULL AND ?7 = 0
         RETURNING token_hash`,
      )
      .bind(
        tokenHash,
        passwordHash,
        values.displayName ?? email,
        new Date(now).toISOString(),
        expiresAt,
        email,
        reserved ? 1 : 0,
      ),
  ]);
  const confirmationSent = (link?.results.length ?? 0) > 0;
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

/**
 * Uses a confirmation link up: once, within its hour. The account gets the
 * password and name chosen with that sign-up and counts as confirmed; every
 * other open link of the account dies with it, and the link is blanked in
 * the stored mail. Returns the account's e-mail, or null.
 */
export async function confirmStaffEmail(
  env: { DB: D1Database },
  token: string,
  now = Date.now(),
): Promise<{ email: string } | null> {
  if (token.length < 22 || token.length > 128) return null;
  const db = env.DB;
  const nowIso = new Date(now).toISOString();
  const tokenHash = await sha256Hex(token);
  const usedNow = { sql: "EXISTS (SELECT 1 FROM staff_email_tokens WHERE token_hash = ? AND used_at = ?)", params: [tokenHash, nowIso] };
  const [, confirmed] = await db.batch([
    db
      .prepare(
        `UPDATE staff_email_tokens SET used_at = ?1
         WHERE token_hash = ?2 AND used_at IS NULL AND expires_at > ?1`,
      )
      .bind(nowIso, tokenHash),
    db
      .prepare(
        `UPDATE users SET
           password_hash = (SELECT password_hash FROM staff_email_tokens WHERE token_hash = ?2),
           display_name = (SELECT display_name FROM staff_email_tokens WHERE token_hash = ?2),
           email_verified_at = ?1
         WHERE id = (SELECT user_id FROM staff_email_tokens WHERE token_hash = ?2 AND used_at = ?1)
           AND email_verified_at IS NULL
         RETURNING email`,
      )
      .bind(nowIso, tokenHash),
    db
      .prepare(
        `UPDATE staff_email_tokens SET used_at = ?1
         WHERE used_at IS NULL AND user_id = (SELECT user_id FROM staff_email_tokens WHERE token_hash = ?2 AND used_at = ?1)`,
      )
      .bind(nowIso, tokenHash),
    blankLinkStatement(db, confirmationMailKey(tokenHash), new Date(now), usedNow),
  ]);
  const row = confirmed?.results[0] as { email: string } | undefined;
  return row ?? null;
}
