// The staff handbook as /admin/handbok shows it: the repository's
// docs/handbok.md rendered on the server, its table of contents working,
// and nothing in the file able to put markup of its own on an admin page.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { headingAnchor } from "~/domain/heading-anchor";
import { renderHandbook } from "~/server/handbook/handbook.server";

const source = readFileSync(path.resolve(__dirname, "../../docs/handbok.md"), "utf8");

describe("renderHandbook", () => {
  it("renders the handbook in the repository, starting with its one h1", () => {
    const html = renderHandbook();
    expect(html.startsWith('<h1 id="handbok-för-personalen">Handbok för personalen</h1>')).toBe(true);
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
    expect(html).toContain("<table>");
    expect(html).toContain("<strong>Skapa Pass</strong>");
  });

  it("gives every heading the anchor its table of contents links to", () => {
    const html = renderHandbook();
    const ids = new Set([...html.matchAll(/<h[1-6] id="([^"]+)"/g)].map((m) => m[1]!));
    const links = [...source.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(20);
    expect(links.filter((anchor) => !ids.has(anchor))).toEqual([]);
    expect(ids.size).toBe([...html.matchAll(/<h[1-6] /g)].length); // no two headings share an anchor
  });

  it("shows raw HTML in the file as text", () => {
    const html = renderHandbook('# Rubrik\n\n<script>alert("x")</script>\n\nText med <img src=x onerror="alert(1)"> i.\n');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });
});

describe("headingAnchor", () => {
  it.each([
    ["Ändra eller flytta ett pass", "ändra-eller-flytta-ett-pass"],
    ["Släppa, ställa in eller ta bort ett pass", "släppa-ställa-in-eller-ta-bort-ett-pass"],
    ["URL → route → server folder", "url--route--server-folder"],
    ["Driftstatus and /healthz", "driftstatus-and-healthz"],
    ["Paying at booking (with `PAYMENTS=stripe`)", "paying-at-booking-with-paymentsstripe"],
  ])("makes %s into %s, as GitHub does", (heading, anchor) => {
    expect(headingAnchor(heading)).toBe(anchor);
  });
});
