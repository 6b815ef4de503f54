/**
 * The typed load context: the one first argument of every server function
 * that reaches data (app/server/db/README.md). It carries the raw bindings,
 * the validated config, drizzle over the D1 binding (`db`), the execution
 * context for `waitUntil`, and in a request the CSP nonce and parsed form.
 * Loaders and actions get it from the Worker; the cron worker, the seat
 * object and tests build one with `getLoadContext` too.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getDb, type Db } from "../db/client.server";
import { getConfig, type Config, type Env } from "./env.server";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException"> };
    config: Config;
    /** Drizzle over `cloudflare.env.DB`: every statement runs through it (app/server/db/README.md). */
    db: Db;
    /** Optional so contexts built outside a request (cron, tests) need none. */
    cspNonce?: string;
    /** A POST's form, admitted and parsed once by the Worker's body door (forms/request-body.server.ts). */
    form?: FormData;
  }
}

export function getLoadContext(
  env: Env,
  ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException">,
  extra: { cspNonce?: string; form?: FormData } = {},
): AppLoadContext {
  return { cloudflare: { env, ctx }, config: getConfig(env), db: getDb(env), ...extra };
}

/** The load context of a Durable Object's work (no request): its `waitUntil` is the object's own. */
export function getObjectLoadContext(env: Env, state: Pick<DurableObjectState, "waitUntil">): AppLoadContext {
  return getLoadContext(env, { waitUntil: (promise) => state.waitUntil(promise), passThroughOnException: () => {} });
}
