/**
 * A shared cache for public pages, in front of Remix: anonymous GETs whose
 * response says `public, s-maxage=…` (see app/server/public/cache.server.ts)
 * are stored in the platform cache and served from it until they expire.
 *
 * Cached HTML carries the script nonce of the render that produced it, so a
 * hit gets a fresh nonce in its place everywhere; the Worker then sends the
 * matching Content-Security-Policy. Nonces are never reused.
 * Likewise every form's signed fill-time stamp (`form_rendered_at`) is made
 * afresh for each hit, so the bot check's minimum fill time counts from when
 * this visitor got the page, not from when the cached copy was rendered.
 * (React keeps an input's value as the HTML gave it while hydrating, so a
 * visitor with JavaScript sends the fresh stamp too.)
 *
 * What a lookup found is remembered in the isolate for a second (see
 * "Memories kept" in docs/architecture.md): under load most hits then skip the cache's
 * three lookups. A purge in this isolate forgets it at once; one in another
 * isolate is seen here within that second.
 */

import { coalescedAfterResponse } from "../platform/after-response.server";
import { carriesPersonalCookie } from "../platform/cookies.server";

/**
 * Pages that show seat counts, whatever their query (/boka's steps, types,
 * views, months and days): cached under the current seat generation, so one
 * purge after a seat change drops every variant at once.
 */
export function showsSeats(url: URL): boolean {
  return url.pathname === "/" || url.pathname === "/alla-popups" || url.pathname === "/boka";
}

/** The platform's default cache (the DOM lib's CacheStorage type hides `default`). */
function platformCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

/** Where the current seat generation is kept (in the same cache as the pages). */
const generationKey = (origin: string) => new Request(`${origin}/__page-cache/seat-generation`, { method: "GET" });
/** Where the current content generation is kept: staff-edited content (types, places, team…) renews it. */
const contentGenerationKey = (origin: string) => new Request(`${origin}/__page-cache/content-generation`, { method: "GET" });

/** Kept with a stored page, never sent: what it was rendered under, and what a hit replaces in it. */
const STORED = {
  /** The generations the page was rendered under (a hit needs the current ones). */
  generations: "X-Page-Generations",
  /** The script nonce of the render that produced it. */
  nonce: "X-Page-Nonce",
  /** Its forms' fill-time stamps, space-separated. */
  stamps: "X-Page-Stamps",
} as const;

/** The generations a page is valid under now: content, and seats for a page that shows seats. */
async function currentGenerations(cache: Cache, url: URL): Promise<string> {
  const [content, seats] = await Promise.all([
    cache.match(contentGenerationKey(url.origin)).then((hit) => hit?.text() ?? "0"),
    showsSeats(url) ? cache.match(generationKey(url.origin)).then((hit) => hit?.text() ?? "0") : null,
  ]);
  return seats === null ? `content-${content}` : `content-${content}/seats-${seats}`;
}

/** A page's place in the cache: its URL alone (no headers, no Vary surprises; a fragment is never part of it). */
function pageKey(url: URL): Request {
  return new Request(`${url.origin}/__page-cache/page${url.pathname}${url.search}`, { method: "GET" });
}

/** Whether a request may be answered from (and stored in) the shared cache. */
export function isCacheablePageRequest(request: Request): boolean {
  return request.method === "GET" && !carriesPersonalCookie(request.headers.get("Cookie"));
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

/** What a hit needs made afresh: its script nonce and, for each form on it, a fill-time stamp. */
export interface PerVisitor {
  nonce: string;
  formStamp: () => Promise<string>;
}

const isHtml = (response: Response) => (response.headers.get("Content-Type") ?? "").startsWith("text/html");
const FORM_STAMP_INPUT = /<input\b[^>]*\bname="form_rendered_at"[^>]*>/g;
const VALUE_ATTRIBUTE = /\bvalue="([^"]+)"/;

/**
 * Stores a rendered page with what a hit must replace in it: the render's
 * nonce and its forms' stamps, each a random or signed string that occurs in
 * the page nowhere else. A page whose stamps cannot be told is not stored.
 */
