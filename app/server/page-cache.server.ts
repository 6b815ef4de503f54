/**
 * A shared cache for public pages, in front of Remix: anonymous GETs whose
 * response says `public, s-maxage=…` (see app/server/public/cache.server.ts)
 * are stored in the platform cache and served from it until they expire.
 *
 * Cached HTML carries the script nonce of the render that produced it, so a
 * hit gets a fresh nonce rewritten into every `nonce` attribute; the Worker
 * then sends the matching Content-Security-Policy. Nonces are never reused.
 */

const PERSONAL_COOKIES = new Set(["hp_session", "hp_toast", "__Host-hp_session", "__Host-hp_toast"]);

/** Lists that show seat counts; purged when a seat changes so they are not stale. */
export const SEAT_LIST_PATHS = ["/", "/alla-popups"] as const;

/** The platform's default cache (the DOM lib's CacheStorage type hides `default`). */
function platformCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

function cacheKey(url: URL): Request {
  // Only the URL identifies a public page: no headers, so no Vary surprises.
  return new Request(url.toString(), { method: "GET" });
}

/** Whether a request may be answered from (and stored in) the shared cache. */
export function isCacheablePageRequest(request: Request): boolean {
  if (request.method !== "GET") return false;
  const cookie = request.headers.get("Cookie");
  if (!cookie) return true;
  return !cookie.split(";").some((pair) => PERSONAL_COOKIES.has(pair.split("=")[0]?.trim() ?? ""));
}

function isStorable(response: Response): boolean {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  return (
    response.status === 200 &&
    /\bpublic\b/.test(cacheControl) &&
    /\bs-maxage=\d+/.test(cacheControl) &&
    !response.headers.has("Set-Cookie")
  );
}

function withFreshNonce(response: Response, nonce: string): Response {
  const type = response.headers.get("Content-Type") ?? "";
  if (!type.startsWith("text/html")) return new Response(response.body, response);
  return new HTMLRewriter()
    .on("[nonce]", {
      element(element) {
        element.setAttribute("nonce", nonce);
      },
    })
    .transform(response);
}

/**
 * Answers from the cache when it can; otherwise renders and stores the
 * answer (after the response, through waitUntil) if it is public.
 */
export async function withPageCache(
  request: Request,
  ctx: Pick<ExecutionContext, "waitUntil">,
  nonce: string,
  render: () => Promise<Response>,
): Promise<Response> {
  if (!isCacheablePageRequest(request)) return render();
  const cache = platformCache();
  const key = cacheKey(new URL(request.url));
  const hit = await cache.match(key);
  if (hit) return withFreshNonce(hit, nonce);
  const response = await render();
  if (isStorable(response)) ctx.waitUntil(cache.put(key, response.clone()));
  return response;
}

/**
 * A purge waits this long before it runs, and seat changes in between join
 * it: under a rush of bookings the lists are purged a few times a second,
 * not twice per booking, and never before the last change.
 */
const PURGE_WINDOW_MS = 50;
const STALE_PURGE_MS = 5_000;
let purgeScheduledAt = 0;
const originsToPurge = new Set<string>();

/** Drops the cached seat lists of this site after a seat count changed. */
export function purgeSeatLists(request: Request, ctx: Pick<ExecutionContext, "waitUntil">): void {
  originsToPurge.add(new URL(request.url).origin);
  const now = Date.now();
  if (purgeScheduledAt !== 0 && now - purgeScheduledAt < STALE_PURGE_MS) return;
  purgeScheduledAt = now;
  ctx.waitUntil(
    new Promise((resolve) => setTimeout(resolve, PURGE_WINDOW_MS))
      .then(() => {
        // Changes from now on schedule the next purge.
        purgeScheduledAt = 0;
        const origins = [...originsToPurge];
        originsToPurge.clear();
        return Promise.all(
          origins.flatMap((origin) =>
            SEAT_LIST_PATHS.map((path) => platformCache().delete(cacheKey(new URL(path, origin)))),
          ),
        );
      })
      .catch((error: unknown) => console.error("could not purge cached seat lists", error)),
  );
}
