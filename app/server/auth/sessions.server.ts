/**
 * Server-side sign-in sessions. The cookie carries only a random 256-bit id;
 * auth_sessions stores its SHA-256 hash with a hard expiry. Every sign-in
 * starts a new id and deletes the row the browser held before (no fixation).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq, sql } from "drizzle-orm";
import { readSessionId } from "./session-user.server";
import { getCookies } from "../cookies.server";
import { randomToken, sha256Hex } from "../crypto.server";
import { getDb, schema } from "../db.server";

/** A customer's look at their bookings is short-lived, as the e-mailed link proves the mailbox only briefly. */
export const CUSTOMER_SESSION_TTL_MS = 30 * 60_000;
/** One working day for staff. */
export const STAFF_SESSION_TTL_MS = 8 * 60 * 60_000;

export type StartSession =
  | { kind: "customer"; email: string }
  | { kind: "staff"; email: string; userId: string };

/**
 * Creates the session row and returns the Set-Cookie header for it. The old
 * row (if the browser had one) is deleted in the same batch.
 */
export async function startSession(
  context: AppLoadContext,
  request: Request,
  who: StartSession,
  now = Date.now(),
): Promise<{ setCookie: string; expiresAt: string }> {
  const db = getDb(context.cloudflare.env);
  const previousId = await readSessionId(context, request);
  const sessionId = randomToken(32);
  const ttl = who.kind === "customer" ? CUSTOMER_SESSION_TTL_MS : STAFF_SESSION_TTL_MS;
  const expiresAt = new Date(now + ttl).toISOString();
  const insert = db.insert(schema.authSessions).values({
    idHash: await sha256Hex(sessionId),
    kind: who.kind,
    email: who.email,
    userId: who.kind === "staff" ? who.userId : null,
    createdAt: new Date(now).toISOString(),
    expiresAt,
  });
  if (previousId) {
    const previousHash = await sha256Hex(previousId);
    await db.batch([db.delete(schema.authSessions).where(eq(schema.authSessions.idHash, previousHash)), insert]);
  } else {
    await insert;
  }
  const setCookie = await getCookies(context.config).session.serialize(sessionId);
  return { setCookie, expiresAt };
}

/** Deletes the browser's session row (if any) and returns the header that clears the cookie. */
export async function endSession(context: AppLoadContext, request: Request): Promise<string> {
  const sessionId = await readSessionId(context, request);
  if (sessionId) {
    await getDb(context.cloudflare.env)
      .delete(schema.authSessions)
      .where(eq(schema.authSessions.idHash, await sha256Hex(sessionId)));
  }
  return clearSessionCookie(context);
}

export function clearSessionCookie(context: AppLoadContext): Promise<string> {
  return getCookies(context.config).session.serialize("", { maxAge: 0 });
}

/**
 * The users row for a staff e-mail, created when missing with the e-mail as
 * display name. Only called after a sign-in link to that address was used, so
 * the address counts as confirmed. Never touches user_roles: admin comes only
 * from a row there.
 */
export async function ensureStaffUser(context: AppLoadContext, email: string): Promise<string> {
  const db = getDb(context.cloudflare.env);
  const now = new Date().toISOString();
  const sameEmail = sql`lower(${schema.users.email}) = lower(${email})`;
  const [, , found] = await db.batch([
    db
      .insert(schema.users)
      .values({ id: crypto.randomUUID(), email, displayName: email, emailVerifiedAt: now })
      .onConflictDoNothing(),
    db
      .update(schema.users)
      .set({ emailVerifiedAt: sql`COALESCE(${schema.users.emailVerifiedAt}, ${now})` })
      .where(sameEmail),
    db.select({ id: schema.users.id }).from(schema.users).where(sameEmail).limit(1),
  ]);
  const id = found[0]?.id;
  if (!id) throw new Error("staff user could not be created");
  return id;
}
