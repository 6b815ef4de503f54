// /admin/passtyper through the real Worker: admins only; a new type with the
// data model's field names, on the start page (purged from the page cache at
// once) and in the create form's chooser; every bad input refused with its
// Swedish message and nothing written; edit with a rename warning when
// sessions match the old name; hide/show, reorder and delete (only when no
// session uses the type); an audit row with before/after for each change.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { post, toastOf } from "./admin-fixtures";
import { createSession } from "./booking-fixtures";
import { signInAs } from "./helpers";
import { SELF, decode, seedDemo } from "./public-helpers";

const PATH = "/admin/passtyper";
let admin = "";

const NOSEWORK = {
  intent: "save",
  name: "NOSEWORK",
  description: "Sök efter dofter: hunden får använda nosen, du lär dig läsa hunden.",
  inspiring_text: "Låt nosen leda vägen!",
  image_url: "https://bilder.example.se/nosework.jpg",
  max_participants: "8",
  session_type: "group",
  price: "295",
  app_order: "3",
};

type TypeRow = {
  id: number;
  name: string;
  description: string;
  inspiring_text: string;
  image_url: string | null;
  max_participants: number;
  session_type: string;
  price: number;
  app_order: number | null;
  hidden: number;
  default_location: string | null;
  booking_ask: string | null;
};

async function typeByName(name: string) {
  return env.DB.prepare("SELECT * FROM popup_types WHERE name = ?").bind(name).first<TypeRow>();
}

async function typeCount() {
  return (await env.DB.prepare("SELECT count(*) AS n FROM popup_types").first<number>("n")) ?? 0;
}

async function audits(action: string) {
  const { results } = await env.DB.prepare(
    "SELECT actor_email AS actor, target_id AS targetId, details_json AS details FROM audit_log WHERE action = ? ORDER BY id",
  )
    .bind(action)
    .all<{ actor: string; targetId: string; details: string }>();
  return results.map((r) => ({ ...r, details: JSON.parse(r.details) as { before?: Record<string, unknown>; after?: Record<string, unknown> } }));
}

/** The start page as an anonymous visitor gets it (from the page cache when it can). */
async function startPage() {
  const res = await SELF.fetch("http://localhost/");
  expect(res.status).toBe(200);
  return decode(await res.text());
}

async function adminPage(query = "") {
  const res = await SELF.fetch(`http://localhost${PATH}${query}`, { headers: { Cookie: admin } });
  return { res, html: decode(await res.text()) };
}

beforeAll(async () => {
  await seedDemo();
  admin = await signInAs({ email: "passtyper.admin@example.se", admin: true });
});

