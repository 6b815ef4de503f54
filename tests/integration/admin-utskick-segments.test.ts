// /admin/utskick?flik=segment through the Worker: the counts of subscribed
// subscribers for the six segments plus a total (the page reads them in one
// batch after the signed-in user), the search by address in any case ('Aktiv'
// / 'Inaktiv', 'Ingen prenumerant hittades' with a way to add the address),
// and saving a subscriber's segments: at least one, exactly one official.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { ROUND_TRIPS_HEADER } from "../../app/server/db/round-trips.server";
import app from "../../workers/app";
import { fetchAndSettle } from "./auth-helpers";
import { toastOf } from "./admin-fixtures";
import { signInAs } from "./helpers";
import { resetNewsletter, seedSubscribers } from "./newsletter-fixtures";

const PATH = "/admin/utskick?flik=segment";
let cookie = "";
let adminEmail = "";

/** A form POST with repeated fields (segments), as the browser sends checkboxes. */
function postPairs(path: string, pairs: Array<[string, string]>) {
  return fetchAndSettle(path, {
    method: "POST",
    body: new URLSearchParams(pairs),
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
}

const saveSegments = (email: string, segments: string[], intent = "save-segments", name = "") =>
  postPairs(`${PATH}&epost=${encodeURIComponent(email)}`, [
    ["intent", intent],
    ["email", email],
    ["name", name],
    ...segments.map((s): [string, string] => ["segments", s]),
  ]);

async function segmentsOf(email: string) {
  const { results } = await env.DB.prepare(
    `SELECT g.segment_name AS segment, g.added_by AS addedBy FROM newsletter_subscriber_segments g
     JOIN newsletter_subscribers s ON s.id = g.subscriber_id WHERE lower(s.email) = lower(?) ORDER BY g.segment_name`,
  )
    .bind(email)
    .all<{ segment: string; addedBy: string | null }>();
  return results;
}

async function subscriber(email: string) {
  return env.DB.prepare(
    `SELECT email, name, status, source, consent_method AS consentMethod, consent_at AS consentAt, consent_page AS consentPage
     FROM newsletter_subscribers WHERE lower(email) = lower(?)`,
  )
    .bind(email)
    .first<{
      email: string;
      name: string | null;
      status: string;
      source: string;
      consentMethod: string | null;
      consentAt: string | null;
      consentPage: string | null;
    }>();
}

const page = async (query = "") => {
  const res = await fetchAndSettle(`${PATH}${query}`, { headers: { Cookie: cookie } });
  return { res, html: await res.text() };
};

beforeEach(async () => {
  await resetNewsletter();
  adminEmail = `admin-${crypto.randomUUID().slice(0, 8)}@hundpass.se`;
  cookie = await signInAs({ email: adminEmail, admin: true });
});

describe("segment counts", () => {
  it("counts subscribed subscribers per segment and in total, leaving out those who unsubscribed", async () => {
    await seedSubscribers([
      { email: "a@example.se", segments: ["vip-utskick", "agare-testar"] },
      { email: "b@example.se", segments: ["vip-utskick", "vanner-testar"] },
      { email: "c@example.se", segments: ["live-utskick"] },
      { email: "d@example.se", segments: [] },
      { email: "e@example.se", segments: ["slut-utskick", "test-once"], status: "unsubscribed" },
    ]);
    const { res, html } = await page();
    expect(res.status).toBe(200);
    const count = (segment: string) =>
      new RegExp(`data-testid="segment-count-${segment}"><th scope="row">[^<]*(?:<!-- -->[^<]*)*</th><td>(\\d+)</td>`).exec(html)?.[1];
    expect(
      Object.fromEntries(
        ["vip-utskick", "live-utskick", "slut-utskick", "agare-testar", "vanner-testar", "test-once", "total"].map((s) => [s, count(s)]),
      ),
    ).toEqual({
      "vip-utskick": "2",
      "live-utskick": "1",
      "slut-utskick": "0",
      "agare-testar": "1",
      "vanner-testar": "1",
      "test-once": "0",
      total: "4",
    });
  });

  it("reads the tab, with a search, in two D1 round trips: the signed-in user and one batch", async () => {
    await seedSubscribers([{ email: "a@example.se", segments: ["vip-utskick"] }]);
    const ctx = createExecutionContext();
    const request = new Request(`http://localhost${PATH}&epost=a%40example.se`, {
      headers: { Cookie: cookie },
      redirect: "manual",
    }) as Request<unknown, IncomingRequestCfProperties>;
    const res = await app.fetch(request, { ...env, D1_ROUND_TRIPS: "1" }, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    expect(res.headers.get(ROUND_TRIPS_HEADER)).toBe("2");
  });
});

describe("searching a subscriber", () => {
  it("finds an address whatever its case and shows its status and segments", async () => {
    await seedSubscribers([
      { email: "Anna.Berg@Example.se", segments: ["live-utskick", "vanner-testar"] },
      { email: "per@example.se", segments: ["vip-utskick"], status: "unsubscribed" },
    ]);
    const anna = await page(`&epost=${encodeURIComponent(" anna.berg@EXAMPLE.SE ")}`);
    expect(anna.html).toContain('data-testid="subscriber-status">Aktiv<');
    expect(anna.html).toContain('<input type="radio" name="segments" checked="" value="live-utskick"/>');
    expect(anna.html).toContain('<input type="checkbox" name="segments" checked="" value="vanner-testar"/>');
    expect(anna.html).toContain('<input type="radio" name="segments" value="vip-utskick"/>');
    expect(anna.html).not.toContain("Ingen prenumerant hittades");

    const per = await page("&epost=PER%40example.se");
    expect(per.html).toContain('data-testid="subscriber-status">Inaktiv<');
  });

  it("says 'Ingen prenumerant hittades' and offers to add the address", async () => {
    const { html } = await page("&epost=ny%40example.se");
    expect(html).toContain("Ingen prenumerant hittades");
    expect(html).toContain('name="intent" value="add-subscriber"');
    expect(html).toContain("Lägg till prenumerant");
  });

  it.each([
    ["an empty address", "", "Ange en e-postadress"],
    ["a malformed address", "inte-en-adress", "Ange en giltig e-postadress"],
  ])("refuses %s with its message", async (_name, value, message) => {
    const { html } = await page(`&epost=${encodeURIComponent(value)}`);
    expect(html).toContain(message);
    expect(html).not.toContain("Ingen prenumerant hittades");
  });
});

describe("saving segments", () => {
  it("replaces a subscriber's segments with exactly those chosen and says 'Sparat!'", async () => {
    await seedSubscribers([{ email: "lisa@example.se", segments: ["slut-utskick", "test-once"] }]);
    const res = await saveSegments("LISA@example.se", ["vip-utskick", "agare-testar", "vanner-testar"], "save-segments", "Lisa N");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/utskick?flik=segment&epost=LISA%40example.se");
    expect(await toastOf(res)).toMatchObject({ type: "success", title: "Sparat!" });
    expect(await segmentsOf("lisa@example.se")).toEqual([
      { segment: "agare-testar", addedBy: adminEmail },
      { segment: "vanner-testar", addedBy: adminEmail },
      { segment: "vip-utskick", addedBy: adminEmail },
    ]);
    expect((await subscriber("lisa@example.se"))!.name).toBe("Lisa N");
  });

  it("keeps an unsubscribed subscriber unsubscribed", async () => {
    await seedSubscribers([{ email: "per@example.se", segments: ["vip-utskick"], status: "unsubscribed" }]);
    await saveSegments("per@example.se", ["live-utskick"]);
    expect((await subscriber("per@example.se"))!.status).toBe("unsubscribed");
    expect((await segmentsOf("per@example.se")).map((s) => s.segment)).toEqual(["live-utskick"]);
  });

  it.each([
    ["no segment", [], "Du måste välja minst ett segment"],
    ["test segments only", ["vanner-testar"], "Välj exakt ett officiellt segment"],
    ["two official segments", ["vip-utskick", "live-utskick"], "Välj exakt ett officiellt segment"],
    ["an unknown segment", ["vip-utskick", "hemliga"], "Okänt segment"],
  ])("refuses %s and changes nothing", async (_name, segments, message) => {
    await seedSubscribers([{ email: "kim@example.se", segments: ["slut-utskick"] }]);
    const res = await saveSegments("kim@example.se", segments);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(message);
    expect((await segmentsOf("kim@example.se")).map((s) => s.segment)).toEqual(["slut-utskick"]);
  });

  it("adds an address nobody has subscribed with: source 'manual', consent by the admin, subscribed", async () => {
    const res = await saveSegments("ny@example.se", ["live-utskick", "test-once"], "add-subscriber", "Ny Person");
    expect(await toastOf(res)).toMatchObject({ type: "success", title: "Sparat!" });
    expect(await subscriber("ny@example.se")).toMatchObject({
      email: "ny@example.se",
      name: "Ny Person",
      status: "subscribed",
      source: "manual",
      consentMethod: "admin",
      consentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      consentPage: "/admin/utskick",
    });
    expect((await segmentsOf("ny@example.se")).map((s) => s.segment)).toEqual(["live-utskick", "test-once"]);
    const { html } = await page("&epost=ny%40example.se");
    expect(html).toContain('data-testid="subscriber-status">Aktiv<');
  });

  it("adding an address that is on the list keeps its row and status, and sets its segments", async () => {
    await seedSubscribers([{ email: "Finns@example.se", segments: ["vip-utskick"], status: "unsubscribed" }]);
    await saveSegments("finns@example.se", ["slut-utskick"], "add-subscriber", "Annat namn");
    const row = await subscriber("finns@example.se");
    expect(row).toMatchObject({ email: "Finns@example.se", status: "unsubscribed", source: "manual", name: null });
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM newsletter_subscribers").first<{ n: number }>();
    expect(rows!.n).toBe(1);
    expect((await segmentsOf("finns@example.se")).map((s) => s.segment)).toEqual(["slut-utskick"]);
  });

  it("saving the segments of an address that is not on the list adds nobody", async () => {
    const res = await saveSegments("saknas@example.se", ["vip-utskick"]);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Ingen prenumerant hittades");
    expect(await subscriber("saknas@example.se")).toBeNull();
  });
});
