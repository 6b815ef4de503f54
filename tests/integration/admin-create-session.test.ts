// /admin/skapa-pass through the real Worker: what an admin's post stores
// (session row and audit row together), what it refuses with which Swedish
// message, the type chooser's prefill, and that nobody else writes anything.
import { env, exports } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getCookies } from "../../app/server/platform/cookies.server";
import { getConfig } from "../../app/server/platform/env.server";
import { signInAs } from "./helpers";

const SELF = exports.default;
let admin = "";
let staff = "";
let customer = "";
let typeId = { valp: 0, kombi: 0, hemmis: 0, plan: 0, ute: 0 };

/** A Stockholm date some weeks ahead, "yyyy-MM-dd". */
function futureDate(days = 30): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

function form(overrides: Record<string, string | null> = {}): URLSearchParams {
  const fields: Record<string, string | null> = {
    // The create form's one-time key, fresh for each form drawn.
    form_key: crypto.randomUUID(),
    popup_type_id: "",
    title: "Handpass",
    location: "Regementsparken Gävle",
    start_date: futureDate(),
    start_time: "18:00",
    end_time: "19:30",
    max_participants: "8",
    price_sek: "249",
    pass_type: "group",
    image_url: "",
    description: "Gott om godis",
    ...overrides,
  };
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value !== null) body.append(name, value);
  return body;
}

