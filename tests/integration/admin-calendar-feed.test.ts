// The staff's private calendar feed (/admin/kalender and its secret link),
// through the real Worker, read back with an independent iCalendar parser
// (ical.js): every session from a month back, stable UIDs, UTC times,
// 'n av max', the state, the place's map link and the admin page, cancelled
// sessions as CANCELLED, attendee names only when asked for; a new link
// revokes the admin's old one, a revoked or wrong token answers 404, and a
// link stops with its admin's role.
import { env, exports } from "cloudflare:workers";
import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { bookingForm, createSession, postBooking } from "./booking-fixtures";
import { buildCalendarFeed } from "~/domain/calendar-feed";
import { feedSessions } from "~/server/calendar/feed.server";
import { config, signInAs, testContext } from "./helpers";

const SELF = exports.default;
const SITE = config().SITE_URL.replace(/\/$/, "");
const HOST = new URL(SITE).hostname;
const DAY = 24 * 60 * 60_000;

let admin = "";
let customer = "";
let staffWithoutRole = "";
const ids = { running: 0, cancelled: 0, old: 0, online: 0 };

async function createFeed(includeAttendees: boolean, cookie = admin): Promise<{ https: string; webcal: string; token: string }> {
  const body = new URLSearchParams({ intent: "create", ...(includeAttendees ? { include_attendees: "on" } : {}) });
  const res = await SELF.fetch("http://localhost/admin/kalender", {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
    body,
    redirect: "manual",
  });
  expect(res.status).toBe(200);
  const html = await res.text();
  // The https address is the text of its field, a textarea that shows all of it (once an input's value).
  const https = html.match(/>(https?:\/\/[^/<]+)(\/kalender\/([A-Za-z0-9_-]{43})\/hundpass\.ics)<\/textarea>/);
  const webcal = html.match(/href="(webcal:\/\/[^/"]+\/kalender\/[A-Za-z0-9_-]{43}\/hundpass\.ics)"/);
  if (!https || !webcal) throw new Error("no feed link on the page");
  expect(https[1]).toBe(SITE);
  // Fetched through the test's worker, whatever host SITE_URL names.
  return { https: `http://localhost${https[2]}`, webcal: webcal[1]!, token: https[3]! };
}

const toSecond = (iso: string) => new Date(Math.floor(Date.parse(iso) / 1000) * 1000).toISOString();

async function fetchFeed(url: string) {
  const res = await SELF.fetch(url);
  return { res, text: await res.text() };
}

function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      description: event.description,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      status: String(vevent.getFirstPropertyValue("status")),
      sequence: Number(vevent.getFirstPropertyValue("sequence")),
      url: String(vevent.getFirstPropertyValue("url")),
    };
  });
}

beforeAll(async () => {
  admin = await signInAs({ email: "kalender.admin@example.se", admin: true });
  customer = await signInAs({ email: "kalender.kund@example.se", kind: "customer" });
  staffWithoutRole = await signInAs({ email: "kalender.personal@example.se" });
  ids.running = await createSession({ title: "VARDAGSLYDNAD", location: "Regementsparken Gävle", startsInMs: 9 * DAY, maxParticipants: 10 });
  ids.cancelled = await createSession({ title: "PROMENADTRÄNING", startsInMs: 10 * DAY });
  ids.old = await createSession({ title: "VALPKURS", startsInMs: -60 * DAY });
  ids.online = await createSession({ title: "PLAN", location: "Online", passType: "private", startsInMs: 11 * DAY });
  await env.DB.prepare("UPDATE sessions SET cancelled_at = ? WHERE id = ?").bind(new Date().toISOString(), ids.cancelled).run();
  for (const [name, dog, email] of [
    ["Anna Andersson", "Flurre", "anna.kalender@example.se"],
    ["Bo Berg", "Ludde", "bo.kalender@example.se"],
  ] as const) {
    const res = await postBooking(ids.running, await bookingForm({ user_name: name, dog_name: dog, user_email: email, user_email_confirm: email }));
    expect(res.status).toBe(302);
  }
});

