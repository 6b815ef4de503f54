// Sign-in links end to end through the Worker: the request form, the e-mail
// in the outbox, the verify page, and the session the link starts.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomToken, sha256Hex } from "~/server/platform/crypto.server";
import { consumeSignInToken, issueSignInLink, SIGN_IN_TOKEN_TTL_MS } from "~/server/auth/sign-in-links.server";
import { getConfig } from "~/server/platform/env.server";
import { getDb } from "~/server/db/client.server";
import { DEMO_ADMIN_EMAIL, DEMO_CUSTOMER_EMAIL } from "../fixtures/demo-data";
import { insertCardProducts, sellTestCard } from "./card-fixtures";
import { displayNameOf } from "./public-helpers";
import {
  cookieHeader,
  fetchAndSettle,
  latestLink,
  mailTo,
  formStamp,
  postForm,
  requestLink,
  seedDemoData,
  submitToken,
} from "./auth-helpers";

const FAILED = "Verifieringen misslyckades - Länken kan vara ogiltig eller ha gått ut.";
const ANSWER = "/mina-bokningar?skickat=1";

function context(): AppLoadContext {
  return { cloudflare: { env, ctx: createExecutionContext() }, config: getConfig(env), db: getDb(env) };
}

async function tokenRow(token: string) {
  return env.DB.prepare("SELECT email, purpose, created_at, expires_at, used_at FROM sign_in_tokens WHERE token_hash = ?")
    .bind(await sha256Hex(token))
    .first<{ email: string; purpose: string; created_at: string; expires_at: string; used_at: string | null }>();
}

beforeAll(async () => {
  await seedDemoData();
});

// Each test gets fresh rate-limit budgets; the limit tests count their own.
beforeEach(async () => {
  await env.DB.exec("DELETE FROM rate_limits");
});