function post(body: URLSearchParams, cookie = admin) {
  return SELF.fetch("http://localhost/admin/skapa-pass", {
    method: "POST",
    body,
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
}

async function toastOf(res: Response) {
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("hp_toast="));
  return cookie ? await getCookies(getConfig(env)).toast.parse(cookie) : null;
}

async function count(table: "sessions" | "audit_log") {
  return (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
}

async function newest() {
  return env.DB.prepare(
    `SELECT id, title, description, location, start_time, end_time, pass_type, price_sek, max_participants,
       current_participants, image_url, popup_type_id FROM sessions ORDER BY id DESC LIMIT 1`,
  ).first<Record<string, unknown>>();
}

/** The visible text of the page, for the error messages. */
async function text(res: Response) {
  return (await res.text()).replace(/<script[\s\S]*?<\/script>/g, " ").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
}

/** The <input> tag with this name. */
function control(html: string, name: string): string {
  return html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0] ?? "";
}

async function insertType(name: string, sessionType: string, price: number, max: number, defaultLocation: string | null = null) {
  const row = await env.DB.prepare(
    `INSERT INTO popup_types (name, description, image_url, max_participants, session_type, price, default_location)
     VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(name, `Om ${name}`, `/images/${name.toLowerCase()}.jpg`, max, sessionType, price, defaultLocation)
    .first<{ id: number }>();
  return row!.id;
}

beforeAll(async () => {
  admin = await signInAs({ email: "skapare@example.se", admin: true });
  staff = await signInAs({ email: "personal@example.se" });
  customer = await signInAs({ email: "kund@example.se", kind: "customer" });
  typeId = {
    valp: await insertType("VALPKURS", "group", 249, 6),
    kombi: await insertType("KOMBIPASS", "combined", 0, 4, "Hundhallen Gävle"),
    hemmis: await insertType("HEMMIS", "private", 795, 1, "Hembesök"),
    plan: await insertType("PLAN", "private", 395, 1, "Online"),
    // A type whose sessions start outdoors, whatever its name or kind says.
    ute: await insertType("UTEKURS", "combined", 0, 8, "Regementsparken Gävle"),
  };
});

afterEach(() => vi.restoreAllMocks());

describe("creating a session", () => {
  it("stores the session in UTC from Stockholm time and says 'Framgång' / 'Nytt pass skapat' on /admin/lediga-pass", async () => {
    const res = await post(form({ start_date: "2030-07-01", start_time: "18:00", end_time: "19:30" }));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/lediga-pass");
    expect(await toastOf(res)).toEqual({ type: "success", title: "Framgång", description: "Nytt pass skapat" });
    expect(await newest()).toMatchObject({
      title: "Handpass",
      description: "Gott om godis",
      location: "Regementsparken Gävle",
      start_time: "2030-07-01T16:00:00.000Z",
      end_time: "2030-07-01T17:30:00.000Z",
      pass_type: "group",
      price_sek: 249,
      max_participants: 8,
      current_participants: 0,
      image_url: null,
      popup_type_id: null,
    });
  });

  it("uses winter time in winter", async () => {
    expect((await post(form({ start_date: "2030-01-15", start_time: "10:00", end_time: "11:00" }))).status).toBe(302);
    expect(await newest()).toMatchObject({ start_time: "2030-01-15T09:00:00.000Z", end_time: "2030-01-15T10:00:00.000Z" });
  });

  it("ends an hour after the start when the end time is left empty", async () => {
    expect((await post(form({ start_date: "2030-07-02", start_time: "09:15", end_time: "" }))).status).toBe(302);
    expect(await newest()).toMatchObject({ start_time: "2030-07-02T07:15:00.000Z", end_time: "2030-07-02T08:15:00.000Z" });
  });

  it("writes the audit row in the same batch as the session, naming the new session and the admin", async () => {
    const batch = vi.spyOn(env.DB, "batch");
    const res = await post(form({ title: "Granskat pass", start_date: "2030-07-03" }));
    expect(res.status).toBe(302);
    const session = (await newest())!;
    const audit = await env.DB.prepare(
      "SELECT actor_email, actor_user_id, action, target_type, target_id, details_json FROM audit_log ORDER BY id DESC LIMIT 1",
    ).first<Record<string, string>>();
    expect(audit).toMatchObject({
      actor_email: "skapare@example.se",
      action: "session.create",
      target_type: "session",
      target_id: String(session.id),
    });
    expect(audit!.actor_user_id).toMatch(/[0-9a-f-]{36}/);
    expect(JSON.parse(audit!.details_json ?? "{}")).toMatchObject({ title: "Granskat pass", location: "Regementsparken Gävle" });
    // One batch of three statements wrote the session, its form's claim and the audit row.
    const writes = batch.mock.calls.filter(([statements]) => statements.length === 3);
    expect(writes).toHaveLength(1);
  });

  it("writes neither row when the batch fails, and says 'Fel' / 'Kunde inte skapa pass' with the form kept", async () => {
    const before = [await count("sessions"), await count("audit_log")];
    vi.spyOn(console, "error").mockImplementation(() => {});
    // A title the form accepts and the table refuses would be ideal; a failing batch is the same to the code.
    vi.spyOn(env.DB, "batch").mockRejectedValueOnce(new Error("D1 is down"));
    const res = await post(form({ title: "Pass som inte sparas" }));
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain("Kunde inte skapa pass");
    expect(html).toMatch(/name="title"[^>]*value="Pass som inte sparas"/);
    expect([await count("sessions"), await count("audit_log")]).toEqual(before);
  });
});

describe("refusals, each with nothing written", () => {
  async function refused(body: URLSearchParams, message: string) {
    const before = [await count("sessions"), await count("audit_log")];
    const res = await post(body);
    expect(res.status).toBe(400);
    const page = await text(res);
    expect(page).toContain(message);
    expect([await count("sessions"), await count("audit_log")]).toEqual(before);
    return page;
  }

  it("refuses a start in the spring-forward gap (2027-03-28 02:30 does not exist in Stockholm)", async () => {
    await refused(
      form({ start_date: "2027-03-28", start_time: "02:30", end_time: "03:30" }),
      "Den tiden finns inte den här dagen: klockan ställs fram en timme till sommartid. Välj en annan starttid.",
    );
  });

  it("refuses an end in the spring-forward gap", async () => {
    await refused(
      form({ start_date: "2027-03-28", start_time: "01:30", end_time: "02:15" }),
      "Välj en annan sluttid.",
    );
  });

  it("refuses an end before the start", async () => {
    await refused(form({ start_time: "18:00", end_time: "17:00" }), "Sluttiden måste vara efter starttiden");
  });

  it("refuses a session that has already started", async () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await refused(form({ start_date: yesterday, start_time: "12:00", end_time: "13:00" }), "Starttiden har redan passerat");
  });

  it("refuses a start more than five years ahead (a typed year such as 9999)", async () => {
    await refused(form({ start_date: "9999-12-31", start_time: "12:00", end_time: "13:00" }), "Datumet kan ligga högst fem år fram i tiden.");
    const tooFar = new Date(Date.now() + 6 * 366 * 86_400_000).toISOString().slice(0, 10);
    await refused(form({ start_date: tooFar, start_time: "12:00", end_time: "13:00" }), "Datumet kan ligga högst fem år fram i tiden.");
  });

  it("says every missing field in the spec's words", async () => {
    const page = await refused(
      form({ title: "", location: "", start_date: "", start_time: "", end_time: "" }),
      "Titel är obligatorisk",
    );
    for (const message of ["Plats är obligatorisk", "Datum är obligatoriskt", "Starttid är obligatorisk"]) {
      expect(page).toContain(message);
    }
  });

  it("refuses a session type that does not exist", async () => {
    await refused(form({ popup_type_id: "999999" }), "Passtypen finns inte längre. Välj en annan.");
  });

  it.each([
    ["a non-admin staff member", () => staff],
    ["a customer", () => customer],
  ])("refuses %s with 403, also as a data request", async (_who, cookie) => {
    const before = [await count("sessions"), await count("audit_log")];
    expect((await post(form(), cookie())).status).toBe(403);
    const data = await SELF.fetch("http://localhost/admin/skapa-pass.data", {
      method: "POST",
      body: form(),
      headers: { Cookie: cookie(), "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(data.status).toBe(403);
    expect([await count("sessions"), await count("audit_log")]).toEqual(before);
  });

  // The staff sign-in page, no longer the start page: staff are told how to sign in.
  it("sends an anonymous post to the staff sign-in page and writes nothing", async () => {
    const before = await count("sessions");
    const res = await post(form(), "");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/logga-in?till=%2Fadmin%2Fskapa-pass");
    expect(await count("sessions")).toBe(before);
  });
});

describe("session types", () => {
  it("takes the read-only fields from the type as stored, whatever the post says", async () => {
    const res = await post(
      form({
        popup_type_id: String(typeId.valp),
        title: "VALPKURS",
        description: "Ändrad",
        max_participants: "50",
        price_sek: "1",
        pass_type: "private",
        image_url: "/annan.jpg",
      }),
    );
    expect(res.status).toBe(302);
    expect(await newest()).toMatchObject({
      title: "VALPKURS",
      description: "Om VALPKURS",
      max_participants: 6,
      price_sek: 249,
      pass_type: "group",
      image_url: "/images/valpkurs.jpg",
      popup_type_id: typeId.valp,
    });
  });

  it("keeps the admin's price for a combined type, which has none of its own", async () => {
    const res = await post(form({ popup_type_id: String(typeId.kombi), title: "KOMBIPASS", price_sek: "450", location: "Hundhallen Gävle" }));
    expect(res.status).toBe(302);
    expect(await newest()).toMatchObject({ price_sek: 450, max_participants: 4, pass_type: "group", popup_type_id: typeId.kombi });
  });

  it("prefills the page from ?typ= without JavaScript: values, read-only fields and the default place", async () => {
    const page = async (id: number) =>
      (await SELF.fetch(`http://localhost/admin/skapa-pass?typ=${id}`, { headers: { Cookie: admin } })).text();
    const valp = await page(typeId.valp);
    expect(valp).toMatch(/<option value="\d+" selected="">VALPKURS<\/option>/);
    expect(control(valp, "title")).toContain('value="VALPKURS"');
    expect(control(valp, "title")).not.toContain("readonly");
    for (const [name, value] of [["max_participants", "6"], ["price_sek", "249"], ["image_url", "/images/valpkurs.jpg"]]) {
      expect(control(valp, name!)).toContain(`value="${value}"`);
      expect(control(valp, name!)).toContain("readonly");
    }
    expect(valp).toMatch(/<textarea[^>]*name="description"[^>]*readonly[^>]*>Om VALPKURS<\/textarea>/);
    expect(valp).toContain(`name="popup_type_id" value="${typeId.valp}"`);

    const kombi = await page(typeId.kombi);
    expect(control(kombi, "price_sek")).toContain('value="0"');
    expect(control(kombi, "price_sek")).not.toContain("readonly");
    expect(kombi).toMatch(/<option value="Hundhallen Gävle" selected="">/);
    expect(await page(typeId.hemmis)).toMatch(/<option value="Hembesök" selected="">/);
    expect(await page(typeId.plan)).toMatch(/<option value="Online" selected="">/);
    expect(await page(typeId.ute)).toMatch(/<option value="Regementsparken Gävle" selected="">/);
    // A type with no default location leaves the choice to staff.
    const locationSelect = (html: string) => html.match(/<select[^>]*name="location"[^>]*>[\s\S]*?<\/select>/)?.[0] ?? "";
    expect(locationSelect(valp)).toContain("Hundhallen Gävle");
    expect(locationSelect(valp)).not.toContain("selected");
  });

  it("shows an empty form with the defaults (10 places, 0 kr, group) without a type", async () => {
    const html = await (await SELF.fetch("http://localhost/admin/skapa-pass", { headers: { Cookie: admin } })).text();
    expect(control(html, "max_participants")).toContain('value="10"');
    expect(control(html, "price_sek")).toContain('value="0"');
    expect(html).toMatch(/<option value="group" selected="">Grupp-pass<\/option>/);
    expect(html).not.toMatch(/readonly/);
    expect(html).toContain("Skapa Pass");
    expect(html).toContain("Tillbaka till admin");
  });
});
