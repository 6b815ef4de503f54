/**
 * What the e-mail code needs: the D1 binding and the validated config. Remix
 * handlers pass their load context as is; the cron worker, which has none,
 * passes { env, config: getConfig(env) }.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Config, Env } from "../platform/env.server";

export interface MailDeps {
  env: Pick<Env, "DB">;
  config: Config;
}

export type EmailContext = MailDeps | AppLoadContext;

export function toMailDeps(context: EmailContext): MailDeps {
  return "cloudflare" in context
    ? { env: context.cloudflare.env, config: context.config }
    : context;
}