async function store(cache: Cache, key: Request, response: Response, generations: string, nonce: string): Promise<void> {
  const headers = new Headers(response.headers);
  headers.set(STORED.generations, generations);
  if (!isHtml(response)) return cache.put(key, new Response(response.body, { status: response.status, headers }));
  const html = await response.text();
  const inputs = html.match(FORM_STAMP_INPUT) ?? [];
  const stamps = new Set(inputs.map((input) => VALUE_ATTRIBUTE.exec(input)?.[1] ?? ""));
  if (stamps.has("") || (inputs.length === 0 && html.includes("form_rendered_at"))) return;
  headers.set(STORED.nonce, nonce);
  headers.set(STORED.stamps, [...stamps].join(" "));
  headers.delete("Content-Length");
  await cache.put(key, new Response(html, { status: response.status, headers }));
}

/** A stored answer that is not HTML (a loader's data): sent as stored, without the stored facts. */
function withoutStoredFacts(hit: Response): Response {
  const headers = new Headers(hit.headers);
  for (const name of Object.values(STORED)) headers.delete(name);
  return new Response(hit.body, { status: hit.status, headers });
}

/** A stored HTML page as read from the cache: what a hit sends, and what it replaces in it. */
interface StoredPage {
  status: number;
  /** Its headers without the stored facts. */
  headers: [string, string][];
  html: string;
  nonce: string | null;
  stamps: string[];
}

async function readStoredPage(hit: Response): Promise<StoredPage> {
  const headers = new Headers(hit.headers);
  const nonce = headers.get(STORED.nonce);
  const stamps = headers.get(STORED.stamps);
  for (const name of Object.values(STORED)) headers.delete(name);
  headers.delete("Content-Length");
  return { status: hit.status, headers: [...headers], html: await hit.text(), nonce, stamps: stamps ? stamps.split(" ") : [] };
}

/** A stored page as this visitor gets it: a fresh nonce, fresh form stamps, none of the stored facts. */
async function withFreshPerVisitor(page: StoredPage, { nonce, formStamp }: PerVisitor): Promise<Response> {
  let html = page.nonce ? page.html.replaceAll(page.nonce, nonce) : page.html;
  // Signed only when the page has a form: most cached pages have none.
  if (page.stamps.length > 0) {
    const fresh = await formStamp();
    for (const stamp of page.stamps) html = html.replaceAll(stamp, fresh);
  }
  return new Response(html, { status: page.status, headers: page.headers });
}

/** How long a lookup's answer is remembered in the isolate. */
const REMEMBERED_MS = 1_000;
/** The most pages remembered at once (the oldest goes first). */
const REMEMBERED_PAGES = 64;

/**
 * The isolate's memory of recent lookups. Kept on globalThis, not in this
 * module: the Worker and the Remix build each bundle a copy of the module,
 * hits are answered by the Worker's and purges run in the build's, and both
 * must see one memory.
 */
interface Memory {
  /** Renewed by every purge, when it starts and when its write is done: what was found before is forgotten. */
  epoch: number;
  pages: Map<string, { at: number; epoch: number; page: StoredPage }>;
}
const MEMORY = Symbol.for("hundpass.page-cache.memory");
function memory(): Memory {
  const scope = globalThis as typeof globalThis & { [MEMORY]?: Memory };
  scope[MEMORY] ??= { epoch: 0, pages: new Map() };
  return scope[MEMORY];
}

function recall(key: string): StoredPage | null {
  const m = memory();
  const entry = m.pages.get(key);
  if (!entry) return null;
  if (entry.epoch === m.epoch && Date.now() - entry.at < REMEMBERED_MS) return entry.page;
  m.pages.delete(key);
  return null;
}

