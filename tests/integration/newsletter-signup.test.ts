// Newsletter signup through the Worker: the Turnstile token verified in the
// action (siteverify stubbed at the network edge: globalThis.fetch for the
// configured TURNSTILE_VERIFY_URL, nothing else), the double opt-in without
// JavaScript, consent, no enumeration and the rate limits, against real D1.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONFIRM_TEXTS, CONSENT_WORDING_VERSION } from "~/domain/newsletter/signup-texts";
import { BLANKED_LINK } from "~/server/email/outbox.server";
import { CONFIRMATION_SENT_URL, NEWSLETTER_SIGNUP_LIMITS } from "~/server/newsletter/signup.server";
import { verifyTurnstileToken } from "~/server/newsletter/turnstile.server";
import { unsubscribeUrl } from "~/server/newsletter/unsubscribe-links.server";
import { getConfig } from "~/server/platform/env.server";
import { RATE_LIMIT_MESSAGE } from "~/server/platform/rate-limit.server";
import { removeExpiredRecords } from "~/server/privacy/housekeeping.server";
import app from "../../workers/app";
import { formStamp, mailTo } from "./auth-helpers";
import { awayFromWindowEnd, testContext } from "./helpers";
import { captureLoggedFailures } from "../support/expected-logs";

const VERIFY_URL = "http://siteverify.test/turnstile/v0/siteverify";
const testEnv = { ...env, TURNSTILE_VERIFY_URL: VERIFY_URL };
const config = getConfig(testEnv);
const BASE = "http://localhost";
/** Where the newsletter widget's tokens must be solved: SITE_URL's host, the widget's action. */
const HERE = { hostname: new URL(config.SITE_URL).hostname, action: "newsletter" };
/** Where a fetcher posts the start page's form (Remix single fetch). */
const DATA_URL = "/_root.data?index";

type SiteverifyCall = Record<string, string>;

/**
 * Plays Cloudflare's siteverify: tokens starting "ok" pass once (a second
 * use is `timeout-or-duplicate`), "no…" is refused, "hang" never answers
 * (until the caller's signal gives up), "down" answers 500. A passing token
 * was solved on localhost by the newsletter widget, unless it names another
 * place ("ok-host-<hostname>…") or widget ("ok-action-<action>…").
 */
function stubSiteverify() {
  const calls: SiteverifyCall[] = [];
  const spent = new Set<string>();
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url !== VERIFY_URL) throw new Error(`unexpected fetch ${url}`);
    const form = Object.fromEntries(new URLSearchParams(String(init?.body)));
    calls.push(form);
    const token = form.response ?? "";
    if (token === "hang") {
      return new Promise<Response>((_resolve, reject) => {
        const signal = init?.signal;
        if (!signal) return;
        signal.addEventListener("abort", () => reject(signal.reason));
      });
    }
    if (token === "down") return new Response("oops", { status: 500 });
    if (!token.startsWith("ok") || form.secret !== config.TURNSTILE_SECRET_KEY) {
      return Response.json({ success: false, "error-codes": ["invalid-input-response"] });
    }
    if (spent.has(token)) return Response.json({ success: false, "error-codes": ["timeout-or-duplicate"] });
    spent.add(token);
    const hostname = /^ok-host-([a-z.]+)/.exec(token)?.[1] ?? "localhost";
    const action = /^ok-action-([a-z]*)/.exec(token)?.[1] ?? "newsletter";
    return Response.json({ success: true, hostname, action, "error-codes": [] });
  });
  return { calls, spy };
}

