import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  createNonce,
  isCrossSiteRequest,
  isHostOriginMismatch,
  STATIC_SECURITY_HEADERS,
  withSecurityHeaders,
} from "~/server/platform/http-security.server";

const SITE = "https://hundpass.se";

function post(url: string, headers: Record<string, string> = {}, method = "POST") {
  return new Request(url, { method, headers });
}

describe("contentSecurityPolicy", () => {
  it("allows scripts only from the site, the nonce and Turnstile", () => {
    const csp = contentSecurityPolicy("abc123");
    expect(csp).toContain("script-src 'self' 'nonce-abc123' https://challenges.cloudflare.com");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).toMatch(/style-src 'self' 'unsafe-inline'/);
    // No inline <style> element may run; only style attributes are inline.
    expect(csp).toContain("style-src-elem 'self';");
    expect(csp).toContain("style-src-attr 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: https:");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("makes a new 128-bit nonce each time", () => {
    const a = createNonce();
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(createNonce()).not.toBe(a);
  });
});

describe("withSecurityHeaders", () => {
  it("keeps a header the route chose and adds the rest, also to immutable redirects", () => {
    const redirect = Response.redirect("https://hundpass.se/", 302);
    const secured = withSecurityHeaders(redirect, { nonce: "n", https: true });
    expect(secured.status).toBe(302);
    expect(secured.headers.get("Location")).toBe("https://hundpass.se/");
    expect(secured.headers.get("Strict-Transport-Security")).toContain("max-age=");

    const own = new Response("x", { headers: { "Referrer-Policy": "no-referrer" } });
    expect(withSecurityHeaders(own, { nonce: "n", https: false }).headers.get("Referrer-Policy")).toBe("no-referrer");
  });
});

describe("isCrossSiteRequest", () => {
  it("refuses a foreign or null Origin on state-changing methods", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(isCrossSiteRequest(post(`${SITE}/logga-ut`, { Origin: "https://evil.example" }, method), SITE)).toBe(true);
    }
    expect(isCrossSiteRequest(post(`${SITE}/logga-ut`, { Origin: "null" }), SITE)).toBe(true);
    // Same host, other scheme or port: another origin.
    expect(isCrossSiteRequest(post(`${SITE}/x`, { Origin: "http://hundpass.se" }), SITE)).toBe(true);
    expect(isCrossSiteRequest(post(`${SITE}/x`, { Origin: "https://hundpass.se:8443" }), SITE)).toBe(true);
  });

  it("accepts the request's own origin and SITE_URL's origin", () => {
    expect(isCrossSiteRequest(post(`${SITE}/x`, { Origin: SITE }), SITE)).toBe(false);
    expect(isCrossSiteRequest(post("http://localhost:8803/x", { Origin: "http://localhost:8803" }), SITE)).toBe(false);
    expect(isCrossSiteRequest(post("http://10.0.0.5/x", { Origin: SITE }), SITE)).toBe(false);
  });

  it("falls back to Sec-Fetch-Site when there is no Origin, and lets bare clients through", () => {
    expect(isCrossSiteRequest(post(`${SITE}/x`, { "Sec-Fetch-Site": "cross-site" }), SITE)).toBe(true);
    expect(isCrossSiteRequest(post(`${SITE}/x`, { "Sec-Fetch-Site": "same-site" }), SITE)).toBe(false);
    expect(isCrossSiteRequest(post(`${SITE}/x`), SITE)).toBe(false);
  });

  it("never blocks GET or HEAD", () => {
    const headers = { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" };
    expect(isCrossSiteRequest(post(`${SITE}/`, headers, "GET"), SITE)).toBe(false);
    expect(isCrossSiteRequest(post(`${SITE}/`, headers, "HEAD"), SITE)).toBe(false);
  });
});

describe("public/_headers", () => {
  const file = readFileSync(path.resolve(__dirname, "../../public/_headers"), "utf8");

  it("gives static files the same headers the Worker gives pages", () => {
    for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) {
      expect(file).toContain(`  ${name}: ${value}\n`);
    }
  });

  it("gives static files a CSP that allows no inline script", () => {
    const csp = file.match(/^ {2}Content-Security-Policy: (.+)$/m)?.[1] ?? "";
    expect(csp.match(/script-src ([^;]*)/)?.[1]).toBe("'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });
});

describe("the site's configured origins", () => {
  const allowed = [SITE, "https://hundpass.example.workers.dev"];

  it("accepts each configured origin, and a request's own origin only on a local host", () => {
    expect(isCrossSiteRequest(post("https://hundpass.example.workers.dev/x", { Origin: allowed[1]! }), allowed)).toBe(false);
    expect(isCrossSiteRequest(post(`${SITE}/x`, { Origin: allowed[1]! }), allowed)).toBe(false);
    // A host the site was never told about is not taken on its own word.
    expect(isCrossSiteRequest(post("https://other.example/x", { Origin: "https://other.example" }), allowed)).toBe(true);
    expect(isCrossSiteRequest(post("http://127.0.0.1:9100/x", { Origin: "http://127.0.0.1:9100" }), allowed)).toBe(false);
  });
});

describe("isHostOriginMismatch", () => {
  it("finds a state-changing request whose Origin names another host than its Host or X-Forwarded-Host", () => {
    expect(isHostOriginMismatch(post(`${SITE}/x`, { Origin: SITE, Host: "hundpass.example.workers.dev" }))).toBe(true);
    expect(isHostOriginMismatch(post(`${SITE}/x`, { Origin: SITE, Host: "hundpass.se", "X-Forwarded-Host": "evil.example" }))).toBe(true);
    expect(isHostOriginMismatch(post(`${SITE}/x`, { Origin: SITE, Host: "" }))).toBe(true);
    // Compared exactly, as Remix compares them.
    expect(isHostOriginMismatch(post(`${SITE}/x`, { Origin: SITE, Host: "HUNDPASS.SE" }))).toBe(true);
  });

  it("passes a matching pair, a request without Origin or Host, and every GET", () => {
    expect(isHostOriginMismatch(post(`${SITE}/x`, { Origin: SITE, Host: "hundpass.se" }))).toBe(false);
    expect(isHostOriginMismatch(post(`${SITE}/x`, { Origin: SITE, Host: "x", "X-Forwarded-Host": "hundpass.se, proxy" }))).toBe(false);
    expect(isHostOriginMismatch(post(`${SITE}/x`, { Host: "other.example" }))).toBe(false);
    expect(isHostOriginMismatch(post(`${SITE}/x`, { Origin: SITE }))).toBe(false);
    expect(isHostOriginMismatch(post(`${SITE}/x`, { Origin: SITE, Host: "other.example" }, "GET"))).toBe(false);
  });
});
