// /mina-bokningar/lista: only the session's own bookings, split into upcoming
// and past from the booking's snapshot, and the answer once the session is gone.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { getCookies } from "~/server/platform/cookies.server";
import { getConfig } from "~/server/platform/env.server";
import { buildDemoData, DEMO_ADMIN_EMAIL, DEMO_CUSTOMER_EMAIL, DEMO_SESSION_IDS } from "../fixtures/demo-data";
import { cookieHeader, fetchAndSettle, latestLink, requestLink, seedDemoData, submitToken } from "./auth-helpers";
import { signInAs } from "./helpers";

const now = new Date();
const demo = buildDemoData(now);

function list(cookie?: string) {
  return fetchAndSettle("/mina-bokningar/lista", cookie ? { headers: { Cookie: cookie } } : {});
}

/** The section of the page between two headings. */
function section(html: string, from: string, to?: string) {
  const start = html.indexOf(from);
  const end = to ? html.indexOf(to, start) : html.length;
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, end);
}

beforeAll(async () => {
  await seedDemoData(now);
});

describe("my bookings", () => {
  it("shows the customer's upcoming confirmed, cancelled and past bookings, each in its own list", async () => {
    const html = await (await list(await signInAs({ email: DEMO_CUSTOMER_EMAIL, kind: "customer" }))).text();
    const upcoming = section(html, ">Kommande</h2>", ">Avbokade</h2>");
    const cancelled = section(html, ">Avbokade</h2>", ">Tidigare</h2>");
    const past = section(html, ">Tidigare</h2>", "Boka fler pass");

    // Seed: upcoming on sessions 4 (VALPKURS) and 8 (PLAN), past on 23 (VALPKURS) and 24 (PLAN),
    // a cancelled booking on the future session 2 (VARDAGSLYDNAD), shown as 'Avbokad'.
    expect(upcoming.match(/data-testid="booking-card"/g)).toHaveLength(2);
    expect(cancelled.match(/data-testid="booking-card"/g)).toHaveLength(1);
    expect(cancelled).toContain("VARDAGSLYDNAD");
    expect(cancelled).toContain("Avbokad");
    expect(past.match(/data-testid="booking-card"/g)).toHaveLength(2);
    const start = (id: number) => demo.sessions.find((s) => s.id === id)!.startTime;
    const [soonest] = [DEMO_SESSION_IDS.groupThree, DEMO_SESSION_IDS.planBooked].sort((a, b) => start(a).localeCompare(start(b)));
    const titleOf = (id: number | undefined) => demo.sessions.find((s) => s.id === id)!.title;
    // Upcoming soonest first; past latest first (a week ago before two weeks ago).
    expect(upcoming.indexOf("booking-title")).toBe(upcoming.indexOf(`booking-title">${titleOf(soonest)}`));
    expect(past.indexOf("booking-title")).toBe(past.indexOf(`booking-title">${titleOf(DEMO_SESSION_IDS.pastPlan)}`));
    expect(upcoming).not.toContain("VARDAGSLYDNAD");
    expect(past).not.toContain("VARDAGSLYDNAD");
    expect(upcoming).toContain("Bekräftad");
    expect(upcoming).toContain("Google Meets");
    expect(html).toContain("Sigge");
  });

  it("shows times in Stockholm time", async () => {
    const session = demo.sessions.find((s) => s.id === DEMO_SESSION_IDS.groupThree)!;
    const html = await (await list(await signInAs({ email: DEMO_CUSTOMER_EMAIL, kind: "customer" }))).text();
    // The seed puts this session at 18:00 Stockholm time, whatever UTC says.
    expect(session.startTime).toMatch(/T1[67]:00:00/);
    expect(html).toContain("18:00–19:00");
  });

  it("never shows another e-mail's bookings", async () => {
    const html = await (await list(await signInAs({ email: "anna.berg@example.se", kind: "customer" }))).text();
    expect(html).toContain("Molly");
    expect(html).not.toContain("Sigge");
    expect(html).not.toContain(DEMO_CUSTOMER_EMAIL);
  });

  it("matches the address without regard to case", async () => {
    const html = await (await list(await signInAs({ email: "KUND@Example.SE", kind: "customer" }))).text();
    expect(html.match(/data-testid="booking-card"/g)).toHaveLength(5);
  });

  it("keeps showing a booking whose session was deleted, from the booking's own copy", async () => {
    await env.DB.prepare("DELETE FROM sessions WHERE id = ?").bind(DEMO_SESSION_IDS.pastPlan).run();
    const html = await (await list(await signInAs({ email: DEMO_CUSTOMER_EMAIL, kind: "customer" }))).text();
    const past = section(html, ">Tidigare</h2>", "Boka fler pass");
    expect(past.match(/data-testid="booking-card"/g)).toHaveLength(2);
    expect(past).toContain("Telefonmöte");
  });

  it("renders the remaining session time on the server", async () => {
    const cookie = await signInAs({ email: DEMO_CUSTOMER_EMAIL, kind: "customer", expiresInMs: 12 * 60_000 + 30_000 });
    const html = await (await list(cookie)).text();
    expect(html).toMatch(/data-testid="countdown">12:(29|30)</);
  });

  it("lets an admin see the bookings of their own e-mail", async () => {
    const cookie = await signInAs({ email: "trainer.bokar@example.se", admin: true });
    const res = await list(cookie);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Du har inga kommande bokningar.");
  });

  it("refuses a staff account without the admin role: its address was never proven", async () => {
    const cookie = await signInAs({ email: "anna.berg@example.se" });
    const res = await list(cookie);
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain("Molly");
  });
});