async function send(path: string, init: RequestInit = {}, theEnv = testEnv) {
  const ctx = createExecutionContext();
  const request = new Request(new URL(path, BASE), { redirect: "manual", ...init }) as Request<
    unknown,
    IncomingRequestCfProperties
  >;
  const res = await app.fetch(request, theEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** The form as the page sends it: with the widget's token field (JavaScript) or without it. */
async function signUp(
  email: string,
  { token, ip = "198.51.100.7", path }: { token?: string; ip?: string; path?: string } = {},
) {
  const fields: Record<string, string> = { email, website: "", form_rendered_at: await formStamp() };
  if (token !== undefined) fields["cf-turnstile-response"] = token;
  return send(path ?? (token === undefined ? "/?index" : DATA_URL), {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": ip },
  });
}

async function subscriber(email: string) {
  return env.DB.prepare("SELECT * FROM newsletter_subscribers WHERE lower(email) = lower(?)")
    .bind(email)
    .first<Record<string, string | number | null>>();
}

async function count(table: string) {
  return (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
}

async function nothingStored() {
  expect(await count("newsletter_subscribers")).toBe(0);
  expect(await count("newsletter_confirmations")).toBe(0);
  expect(await count("email_outbox")).toBe(0);
}

/** The confirmation link in the newest confirmation mail to `email`. */
async function confirmationLink(email: string) {
  const [mail] = (await mailTo(email)).filter((m) => m.kind === "newsletter-confirmation");
  if (!mail) throw new Error(`no confirmation mail to ${email}`);
  const match = mail.textBody.match(/https?:\/\/\S+\/nyhetsbrev\/bekrafta\?token=\S+/);
  if (!match) throw new Error("no link in the mail");
  return new URL(match[0]);
}

function confirm(token: string) {
  return send("/nyhetsbrev/bekrafta", {
    method: "POST",
    body: new URLSearchParams({ token }),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
}

beforeEach(async () => {
  await env.DB.batch(
    ["rate_limits", "email_outbox", "newsletter_confirmations", "newsletter_subscriber_segments", "newsletter_subscribers"].map(
      (t) => env.DB.prepare(`DELETE FROM ${t}`),
    ),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("signup with the Turnstile token (JavaScript)", () => {
  it("verifies the token with siteverify and subscribes at once with the consent recorded", async () => {
    const { calls } = stubSiteverify();
    const res = await signUp("Ny.Prenumerant@Example.se", { token: "ok-1", ip: "203.0.113.9" });
    expect(res.status).toBe(200);

    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ secret: config.TURNSTILE_SECRET_KEY, response: "ok-1", remoteip: "203.0.113.9" });
    expect(calls[0]!.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);

    const row = await subscriber("ny.prenumerant@example.se");
    expect(row).toMatchObject({
      email: "ny.prenumerant@example.se",
      status: "subscribed",
      source: "website",
      consent_method: "turnstile",
      consent_page: "/",
      consent_wording: CONSENT_WORDING_VERSION,
    });
    expect(Date.now() - Date.parse(String(row!.consent_at))).toBeLessThan(60_000);
    // A keyed hash of the IP, never the IP.
    expect(row!.consent_ip_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain("203.0.113.9");
    expect(await count("newsletter_confirmations")).toBe(0);
  });

  it("queues a welcome mail with the personal unsubscribe link and the one-click headers", async () => {
    stubSiteverify();
    await signUp("valkommen@example.se", { token: "ok-welcome" });
    const mails = await mailTo("valkommen@example.se");
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const link = await unsubscribeUrl(config, "valkommen@example.se");
    expect(mail!.kind).toBe("newsletter-welcome");
    expect(mail!.textBody).toContain(link);
    expect(mail!.htmlBody).toContain(link.replaceAll("&", "&amp;"));
    expect(JSON.parse(mail!.headersJson!)).toEqual({
      "List-Unsubscribe": `<${link}>, <mailto:${config.ADMIN_EMAIL}?subject=Avprenumerera>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("stores nothing when siteverify refuses the token", async () => {
    const { calls } = stubSiteverify();
    const res = await signUp("nej@example.se", { token: "no-way" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("verification-failed");
    expect(calls).toHaveLength(1);
    await nothingStored();
  });

  it("stores nothing for a token solved on another site or by another widget", async () => {
    const { calls } = stubSiteverify();
    vi.spyOn(console, "error").mockImplementation(() => {});
    for (const token of ["ok-host-evil.example", "ok-action-login"]) {
      const res = await signUp("annanstans@example.se", { token });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("verification-failed");
    }
    expect(calls).toHaveLength(2);
    await nothingStored();
  });

  it("accepts the test keys' example.com and empty action only with a test secret key", async () => {
    const logged = captureLoggedFailures();
    stubSiteverify();
    const real = { ...config, TURNSTILE_SECRET_KEY: "0x4AAAAAAAreal-secret-of-the-site" };
    // The stub answers only for the configured secret; the real secret's answers are played here.
    const answerWith = (answer: object) => vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(Response.json(answer));
    for (const [answer, withTestKey, withRealKey] of [
      [{ success: true, hostname: "example.com", action: "" }, true, false],
      [{ success: true, hostname: "example.com", action: "newsletter" }, true, false],
      [{ success: true, hostname: "localhost", action: "" }, true, false],
      [{ success: true, hostname: "LOCALHOST", action: "newsletter" }, true, true],
      [{ success: true, hostname: "evil.example", action: "newsletter" }, false, false],
      [{ success: true, hostname: "example.com", action: "login" }, false, false],
    ] as const) {
      answerWith(answer);
      expect((await verifyTurnstileToken(config, "t", null, HERE)).ok, JSON.stringify(answer)).toBe(withTestKey);
      answerWith(answer);
      expect((await verifyTurnstileToken(real, "t", null, HERE)).ok, JSON.stringify(answer)).toBe(withRealKey);
    }
    expect(logged()).not.toHaveLength(0);
    for (const line of logged()) expect(line).toMatch(/^turnstile token solved for \S* on \S+, not here$/);
  });

  it("stores nothing when siteverify does not answer in time or fails", async () => {
    stubSiteverify();
    vi.spyOn(console, "error").mockImplementation(() => {});
    // The route's own 5 s limit is the same code path as this short one.
    expect(await verifyTurnstileToken(config, "hang", null, HERE, { timeoutMs: 50 })).toEqual({ ok: false, reason: "unavailable" });

    const slow = vi.spyOn(globalThis, "fetch").mockRejectedValue(new DOMException("The operation timed out.", "TimeoutError"));
    expect((await signUp("sen@example.se", { token: "ok-late" })).status).toBe(400);
    expect(slow).toHaveBeenCalledWith(VERIFY_URL, expect.objectContaining({ signal: expect.any(AbortSignal) }));
    slow.mockRestore();

    stubSiteverify();
    expect((await signUp("sen@example.se", { token: "down" })).status).toBe(400);
    await nothingStored();
  });

  it("stores nothing for a token used before", async () => {
    stubSiteverify();
    expect((await signUp("forst@example.se", { token: "ok-once" })).status).toBe(200);
    const again = await signUp("sedan@example.se", { token: "ok-once", ip: "198.51.100.8" });
    expect(again.status).toBe(400);
    expect(await subscriber("sedan@example.se")).toBeNull();
    expect(await mailTo("sedan@example.se")).toHaveLength(0);
  });

  it("stores nothing, and asks nobody, when the widget's token is missing", async () => {
    const { calls } = stubSiteverify();
    const res = await signUp("tom@example.se", { token: "" });
    expect(res.status).toBe(400);
    expect(calls).toHaveLength(0);
    await nothingStored();
  });

  it("answers an address that exists exactly as a new one and changes nothing", async () => {
    const { calls } = stubSiteverify();
    const first = await signUp("finns@example.se", { token: "ok-a" });
    const before = await subscriber("finns@example.se");
    const again = await signUp("FINNS@example.se", { token: "ok-b", ip: "198.51.100.9" });
    const other = await signUp("ny@example.se", { token: "ok-c", ip: "198.51.100.10" });

    expect([first.status, again.status, other.status]).toEqual([200, 200, 200]);
    const bodies = await Promise.all([first.text(), again.text(), other.text()]);
    expect(bodies[1]).toBe(bodies[0]);
    expect(bodies[2]).toBe(bodies[0]);
    // The token of the repeat was still verified.
    expect(calls.map((c) => c.response)).toEqual(["ok-a", "ok-b", "ok-c"]);
    expect(await subscriber("finns@example.se")).toEqual(before);
    expect(await mailTo("finns@example.se")).toHaveLength(1);
  });

  it("does not subscribe again an address that unsubscribed: it gets the confirmation link instead", async () => {
    stubSiteverify();
    await env.DB.prepare(
      `INSERT INTO newsletter_subscribers (email, status, source, consent_at, unsubscribed_at)
       VALUES ('slutat@example.se', 'unsubscribed', 'website', '2025-01-01T00:00:00.000Z', '2025-06-01T00:00:00.000Z')`,
    ).run();
    const res = await signUp("slutat@example.se", { token: "ok-back" });
    expect(res.status).toBe(200);
    expect((await subscriber("slutat@example.se"))?.status).toBe("unsubscribed");
    const mails = await mailTo("slutat@example.se");
    expect(mails.map((m) => m.kind)).toEqual(["newsletter-confirmation"]);

    const link = await confirmationLink("slutat@example.se");
    expect((await confirm(link.searchParams.get("token")!)).status).toBe(200);
    expect(await subscriber("slutat@example.se")).toMatchObject({
      status: "subscribed",
      unsubscribed_at: null,
      consent_method: "confirmation-link",
    });
  });
});

describe("signup without JavaScript (double opt-in)", () => {
  it("mails a confirmation link, stores only its hash and subscribes nobody yet", async () => {
    const { calls } = stubSiteverify();
    const res = await signUp("utan.js@example.se");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(CONFIRMATION_SENT_URL);
    expect(calls).toHaveLength(0);
    expect(await subscriber("utan.js@example.se")).toBeNull();

    const link = await confirmationLink("utan.js@example.se");
    expect(link.origin).toBe(config.SITE_URL);
    const token = link.searchParams.get("token")!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await env.DB.prepare("SELECT * FROM newsletter_confirmations").all<Record<string, string | null>>();
    expect(rows.results).toHaveLength(1);
    const row = rows.results[0]!;
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row).toMatchObject({ email: "utan.js@example.se", consent_page: "/", consent_wording: CONSENT_WORDING_VERSION, used_at: null });
    expect(Date.parse(row.expires_at!) - Date.parse(row.created_at!)).toBe(48 * 3_600_000);

    const page = await (await send(CONFIRMATION_SENT_URL)).text();
    expect(page).toContain("Vi har skickat ett mejl till dig");
  });

  it("subscribes on the link's POST only, once", async () => {
    stubSiteverify();
    await signUp("bekrafta@example.se");
    const link = await confirmationLink("bekrafta@example.se");

    // Opening the link (or a scanner following it) changes nothing.
    const page = await send(`${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(CONFIRM_TEXTS.button);
    expect(await subscriber("bekrafta@example.se")).toBeNull();

    const token = link.searchParams.get("token")!;
    const done = await confirm(token);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(CONFIRM_TEXTS.doneTitle);
    expect(await subscriber("bekrafta@example.se")).toMatchObject({
      status: "subscribed",
      source: "website",
      consent_method: "confirmation-link",
      consent_page: "/",
      consent_wording: CONSENT_WORDING_VERSION,
    });
    const mails = await mailTo("bekrafta@example.se");
    expect(mails.map((m) => m.kind).sort()).toEqual(["newsletter-confirmation", "newsletter-welcome"]);
    // The used link is blanked in the stored confirmation mail.
    const stored = mails.find((m) => m.kind === "newsletter-confirmation")!;
    expect(stored.textBody).not.toContain(token);
    expect(stored.textBody).toContain(BLANKED_LINK);

    const twice = await confirm(token);
    expect(twice.status).toBe(400);
    expect(await twice.text()).toContain(CONFIRM_TEXTS.failedText);
    expect((await mailTo("bekrafta@example.se")).length).toBe(2);
  });

  it("refuses an expired link with its own message and subscribes nobody", async () => {
    stubSiteverify();
    await signUp("gammal@example.se");
    const token = (await confirmationLink("gammal@example.se")).searchParams.get("token")!;
    await env.DB.prepare("UPDATE newsletter_confirmations SET expires_at = ?").bind(new Date(Date.now() - 1000).toISOString()).run();
    const res = await confirm(token);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(CONFIRM_TEXTS.expiredText);
    expect(await subscriber("gammal@example.se")).toBeNull();
  });

  it("is removed by the daily housekeeping a day after it expired", async () => {
    await signUp("rensa@example.se");
    await signUp("kvar@example.se", { ip: "198.51.100.20" });
    await env.DB.prepare("UPDATE newsletter_confirmations SET expires_at = ? WHERE email = 'rensa@example.se'")
      .bind(new Date(Date.now() - 25 * 3_600_000).toISOString())
      .run();
    await removeExpiredRecords(testContext(), new Date(), { mailRetentionDays: 30 });
    const left = await env.DB.prepare("SELECT email FROM newsletter_confirmations").all<{ email: string }>();
    expect(left.results.map((r) => r.email)).toEqual(["kvar@example.se"]);
  });

  it("refuses a made-up token", async () => {
    const res = await confirm("x".repeat(43));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(CONFIRM_TEXTS.failedText);
    expect(await count("newsletter_subscribers")).toBe(0);
  });

  it("answers a subscribed address the same and mails it nothing", async () => {
    stubSiteverify();
    await signUp("redan@example.se", { token: "ok-first" });
    const res = await signUp("redan@example.se");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(CONFIRMATION_SENT_URL);
    expect(await count("newsletter_confirmations")).toBe(0);
    expect((await mailTo("redan@example.se")).map((m) => m.kind)).toEqual(["newsletter-welcome"]);
  });

  it("refuses a filled honeypot or a form sent too fast, and an invalid address", async () => {
    stubSiteverify();
    const trap = await send("/?index", {
      method: "POST",
      body: new URLSearchParams({ email: "bot@example.se", website: "http://spam", form_rendered_at: await formStamp() }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(trap.status).toBe(400);
    const fast = await send("/?index", {
      method: "POST",
      body: new URLSearchParams({ email: "bot@example.se", website: "", form_rendered_at: "" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(fast.status).toBe(400);
    expect(await fast.text()).toContain("Hoppsan, det gick lite för fort");
    const invalid = await signUp("inte en adress");
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("Ange en giltig e-postadress");
    await nothingStored();
  });
});

describe("rate limits", () => {
  it("does nothing for an address past its limit, from any IP, and answers the same", async () => {
    await awayFromWindowEnd(NEWSLETTER_SIGNUP_LIMITS.email.windowMs);
    const { calls } = stubSiteverify();
    const limit = NEWSLETTER_SIGNUP_LIMITS.email.limit;
    for (let i = 0; i < limit; i++) {
      const res = await signUp("manga@example.se", { ip: `192.0.2.${i + 1}` });
      expect(res.headers.get("Location")).toBe(CONFIRMATION_SENT_URL);
    }
    expect(await count("newsletter_confirmations")).toBe(limit);
    const over = await signUp("manga@example.se", { ip: "192.0.2.99" });
    expect(over.status).toBe(302);
    expect(over.headers.get("Location")).toBe(CONFIRMATION_SENT_URL);
    expect(await count("newsletter_confirmations")).toBe(limit);
    expect(await mailTo("manga@example.se")).toHaveLength(limit);

    // With a token too: the same answer, and no call to siteverify.
    const widget = await signUp("manga@example.se", { token: "ok-over", ip: "192.0.2.98" });
    expect(widget.status).toBe(200);
    expect(calls).toHaveLength(0);
    expect(await subscriber("manga@example.se")).toBeNull();
  }, 60_000);

  it("counts an address with a +tag on its mailbox's limit", async () => {
    await awayFromWindowEnd(NEWSLETTER_SIGNUP_LIMITS.email.windowMs);
    stubSiteverify();
    const limit = NEWSLETTER_SIGNUP_LIMITS.email.limit;
    for (let i = 0; i < limit; i++) {
      const res = await signUp(`Tagg+${i}@example.se`, { ip: `192.0.2.${50 + i}` });
      expect(res.headers.get("Location")).toBe(CONFIRMATION_SENT_URL);
    }
    const over = await signUp("tagg+extra@example.se", { ip: "192.0.2.70" });
    expect(over.headers.get("Location")).toBe(CONFIRMATION_SENT_URL);
    expect(await count("newsletter_confirmations")).toBe(limit);
    expect(await mailTo("tagg+extra@example.se")).toHaveLength(0);
  }, 60_000);

  it("does nothing for a client past its limit, whatever the address, and says so in Swedish", async () => {
    await awayFromWindowEnd(NEWSLETTER_SIGNUP_LIMITS.ip.windowMs);
    const { calls } = stubSiteverify();
    const limit = NEWSLETTER_SIGNUP_LIMITS.ip.limit;
    for (let i = 0; i < limit; i++) await signUp(`person${i}@example.se`, { ip: "192.0.2.200" });
    expect(await count("newsletter_confirmations")).toBe(limit);
    // The client's own limit tells nothing of any address: the form says to wait, with the address kept.
    const over = await signUp("en.till@example.se", { ip: "192.0.2.200" });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("Retry-After"))).toBeGreaterThan(0);
    const page = await over.text();
    expect(page).toContain(RATE_LIMIT_MESSAGE);
    expect(page).toContain('value="en.till@example.se"');
    const widget = await signUp("en.till@example.se", { token: "ok-client-over", ip: "192.0.2.200" });
    expect(widget.status).toBe(429);
    expect(await widget.text()).toContain(RATE_LIMIT_MESSAGE);
    expect(calls).toHaveLength(0);
    expect(await count("newsletter_confirmations")).toBe(limit);
    expect(await mailTo("en.till@example.se")).toHaveLength(0);
    expect(await subscriber("en.till@example.se")).toBeNull();
  }, 60_000);
});
