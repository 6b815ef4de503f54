/**
 * Who is asking: the login cookie holds a random id whose SHA-256 hash
 * keys a row in auth_sessions. Admin means a user_roles row with role admin,
 * checked on the server for every admin loader and action. Writing logins,
 * tokens and passwords lives in app/server/auth/.
 */
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, gt } from "drizzle-orm";
import { staffSignInPath } from "~/domain/admin-return";
import { getCookies, readCookie } from "../platform/cookies.server";
import { sha256Hex } from "../platform/crypto.server";
import { schema } from "../db/client.server";

export interface SignedInUser {
  kind: "customer" | "staff";
  email: string;
  userId: string | null;
  displayName: string;
  isAdmin: boolean;
  expiresAt: string;
}

export async function readLoginId(context: AppLoadContext, request: Request) {
  const value = await readCookie(getCookies(context.config).login, request.headers.get("Cookie"));
  return typeof value === "string" && value.length >= 22 ? value : null;
}

/**
 * One read per page load: a GET's loaders (the root's, the admin layout's,
 * the page's) all ask, and share the first answer. Only for GET and HEAD,
 * where nothing in the request can sign anyone in or out; an action always
 * reads afresh. Keyed by the request's load context, which lives as long as
 * the request.
 */
const readsOfThisRequest = new WeakMap<AppLoadContext, Map<string, Promise<SignedInUser | null>>>();

export async function getSignedInUser(
  context: AppLoadContext,
  request: Request,
): Promise<SignedInUser | null> {
  const loginId = await readLoginId(context, request);
  if (!loginId) return null;
  if (request.method !== "GET" && request.method !== "HEAD") return readSignedInUser(context, loginId);
  let reads = readsOfThisRequest.get(context);
  if (!reads) readsOfThisRequest.set(context, (reads = new Map()));
  let read = reads.get(loginId);
  if (!read) {
    read = readSignedInUser(context, loginId);
    reads.set(loginId, read);
    // A failed read is not shared: the next loader tries again.
    read.catch(() => reads.delete(loginId));
  }
  return read;
}

async function readSignedInUser(context: AppLoadContext, loginId: string): Promise<SignedInUser | null> {
  const db = context.db;
  const now = new Date().toISOString();
  const rows = await db
    .select({
      kind: schema.authSessions.kind,
      email: schema.authSessions.email,
      userId: schema.authSessions.userId,
      expiresAt: schema.authSessions.expiresAt,
      displayName: schema.users.displayName,
      role: schema.userRoles.role,
    })
    .from(schema.authSessions)
    .leftJoin(schema.users, eq(schema.users.id, schema.authSessions.userId))
    .leftJoin(
      schema.userRoles,
      and(eq(schema.userRoles.userId, schema.authSessions.userId), eq(schema.userRoles.role, "admin")),
    )
    .where(
      and(
        eq(schema.authSessions.idHash, await sha256Hex(loginId)),
        gt(schema.authSessions.expiresAt, now),
      ),
    )
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return {
    kind: row.kind,
    email: row.email,
    userId: row.userId,
    displayName: row.displayName ?? row.email,
    isAdmin: row.role === "admin",
    expiresAt: row.expiresAt,
  };
}

/**
 * Guards every /admin loader and action: not signed in → the staff sign-in
 * page (/logga-in), which says the page is for staff and comes back to it
 * after signing in; whichever admin path was asked, it shows the same (the
 * path is only carried back, never checked). Signed in without the admin
 * role → 403 'Åtkomst nekad'.
 */
export async function requireAdmin(context: AppLoadContext, request: Request) {
  const user = await getSignedInUser(context, request);
  // A single-fetch data request names its page with '.data' added.
  if (!user) throw redirect(staffSignInPath(new URL(request.url).pathname.replace(/\.data$/, "")));
  if (!user.isAdmin) throw new Response("Åtkomst nekad", { status: 403 });
  return user;
}

/**
 * Guards the customer's own bookings. A customer's login proved its mailbox
 * with a link. A staff login may also look at its own e-mail's bookings,
 * but only an admin's: a self-registered staff address is not verified, so it
 * would otherwise open someone else's bookings with a password of its own.
 * No (or an expired) login → 401, which the page shows as 'Sessionen gick ut'.
 */
export async function requireCustomer(context: AppLoadContext, request: Request) {
  const user = await getSignedInUser(context, request);
  if (!user) throw data({ reason: "expired" as const }, { status: 401 });
  if (user.kind === "staff" && !user.isAdmin) throw new Response("Åtkomst nekad", { status: 403 });
  return user;
}