describe("without a live session", () => {
  it("answers 401 'Sessionen gick ut' with a way to a new link", async () => {
    for (const cookie of [undefined, await signInAs({ email: DEMO_CUSTOMER_EMAIL, kind: "customer", expiresInMs: -1_000 })]) {
      const res = await list(cookie);
      expect(res.status).toBe(401);
      const html = await res.text();
      expect(html).toContain("Sessionen gick ut");
      expect(html).toMatch(/<a[^>]*href="\/mina-bokningar"[^>]*>Begär ny länk<\/a>/);
      expect(html).not.toContain("Sigge");
    }
  });

  it("ends when the customer signs out", async () => {
    const cookie = await signInAs({ email: DEMO_CUSTOMER_EMAIL, kind: "customer" });
    const out = await fetchAndSettle("/logga-ut", { method: "POST", headers: { Cookie: cookie } });
    expect(out.headers.get("Location")).toBe("/");
    expect((await list(cookie)).status).toBe(401);
  });

  it("sends the expiry toast when the countdown signs out", async () => {
    const cookie = await signInAs({ email: DEMO_CUSTOMER_EMAIL, kind: "customer" });
    const out = await fetchAndSettle("/logga-ut", {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: "reason=expired",
    });
    const home = await fetchAndSettle("/", { headers: { Cookie: cookieHeader(out) } });
    expect(await home.text()).toContain("Din tid har gått ut av säkerhetsskäl, ansök på nytt för längre tillgång");
  });
});

describe("the session cookie", () => {
  it("is HttpOnly, Secure, SameSite=Lax, host-wide and ends with the browser session", async () => {
    await requestLink(DEMO_CUSTOMER_EMAIL, "198.51.100.90");
    const res = await submitToken((await latestLink(DEMO_CUSTOMER_EMAIL)).token);
    const [cookie] = res.headers.getSetCookie();
    expect(cookie).toMatch(/^hp_session=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(cookie).not.toMatch(/Max-Age|Expires|Domain/i);
  });

  it("holds a 256-bit random id whose row expires 30 minutes after sign-in", async () => {
    await requestLink(DEMO_CUSTOMER_EMAIL, "198.51.100.91");
    const before = Date.now();
    const res = await submitToken((await latestLink(DEMO_CUSTOMER_EMAIL)).token);
    const id = await getCookies(getConfig(env)).login.parse(cookieHeader(res));
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await env.DB.prepare("SELECT kind, expires_at FROM auth_sessions ORDER BY created_at DESC LIMIT 1").first<{
      kind: string;
      expires_at: string;
    }>();
    expect(row?.kind).toBe("customer");
    const ttl = Date.parse(row!.expires_at) - before;
    expect(ttl).toBeGreaterThan(29 * 60_000);
    expect(ttl).toBeLessThanOrEqual(30 * 60_000 + 5_000);
  });

  it("gets the __Host- prefix when the site is served over https", async () => {
    const https = getConfig({ ...env, SITE_URL: "https://hundpass.se", DEV_MAILBOX: "false", SESSION_SECRET: "p".repeat(40), UNSUBSCRIBE_SECRET: "u".repeat(40) });
    const cookie = await getCookies(https).login.serialize("x".repeat(43));
    expect(cookie).toMatch(/^__Host-hp_session=/);
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Domain");
  });

  it("gives the admin link a staff session of 8 hours", async () => {
    await requestLink(DEMO_ADMIN_EMAIL, "198.51.100.92");
    const link = await latestLink(DEMO_ADMIN_EMAIL);
    const before = Date.now();
    await submitToken(link.token, link.purpose);
    const row = await env.DB.prepare(
      "SELECT kind, user_id, expires_at FROM auth_sessions WHERE email = ? ORDER BY created_at DESC LIMIT 1",
    )
      .bind(DEMO_ADMIN_EMAIL)
      .first<{ kind: string; user_id: string; expires_at: string }>();
    expect(row).toMatchObject({ kind: "staff", user_id: "a0000000-0000-4000-8000-000000000001" });
    expect(Date.parse(row!.expires_at) - before).toBeGreaterThan(7.9 * 60 * 60_000);
  });
});
