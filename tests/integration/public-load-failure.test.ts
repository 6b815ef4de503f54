// When the sessions cannot be read (here: the table is gone), /alla-popups
// and /boka still render, with the spec's 'Fel' toast over an empty list, and
// the start page stays quiet with empty lists (spec section 8).
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { SELF, textOf } from "./public-helpers";

beforeAll(async () => {
  await env.DB.exec("DROP TABLE sessions");
});

async function page(path: string) {
  const res = await SELF.fetch(`http://localhost${path}`);
  return { res, text: textOf(await res.text()) };
}

describe("a failing session read", () => {
  it("shows /alla-popups with the 'Fel' toast and the empty text, and is not cached", async () => {
    const { res, text } = await page("/alla-popups");
    expect(res.status).toBe(200);
    expect(text).toContain("Fel Kunde inte hämta sessioner. Försök igen senare.");
    expect(text).toContain("Inga kommande sessioner just nu");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("leaves the start page's lists empty without any message", async () => {
    const { res, text } = await page("/");
    expect(res.status).toBe(200);
    expect(text).toContain("Snart publiceras nästa månads grupp-pass, håll ut!");
    expect(text).not.toContain("Kunde inte hämta");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it.each(["/boka?steg=2&typ=alla&vy=kalender", "/boka?steg=2&typ=grupp&vy=lista"])(
    "shows %s with the same toast instead of an error page",
    async (path) => {
      const { res, text } = await page(path);
      expect(res.status).toBe(200);
      expect(text).toContain("Kunde inte hämta sessioner. Försök igen senare.");
    },
  );
});