describe("requesting a link", () => {
  it("gives every address the same answer by redirect, without the address in the URL", async () => {
    const known = await requestLink(DEMO_CUSTOMER_EMAIL, "198.51.100.10");
    const unknown = await requestLink("ingen.bokning@example.se", "198.51.100.11");
    const admin = await requestLink(DEMO_ADMIN_EMAIL, "198.51.100.12");
    for (const res of [known, unknown, admin]) {
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(ANSWER);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    const page = await (await fetchAndSettle(ANSWER)).text();
    expect(page).toContain("Kolla din inkorg");
    expect(page).toContain("Länken gäller i 10 minuter");
    expect(page).toContain('href="/mina-bokningar"');
    expect(page).toContain("Skicka till en annan adress");
  });

  it("e-mails a link only to an address with bookings or the admin address", async () => {
    await requestLink("KUND@example.se", "198.51.100.20");
    await requestLink("okand@example.se", "198.51.100.21");
    const customer = await latestLink(DEMO_CUSTOMER_EMAIL);
    expect(customer.url.origin + customer.url.pathname).toBe(`${getConfig(env).SITE_URL}/mina-bokningar/verify`);
    expect(customer.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(customer.purpose).toBe("customer");
    expect(await mailTo("okand@example.se")).toHaveLength(0);

    await requestLink(DEMO_ADMIN_EMAIL, "198.51.100.22");
    expect((await latestLink(DEMO_ADMIN_EMAIL)).purpose).toBe("admin");
  });

  it("e-mails a link to an address that has a card's code and no booking (its 'Mina kort'), and to a gift's recipient only once it is sent", async () => {
    const { presentkort } = await insertCardProducts(`inlogg-${crypto.randomUUID().slice(0, 6)}`);
    await sellTestCard(presentkort, "presentkort", { holder: "kortagare@example.se" });
    await sellTestCard(presentkort, "presentkort", { holder: "givare@example.se", recipient: "fick@example.se" });
    await sellTestCard(presentkort, "presentkort", {
      holder: "givare2@example.se",
      recipient: "far-senare@example.se",
      sendAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await requestLink("Kortagare@example.se", "198.51.100.23");
    await requestLink("fick@example.se", "198.51.100.24");
    await requestLink("far-senare@example.se", "198.51.100.25");
    expect((await latestLink("kortagare@example.se")).purpose).toBe("customer");
    expect((await latestLink("fick@example.se")).purpose).toBe("customer");
    expect(await mailTo("far-senare@example.se")).toHaveLength(0);
  });

  it("stores only a hash of the token, valid for 10 minutes", async () => {
    await requestLink(DEMO_CUSTOMER_EMAIL, "198.51.100.30");
    const { token } = await latestLink(DEMO_CUSTOMER_EMAIL);
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM sign_in_tokens WHERE token_hash = ?")
      .bind(token)
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);
    const row = await tokenRow(token);
    expect(row).toMatchObject({ email: DEMO_CUSTOMER_EMAIL, purpose: "customer", used_at: null });
    expect(Date.parse(row!.expires_at) - Date.parse(row!.created_at)).toBe(10 * 60_000);
  });

  it("refuses an invalid address with the Swedish message and keeps the input", async () => {
    const empty = await postForm("/mina-bokningar?index", { email: "" });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Vänligen ange din e-postadress");
    const invalid = await postForm("/mina-bokningar?index", { email: "inte-en-adress" });
    expect(invalid.status).toBe(400);
    const html = await invalid.text();
    expect(html).toContain("Vänligen ange en giltig e-postadress");
    expect(html).toContain('value="inte-en-adress"');
  });

  it("refuses a form sent faster than a person could fill it", async () => {
    const res = await fetchAndSettle("/mina-bokningar?index", {
      method: "POST",
      body: new URLSearchParams({ email: DEMO_CUSTOMER_EMAIL, website: "", form_rendered_at: "" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": "198.51.100.40" },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Hoppsan, det gick lite för fort");
  });

  it("never lets requests for an address from a stranger's network keep its owner, on another network, from a link", async () => {
    const email = DEMO_CUSTOMER_EMAIL;
    // No live link from earlier tests: the stranger's first request mails one.
    await env.DB.prepare("UPDATE sign_in_tokens SET created_at = ?, expires_at = ? WHERE lower(email) = lower(?)")
      .bind(new Date(Date.now() - 3_600_000).toISOString(), new Date(Date.now() - 1_800_000).toISOString(), email)
      .run();
    const mailsBefore = (await mailTo(email)).length;
    const stranger = [];
    for (let i = 0; i < 6; i++) stranger.push((await requestLink(email, "203.0.113.70")).status);
    // The stranger's own network runs out, as before.
    expect(stranger).toEqual([302, 302, 302, 302, 302, 429]);
    // The owner, from another network, is answered as always; the link the stranger's first request mailed is alive in the inbox.
    const owner = await requestLink(email, "198.51.100.77");
    expect(owner.status).toBe(302);
    expect(owner.headers.get("Location")).toBe(ANSWER);
    expect((await mailTo(email)).length).toBe(mailsBefore + 1);
    // Once that link is older than the repeat window, the owner's next request mails a new one.
    await env.DB.prepare("UPDATE sign_in_tokens SET created_at = ? WHERE lower(email) = lower(?) AND expires_at > ?")
      .bind(new Date(Date.now() - 6 * 60_000).toISOString(), email, new Date().toISOString())
      .run();
    expect((await requestLink(email, "198.51.100.77")).status).toBe(302);
    expect((await mailTo(email)).length).toBe(mailsBefore + 2);
  });

  it("refuses the 6th request for one address from one network within 15 minutes, and only from that network", async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await requestLink("ratt.adress@example.se", "203.0.113.80")).status);
    statuses.push((await requestLink("ratt.adress@example.se", "203.0.113.81")).status);
    expect(statuses).toEqual([302, 302, 302, 302, 302, 302]);
    const last = await requestLink("ratt.adress@example.se", "203.0.113.80");
    expect(last.status).toBe(429);
    expect(await last.text()).toContain("Du har skickat för många förfrågningar");
  });

  it("serves one post per form stamp: the same stamp again, at once or later, from any network, mails nothing more", async () => {
    const email = DEMO_ADMIN_EMAIL;
    await env.DB.prepare("UPDATE sign_in_tokens SET created_at = ?, expires_at = ? WHERE lower(email) = lower(?)")
      .bind(new Date(Date.now() - 3_600_000).toISOString(), new Date(Date.now() - 1_800_000).toISOString(), email)
      .run();
    const mailsBefore = (await mailTo(email)).length;
    const stamp = await formStamp();
    const burst = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => postForm("/mina-bokningar?index", { email, form_rendered_at: stamp }, { ip: `192.0.2.${100 + i}` })),
    );
    expect(burst.map((r) => r.status).sort()).toEqual([302, 400, 400, 400, 400]);
    const refused = burst.find((r) => r.status === 400)!;
    const page = await refused.text();
    expect(page).toContain("Formuläret är redan skickat. Ladda om sidan om du vill skicka det igen.");
    // The page is drawn again with a fresh stamp, not the spent one.
    expect(page).not.toContain(stamp);
    const later = await postForm("/mina-bokningar?index", { email, form_rendered_at: stamp }, { ip: "192.0.2.120" });
    expect(later.status).toBe(400);
    expect((await mailTo(email)).length).toBe(mailsBefore + 1);
  });

  it("refuses the 6th request from one IP within 15 minutes, whatever the address", async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await requestLink(`person${i}@example.se`, "192.0.2.50")).status);
    expect(statuses).toEqual([302, 302, 302, 302, 302, 429]);
  });
});