describe("/admin/passtyper", () => {
  it("is for admins only", async () => {
    const customer = await signInAs({ email: "passtyper.kund@example.se", kind: "customer" });
    const staff = await signInAs({ email: "passtyper.personal@example.se" });
    const before = await typeCount();
    for (const cookie of [customer, staff]) {
      expect((await SELF.fetch(`http://localhost${PATH}`, { headers: { Cookie: cookie } })).status).toBe(403);
      expect((await post(PATH, NOSEWORK, cookie)).status).toBe(403);
    }
    expect((await SELF.fetch(`http://localhost${PATH}`, { redirect: "manual" })).status).toBe(302);
    expect(await typeCount()).toBe(before);
  });

  it("lists every type in display order with its session count", async () => {
    const { res, html } = await adminPage();
    expect(res.status).toBe(200);
    const names = [...html.matchAll(/data-testid="session-type-\d+"[^>]*>.*?<h3>([^<]+?)\s*(?:<|$)/gs)].map((m) => m[1]!.trim());
    expect(names.slice(0, 2)).toEqual(["VALPKURS", "VARDAGSLYDNAD"]);
    expect(html).toContain("Kunden väljer pris");
  });

  it("adds NOSEWORK: stored under the data model's names, on the start page at once and in the create form's chooser", async () => {
    expect(await startPage()).not.toContain("NOSEWORK");
    const res = await post(PATH, NOSEWORK, admin);
    expect(res.status).toBe(302);
    expect(await toastOf(res)).toMatchObject({ description: "Passtypen NOSEWORK är tillagd" });
    const row = await typeByName("NOSEWORK");
    expect(row).toMatchObject({
      description: NOSEWORK.description,
      inspiring_text: NOSEWORK.inspiring_text,
      image_url: NOSEWORK.image_url,
      max_participants: 8,
      session_type: "group",
      price: 295,
      app_order: 3,
      hidden: 0,
    });
    expect(res.headers.get("Location")).toBe(`${PATH}#passtyp-${row!.id}`);

    const start = await startPage();
    expect(start).toContain("NOSEWORK");
    expect(start).toContain("Låt nosen leda vägen!");
    const create = decode(await (await SELF.fetch("http://localhost/admin/skapa-pass", { headers: { Cookie: admin } })).text());
    expect(create).toMatch(/<option value="\d+">NOSEWORK<\/option>/);

    // Flurre answers with the new type's price from the next question on.
    const asked = await SELF.fetch("http://localhost/flurre/svar", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": "203.0.113.81" },
      body: new URLSearchParams({ fraga: "Vad kostar NOSEWORK?", sida: "/" }),
    });
    expect(asked.status).toBe(200);
    expect(JSON.stringify(await asked.json())).toContain("295 kr");

    const [audit] = await audits("session_type.create");
    expect(audit).toMatchObject({ actor: "passtyper.admin@example.se", targetId: String(row!.id) });
    expect(audit!.details.after).toMatchObject({ name: "NOSEWORK", price: 295 });
  });

  it.each([
    [{ name: "" }, "name", "Namn är obligatoriskt"],
    [{ name: "valpkurs" }, "name", "Det finns redan en passtyp med det namnet"],
    [{ image_url: "http://bilder.example.se/x.jpg" }, "image_url", "Ange en webbadress som börjar med https://, eller en sökväg på sajten som börjar med /"],
    [{ image_url: "javascript:alert(1)" }, "image_url", "Ange en webbadress som börjar med https://, eller en sökväg på sajten som börjar med /"],
    [{ app_order: "först" }, "app_order", "Ange ordningen som ett heltal från 0 till 9999"],
    [{ app_order: "1.5" }, "app_order", "Ange ordningen som ett heltal från 0 till 9999"],
    [{ price: "" }, "price", "Ange ett pris"],
    [{ price: "-5" }, "price", "Priset kan inte vara negativt"],
    [{ max_participants: "0" }, "max_participants", "Ange ett heltal från 1 till 100"],
    [{ session_type: "weekly" }, "session_type", "Välj sorts pass"],
    [{ name: "TVÅ\nRADER" }, "name", "Fältet får inte innehålla radbrytningar eller andra kontrolltecken"],
  ])("refuses %j with its message and writes nothing", async (change, field, message) => {
    const before = await typeCount();
    const auditsBefore = (await audits("session_type.create")).length;
    const res = await post(PATH, { ...NOSEWORK, name: "NOSEWORK 2", ...change }, admin);
    expect(res.status).toBe(400);
    const body = decode(await res.text());
    expect(body).toContain(field);
    expect(body).toContain(message);
    expect(await typeCount()).toBe(before);
    expect(await audits("session_type.create")).toHaveLength(auditsBefore);
  });

  it("takes a combined type without a price (the customer chooses) and states its rule on the form", async () => {
    const res = await post(PATH, { ...NOSEWORK, name: "NOSEMIX", session_type: "combined", price: "" }, admin);
    expect(res.status).toBe(302);
    const row = await typeByName("NOSEMIX");
    expect(row).toMatchObject({ session_type: "combined", price: 0 });
    const { html } = await adminPage(`?typ=${row!.id}`);
    expect(html).toContain("Kombinerat pass: kunden väljer pris vid bokning");
    // The seeded home-visit type keeps asking for the address (migration 0143), shown as its choice on the form.
    const hemmis = await typeByName("HEMMIS");
    expect(hemmis).toMatchObject({ booking_ask: "home_address" });
    expect((await adminPage(`?typ=${hemmis!.id}`)).html).toMatch(/<option value="home_address" selected="">Hemadress \(ett hembesök\)<\/option>/);
  });

  it("keeps what a type's booking form asks: its sessions ask it, staff may change or clear it, and a value that is none is refused", async () => {
    const created = await post(PATH, { ...NOSEWORK, name: "NOSEHEMMA", booking_ask: "home_address" }, admin);
    expect(created.status).toBe(302);
    const row = await typeByName("NOSEHEMMA");
    expect(row).toMatchObject({ booking_ask: "home_address" });
    expect((await adminPage()).html).toMatch(new RegExp(`data-testid="session-type-${row!.id}".*?0 pass(<!-- -->)? · Frågar efter hemadress`, "s"));
    const [audit] = (await audits("session_type.create")).filter((a) => a.targetId === String(row!.id));
    expect(audit!.details.after).toMatchObject({ bookingAsk: "home_address" });
    // A session made without a type asks what the type named as its title asks.
    const sessionId = await createSession({ title: "NOSEHEMMA", passType: "private", maxParticipants: 1, startsInMs: 9 * 86_400_000 });
    const sessionPage = async () => decode(await (await SELF.fetch(`http://localhost/session/${sessionId}`)).text());
    expect(await sessionPage()).toContain('name="home_address"');

    for (const ask of ["gratis", "HOME_ADDRESS"]) {
      const refused = await post(PATH, { ...NOSEWORK, id: String(row!.id), name: "NOSEHEMMA", booking_ask: ask }, admin);
      expect(refused.status).toBe(400);
      expect(decode(await refused.text())).toContain("Välj ett alternativ i listan");
      expect(await typeByName("NOSEHEMMA")).toMatchObject({ booking_ask: "home_address" });
    }

    const variant = await post(PATH, { ...NOSEWORK, id: String(row!.id), name: "NOSEHEMMA", price: "0", booking_ask: "variant" }, admin);
    expect(variant.status).toBe(302);
    const page = await sessionPage();
    expect(page).not.toContain('name="home_address"');
    expect(page).toContain('name="variant"');
    const [update] = (await audits("session_type.update")).filter((a) => a.targetId === String(row!.id));
    expect(update!.details).toMatchObject({ before: { bookingAsk: "home_address" }, after: { bookingAsk: "variant" } });

    const cleared = await post(PATH, { ...NOSEWORK, id: String(row!.id), name: "NOSEHEMMA", booking_ask: "" }, admin);
    expect(cleared.status).toBe(302);
    expect(await typeByName("NOSEHEMMA")).toMatchObject({ booking_ask: null });
    expect(await sessionPage()).not.toMatch(/name="(variant|home_address|meeting_type)"/);
  });

  it("keeps where a type's sessions take place: the create form preselects it, staff may clear it, and a place that is none is refused", async () => {
    const created = await post(PATH, { ...NOSEWORK, name: "NOSEUTE", default_location: "Bronsängen Sandviken" }, admin);
    expect(created.status).toBe(302);
    const row = await typeByName("NOSEUTE");
    expect(row).toMatchObject({ default_location: "Bronsängen Sandviken" });
    const [audit] = (await audits("session_type.create")).filter((a) => a.targetId === String(row!.id));
    expect(audit!.details.after).toMatchObject({ defaultLocation: "Bronsängen Sandviken" });
    expect((await adminPage(`?typ=${row!.id}`)).html).toMatch(/<option value="Bronsängen Sandviken" selected="">/);
    const createForm = decode(await (await SELF.fetch(`http://localhost/admin/skapa-pass?typ=${row!.id}`, { headers: { Cookie: admin } })).text());
    expect(createForm).toMatch(/<option value="Bronsängen Sandviken" selected="">/);

    for (const place of ["Månen", "Hundhallen"]) {
      const refused = await post(PATH, { ...NOSEWORK, id: String(row!.id), name: "NOSEUTE", default_location: place }, admin);
      expect(refused.status).toBe(400);
      expect(decode(await refused.text())).toContain("Välj en plats i listan");
      expect(await typeByName("NOSEUTE")).toMatchObject({ default_location: "Bronsängen Sandviken" });
    }

    const cleared = await post(PATH, { ...NOSEWORK, id: String(row!.id), name: "NOSEUTE", default_location: "" }, admin);
    expect(cleared.status).toBe(302);
    expect(await typeByName("NOSEUTE")).toMatchObject({ default_location: null });
    const [update] = (await audits("session_type.update")).filter((a) => a.targetId === String(row!.id));
    expect(update!.details).toMatchObject({ before: { defaultLocation: "Bronsängen Sandviken" }, after: { defaultLocation: null } });
  });

  it("warns before a rename loosens sessions, and renames once confirmed", async () => {
    const type = await typeByName("NOSEWORK");
    const sessionId = await createSession({ title: "NOSEWORK", startsInMs: 20 * 86_400_000 });
    expect((await adminPage()).html).toMatch(new RegExp(`data-testid="session-type-${type!.id}".*?1 pass`, "s"));

    const refused = await post(PATH, { ...NOSEWORK, id: String(type!.id), name: "NOSARBETE FÖR ALLA" }, admin);
    expect(refused.status).toBe(409);
    expect(decode(await refused.text())).toContain("Namnbytet påverkar 1 pass");
    expect((await typeByName("NOSEWORK"))?.id).toBe(type!.id);

    const renamed = await post(PATH, { ...NOSEWORK, id: String(type!.id), name: "NOSEWORK PLUS", confirm_rename: "on" }, admin);
    expect(renamed.status).toBe(302);
    expect((await typeByName("NOSEWORK PLUS"))?.id).toBe(type!.id);
    const [update] = (await audits("session_type.update")).slice(-1);
    expect(update!.details).toMatchObject({ before: { name: "NOSEWORK" }, after: { name: "NOSEWORK PLUS" } });
    // Back, so the later cases find the session's type again.
    await post(PATH, { ...NOSEWORK, id: String(type!.id) }, admin);
    expect((await typeByName("NOSEWORK"))?.id).toBe(type!.id);
    expect(sessionId).toBeGreaterThan(0);
  });

  it("carries a rename into the klippkort products and cards that name the type, leaving their other types alone", async () => {
    const type = await typeByName("NOSEWORK");
    const product = await env.DB.prepare(
      `INSERT INTO card_products (kind, name, uses, price_sek, session_types_json, validity_months) VALUES ('klippkort', '5-kort nos', 5, 995, '["VALPKURS","NOSEWORK"]', 6) RETURNING id`,
    ).first<number>("id");
    const card = await env.DB.prepare(
      `INSERT INTO cards (product_id, kind, code_hash, code_last4, holder_email, sold_via, paid_sek, session_types_json, uses_left, issued_at, expires_at)
       VALUES (?, 'klippkort', ?, 'NOSE', 'nos@example.se', 'counter', 995, '["nosework ","VALPKURS"]', 5, ?, ?) RETURNING id`,
    )
      .bind(product, "a".repeat(63) + "b", new Date().toISOString(), new Date(Date.now() + 86_400_000 * 90).toISOString())
      .first<number>("id");
    const lists = async () => [
      await env.DB.prepare("SELECT session_types_json FROM card_products WHERE id = ?").bind(product).first<string>("session_types_json"),
      await env.DB.prepare("SELECT session_types_json FROM cards WHERE id = ?").bind(card).first<string>("session_types_json"),
    ];
    await post(PATH, { ...NOSEWORK, id: String(type!.id), name: "NOSEWORK PLUS", confirm_rename: "on" }, admin);
    expect(await lists()).toEqual(['["VALPKURS","NOSEWORK PLUS"]', '["NOSEWORK PLUS","VALPKURS"]']);
    // A rename refused (no confirmation) changes no card.
    await post(PATH, { ...NOSEWORK, id: String(type!.id), name: "NOSARBETE" }, admin);
    expect(await lists()).toEqual(['["VALPKURS","NOSEWORK PLUS"]', '["NOSEWORK PLUS","VALPKURS"]']);
    await post(PATH, { ...NOSEWORK, id: String(type!.id), confirm_rename: "on" }, admin);
    expect(await lists()).toEqual(['["VALPKURS","NOSEWORK"]', '["NOSEWORK","VALPKURS"]']);
  });

  it("hides and shows a type on the start page, and moves it in the order", async () => {
    const type = await typeByName("NOSEWORK");
    const hide = await post(PATH, { intent: "hide", id: String(type!.id) }, admin);
    expect(await toastOf(hide)).toMatchObject({ description: "Passtypen är dold" });
    expect((await typeByName("NOSEWORK"))?.hidden).toBe(1);
    const typeCard = new RegExp(`<h3 id="type-${type!.id}">NOSEWORK</h3>`);
    expect(await startPage()).not.toMatch(typeCard);
    await post(PATH, { intent: "show", id: String(type!.id) }, admin);
    expect(await startPage()).toMatch(typeCard);

    const orderOf = async () =>
      (await env.DB.prepare("SELECT name FROM popup_types ORDER BY coalesce(app_order, 999), name").all<{ name: string }>()).results.map((r) => r.name);
    const before = await orderOf();
    const at = before.indexOf("NOSEWORK");
    expect((await post(PATH, { intent: "up", id: String(type!.id) }, admin)).status).toBe(302);
    const after = await orderOf();
    expect(after.indexOf("NOSEWORK")).toBe(at - 1);
    expect(after[at]).toBe(before[at - 1]);
    expect((await audits("session_type.move")).length).toBe(1);
  });

  it("deletes only a type no session uses, after a confirmation step", async () => {
    const used = await typeByName("NOSEWORK");
    const confirm = await adminPage(`?typ=${used!.id}&atgard=ta-bort`);
    expect(confirm.html).toContain("Passtypen används av 1 pass och kan inte tas bort. Dölj den i stället.");
    const refused = await post(PATH, { intent: "delete", id: String(used!.id) }, admin);
    expect(await toastOf(refused)).toMatchObject({ description: "Passtypen används av pass och kan inte tas bort" });
    expect(await typeByName("NOSEWORK")).not.toBeNull();

    const unused = await typeByName("NOSEMIX");
    expect((await adminPage(`?typ=${unused!.id}&atgard=ta-bort`)).html).toContain("Vill du ta bort passtypen NOSEMIX?");
    const deleted = await post(PATH, { intent: "delete", id: String(unused!.id) }, admin);
    expect(await toastOf(deleted)).toMatchObject({ description: "Passtypen är borttagen" });
    expect(await typeByName("NOSEMIX")).toBeNull();
    const [audit] = await audits("session_type.delete");
    expect(audit!.details.before).toMatchObject({ name: "NOSEMIX", sessionType: "combined" });
  });

  it("answers an unknown type with a toast, not an error", async () => {
    const res = await post(PATH, { intent: "hide", id: "999999" }, admin);
    expect(await toastOf(res)).toMatchObject({ description: "Passtypen finns inte längre" });
    const page = await SELF.fetch(`http://localhost${PATH}?typ=999999`, { headers: { Cookie: admin }, redirect: "manual" });
    expect(page.status).toBe(302);
  });
});
