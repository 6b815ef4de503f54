import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { demoSeedStatements } from "../fixtures/demo-data";
import { bookingForm, createSession, postBooking } from "./booking-fixtures";
import { signInAs } from "./helpers";

const SELF = exports.default;

function nonces(html: string): string[] {
  return [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]!);
}

async function seatsLine(path: string, init?: RequestInit) {
  const res = await SELF.fetch(`http://localhost${path}`, init);
  return { res, html: await res.text() };
}

/** The purge follows the response within its coalescing window (50 ms): the page as soon as it shows `text`, or after 2 s. */
async function seatsLineOnceItShows(path: string, text: string) {
  const deadline = Date.now() + 2_000;
  for (;;) {
    const line = await seatsLine(path);
    if (line.html.includes(text) || Date.now() > deadline) return line;
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(async () => {
  const statements = demoSeedStatements(new Date());
  await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
});

describe("the shared page cache", () => {
  it("serves an anonymous list from the cache, with a fresh script nonce each time", async () => {
    const first = await seatsLine("/alla-popups");
    // A change behind the page's back is not seen while the cached copy is fresh.
    await env.DB.prepare("UPDATE sessions SET title = 'BYTT NAMN' WHERE id = 1").run();
    await new Promise((r) => setTimeout(r, 50)); // the store happens after the response
    const second = await seatsLine("/alla-popups");
    expect(second.html).not.toContain("BYTT NAMN");

    const [n1] = new Set(nonces(first.html));
    const secondNonces = new Set(nonces(second.html));
    expect(secondNonces.size).toBe(1);
    const [n2] = secondNonces;
    expect(n2).not.toBe(n1);
    expect(second.res.headers.get("Content-Security-Policy")).toContain(`'nonce-${n2}'`);
  });

  it("gives each visitor of a cached form page a fresh fill-time stamp, which the bot check then counts from", async () => {
    const stamps = (html: string) => [...html.matchAll(/name="form_rendered_at" value="(\d+)\.[0-9a-f]+"/g)].map((m) => Number(m[1]));
    const first = await seatsLine("/om");
    await new Promise((r) => setTimeout(r, 300)); // stored after the response; then some time passes
    const before = Date.now();
    const second = await seatsLine("/om");
    const [firstStamp] = stamps(first.html);
    const secondStamps = stamps(second.html);
    expect(firstStamp).toBeDefined();
    expect(secondStamps.length).toBeGreaterThan(0);
    for (const stamp of secondStamps) {
      expect(stamp).toBeGreaterThan(firstStamp!);
      expect(stamp).toBeGreaterThanOrEqual(before);
    }
    // The cached copy, made fresh for this visitor.
    expect(second.res.headers.get("CF-Cache-Status")).toBe("HIT");
    expect(nonces(second.html)[0]).not.toBe(nonces(first.html)[0]);
  });

  it("never answers a signed-in visitor from the cache", async () => {
    await seatsLine("/hitta");
    const cookie = await signInAs({ email: "inloggad@example.se" });
    const { res, html } = await seatsLine("/alla-popups", { headers: { Cookie: cookie } });
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(html).toContain("BYTT NAMN");
  });

  it("never lets a page that shows a signed-in visitor's name or address be stored", async () => {
    const customer = await signInAs({ email: "kund.cache@example.se", kind: "customer" });
    const staff = await signInAs({ email: "personal.cache@example.se" });
    for (const [path, cookie, shows] of [
      ["/mina-bokningar", customer, "kund.cache@example.se"],
      ["/mina-bokningar?skickat=1", customer, "kund.cache@example.se"],
      ["/logga-in", staff, "personal.cache@example.se"],
      ["/registrera", staff, "personal.cache@example.se"],
      ["/admin", staff, "personal.cache@example.se"],
      ["/finns-inte", customer, "kund.cache@example.se"],
    ] as const) {
      const { res, html } = await seatsLine(path, { headers: { Cookie: cookie } });
      expect(html, path).toContain(shows);
      expect(res.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
  });

  it("drops the cached seat lists after a booking", async () => {
    await env.DB.prepare("UPDATE sessions SET title = 'VALPKURS' WHERE id = 1").run();
    await seatsLine("/alla-popups");
    await env.DB.prepare("UPDATE sessions SET title = 'NYTT NAMN' WHERE id = 1").run();
    await new Promise((r) => setTimeout(r, 50));
    expect((await seatsLine("/alla-popups")).html).not.toContain("NYTT NAMN");

    const { purgeSeatLists } = await import("../../app/server/public/page-cache.server");
    const waits: Promise<unknown>[] = [];
    purgeSeatLists(new Request("http://localhost/session/1", { method: "POST" }), {
      waitUntil: (p) => waits.push(p),
    });
    await Promise.all(waits);
    expect((await seatsLine("/alla-popups")).html).toContain("NYTT NAMN");
  });

  it("drops every cached /boka view too after a booking made through the form", async () => {
    await env.DB.prepare("UPDATE sessions SET title = 'VALPKURS' WHERE id = 1").run();
    // The calendar on the day of session 1 lists it by title.
    const day = await env.DB.prepare("SELECT start_time AS start FROM sessions WHERE id = 1").first<{ start: string }>();
    const dayKey = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Stockholm" }).format(new Date(day!.start));
    const views = ["/boka?steg=2&typ=alla&vy=lista", `/boka?steg=2&typ=alla&vy=kalender&manad=${dayKey.slice(0, 7)}&dag=${dayKey}`];
    for (const view of views) expect((await seatsLine(view)).html, view).toContain("VALPKURS");
    for (const view of views) await seatsLine(view);
    await env.DB.prepare("UPDATE sessions SET title = 'ANNAT NAMN' WHERE id = 1").run();
    await new Promise((r) => setTimeout(r, 50));
    for (const view of views) expect((await seatsLine(view)).html, view).not.toContain("ANNAT NAMN");

    // A real booking on another session, through the worker.
    const form = await bookingForm({ user_email: "cache@example.se", user_email_confirm: "cache@example.se" });
    const target = await createSession({ maxParticipants: 5 });
    const booked = await postBooking(target, form);
    expect(booked.status).toBe(302);
    for (const view of views) expect((await seatsLineOnceItShows(view, "ANNAT NAMN")).html, view).toContain("ANNAT NAMN");
  });
});

describe("the isolate's memory of cache lookups", () => {
  it("serves what a lookup found for a second without asking the cache again, then asks again", async () => {
    await env.DB.prepare("UPDATE sessions SET title = 'VALPKURS' WHERE id = 1").run();
    const { purgeSeatLists } = await import("../../app/server/public/page-cache.server");
    const waits: Promise<unknown>[] = [];
    purgeSeatLists(new Request("http://localhost/"), { waitUntil: (p) => waits.push(p) });
    await Promise.all(waits);
    await seatsLine("/alla-popups");
    await new Promise((r) => setTimeout(r, 50)); // stored after the response
    const hit = await seatsLine("/alla-popups");
    expect(hit.res.headers.get("CF-Cache-Status")).toBe("HIT");
    // Behind the cache's back: the stored copy goes and the data changes, with no purge.
    const cache = (caches as unknown as { default: Cache }).default;
    expect(await cache.delete(new Request("http://localhost/__page-cache/page/alla-popups"))).toBe(true);
    await env.DB.prepare("UPDATE sessions SET title = 'MINNESTEST' WHERE id = 1").run();
    const remembered = await seatsLine("/alla-popups");
    expect(remembered.html).toContain("VALPKURS");
    expect(remembered.html).not.toContain("MINNESTEST");
    expect(nonces(remembered.html)[0]).not.toBe(nonces(hit.html)[0]);
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await seatsLine("/alla-popups")).html).toContain("MINNESTEST");
  });

  it("forgets what it found when staff change what the pages show", async () => {
    await seatsLine("/alla-popups");
    await new Promise((r) => setTimeout(r, 50));
    expect((await seatsLine("/alla-popups")).res.headers.get("CF-Cache-Status")).toBe("HIT");
    await env.DB.prepare("UPDATE sessions SET title = 'INNEHÅLL ÄNDRAT' WHERE id = 1").run();
    const { purgePublicPages } = await import("../../app/server/public/page-cache.server");
    await purgePublicPages(new Request("http://localhost/admin"));
    expect((await seatsLine("/alla-popups")).html).toContain("INNEHÅLL ÄNDRAT");
  });
});

describe("a page served from the cache", () => {
  it("keeps nothing of the render it was stored from: no old nonce or stamp anywhere, no stored facts in its headers", async () => {
    const first = await seatsLine("/");
    await new Promise((r) => setTimeout(r, 300));
    const second = await seatsLine("/");
    expect(second.res.headers.get("CF-Cache-Status")).toBe("HIT");
    const [oldNonce] = nonces(first.html);
    const [oldStamp] = [...first.html.matchAll(/name="form_rendered_at" value="([^"]+)"/g)].map((m) => m[1]);
    expect(oldNonce).toBeDefined();
    expect(oldStamp).toBeDefined();
    expect(second.html).not.toContain(oldNonce!);
    expect(second.html).not.toContain(oldStamp!);
    expect(second.html).toContain('name="form_rendered_at"');
    for (const name of second.res.headers.keys()) expect(name.toLowerCase()).not.toMatch(/^x-page-/);
    // Everything else is the stored page, byte for byte.
    const normalize = (html: string, nonce: string, stamp: string) => html.replaceAll(nonce, "N").replaceAll(stamp, "S");
    const [newNonce] = nonces(second.html);
    const [newStamp] = [...second.html.matchAll(/name="form_rendered_at" value="([^"]+)"/g)].map((m) => m[1]);
    expect(normalize(second.html, newNonce!, newStamp!)).toBe(normalize(first.html, oldNonce!, oldStamp!));
  });
});