describe("/admin/kalender", () => {
  it("is for admins only", async () => {
    for (const cookie of [customer, staffWithoutRole]) {
      const res = await SELF.fetch("http://localhost/admin/kalender", { headers: { Cookie: cookie } });
      expect(res.status).toBe(403);
      const post = await SELF.fetch("http://localhost/admin/kalender", {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: "intent=create",
      });
      expect(post.status).toBe(403);
    }
    expect(await env.DB.prepare("SELECT count(*) AS n FROM calendar_feeds").first("n")).toBe(0);
  });

  it("shows a new link once, and lists every session from a month back in a feed calendar apps can read", async () => {
    const { https, webcal, token } = await createFeed(false);
    expect(webcal).toBe(`${SITE.replace(/^https?:/, "webcal:")}/kalender/${token}/hundpass.ics`);

    const { res, text } = await fetchFeed(https);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe("private, max-age=300");
    const events = eventsOf(text);
    const byUid = new Map(events.map((e) => [e.uid, e]));

    const session = await env.DB.prepare("SELECT start_time, end_time FROM sessions WHERE id = ?").bind(ids.running).first<{ start_time: string; end_time: string }>();
    const running = byUid.get(`session-${ids.running}@${HOST}`)!;
    expect(running).toMatchObject({
      summary: "VARDAGSLYDNAD",
      location: "Regementsparken Gävle",
      // iCalendar times are whole seconds, in UTC.
      start: toSecond(session!.start_time),
      end: toSecond(session!.end_time),
      status: "CONFIRMED",
      sequence: 0,
      url: `${SITE}/admin/pass/${ids.running}`,
    });
    expect(running.description).toContain("Deltagare: 2 av 10");
    expect(running.description).toContain("Status: Väntande (2 av minst 3)");
    expect(running.description).toContain("Karta: https://www.google.com/maps/search/?api=1&query=Regementsparken+G%C3%A4vle");
    expect(running.description).toContain(`Admin: ${SITE}/admin/pass/${ids.running}`);
    // No names unless staff ask for them.
    expect(text).not.toContain("Anna Andersson");
    expect(text).not.toContain("Flurre");

    expect(byUid.get(`session-${ids.cancelled}@${HOST}`)).toMatchObject({ status: "CANCELLED", summary: "INSTÄLLT: PROMENADTRÄNING" });
    expect(byUid.get(`session-${ids.online}@${HOST}`)!.description).not.toContain("Karta:");
    expect(byUid.has(`session-${ids.old}@${HOST}`)).toBe(false);

    // The same UIDs on the next fetch, so a calendar app updates instead of adding.
    expect(eventsOf((await fetchFeed(https)).text).map((e) => e.uid).sort()).toEqual(events.map((e) => e.uid).sort());
  });

  it("gives a place's own map link, as /hitta does, and a map search only for a place without one", async () => {
    const link = "https://maps.example.se/regementsparken-ingang-norr";
    const karta = async () => {
      const sessions = await feedSessions(testContext(), { includeAttendees: false, now: new Date() });
      const feed = buildCalendarFeed(sessions, { siteUrl: SITE, includeAttendees: false, now: new Date() });
      return eventsOf(feed).find((e) => e.uid === `session-${ids.running}@${HOST}`)!.description;
    };
    const stored = await env.DB.prepare("SELECT map_url FROM places WHERE name = ?").bind("Regementsparken Gävle").first<{ map_url: string | null }>();
    try {
      await env.DB.prepare("UPDATE places SET map_url = ? WHERE name = ?").bind(link, "Regementsparken Gävle").run();
      expect(await karta()).toContain(`Karta: ${link}`);
      await env.DB.prepare("UPDATE places SET map_url = NULL WHERE name = ?").bind("Regementsparken Gävle").run();
      expect(await karta()).toContain("Karta: https://www.google.com/maps/search/?api=1&query=Regementsparken+G%C3%A4vle");
    } finally {
      await env.DB.prepare("UPDATE places SET map_url = ? WHERE name = ?").bind(stored!.map_url, "Regementsparken Gävle").run();
    }
  });

  it("raises an event's SEQUENCE when its session changes", async () => {
    const { https } = await createFeed(false);
    await env.DB.prepare("UPDATE sessions SET revision = revision + 1 WHERE id = ?").bind(ids.running).run();
    const running = eventsOf((await fetchFeed(https)).text).find((e) => e.uid === `session-${ids.running}@${HOST}`)!;
    expect(running.sequence).toBe(1);
  });

  it("names the attendees only in a link made with them, and a new link stops the old one", async () => {
    const withoutNames = await createFeed(false);
    const withNames = await createFeed(true);
    const old = await fetchFeed(withoutNames.https);
    expect(old.res.status).toBe(404);
    const { text } = await fetchFeed(withNames.https);
    const running = eventsOf(text).find((e) => e.uid === `session-${ids.running}@${HOST}`)!;
    expect(running.description).toContain("Bokade:\nAnna Andersson med Flurre\nBo Berg med Ludde");
    const page = await (await SELF.fetch("http://localhost/admin/kalender", { headers: { Cookie: admin } })).text();
    expect(page).toContain("med deltagarnas namn");
    expect(page).not.toContain(withNames.token);
  });

  it("answers a revoked, wrong or malformed token with the same 404", async () => {
    const { https, token } = await createFeed(false);
    expect((await fetchFeed(https)).res.status).toBe(200);
    const revoke = await SELF.fetch("http://localhost/admin/kalender", {
      method: "POST",
      headers: { Cookie: admin, "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=revoke",
      redirect: "manual",
    });
    expect(revoke.status).toBe(302);
    const answers = await Promise.all(
      [https, https.replace(token, `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`), "http://localhost/kalender/kort/hundpass.ics"].map(fetchFeed),
    );
    for (const { res, text } of answers) {
      expect(res.status).toBe(404);
      expect(text).toBe("Hittades inte");
      expect(res.headers.get("Cache-Control")).toBe("no-store");
    }
    expect(await env.DB.prepare("SELECT count(*) AS n FROM calendar_feeds WHERE revoked_at IS NULL").first("n")).toBe(0);
  });

  it("gives each admin a link of their own, which stops when the admin role goes", async () => {
    const mine = await createFeed(false);
    const otherCookie = await signInAs({ email: "kalender.admin2@example.se", admin: true });
    const theirs = await createFeed(true, otherCookie);
    // Another admin's new link leaves mine alone.
    expect((await fetchFeed(mine.https)).res.status).toBe(200);
    expect((await fetchFeed(theirs.https)).res.status).toBe(200);
    const page = await (await SELF.fetch("http://localhost/admin/kalender", { headers: { Cookie: admin } })).text();
    expect(page).toContain("utan deltagarnas namn");

    await env.DB.prepare(
      "DELETE FROM user_roles WHERE user_id = (SELECT id FROM users WHERE email = 'kalender.admin2@example.se')",
    ).run();
    expect((await fetchFeed(theirs.https)).res.status).toBe(404);
    expect((await fetchFeed(mine.https)).res.status).toBe(200);
    await env.DB.prepare("UPDATE calendar_feeds SET revoked_at = ? WHERE revoked_at IS NULL").bind(new Date().toISOString()).run();
  });

  it("audits every new link and revocation", async () => {
    const { results } = await env.DB.prepare(
      "SELECT action, actor_email FROM audit_log WHERE target_type = 'calendar_feed' ORDER BY id",
    ).all<{ action: string; actor_email: string }>();
    const own = results.filter((r) => r.actor_email === "kalender.admin@example.se");
    expect(own.map((r) => r.action)).toEqual([
      "calendar_feed.create",
      "calendar_feed.create",
      "calendar_feed.create",
      "calendar_feed.create",
      "calendar_feed.create",
      "calendar_feed.revoke",
      "calendar_feed.create",
    ]);
    expect(results.filter((r) => r.actor_email === "kalender.admin2@example.se").map((r) => r.action)).toEqual(["calendar_feed.create"]);
  });
});
