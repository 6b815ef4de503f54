/**
 * Cache-Control for the public pages. A page may be cached by a shared cache
 * only when it is the same for everybody: the request carries no session
 * cookie (the top bar would show the signed-in name) and no toast cookie, and
 * the response sets no cookie. Everything else is `private, no-store`.
 *
 * Loaders decide from the request (publicCacheHeaders); the route's `headers`
 * export (publicPageHeaders) has the last word, because only there are the
 * cookies set by the root loader (clearing a toast) and by actions visible.
 */
import type { HeadersFunction } from "@remix-run/cloudflare";
import { carriesPersonalCookie } from "../platform/cookies.server";

/** Session lists: fresh within half a minute, served stale while refreshing. */
export const LIST_CACHE = "public, max-age=0, s-maxage=30, stale-while-revalidate=300";
/** Pages whose content changes only with a deploy. */
export const INFO_PAGE_CACHE = "public, max-age=0, s-maxage=300, stale-while-revalidate=3600";
export const NO_STORE = "private, no-store";

/** Headers for a public loader's response: `publicValue` for anonymous visitors, else no-store. */
export function publicCacheHeaders(request: Request, publicValue: string): Record<string, string> {
  return {
    "Cache-Control": carriesPersonalCookie(request.headers.get("Cookie")) ? NO_STORE : publicValue,
    Vary: "Cookie",
  };
}

/** For action results and failed loads: never stored anywhere. */
export const noStoreHeaders: Record<string, string> = { "Cache-Control": NO_STORE };

/**
 * The `headers` export of every public page. Takes the loader's decision
 * unless an action ran or any cookie is being set; a form refused over a
 * rate limit keeps its Retry-After.
 */
export const publicPageHeaders: HeadersFunction = ({ loaderHeaders, actionHeaders, parentHeaders }) => {
  const setsCookie = [loaderHeaders, actionHeaders, parentHeaders].some((h) => h.has("Set-Cookie"));
  const fromAction = actionHeaders.get("Cache-Control");
  const fromLoader = loaderHeaders.get("Cache-Control");
  const value = setsCookie || fromAction || !fromLoader ? NO_STORE : fromLoader;
  const retryAfter = actionHeaders.get("Retry-After");
  return { "Cache-Control": value, Vary: "Cookie", ...(retryAfter ? { "Retry-After": retryAfter } : {}) };
};
