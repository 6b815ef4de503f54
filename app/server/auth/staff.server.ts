/**
 * Staff accounts with e-mail and password. Sign-in answers the same way, in
 * the same time, for an unknown address and a wrong password. Sign-up never
 * grants a role and never tells whether the address was free: both cases do
 * the same work and end with an e-mail to the address.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, sql } from "drizzle-orm";
import { getDb, schema } from "../db.server";
import { scheduleDrain, sendEmail } from "../email/send-email.server";
import { accountCreatedEmail, accountExistsEmail } from "./emails.server";
import { hashPassword, verifyPassword } from "./password.server";
import { isAdminEmail } from "./sign-in-links.server";

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
    .where(sql`lower(${users.email}) = lower(${email})`)
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
 * Creates a staff account (no role) unless the address is taken or is the
 * admin address, which is never open to sign-up: its row must be the one an
 * operator gave the admin role. Returns whether an account was created, for
 * tests only; the visitor sees the same answer either way.
 */
export async function signUpStaff(
  context: AppLoadContext,
  values: { email: string; password: string; displayName?: string },
): Promise<{ created: boolean }> {
  const email = values.email.trim();
  const passwordHash = await hashPassword(values.password);
  const reserved = isAdminEmail(context.config, email);
  const inserted = await context.cloudflare.env.DB.prepare(
    `INSERT INTO users (id, email, password_hash, display_name)
     SELECT ?1, ?2, ?3, ?4 WHERE ?5 = 0
     ON CONFLICT DO NOTHING
     RETURNING id`,
  )
    .bind(crypto.randomUUID(), email, passwordHash, values.displayName ?? email, reserved ? 1 : 0)
    .first<{ id: string }>();
  const created = inserted !== null;
  const signInUrl = new URL("/logga-in", context.config.SITE_URL).toString();
  const message = created ? accountCreatedEmail(signInUrl) : accountExistsEmail(signInUrl);
  const result = await sendEmail(context, { kind: created ? "account-created" : "account-exists", to: email, ...message });
  scheduleDrain(context, [result.id]);
  return { created };
}