/** Remembers what a lookup found, unless a purge began or ended since the lookup began. */
function remember(key: string, page: StoredPage, epochAtLookup: number): void {
  const m = memory();
  if (m.epoch !== epochAtLookup) return;
  m.pages.delete(key);
  if (m.pages.size >= REMEMBERED_PAGES) m.pages.delete(m.pages.keys().next().value!);
  m.pages.set(key, { at: Date.now(), epoch: epochAtLookup, page });
}

/** Forgets every remembered lookup of this isolate. */
function forgetRememberedPages(): void {
  const m = memory();
  m.epoch++;
  m.pages.clear();
}

/**
 * Answers from the cache when it can; otherwise renders and stores the
 * answer (after the response, through waitUntil) if it is public. The page
 * and the current generations are looked up at once: a stored page is
 * served only when it was rendered under the generations current now.
 */
export async function withPageCache(
  request: Request,
  ctx: Pick<ExecutionContext, "waitUntil">,
  perVisitor: PerVisitor,
  render: () => Promise<Response>,
): Promise<Response> {
  if (!isCacheablePageRequest(request)) return render();
  const cache = platformCache();
  const url = new URL(request.url);
  const key = pageKey(url);
  const remembered = recall(key.url);
  if (remembered) return withFreshPerVisitor(remembered, perVisitor);
  const epoch = memory().epoch;
  const [generations, hit] = await Promise.all([currentGenerations(cache, url), cache.match(key)]);
  if (hit && hit.headers.get(STORED.generations) === generations) {
    if (!isHtml(hit)) return withoutStoredFacts(hit);
    const page = await readStoredPage(hit);
    remember(key.url, page, epoch);
    return withFreshPerVisitor(page, perVisitor);
  }
  const response = await render();
  if (isStorable(response)) ctx.waitUntil(store(cache, key, response.clone(), generations, perVisitor.nonce));
  return response;
}

/**
 * Renews the seat generation of each origin: a new generation, so every
 * cached seat list's key changes. Coalesced per isolate
 * (coalescedAfterResponse): a rush of bookings renews it a few times a
 * second, not once per booking, and never before the last change.
 */
const renewSeatGeneration = coalescedAfterResponse<string, null>({
  windowMs: 50,
  maxPerRun: 10,
  maxPending: 10,
  run: async (origins) => {
    try {
      await Promise.all(
        origins.map((origin) =>
          platformCache().put(
            generationKey(origin),
            new Response(`${Date.now()}-${crypto.randomUUID().slice(0, 8)}`, {
              // Longer than any seat list is kept (s-maxage 30 s, stale for 300 s).
              headers: { "Cache-Control": "public, max-age=3600" },
            }),
          ),
        ),
      );
    } finally {
      // What was looked up while the generation was being renewed may be the old lists.
      forgetRememberedPages();
    }
  },
  // The lists are then stale until they expire (30 s).
  onError: (error) => console.error("could not purge cached seat lists", error),
});

/** Drops every cached seat list of this site (/, /alla-popups, every /boka view) after a seat count changed. */
export function purgeSeatLists(request: Request, ctx: Pick<ExecutionContext, "waitUntil">): void {
  forgetRememberedPages();
  renewSeatGeneration((promise) => ctx.waitUntil(promise), [new URL(request.url).origin], null);
}

/**
 * Drops every cached public page of this site (a new content generation)
 * after staff changed what the pages show: a session type, a place, the team
 * or the preparation list. Waits for the write, so the next page load renders
 * afresh on this machine; other locations follow within their cache's life.
 */
export async function purgePublicPages(request: Request): Promise<void> {
  const origin = new URL(request.url).origin;
  forgetRememberedPages();
  try {
    await platformCache().put(
      contentGenerationKey(origin),
      new Response(`${Date.now()}-${crypto.randomUUID().slice(0, 8)}`, {
        // Longer than any page is kept (info pages: s-maxage 300 s, stale for 3 600 s).
        headers: { "Cache-Control": "public, max-age=86400" },
      }),
    );
  } catch (error) {
    console.error("could not purge the cached public pages", error);
  } finally {
    forgetRememberedPages();
  }
}
