// The staff forms that create something create it once per form drawn,
// through the real Worker: each carries a one-time key, and a second post
// with the same key (a double click without JavaScript, a browser's "resend
// form", two posts racing) creates nothing and is answered as the first was.
// Different keys create two; a post corrected after a validation error keeps
// its key and still creates one; a post without a key creates nothing.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { seriesFingerprint } from "~/domain/series";
import { CRONS } from "../../workers/cron";
import { post, toastOf } from "./admin-fixtures";
import { fetchAndSettle } from "./auth-helpers";
import { signInAs } from "./helpers";
import { createCampaign, runCron } from "./newsletter-fixtures";
import { decode } from "./public-helpers";

let admin = "";
const DAY = 86_400_000;
const MISSING_KEY = "Formuläret saknar sin engångsnyckel, så inget sparades. Skicka formuläret igen från sidan.";

beforeAll(async () => {
  admin = await signInAs({ email: "dubbelpost@example.se", admin: true });
});

afterEach(() => vi.restoreAllMocks());

const key = () => crypto.randomUUID();

/** A day some weeks ahead, "yyyy-MM-dd". */
const ahead = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

function sessionForm(title: string, formKey: string | null, overrides: Record<string, string> = {}) {
  return {
    ...(formKey === null ? {} : { form_key: formKey }),
    popup_type_id: "",
    title,
    location: "Regementsparken Gävle",
    start_date: ahead(30),
    start_time: "18:00",
    end_time: "19:00",
    max_participants: "8",
    price_sek: "249",
    pass_type: "group",
    image_url: "",
    description: "",
    ...overrides,
  };
}

async function count(sql: string, ...binds: unknown[]) {
  return (await env.DB.prepare(sql).bind(...binds).first<{ n: number }>())!.n;
}

const sessionsTitled = (title: string) => count("SELECT count(*) AS n FROM sessions WHERE title = ?", title);

/** The answer a user sees: where it leads and the toast it carries. */
async function answer(res: Response) {
  return { status: res.status, location: res.headers.get("Location"), toast: await toastOf(res) };
}

