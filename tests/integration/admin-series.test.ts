// Weekly series on /admin/skapa-pass through the real Worker: the list is
// shown before anything is created (a post not ticked on its own list
// creates nothing), unticked dates are left out, every session keeps the
// same Stockholm wall time across a DST change, all in one batch with an
// audit row each, and the series is mailed from /admin/old as one audience
// (/admin/epost?serie=ID), one mail per customer.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seriesFingerprint } from "../../app/domain/series";
import { seatsFor } from "../../app/server/seats/seats.server";
import { post, toastOf } from "./admin-fixtures";
import { fetchAndSettle } from "./auth-helpers";
import { seatInput } from "./booking-fixtures";
import { signInAs, testContext } from "./helpers";

let admin = "";

beforeAll(async () => {
  admin = await signInAs({ email: "serie@hundpass.se", admin: true });
});

function fields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    // The create form's one-time key, fresh for each form drawn.
    form_key: crypto.randomUUID(),
    popup_type_id: "",
    title: "Vardagslydnad kväll",
    location: "Hundhallen Gävle",
    start_date: "2030-10-15",
    start_time: "18:00",
    end_time: "19:00",
    max_participants: "6",
    price_sek: "1495",
    pass_type: "group",
    image_url: "",
    description: "Sex kvällar i rad",
    repeat_weekly: "on",
    repeat_count: "6",
    ...overrides,
  };
}

/** The form with these dates ticked on the list its own values give. */
function ticked(dates: string[], overrides: Record<string, string> = {}): URLSearchParams {
  const values = fields(overrides);
  const body = new URLSearchParams(values);
  body.set(
    "series_fingerprint",
    seriesFingerprint(values.start_date!, values.start_time!, values.end_time!, Number(values.repeat_count)),
  );
  for (const date of dates) body.append("series_dates", date);
  return body;
}

function postBody(body: URLSearchParams) {
  return fetchAndSettle("/admin/skapa-pass", {
    method: "POST",
    body,
    headers: { Cookie: admin, "Content-Type": "application/x-www-form-urlencoded" },
  });
}

const text = async (res: Response) =>
  (await res.text()).replace(/<script[\s\S]*?<\/script>/g, " ").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

async function sessionsTitled(title: string) {
  return (
    await env.DB.prepare(
      `SELECT id, start_time AS startTime, end_time AS endTime, series_id AS seriesId, max_participants AS max
       FROM sessions WHERE title = ? ORDER BY start_time`,
    )
      .bind(title)
      .all<{ id: number; startTime: string; endTime: string; seriesId: string | null; max: number }>()
  ).results;
}

const WEEKS = ["2030-10-15", "2030-10-22", "2030-10-29", "2030-11-05", "2030-11-12", "2030-11-19"];

