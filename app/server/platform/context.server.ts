/**
 * The typed load context shared by every loader and action: raw bindings,
 * the validated config, the execution context for `waitUntil`, and the
 * request's CSP nonce (set by the Worker, used when rendering scripts).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getConfig, type Config, type Env } from "./env.server";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException"> };
    config: Config;
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
  return { cloudflare: { env, ctx }, config: getConfig(env), ...extra };
}
