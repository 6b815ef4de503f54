/** Shared helpers for integration tests: signed-in sessions and cookies. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { getLoadContext } from "../../app/server/platform/context.server";
import { getCookies } from "../../app/server/platform/cookies.server";
import { randomToken, sha256Hex } from "../../app/server/platform/crypto.server";
import { getConfig } from "../../app/server/platform/env.server";

export const config = () => getConfig(env);

/** Creates a user (optionally admin) with a live session; returns its Cookie header. */
export async function signInAs(opts: {
  email: string;
  admin?: boolean;
  kind?: "customer" | "staff";
  expiresInMs?: number;
}): Promise<string> {
  const kind = opts.kind ?? "staff";
  let userId: string | null = null;
  if (kind === "staff") {
    userId = crypto.randomUUID();
    await env.DB.prepare("INSERT INTO users (id, email, display_name) VALUES (?, ?, ?)")
      .bind(userId, opts.email, opts.email)
      .run();
    if (opts.admin) {
      await env.DB.prepare("INSERT INTO user_roles (user_id, role) VALUES (?, 'admin')").bind(userId).run();
    }
  }
  const sessionId = randomToken(16);
  const expiresAt = new Date(Date.now() + (opts.expiresInMs ?? 30 * 60_000)).toISOString();
  await env.DB.prepare(
    "INSERT INTO auth_sessions (id_hash, kind, email, user_id, expires_at) VALUES (?, ?, ?, ?, ?)",
  )
    .bind(await sha256Hex(sessionId), kind, opts.email, userId, expiresAt)
    .run();
  const setCookie = await getCookies(config()).login.serialize(sessionId);
  return setCookie.split(";")[0]!;
}

/** Turns a response's Set-Cookie headers into a Cookie request header. */
export function cookiesFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
}

/**
 * The limit counts in fixed windows: a test that fills one must not straddle
 * a window's end, or its last attempt lands in a fresh window. Waits out the
 * end when fewer than `marginMs` are left (filling a limit takes 1–3 s here),
 * so a test that calls this needs a timeout above `marginMs` plus its own work.
 */
export async function awayFromWindowEnd(windowMs: number, marginMs = 10_000) {
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

/** A load context outside a request, as the app's functions take it first (app/server/db/README.md). */
export function testContext(ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException"> = createExecutionContext()): AppLoadContext {
  return getLoadContext(env, ctx);
}
