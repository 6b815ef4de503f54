// Security headers and the cross-site request check, through the real Worker.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signInAs } from "./helpers";

const SELF = exports.default;

function nonceOf(res: Response): string {
  const csp = res.headers.get("Content-Security-Policy") ?? "";
  const match = csp.match(/'nonce-([A-Za-z0-9_-]+)'/);
  if (!match?.[1]) throw new Error(`no nonce in CSP: ${csp}`);
  return match[1];
}

function expectHardened(res: Response) {
  const csp = res.headers.get("Content-Security-Policy") ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9_-]{16,}'/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  for (const directive of ["frame-ancestors 'none'", "base-uri 'self'", "form-action 'self'", "object-src 'none'"]) {
    expect(csp).toContain(directive);
  }
  expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("X-Frame-Options")).toBe("DENY");
  expect(res.headers.get("Permissions-Policy")).toContain("camera=()");
}

describe("security headers", () => {
  it("puts a fresh nonce on every inline script of a page and in its CSP", async () => {
    const first = await SELF.fetch("http://localhost/");
    const html = await first.text();
    expectHardened(first);
    const nonce = nonceOf(first);
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

    const second = await SELF.fetch("http://localhost/");
    expect(nonceOf(second)).not.toBe(nonce);
  });

  it("hardens data requests, redirects, 404s and 403s too", async () => {
    const cookie = await signInAs({ email: "personal@example.se" });
    const responses = [
      await SELF.fetch("http://localhost/_root.data"),
      await SELF.fetch("http://localhost/admin", { redirect: "manual" }),
      await SELF.fetch("http://localhost/finns-inte"),
      await SELF.fetch("http://localhost/admin", { headers: { Cookie: cookie } }),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 302, 404, 403]);
    responses.forEach(expectHardened);
  });

  it("sends Strict-Transport-Security only over https", async () => {
    expect((await SELF.fetch("http://localhost/")).headers.get("Strict-Transport-Security")).toBeNull();
    const secure = await SELF.fetch("https://localhost/");
    expect(secure.headers.get("Strict-Transport-Security")).toMatch(/^max-age=\d{7,}/);
  });
});

describe("cross-site requests", () => {
  const signOut = (headers: Record<string, string>) =>
    SELF.fetch("http://localhost/logga-ut", { method: "POST", headers, redirect: "manual" });

  it("refuses a POST whose Origin is another site, before any route runs", async () => {
    const cookie = await signInAs({ email: "offer@example.se", admin: true });
    const res = await signOut({ Cookie: cookie, Origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expectHardened(res);
    // The session survived: the forged sign-out did nothing.
    expect((await SELF.fetch("http://localhost/admin", { headers: { Cookie: cookie } })).status).toBe(200);
  });

  it("refuses a POST with Origin 'null' (sandboxed or privacy-redirected forms)", async () => {
    expect((await signOut({ Origin: "null" })).status).toBe(403);
  });

  it("refuses a POST without Origin that the browser marks cross-site", async () => {
    expect((await signOut({ "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
  });

  it("accepts POSTs from the site itself and from clients that send neither header", async () => {
    expect((await signOut({ Origin: "http://localhost" })).status).toBe(302);
    expect((await signOut({ Origin: "http://localhost:8787" })).status).toBe(302); // SITE_URL's origin
    expect((await signOut({ "Sec-Fetch-Site": "same-origin" })).status).toBe(302);
    expect((await signOut({})).status).toBe(302);
  });

  it("lets cross-site GETs through: links from other sites must work", async () => {
    const res = await SELF.fetch("http://localhost/", { headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" } });
    expect(res.status).toBe(200);
  });
});