describe("verifying a link", () => {
  it("shows 'Verifierar…' with a 'Logga in' button on GET and does not use the token up", async () => {
    await requestLink(DEMO_CUSTOMER_EMAIL, "198.51.100.60");
    const { url, token } = await latestLink(DEMO_CUSTOMER_EMAIL);
    const res = await fetchAndSettle(url.pathname + url.search);
    expect(res.status).toBe(200);
    expect(res.headers.get("Referrer-Policy")).toBe("same-origin");
    const html = await res.text();
    expect(html).toContain("Verifierar…");
    expect(html).toMatch(/<form method="post" action="\/mina-bokningar\/verify"/);
    expect(html).toContain(`name="token" value="${token}"`);
    expect(html).toContain(">Logga in</button>");
    expect((await tokenRow(token))?.used_at).toBeNull();
  });

  it("signs a customer in once and only once", async () => {
    await requestLink(DEMO_CUSTOMER_EMAIL, "198.51.100.61");
    const { token } = await latestLink(DEMO_CUSTOMER_EMAIL);

    const first = await submitToken(token);
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/mina-bokningar/lista");
    const list = await fetchAndSettle("/mina-bokningar/lista", { headers: { Cookie: cookieHeader(first) } });
    expect(list.status).toBe(200);
    expect((await tokenRow(token))?.used_at).not.toBeNull();

    const second = await submitToken(token);
    expect(second.status).toBe(400);
    expect(second.headers.getSetCookie()).toEqual([]);
    const html = await second.text();
    expect(html).toContain(FAILED);
    expect(html).toContain('href="/mina-bokningar"');
  });

  it("lets exactly one of two simultaneous uses of a link through", async () => {
    await requestLink(DEMO_CUSTOMER_EMAIL, "198.51.100.62");
    const { token } = await latestLink(DEMO_CUSTOMER_EMAIL);
    const results = await Promise.all(Array.from({ length: 5 }, () => submitToken(token)));
    expect(results.map((r) => r.status).sort()).toEqual([302, 400, 400, 400, 400]);
    const sessions = await env.DB.prepare("SELECT count(*) AS n FROM auth_sessions WHERE email = ? AND created_at >= ?")
      .bind(DEMO_CUSTOMER_EMAIL, (await tokenRow(token))!.used_at)
      .first<{ n: number }>();
    expect(sessions?.n).toBe(1);
  });

  it("answers the page's own script with data and the cookie, so it can show success before moving on", async () => {
    await requestLink(DEMO_CUSTOMER_EMAIL, "198.51.100.63");
    const { token } = await latestLink(DEMO_CUSTOMER_EMAIL);
    const res = await submitToken(token, "customer", { js: true });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()[0]).toMatch(/^hp_session=/);
    expect(await res.text()).toContain("Inloggningen lyckades");
  });

  it("refuses a token after 10 minutes and accepts it just before", async () => {
    const ctx = context();
    const issuedAt = Date.now();
    await issueSignInLink(ctx, DEMO_CUSTOMER_EMAIL, issuedAt);
    const { token } = await latestLink(DEMO_CUSTOMER_EMAIL);
    expect(await consumeSignInToken(context(), token, "customer", issuedAt + SIGN_IN_TOKEN_TTL_MS)).toBeNull();
    expect(await consumeSignInToken(context(), token, "customer", issuedAt + SIGN_IN_TOKEN_TTL_MS - 1_000)).toMatchObject({
      email: DEMO_CUSTOMER_EMAIL,
    });
  });

  it("shows the failure for a link that expired", async () => {
    const token = randomToken(32);
    const past = Date.now() - 11 * 60_000;
    await env.DB.prepare(
      "INSERT INTO sign_in_tokens (token_hash, email, purpose, created_at, expires_at) VALUES (?, ?, 'customer', ?, ?)",
    )
      .bind(await sha256Hex(token), DEMO_CUSTOMER_EMAIL, new Date(past).toISOString(), new Date(past + SIGN_IN_TOKEN_TTL_MS).toISOString())
      .run();
    const res = await submitToken(token);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(FAILED);
  });

  it("does not accept a token for another purpose than it was issued for", async () => {
    await requestLink(DEMO_CUSTOMER_EMAIL, "198.51.100.64");
    const customer = await latestLink(DEMO_CUSTOMER_EMAIL);
    const asAdmin = await submitToken(customer.token, "admin");
    expect(asAdmin.status).toBe(400);
    expect(asAdmin.headers.getSetCookie()).toEqual([]);

    await requestLink(DEMO_ADMIN_EMAIL, "198.51.100.65");
    const admin = await latestLink(DEMO_ADMIN_EMAIL);
    expect(await consumeSignInToken(context(), admin.token, "customer")).toBeNull();
  });

  it("shows the failure for a made-up or missing token", async () => {
    expect((await submitToken(randomToken(32))).status).toBe(400);
    const page = await (await fetchAndSettle("/mina-bokningar/verify")).text();
    expect(page).toContain(FAILED);
  });

  it("leads an admin link to /admin with a staff session of the admin user", async () => {
    await requestLink(DEMO_ADMIN_EMAIL, "198.51.100.66");
    const { token, purpose } = await latestLink(DEMO_ADMIN_EMAIL);
    const res = await submitToken(token, purpose);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin");
    const admin = await fetchAndSettle("/admin", { headers: { Cookie: cookieHeader(res) } });
    expect(admin.status).toBe(200);
    expect(displayNameOf(await admin.text())).toBe("Linnea Berg (Admin)");
  });

  it("replaces the session the browser had, so an old session id stops working", async () => {
    await requestLink(DEMO_CUSTOMER_EMAIL, "198.51.100.67");
    const first = await submitToken((await latestLink(DEMO_CUSTOMER_EMAIL)).token);
    const oldCookie = cookieHeader(first);

    await requestLink(DEMO_CUSTOMER_EMAIL, "198.51.100.68");
    const second = await submitToken((await latestLink(DEMO_CUSTOMER_EMAIL)).token, "customer", { cookie: oldCookie });
    const newCookie = cookieHeader(second);
    expect(newCookie).not.toBe(oldCookie);

    expect((await fetchAndSettle("/mina-bokningar/lista", { headers: { Cookie: oldCookie } })).status).toBe(401);
    expect((await fetchAndSettle("/mina-bokningar/lista", { headers: { Cookie: newCookie } })).status).toBe(200);
  });
});

describe("the admin address", () => {
  it("gets a staff user (display name = e-mail) but never a role from a link", async () => {
    await env.DB.prepare("DELETE FROM users WHERE lower(email) = lower(?)").bind(DEMO_ADMIN_EMAIL).run();
    await requestLink(DEMO_ADMIN_EMAIL, "198.51.100.70");
    const { token } = await latestLink(DEMO_ADMIN_EMAIL);
    const res = await submitToken(token, "admin");
    expect(res.headers.get("Location")).toBe("/admin");

    const user = await env.DB.prepare("SELECT id, display_name FROM users WHERE email = ?")
      .bind(DEMO_ADMIN_EMAIL)
      .first<{ id: string; display_name: string }>();
    expect(user?.display_name).toBe(DEMO_ADMIN_EMAIL);
    const roles = await env.DB.prepare("SELECT count(*) AS n FROM user_roles WHERE user_id = ?").bind(user!.id).first<{ n: number }>();
    expect(roles?.n).toBe(0);
    const admin = await fetchAndSettle("/admin", { headers: { Cookie: cookieHeader(res) } });
    expect(admin.status).toBe(403);
  });
});
