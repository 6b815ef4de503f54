/**
 * The typed load context shared by every loader and action: raw bindings,
 * the validated config and the execution context for `waitUntil`.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getConfig, type Config, type Env } from "./env.server";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException"> };
    config: Config;
  }
}

export function getLoadContext(
  env: Env,
  ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException">,
): AppLoadContext {
  return { cloudflare: { env, ctx }, config: getConfig(env) };
}
