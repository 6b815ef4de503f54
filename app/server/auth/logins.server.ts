/**
 * Logins: a signed-in browser ("session" in this code always means a
 * training session). The login cookie carries only a random 256-bit id;
 * auth_sessions (the table keeps its name) stores its SHA-256 hash with a
 * hard expiry. Every sign-in starts a new id and deletes the row the
 * browser held before (no fixation).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq, sql } from "drizzle-orm";
import { readLoginId } from "./signed-in-user.server";
import { getCookies } from "../platform/cookies.server";
import { randomToken, sha256Hex } from "../platform/crypto.server";
import { schema } from "../db/client.server";
import { BatchBuilder, runBatch } from "../db/batch.server";

/** A customer's look at their bookings is short-lived, as the e-mailed link proves the mailbox only briefly. */
export const CUSTOMER_LOGIN_TTL_MS = 30 * 60_000;
/** One working day for staff. */
export const STAFF_LOGIN_TTL_MS = 8 * 60 * 60_000;

export type LoginFor =
  | { kind: "customer"; email: string }
  | { kind: "staff"; email: string; userId: string };

/**
 * Creates the login's row and returns the Set-Cookie header for it. The old
 * row (if the browser had one) is deleted in the same batch.
 */
export async function startLogin(
  context: AppLoadContext,
  request: Request,
  who: LoginFor,
  now = Date.now(),
): Promise<{ setCookie: string; expiresAt: string }> {
  const db = context.db;
  const previousLoginId = await readLoginId(context, request);
  const loginId = randomToken(32);
  const ttl = who.kind === "customer" ? CUSTOMER_LOGIN_TTL_MS : STAFF_LOGIN_TTL_MS;
  const expiresAt = new Date(now + ttl).toISOString();
  const insert = db.insert(schema.authSessions).values({
    idHash: await sha256Hex(loginId),
    kind: who.kind,
    email: who.email,
    userId: who.kind === "staff" ? who.userId : null,
    createdAt: new Date(now).toISOString(),
    expiresAt,
  });
  if (previousLoginId) {
    const previousHash = await sha256Hex(previousLoginId);
    const b = new BatchBuilder();
    b.add(db.delete(schema.authSessions).where(eq(schema.authSessions.idHash, previousHash)));
    b.add(insert);
    await runBatch(context, b.plan(() => undefined));
  } else {
    await insert;
  }
  const setCookie = await getCookies(context.config).login.serialize(loginId);
  return { setCookie, expiresAt };
}

/** Deletes the browser's login row (if any) and returns the header that clears the cookie. */
export async function endLogin(context: AppLoadContext, request: Request): Promise<string> {
  const loginId = await readLoginId(context, request);
  if (loginId) {
    await context.db
      .delete(schema.authSessions)
      .where(eq(schema.authSessions.idHash, await sha256Hex(loginId)));
  }
  return clearLoginCookie(context);
}

export function clearLoginCookie(context: AppLoadContext): Promise<string> {
  return getCookies(context.config).login.serialize("", { maxAge: 0 });
}

/**
 * The users row for a staff e-mail, created when missing with the e-mail as
 * display name. Only called after a sign-in link to that address was used, so
 * the address counts as confirmed. Never touches user_roles: admin comes only
 * from a row there.
 */
export async function ensureStaffUser(context: AppLoadContext, email: string): Promise<string> {
  const db = context.db;
  const now = new Date().toISOString();
  const sameEmail = sql`lower(${schema.users.email}) = lower(${email})`;
  const b = new BatchBuilder();
  b.add(
    db
      .insert(schema.users)
      .values({ id: crypto.randomUUID(), email, displayName: email, emailVerifiedAt: now })
      .onConflictDoNothing(),
  );
  b.add(
    db
      .update(schema.users)
      .set({ emailVerifiedAt: sql`COALESCE(${schema.users.emailVerifiedAt}, ${now})` })
      .where(sameEmail),
  );
  const found = b.add<{ id: string }>(db.select({ id: schema.users.id }).from(schema.users).where(sameEmail).limit(1));
  const id = await runBatch(context, b.plan((results) => found.first(results)?.id));
  if (!id) throw new Error("staff user could not be created");
  return id;
}
