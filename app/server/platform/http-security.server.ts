/**
 * Response hardening and the cross-site request check, applied by the Worker
 * to everything it answers. Static files get the same headers (without a
 * nonce) from public/_headers.
 *
 * Inline <script> elements run only with the per-request nonce: Remix's own
 * scripts get it through entry.server.tsx and root.tsx; any other inline
 * script must read it with useNonce() (app/components/nonce.tsx).
 */
import { randomToken } from "./crypto.server";
import { isLocalHostname } from "./env.server";
import { UNSUBSCRIBE_PATH } from "../newsletter/unsubscribe-links.server";

/** Turnstile's script and iframe come from here. */
const CHALLENGE_ORIGIN = "https://challenges.cloudflare.com";

export function createNonce(): string {
  return randomToken(16);
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${CHALLENGE_ORIGIN}`,
    // Stylesheets only from the site: no inline <style> element anywhere.
    // Inline style attributes are used by components (styles cannot run code).
    "style-src 'self' 'unsafe-inline'",
    "style-src-elem 'self'",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${CHALLENGE_ORIGIN}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};

export const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Returns the response with the security headers added. Headers a route set
 * itself are kept, so a route can be stricter where it needs to.
 */
export function withSecurityHeaders(response: Response, { nonce, https }: { nonce: string; https: boolean }) {
  // Copy: responses such as Response.redirect() have immutable headers.
  const secured = new Response(response.body, response);
  const headers = secured.headers;
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) {
    if (!headers.has(name)) headers.set(name, value);
  }
  // Only meaningful (and only honoured) over https; locally the site is http.
  if (https && !headers.has("Strict-Transport-Security")) headers.set("Strict-Transport-Security", HSTS);
  return secured;
}

/**
 * CSRF defence next to SameSite=Lax cookies: a state-changing request whose
 * Origin is not one of the site's own is refused. The site's origins are
 * configured (SITE_URL's, and ALLOWED_HOSTNAMES'), not taken from whatever
 * host the request names, except on a local host. Without Origin, a
 * browser's Sec-Fetch-Site: cross-site is refused too. Requests with neither
 * header (curl, server-to-server, tests) pass: they carry no victim's cookies.
 *
 * One exception: the RFC 8058 one-click unsubscribe, which a mail provider
 * POSTs from its own site to the link in the mail's List-Unsubscribe header.
 * It is let through only to exactly that path and only with the link's
 * address and token; the route reads no cookie and changes nothing unless
 * the token is the address's HMAC.
 */
export function isCrossSiteRequest(request: Request, allowedOrigins: string | readonly string[]): boolean {
  if (!changesState(request)) return false;
  if (isUnsubscribeLinkPost(request)) return false;
  const origin = request.headers.get("Origin");
  if (origin !== null) {
    const own = new URL(request.url);
    if (origin === own.origin && isLocalHostname(own.hostname)) return false;
    return !(typeof allowedOrigins === "string" ? [new URL(allowedOrigins).origin] : allowedOrigins).includes(origin);
  }
  return request.headers.get("Sec-Fetch-Site") === "cross-site";
}

function changesState(request: Request): boolean {
  return request.method !== "GET" && request.method !== "HEAD";
}

/**
 * A state-changing request whose Origin (one of the site's, by
 * isCrossSiteRequest) names another host than the one it was sent to: its
 * Host, or the first X-Forwarded-Host, as Remix reads them. Remix throws on
 * such a pair (a 500), so it is answered 400 before Remix sees it. Only a
 * proxy that rewrites hosts, or a hand-made request, sends one. A request
 * with no Host header at all comes from inside the runtime (tests), not over
 * HTTP, and is left alone.
 */
export function isHostOriginMismatch(request: Request): boolean {
  if (!changesState(request) || isUnsubscribeLinkPost(request)) return false;
  const origin = request.headers.get("Origin");
  if (origin === null || !URL.canParse(origin)) return false;
  // Compared as Remix compares them: exactly, an empty Host included.
  const host = request.headers.get("X-Forwarded-Host")?.split(",")[0]?.trim() || request.headers.get("Host");
  return host !== null && new URL(origin).host !== host;
}

/** A POST to /unsubscribe carrying a personal link's address and token (checked by the route). */
function isUnsubscribeLinkPost(request: Request): boolean {
  if (request.method !== "POST") return false;
  const url = new URL(request.url);
  return url.pathname === UNSUBSCRIBE_PATH && !!url.searchParams.get("email") && !!url.searchParams.get("token");
}

/**
 * The request as Remix gets it. Remix refuses a document POST whose Origin
 * differs from its Host; the one-click unsubscribe may come from a mail
 * provider's site, so that one POST (see isCrossSiteRequest) is handed on
 * without its Origin. Every other request is handed on as it came.
 */
export function forRequestHandler(request: Request): Request {
  if (!isUnsubscribeLinkPost(request) || !request.headers.has("Origin")) return request;
  const headers = new Headers(request.headers);
  headers.delete("Origin");
  return new Request(request, { headers });
}
