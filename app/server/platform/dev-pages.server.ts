/**
 * The guard of the local test pages under /dev/ (the mailbox, the checkout
 * page): they exist only when their feature is on for local use, on a local
 * site, and only for a request to a local host. Anything else answers 404,
 * as if the page did not exist.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { isLocalHostname } from "./env.server";

/** Throws a 404 Response unless `enabled` and both SITE_URL and the request are local. */
export function requireLocalDevPage(context: AppLoadContext, request: Request, enabled: boolean): void {
  const local = isLocalHostname(new URL(context.config.SITE_URL).hostname) && isLocalHostname(new URL(request.url).hostname);
  if (!enabled || !local) throw new Response("Not Found", { status: 404 });
}
