// robots.txt keeps crawlers on the public pages: staff pages, the local
// mailbox, customers' own pages and the one-time link pages are disallowed.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const rules = readFileSync(new URL("../../public/robots.txt", import.meta.url), "utf8")
  .split("\n")
  .map((line) => line.replace(/#.*/, "").trim())
  .filter(Boolean)
  .map((line) => {
    const [field, ...rest] = line.split(":");
    return { field: field!.trim().toLowerCase(), value: rest.join(":").trim() };
  });

/** Longest matching rule wins (RFC 9309); Allow wins a tie. */
function allowed(path: string): boolean {
  let best: { allow: boolean; length: number } = { allow: true, length: -1 };
  for (const { field, value } of rules) {
    if ((field !== "allow" && field !== "disallow") || !path.startsWith(value)) continue;
    const allow = field === "allow";
    if (value.length > best.length || (value.length === best.length && allow)) best = { allow, length: value.length };
  }
  return best.allow;
}

describe("robots.txt", () => {
  it("speaks to every crawler", () => {
    expect(rules[0]).toEqual({ field: "user-agent", value: "*" });
  });

  it.each(["/", "/alla-popups", "/boka", "/session/12", "/hitta", "/om", "/preppa", "/rapportera-problem", "/flurre", "/integritet"])(
    "allows the public page %s",
    (path) => expect(allowed(path)).toBe(true),
  );

  it.each([
    "/admin",
    "/admin/old",
    "/dev/mail",
    "/mina-bokningar",
    "/mina-bokningar/verify?token=x",
    "/mina-bokningar/lista",
    "/logga-in",
    "/registrera/bekrafta?token=x",
    "/ko/abc",
    "/ko/lamna/abc",
    "/beslut?token=x&val=kor",
    "/nyhetsbrev/bekrafta?token=x",
    "/unsubscribe?email=a%40b.se&token=x",
    "/flurre?fraga=hej",
    "/kalender/abc/hundpass.ics",
  ])("disallows %s", (path) => expect(allowed(path)).toBe(false));
});