const text = async (res: Response) => decode((await res.text()).replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ");

describe("Skapa pass, a single session", () => {
  it("creates one session for two posts with the same key, and answers the second as the first", async () => {
    const formKey = key();
    const first = await post("/admin/skapa-pass", sessionForm("Dubbelklick", formKey), admin);
    const second = await post("/admin/skapa-pass", sessionForm("Dubbelklick", formKey), admin);
    expect(await answer(first)).toEqual({
      status: 302,
      location: "/admin/lediga-pass",
      toast: { type: "success", title: "Framgång", description: "Nytt pass skapat" },
    });
    expect(await answer(second)).toEqual(await answer(first.clone()));
    expect(await sessionsTitled("Dubbelklick")).toBe(1);
    expect(await count("SELECT count(*) AS n FROM audit_log WHERE action = 'session.create' AND details_json LIKE '%Dubbelklick%'")).toBe(1);
  });

  it("creates two sessions for two posts with different keys", async () => {
    expect((await post("/admin/skapa-pass", sessionForm("Två formulär", key()), admin)).status).toBe(302);
    expect((await post("/admin/skapa-pass", sessionForm("Två formulär", key()), admin)).status).toBe(302);
    expect(await sessionsTitled("Två formulär")).toBe(2);
  });

  it("creates one session when two posts with the same key race", async () => {
    const formKey = key();
    const answers = await Promise.all(
      [1, 2, 3].map(() => post("/admin/skapa-pass", sessionForm("Kapplöpning", formKey), admin)),
    );
    expect(answers.map((res) => res.status)).toEqual([302, 302, 302]);
    expect(new Set(answers.map((res) => res.headers.get("Location")))).toEqual(new Set(["/admin/lediga-pass"]));
    expect(await sessionsTitled("Kapplöpning")).toBe(1);
  });

  it("keeps the key through a validation error: the corrected post creates one, its repeat none", async () => {
    const formKey = key();
    const refused = await post("/admin/skapa-pass", sessionForm("Rättat pass", formKey, { end_time: "17:00" }), admin);
    expect(refused.status).toBe(400);
    // The form drawn again carries the key it was posted with, not a new one.
    expect(await refused.text()).toContain(`name="form_key" value="${formKey}"`);
    expect(await sessionsTitled("Rättat pass")).toBe(0);
    expect((await post("/admin/skapa-pass", sessionForm("Rättat pass", formKey), admin)).status).toBe(302);
    expect((await post("/admin/skapa-pass", sessionForm("Rättat pass", formKey), admin)).status).toBe(302);
    expect(await sessionsTitled("Rättat pass")).toBe(1);
  });

  it("draws the form with a fresh key each time", async () => {
    const drawn = async () => {
      const res = await fetchAndSettle("/admin/skapa-pass", { headers: { Cookie: admin } });
      return (await res.text()).match(/name="form_key" value="([0-9a-f-]{36})"/)?.[1];
    };
    const [a, b] = [await drawn(), await drawn()];
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(b).toMatch(/^[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
  });

  it("refuses a post without a key, or with a malformed one, in Swedish, creating nothing", async () => {
    const fields = sessionForm("Utan nyckel", null);
    const without = await post("/admin/skapa-pass", { ...fields, form_key: "" }, admin);
    expect(without.status).toBe(400);
    expect(await text(without)).toContain(MISSING_KEY);
    const malformed = await post("/admin/skapa-pass", { ...fields, form_key: "inte-en-nyckel" }, admin);
    expect(malformed.status).toBe(400);
    expect(await sessionsTitled("Utan nyckel")).toBe(0);
  });

  it("refuses a key another kind of form claimed", async () => {
    const formKey = key();
    expect((await post("/admin/team", { form_key: formKey, intent: "save", name: "Nyckelperson" }, admin)).status).toBe(302);
    const res = await post("/admin/skapa-pass", sessionForm("Lånad nyckel", formKey), admin);
    expect(res.status).toBe(400);
    expect(await sessionsTitled("Lånad nyckel")).toBe(0);
  });
});

describe("Skapa pass, a weekly series", () => {
  const start = "2031-03-04";
  const weeks = ["2031-03-04", "2031-03-11", "2031-03-18"];

  function seriesForm(title: string, formKey: string, ticked: string[] | null) {
    const fields = sessionForm(title, formKey, { start_date: start, repeat_weekly: "on", repeat_count: "3" });
    const body: Record<string, string> = { ...fields };
    if (ticked) body.series_fingerprint = seriesFingerprint(start, "18:00", "19:00", 3);
    return { body, ticked: ticked ?? [] };
  }

  async function postSeries(title: string, formKey: string, ticked: string[] | null) {
    const { body, ticked: dates } = seriesForm(title, formKey, ticked);
    const params = new URLSearchParams(body);
    for (const date of dates) params.append("series_dates", date);
    return fetchAndSettle("/admin/skapa-pass", {
      method: "POST",
      body: params,
      headers: { Cookie: admin, "Content-Type": "application/x-www-form-urlencoded" },
    });
  }

  const seriesTitled = (title: string) => count("SELECT count(*) AS n FROM session_series WHERE title = ?", title);

  it("creates one series for two posts with the same key, and answers the second as the first", async () => {
    const formKey = key();
    const first = await postSeries("Dubbel serie", formKey, weeks);
    const second = await postSeries("Dubbel serie", formKey, weeks);
    expect(await answer(first)).toEqual({
      status: 302,
      location: "/admin/lediga-pass",
      toast: { type: "success", title: "Framgång", description: "3 nya pass skapade" },
    });
    expect(await answer(second)).toEqual(await answer(first.clone()));
    expect(await seriesTitled("Dubbel serie")).toBe(1);
    expect(await sessionsTitled("Dubbel serie")).toBe(3);
  });

  it("creates two series for two posts with different keys", async () => {
    expect((await postSeries("Två serier", key(), weeks)).status).toBe(302);
    expect((await postSeries("Två serier", key(), weeks)).status).toBe(302);
    expect(await seriesTitled("Två serier")).toBe(2);
    expect(await sessionsTitled("Två serier")).toBe(6);
  });

  it("keeps the key from the listing post without JavaScript: the ticked post creates the series once", async () => {
    const formKey = key();
    const listing = await postSeries("Listad serie", formKey, null);
    expect(listing.status).toBe(400);
    expect(await listing.text()).toContain(`name="form_key" value="${formKey}"`);
    expect((await postSeries("Listad serie", formKey, weeks.slice(0, 2))).status).toBe(302);
    const again = await postSeries("Listad serie", formKey, weeks.slice(0, 2));
    expect(await toastOf(again)).toMatchObject({ description: "2 nya pass skapade" });
    expect(await seriesTitled("Listad serie")).toBe(1);
    expect(await sessionsTitled("Listad serie")).toBe(2);
  });
});

describe("Utskick, a new campaign", () => {
  const campaign = (name: string, formKey: string) => ({
    form_key: formKey,
    intent: "save",
    campaign_name: name,
    subject: "Nya pass",
    subheader: "",
    html_content: "Hej!",
    image_url: "",
    button_text: "",
    button_url: "",
    from_email: "nyhetsbrev@hundpass.se",
    target_segment: "vanner-testar",
    footer_line1: "Hundpass",
    footer_line2: "",
  });
  const campaignsNamed = (name: string) => count("SELECT count(*) AS n FROM email_campaigns WHERE campaign_name = ?", name);

  it("saves one campaign for two posts with the same key, and answers the second as the first", async () => {
    const formKey = key();
    const first = await post("/admin/utskick", campaign("Dubbelbrevet", formKey), admin);
    const second = await post("/admin/utskick", campaign("Dubbelbrevet", formKey), admin);
    const firstAnswer = await answer(first);
    expect(firstAnswer.status).toBe(302);
    expect(firstAnswer.location).toMatch(/^\/admin\/utskick\?sparad=\d+&utkast=ny$/);
    expect(await answer(second)).toEqual(firstAnswer);
    expect(await campaignsNamed("Dubbelbrevet")).toBe(1);
  });

  it("saves two campaigns for two posts with different keys", async () => {
    expect((await post("/admin/utskick", campaign("Tvåbrevet", key()), admin)).status).toBe(302);
    expect((await post("/admin/utskick", campaign("Tvåbrevet", key()), admin)).status).toBe(302);
    expect(await campaignsNamed("Tvåbrevet")).toBe(2);
  });

  it("keeps the key through a validation error: the corrected post saves one, its repeat none", async () => {
    const formKey = key();
    const refused = await post("/admin/utskick", { ...campaign("Rättat brev", formKey), subject: "" }, admin);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(`name="form_key" value="${formKey}"`);
    expect((await post("/admin/utskick", campaign("Rättat brev", formKey), admin)).status).toBe(302);
    expect((await post("/admin/utskick", campaign("Rättat brev", formKey), admin)).status).toBe(302);
    expect(await campaignsNamed("Rättat brev")).toBe(1);
  });

  it("makes one copy for two 'Duplicera' posts with the same key, the second answered as the first", async () => {
    const original = await createCampaign({ name: "Kopieras" });
    const formKey = key();
    const duplicate = { form_key: formKey, intent: "duplicate", id: String(original) };
    const first = await post("/admin/utskick", duplicate, admin);
    const second = await post("/admin/utskick", duplicate, admin);
    const firstAnswer = await answer(first);
    expect(firstAnswer).toMatchObject({ status: 302, location: "/admin/utskick", toast: { type: "success" } });
    expect(await answer(second)).toEqual(firstAnswer);
    expect(await campaignsNamed("Kopieras (Kopia)")).toBe(1);
    // Another page drawn (another key) makes another copy.
    expect((await post("/admin/utskick", { ...duplicate, form_key: key() }, admin)).status).toBe(302);
    expect(await campaignsNamed("Kopieras (Kopia)")).toBe(2);
  });

  it("makes no copy from a 'Duplicera' post without a key, and says why", async () => {
    const original = await createCampaign({ name: "Nyckellös kopia" });
    const res = await post("/admin/utskick", { form_key: "", intent: "duplicate", id: String(original) }, admin);
    expect(await answer(res)).toMatchObject({ status: 302, toast: { type: "error", description: MISSING_KEY } });
    expect(await campaignsNamed("Nyckellös kopia (Kopia)")).toBe(0);
  });

  it("refuses a new campaign without a key, saving nothing", async () => {
    const res = await post("/admin/utskick", { ...campaign("Nyckellöst brev", key()), form_key: "" }, admin);
    expect(res.status).toBe(400);
    expect(await campaignsNamed("Nyckellöst brev")).toBe(0);
  });
});

describe("staff content rows", () => {
  const rows: Array<{ what: string; path: string; fields: Record<string, string>; stored: () => Promise<number> }> = [
    {
      what: "a team member",
      path: "/admin/team",
      fields: { intent: "save", name: "Dubbel-Maja", role: "Hundinstruktör", text: "Leder nosarbete." },
      stored: () => count("SELECT count(*) AS n FROM team_members WHERE name = 'Dubbel-Maja'"),
    },
    {
      what: "a preparation item",
      path: "/admin/preppa",
      fields: { intent: "save", title: "Dubbel reflexväst.", text: "Det är mörkt." },
      stored: () => count("SELECT count(*) AS n FROM preparation_items WHERE title = 'Dubbel reflexväst.'"),
    },
    {
      what: "a Flurre FAQ row",
      path: "/admin/flurre",
      fields: { intent: "save", question: "Får valpen följa med två gånger?", answer: "Ja.", links: "" },
      stored: () => count("SELECT count(*) AS n FROM flurre_faq WHERE question = 'Får valpen följa med två gånger?'"),
    },
    {
      what: "a place",
      path: "/admin/platser",
      fields: { intent: "save", name: "Dubbelparken", town: "Gävle", kind: "outdoor", description: "En park.", map_url: "", image_url: "", sort_order: "", active: "on" },
      stored: () => count("SELECT count(*) AS n FROM places WHERE name = 'Dubbelparken'"),
    },
    {
      what: "a session type",
      path: "/admin/passtyper",
      fields: { intent: "save", name: "DUBBELTYP", description: "Om typen.", inspiring_text: "", max_participants: "6", session_type: "group", price: "295" },
      stored: () => count("SELECT count(*) AS n FROM popup_types WHERE name = 'DUBBELTYP'"),
    },
  ];

  for (const row of rows) {
    it(`stores ${row.what} once for two posts with the same key, the second answered as the first`, async () => {
      const formKey = key();
      const first = await post(row.path, { ...row.fields, form_key: formKey }, admin);
      const second = await post(row.path, { ...row.fields, form_key: formKey }, admin);
      const firstAnswer = await answer(first);
      expect(firstAnswer.status).toBe(302);
      expect(firstAnswer.toast).toMatchObject({ type: "success" });
      expect(await answer(second)).toEqual(firstAnswer);
      expect(await row.stored()).toBe(1);
    });
  }

  // A place's and a type's name is unique: a racing post of the same key, refused for the name the first just took,
  // is answered as the first too, not with 'Det finns redan …'.
  for (const row of rows.filter((r) => r.path === "/admin/platser" || r.path === "/admin/passtyper")) {
    it(`answers every racing post of ${row.what} with the same key as the first, and stores it once`, async () => {
      const formKey = key();
      const fields = { ...row.fields, name: `${row.fields.name}-KAPP`, form_key: formKey };
      const answers = await Promise.all([1, 2, 3, 4].map(() => post(row.path, fields, admin)));
      expect(answers.map((res) => res.status)).toEqual([302, 302, 302, 302]);
      expect(new Set(answers.map((res) => res.headers.get("Location"))).size).toBe(1);
      const table = row.path === "/admin/platser" ? "places" : "popup_types";
      expect(await count(`SELECT count(*) AS n FROM ${table} WHERE name = '${fields.name}'`)).toBe(1);
    });
  }

  it("stores two team members with the same name from two forms (two keys)", async () => {
    const fields = { intent: "save", name: "Tvilling", role: "", text: "" };
    expect((await post("/admin/team", { ...fields, form_key: key() }, admin)).status).toBe(302);
    expect((await post("/admin/team", { ...fields, form_key: key() }, admin)).status).toBe(302);
    expect(await count("SELECT count(*) AS n FROM team_members WHERE name = 'Tvilling'")).toBe(2);
  });

  it("refuses a new row without a key, storing nothing", async () => {
    const res = await post("/admin/preppa", { intent: "save", title: "Nyckellös punkt.", text: "", form_key: "" }, admin);
    expect(res.status).toBe(400);
    expect(await text(res)).toContain(MISSING_KEY);
    expect(await count("SELECT count(*) AS n FROM preparation_items WHERE title = 'Nyckellös punkt.'")).toBe(0);
  });
});

describe("the claims kept", () => {
  it("are deleted by the daily retention a day after their post", async () => {
    // The cron's jobs log their figures.
    vi.spyOn(console, "log").mockImplementation(() => {});
    const now = Date.now();
    await env.DB.prepare("INSERT INTO form_claims (key, kind, created_id, created_at) VALUES (?, 'session', '1', ?), (?, 'session', '2', ?)")
      .bind(key(), new Date(now - 25 * 3_600_000).toISOString(), key(), new Date(now - 3_600_000).toISOString())
      .run();
    const before = await count("SELECT count(*) AS n FROM form_claims");
    await runCron(new Date(now), env, CRONS.daily);
    expect(await count("SELECT count(*) AS n FROM form_claims")).toBe(before - 1);
    expect(await count("SELECT count(*) AS n FROM form_claims WHERE created_at < ?", new Date(now - DAY).toISOString())).toBe(0);
  });
});
