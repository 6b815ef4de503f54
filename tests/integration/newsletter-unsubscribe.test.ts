// /unsubscribe through the Worker, against real D1: a GET changes nothing,
// the page's POST and a mail provider's RFC 8058 one-click POST (no cookie,
// from another site) unsubscribe with a valid token, and a missing or forged
// token changes nothing.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { UNSUBSCRIBE_TEXTS } from "~/domain/newsletter/signup-texts";
import { getConfig } from "~/server/platform/env.server";
import { unsubscribeToken, unsubscribeUrl } from "~/server/newsletter/unsubscribe-links.server";
import { fetchAndSettle } from "./auth-helpers";

const config = getConfig(env);
const EMAIL = "prenumerant@example.se";

async function statusOf(email: string) {
  return env.DB.prepare("SELECT status, unsubscribed_at FROM newsletter_subscribers WHERE lower(email) = lower(?)")
    .bind(email)
    .first<{ status: string; unsubscribed_at: string | null }>();
}

/** The link as it is in the mail, as a path with its query. */
async function link(email = EMAIL) {
  const url = new URL(await unsubscribeUrl(config, email));
  return `${url.pathname}${url.search}`;
}

function oneClick(path: string, headers: Record<string, string> = {}) {
  return fetchAndSettle(path, {
    method: "POST",
    body: "List-Unsubscribe=One-Click",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
  });
}

beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM newsletter_subscribers"),
    env.DB.prepare(
      `INSERT INTO newsletter_subscribers (email, status, source, consent_at, consent_method)
       VALUES (?, 'subscribed', 'website', '2026-01-01T00:00:00.000Z', 'turnstile')`,
    ).bind(EMAIL),
  ]);
});

describe("/unsubscribe", () => {
  it("shows the address and a button on GET, and changes nothing", async () => {
    const res = await fetchAndSettle(await link());
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const html = await res.text();
    expect(html).toContain(EMAIL);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Avprenumerera<\/button>/);
    expect((await statusOf(EMAIL))?.status).toBe("subscribed");
  });

  it("unsubscribes with the page's button (a POST to the same URL)", async () => {
    const res = await fetchAndSettle(await link(), {
      method: "POST",
      body: new URLSearchParams(),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(UNSUBSCRIBE_TEXTS.done);
    const row = await statusOf(EMAIL);
    expect(row?.status).toBe("unsubscribed");
    expect(Date.now() - Date.parse(row!.unsubscribed_at!)).toBeLessThan(60_000);
  });

  it("takes the RFC 8058 one-click POST without cookies, from the mail provider's site", async () => {
    const res = await oneClick(await link(), { Origin: "https://mail.google.com", "Sec-Fetch-Site": "cross-site" });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect((await statusOf(EMAIL))?.status).toBe("unsubscribed");
  });

  it("matches the address whatever its case, and a repeat still succeeds", async () => {
    const path = await link("PreNumerant@Example.se");
    expect((await oneClick(path)).status).toBe(200);
    expect((await statusOf(EMAIL))?.status).toBe("unsubscribed");
    const again = await oneClick(path);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain(UNSUBSCRIBE_TEXTS.done);
  });

  it("changes nothing with a forged or missing token, and says it could not", async () => {
    const forged = `/unsubscribe?${new URLSearchParams({ email: EMAIL, token: await unsubscribeToken(config, "annan@example.se") })}`;
    const noToken = `/unsubscribe?${new URLSearchParams({ email: EMAIL })}`;
    const noEmail = `/unsubscribe?${new URLSearchParams({ token: await unsubscribeToken(config, EMAIL) })}`;
    for (const path of [forged, noToken, noEmail]) {
      const post = await oneClick(path);
      expect(post.status).toBe(400);
      expect(await post.text()).toContain(UNSUBSCRIBE_TEXTS.failed);
      const get = await fetchAndSettle(path);
      const html = await get.text();
      expect(html).toContain(UNSUBSCRIBE_TEXTS.failed);
      // And what to do instead: the newest newsletter's link, or writing to us.
      expect(html).toContain(UNSUBSCRIBE_TEXTS.failedHelp);
      expect(html).toMatch(/<a [^>]*href="\/om#kontakt"[^>]*>Kontakta oss<\/a>/);
    }
    expect((await statusOf(EMAIL))?.status).toBe("subscribed");
  });

  it("refuses a cross-site POST without the link's token, as for any other path", async () => {
    const res = await oneClick(`/unsubscribe?${new URLSearchParams({ email: EMAIL })}`, {
      Origin: "https://evil.example",
    });
    expect(res.status).toBe(403);
    expect((await statusOf(EMAIL))?.status).toBe("subscribed");
  });

  it("answers success for an address it does not know, with a valid token", async () => {
    const res = await oneClick(await link("okand@example.se"));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(UNSUBSCRIBE_TEXTS.done);
    expect(await statusOf("okand@example.se")).toBeNull();
    expect((await statusOf(EMAIL))?.status).toBe("subscribed");
  });
});