describe("a weekly series", () => {
  it("lists the dates first without JavaScript, creating nothing until they are ticked on that list", async () => {
    const title = "Serie utan skript";
    const res = await post("/admin/skapa-pass", fields({ title }), admin);
    expect(res.status).toBe(400);
    const page = await text(res);
    expect(page).toContain("Kontrollera datumen nedan och tryck Skapa Pass igen.");
    // The six dates, each with its Stockholm time, each ticked.
    expect(page).toContain("tisdag 15 oktober, 18:00–19:00");
    expect(page).toContain("tisdag 29 oktober, 18:00–19:00");
    const html = await (await post("/admin/skapa-pass", fields({ title }), admin)).text();
    const boxes = html.match(/<input[^>]*name="series_dates"[^>]*>/g) ?? [];
    expect(boxes).toHaveLength(6);
    for (const date of WEEKS) {
      const box = boxes.find((tag) => tag.includes(`value="${date}"`));
      expect(box).toMatch(/ checked=""/);
      expect(box).not.toMatch(/ disabled/);
    }
    expect(html).toContain(`value="${seriesFingerprint("2030-10-15", "18:00", "19:00", 6)}"`);
    expect(await sessionsTitled(title)).toEqual([]);
  });

  it("creates the ticked weeks at 18:00 Stockholm time on both sides of the October DST change, in one series", async () => {
    const title = "Serie över omställningen";
    const before = (await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'session.create'").first<{ n: number }>())!.n;
    const res = await postBody(ticked(WEEKS.filter((d) => d !== "2030-11-05"), { title }));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/lediga-pass");
    expect(await toastOf(res)).toEqual({ type: "success", title: "Framgång", description: "5 nya pass skapade" });

    const rows = await sessionsTitled(title);
    // Summer time (UTC+2) before 27 October 2030, winter time (UTC+1) after: 18:00 local throughout.
    expect(rows.map((r) => [r.startTime, r.endTime])).toEqual([
      ["2030-10-15T16:00:00.000Z", "2030-10-15T17:00:00.000Z"],
      ["2030-10-22T16:00:00.000Z", "2030-10-22T17:00:00.000Z"],
      ["2030-10-29T17:00:00.000Z", "2030-10-29T18:00:00.000Z"],
      ["2030-11-12T17:00:00.000Z", "2030-11-12T18:00:00.000Z"],
      ["2030-11-19T17:00:00.000Z", "2030-11-19T18:00:00.000Z"],
    ]);
    const seriesId = rows[0]!.seriesId;
    expect(seriesId).toBeTruthy();
    expect(rows.every((r) => r.seriesId === seriesId && r.max === 6)).toBe(true);
    const series = await env.DB.prepare("SELECT title, created_by AS createdBy FROM session_series WHERE id = ?")
      .bind(seriesId)
      .first();
    expect(series).toEqual({ title, createdBy: "serie@hundpass.se" });
    const after = (await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'session.create'").first<{ n: number }>())!.n;
    expect(after - before).toBe(5);
  });

  it("refuses a list that no longer fits the values, an empty list and a count out of range, creating nothing", async () => {
    const title = "Serie som vägras";
    // Ticked on the list for 15 October, then the date was changed.
    const moved = ticked(WEEKS, { title });
    moved.set("start_date", "2030-10-16");
    const changed = await postBody(moved);
    expect(changed.status).toBe(400);
    expect(await text(changed)).toContain("Datum eller tider ändrades: kontrollera listan igen och tryck Skapa Pass.");

    const none = await postBody(ticked([], { title }));
    expect(none.status).toBe(400);
    expect(await text(none)).toContain("Välj minst ett datum");

    // A date the list does not hold.
    const foreign = await postBody(ticked(["2030-10-15", "2030-10-16"], { title }));
    expect(foreign.status).toBe(400);
    expect(await text(foreign)).toContain("Datum eller tider ändrades");

    for (const count of ["1", "27", "tre"]) {
      const res = await post("/admin/skapa-pass", fields({ title, repeat_count: count }), admin);
      expect(res.status).toBe(400);
      expect(await text(res)).toContain("Ange ett antal mellan 2 och 26");
    }
    expect(await sessionsTitled(title)).toEqual([]);
  });

  it("cannot choose a week on which the time does not exist (the spring-forward gap)", async () => {
    const title = "Serie i glappet";
    // Sundays at 02:30: 31 March 2030 has no 02:30 in Stockholm.
    const overrides = { title, start_date: "2030-03-24", start_time: "02:30", end_time: "03:30", repeat_count: "3" };
    const list = await post("/admin/skapa-pass", fields(overrides), admin);
    const html = await list.text();
    const gapBox = (html.match(/<input[^>]*name="series_dates"[^>]*>/g) ?? []).find((tag) => tag.includes('value="2030-03-31"'));
    expect(gapBox).toMatch(/ disabled=""/);
    expect(gapBox).not.toMatch(/ checked/);
    expect(html).toContain("finns inte (klockan ställs fram)");

    const res = await postBody(ticked(["2030-03-24", "2030-03-31", "2030-04-07"], overrides));
    expect(res.status).toBe(400);
    expect(await text(res)).toContain("söndag 31 mars finns inte (klockan ställs fram)");
    expect(await sessionsTitled(title)).toEqual([]);

    expect((await postBody(ticked(["2030-03-24", "2030-04-07"], overrides))).status).toBe(302);
    expect((await sessionsTitled(title)).map((r) => r.startTime)).toEqual(["2030-03-24T01:30:00.000Z", "2030-04-07T00:30:00.000Z"]);
  });

  it("is mailed from /admin/old as one audience: every confirmed customer of the series once", async () => {
    const title = "Serie att mejla";
    expect((await postBody(ticked(WEEKS.slice(0, 3), { title, start_date: "2030-10-15" }))).status).toBe(302);
    const [first, second, third] = await sessionsTitled(title);
    const anna = { ...seatInput("serie-anna"), userEmail: "anna.serie@example.se" };
    const bo = { ...seatInput("serie-bo"), userEmail: "bo.serie@example.se" };
    // Anna books two weeks of the series, Bo one; Bo's second booking is cancelled.
    for (const [session, who, key] of [
      [first!, anna, "a1"],
      [second!, anna, "a2"],
      [second!, bo, "b2"],
      [third!, bo, "b3"],
    ] as const) {
      const booked = await seatsFor(testContext(), session.id).book({ ...who, idempotencyKey: `serie-${key}` });
      expect(booked.status).toBe("booked");
      if (key === "b3" && booked.status === "booked") await seatsFor(testContext(), session.id).cancelBooking(booked.booking.id);
    }

    const old = await text(await fetchAndSettle(`/admin/old?q=${encodeURIComponent(title)}`, { headers: { Cookie: admin } }));
    expect(old).toContain("Veckoserie, 3 pass");
    expect(old).toContain("Mejla hela serien");

    const seriesId = first!.seriesId!;
    const page = await fetchAndSettle(`/admin/epost?serie=${seriesId}&tillbaka=%2Fadmin%2Fold`, { headers: { Cookie: admin } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Till alla bekräftade kunder i serien (2 st, ett mejl var)");
    const draftId = /name="draft_id" value="([^"]+)"/.exec(html)![1]!;
    const res = await post(
      `/admin/epost?serie=${seriesId}`,
      { subject: "Ny lokal", message: "Vi ses i hallen.", draft_id: draftId, returnTo: "/admin/old" },
      admin,
    );
    expect(res.status).toBe(302);
    const sent = await env.DB.prepare(
      "SELECT to_address AS toAddress FROM email_outbox WHERE kind = 'admin-message' AND subject = 'Ny lokal' ORDER BY to_address",
    ).all<{ toAddress: string }>();
    expect(sent.results.map((r) => r.toAddress)).toEqual(["anna.serie@example.se", "bo.serie@example.se"]);
  });

  it("leaves a single session as before when the box is not ticked", async () => {
    const title = "Inte en serie";
    const values = fields({ title });
    delete values.repeat_weekly;
    expect((await post("/admin/skapa-pass", values, admin)).status).toBe(302);
    const rows = await sessionsTitled(title);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.seriesId).toBeNull();
  });
});
