// The links cut out of a sent mail's stored copy: every page a mailed link
// opens with a secret (found from the route files, so a new one must be
// listed), in text and in HTML, and nothing else.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SCRUBBED_LINK, scrubTokenLinks, TOKEN_LINK_PATHS } from "../../app/domain/mail/token-links";

const routes = path.resolve(__dirname, "../../app/routes");
const TOKEN = "Zx8d-Qw3_Er5Ty7Ui9Op1As2Df4Gh6Jk8Lz0Xc";

/** Route files whose page reads a secret from its URL (the staff calendar feed is never mailed). */
function tokenRoutes(): string[] {
  return readdirSync(routes)
    .filter((file) => /\.(tsx?|ts)$/.test(file))
    .filter((file) => {
      const source = readFileSync(path.join(routes, file), "utf8");
      return /params\.token|get\("token"\)/.test(source) || /\$token/.test(file);
    })
    .filter((file) => !file.startsWith("kalender."))
    .sort();
}

/** A route file's URL path, e.g. ko.lamna.$token.tsx → /ko/lamna/, registrera_.bekrafta.tsx → /registrera/bekrafta. */
function urlPath(file: string): string {
  const segments = file.replace(/\.tsx?$/, "").split(".").map((s) => s.replace(/_$/, ""));
  return `/${segments.filter((s) => s !== "_index").map((s) => (s.startsWith("$") ? "" : s)).join("/")}`.replace(/\/+$/, (m) => (m ? "/" : ""));
}

describe("the secret-bearing links", () => {
  it("lists the page of every route that reads a secret from its URL", () => {
    const listed = TOKEN_LINK_PATHS.map((p) => p.path);
    const found = tokenRoutes().map(urlPath);
    expect(found.length).toBeGreaterThanOrEqual(6);
    expect(found.filter((p) => !listed.includes(p as (typeof listed)[number]))).toEqual([]);
  });

  it.each(TOKEN_LINK_PATHS.map((p) => [p.path, p.secretIn] as const))("cuts %s out of text and HTML", (pagePath, secretIn) => {
    const url = secretIn === "path" ? `https://hundpass.se${pagePath}${TOKEN}?svar=nej` : `https://hundpass.se${pagePath}?email=a%40b.se&token=${TOKEN}&val=kor`;
    const text = `Hej!\n\nÖppna länken:\n${url}\n\nHälsningar`;
    expect(scrubTokenLinks(text)).toBe(`Hej!\n\nÖppna länken:\n${SCRUBBED_LINK}\n\nHälsningar`);
    const html = `<a href="${url.replaceAll("&", "&amp;")}" style="x">Öppna</a> (${url.replaceAll("&", "&amp;")})`;
    const scrubbed = scrubTokenLinks(html);
    expect(scrubbed).not.toContain(TOKEN);
    expect(scrubbed).toBe(`<a href="${SCRUBBED_LINK}" style="x">Öppna</a> (${SCRUBBED_LINK})`);
  });

  it("leaves other links alone", () => {
    const text = "https://hundpass.se/mina-bokningar https://hundpass.se/session/12 https://hundpass.se/kontakt?fråga=1 https://hundpass.se/ko";
    expect(scrubTokenLinks(text)).toBe(text);
  });
});
