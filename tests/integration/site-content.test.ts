// The places, team and preparation checklist as staff keep them, through the
// real Worker: a fresh database holds exactly the texts the pages showed
// before (so every page renders as it did); /admin/platser, /admin/team and
// /admin/preppa are for admins only, refuse bad input with its Swedish
// message and write nothing, audit every change, and the public pages, the
// session form and Flurre show a change at once. A place any session names
// can only be made inactive: gone from /hitta and new sessions, kept on its
// own sessions.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { loadPlaces, loadPreparation, loadTeam } from "~/server/content/site-content.server";
import { SEEDED_PLACES, SEEDED_PREPARATION, SEEDED_TEAM } from "../fixtures/seeded-content";
import { post, toastOf } from "./admin-fixtures";
import { signInAs, testContext } from "./helpers";
import { SELF, decode, seedDemo } from "./public-helpers";

let admin = "";

const NEW_PLACE = {
  intent: "save",
  name: "Nosparken Gävle",
  town: "Gävle",
  kind: "outdoor",
  description: "Skogsdunge med stubbar och löv, perfekt för nosarbete.",
  map_url: "https://kartor.example.se/nosparken",
  image_url: "",
  sort_order: "",
  active: "on",
};

async function publicPage(path: string) {
  const res = await SELF.fetch(`http://localhost${path}`);
  expect(res.status).toBe(200);
  return decode(await res.text()).replaceAll("<!-- -->", "");
}

async function adminPage(path: string) {
  const res = await SELF.fetch(`http://localhost${path}`, { headers: { Cookie: admin } });
  return { res, html: decode(await res.text()) };
}

async function askFlurre(question: string) {
  const res = await SELF.fetch("http://localhost/flurre/svar", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": "203.0.113.82" },
    body: new URLSearchParams({ fraga: question, sida: "/" }),
  });
  expect(res.status).toBe(200);
  return JSON.stringify(await res.json());
}

const count = async (table: string) => (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<number>("n")) ?? 0;

beforeAll(async () => {
  admin = await signInAs({ email: "innehall.admin@example.se", admin: true });
});

describe("the seeded content", () => {
  it("is exactly what the pages showed before staff could edit it", async () => {
    expect(await loadPlaces(testContext())).toEqual(SEEDED_PLACES);
    expect(await loadTeam(testContext())).toEqual(SEEDED_TEAM);
    expect(await loadPreparation(testContext())).toEqual(SEEDED_PREPARATION);
  });

  it("renders /hitta, /om and /preppa as before", async () => {
    const hitta = await publicPage("/hitta");
    // No session type is held online yet: the line names none.
    expect(hitta).toContain("Vi tränar på fyra platser i Gävle och Sandviken. Hembesök sker hemma hos er och online-passen hålls online.");
    for (const place of SEEDED_PLACES.slice(0, 4)) {
      expect(hitta).toContain(place.name);
      expect(hitta).toContain(place.description);
      expect(hitta).toContain(`href="${place.mapUrl}"`);
    }
    expect(hitta).not.toMatch(/<h2[^>]*>(Hembesök|Online)<\/h2>/);
    const om = await publicPage("/om");
    for (const member of SEEDED_TEAM) expect(om).toContain(member.text);
    const preppa = await publicPage("/preppa");
    for (const item of SEEDED_PREPARATION) expect(preppa).toContain(`${item.title}</strong> ${item.text}`);
    expect(preppa).toContain("Online-pass kräver bara en lugn plats, en dator eller telefon och gärna hunden i närheten. På hembesök tränar vi där");
  });

  it("names the types held online and at home, by their default place, on /hitta and /preppa", async () => {
    const type = (name: string, place: string) => ({
      intent: "save",
      name,
      max_participants: "1",
      session_type: "private",
      price: "395",
      default_location: place,
    });
    for (const [name, place] of [["PLAN", "Online"], ["HEMMIS", "Hembesök"], ["DISTANS", "Online"]] as const) {
      expect((await post("/admin/passtyper", type(name, place), admin)).status).toBe(302);
    }
    expect(await publicPage("/hitta")).toContain("Hembesök sker hemma hos er och DISTANS och PLAN-mötena hålls online.");
    const preppa = await publicPage("/preppa");
    expect(preppa).toContain("Online-pass (DISTANS och PLAN) kräver bara en lugn plats");
    expect(preppa).toContain("På hembesök (HEMMIS) tränar vi där utmaningarna finns");
    // A hidden type is not named.
    const distans = await env.DB.prepare("SELECT id FROM popup_types WHERE name = 'DISTANS'").first<number>("id");
    expect((await post("/admin/passtyper", { intent: "hide", id: String(distans) }, admin)).status).toBe(302);
    expect(await publicPage("/hitta")).toContain("Hembesök sker hemma hos er och PLAN-mötena hålls online.");
    await env.DB.prepare("DELETE FROM popup_types WHERE name IN ('PLAN', 'HEMMIS', 'DISTANS')").run();
  });
});

describe("/admin/platser, /admin/team and /admin/preppa", () => {
  it("are for admins only", async () => {
    const customer = await signInAs({ email: "innehall.kund@example.se", kind: "customer" });
    const staff = await signInAs({ email: "innehall.personal@example.se" });
    const before = await count("places");
    for (const path of ["/admin/platser", "/admin/team", "/admin/preppa"]) {
      for (const cookie of [customer, staff]) {
        expect((await SELF.fetch(`http://localhost${path}`, { headers: { Cookie: cookie } })).status).toBe(403);
        expect((await post(path, NEW_PLACE, cookie)).status).toBe(403);
      }
    }
    expect(await count("places")).toBe(before);
  });

  it.each([
    [{ name: "" }, "Namn är obligatoriskt"],
    [{ name: "Hundhallen gävle" }, "Det finns redan en plats med det namnet"],
    [{ name: "Online" }, "Det finns redan en plats med det namnet"],
    [{ town: "" }, "Ort är obligatorisk"],
    [{ kind: "home" }, "Välj inomhus eller utomhus"],
    [{ map_url: "http://kartor.example.se/x" }, "Ange en kartlänk som börjar med https://"],
    [{ map_url: "javascript:alert(1)" }, "Ange en kartlänk som börjar med https://"],
    // A URL parser reads it as https://evil.example; stored as typed, the database's CHECK would refuse it.
    [{ map_url: "https:evil.example" }, "Ange en kartlänk som börjar med https://"],
    [{ image_url: "http://bilder.example.se/x.jpg" }, "Ange en webbadress som börjar med https://, eller en sökväg på sajten som börjar med /"],
    [{ sort_order: "tre" }, "Ange ordningen som ett heltal från 0 till 9999"],
  ])("refuses the place %j with its message and writes nothing", async (change, message) => {
    const places = await count("places");
    const audits = await count("audit_log");
    const res = await post("/admin/platser", { ...NEW_PLACE, ...change }, admin);
    expect(res.status).toBe(400);
    expect(decode(await res.text())).toContain(message);
    expect(await count("places")).toBe(places);
    expect(await count("audit_log")).toBe(audits);
  });

  it("adds a place: on /hitta, in the session form, in Flurre's answers; a session there; then inactive keeps it on the session", async () => {
    const res = await post("/admin/platser", NEW_PLACE, admin);
    expect(await toastOf(res)).toMatchObject({ description: "Platsen Nosparken Gävle är tillagd" });
    const row = await env.DB.prepare("SELECT id, sort_order, active, map_url FROM places WHERE name = ?").bind(NEW_PLACE.name).first<{
      id: number;
      sort_order: number;
      active: number;
      map_url: string;
    }>();
    // At the end of the staff's list (the built-in locations are not in it).
    expect(row).toMatchObject({ sort_order: 5, active: 1, map_url: NEW_PLACE.map_url });

    const hitta = await publicPage("/hitta");
    expect(hitta).toContain("Vi tränar på fem platser i Gävle och Sandviken.");
    expect(hitta).toContain(NEW_PLACE.description);
    expect(hitta).toContain(`href="${NEW_PLACE.map_url}"`);
    expect((await adminPage("/admin/skapa-pass")).html).toContain(`<option value="${NEW_PLACE.name}">`);
    expect(await askFlurre("Var ligger Nosparken?")).toContain(NEW_PLACE.map_url);

    // A session at the new place, through the create form.
    await seedDemo();
    const created = await post(
      "/admin/skapa-pass",
      {
        title: "NOSARBETE I PARKEN",
        location: NEW_PLACE.name,
        start_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        start_time: "10:00",
        end_time: "11:00",
        max_participants: "6",
        price_sek: "295",
        pass_type: "group",
        description: "Nosarbete i skogsdungen.",
      },
      admin,
    );
    expect(created.status).toBe(302);
    const sessionId = await env.DB.prepare("SELECT id FROM sessions WHERE title = 'NOSARBETE I PARKEN'").first<number>("id");
    expect(sessionId).toBeGreaterThan(0);

    // An unknown place is refused with the field's message.
    const unknown = await post(
      "/admin/skapa-pass",
      {
        title: "FEL PLATS",
        location: "Stockholm",
        start_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        start_time: "10:00",
        max_participants: "6",
        price_sek: "295",
        pass_type: "group",
      },
      admin,
    );
    expect(unknown.status).toBe(400);
    expect(decode(await unknown.text())).toContain("Välj en av platserna i listan");

    // In use: no delete, only inactive.
    const refused = await post("/admin/platser", { intent: "delete", id: String(row!.id) }, admin);
    expect(await toastOf(refused)).toMatchObject({ description: "Platsen används av pass och kan inte tas bort" });
    expect((await adminPage(`/admin/platser?rad=${row!.id}&atgard=ta-bort`)).html).toContain(
      "Platsen används av 1 pass och kan inte tas bort. Gör den inaktiv i stället.",
    );
    await post("/admin/platser", { intent: "deactivate", id: String(row!.id) }, admin);
    expect(await publicPage("/hitta")).not.toContain(NEW_PLACE.description);
    expect((await adminPage("/admin/skapa-pass")).html).not.toContain(`<option value="${NEW_PLACE.name}">`);
    // The session keeps its place, and its edit form still offers it.
    const edit = await adminPage(`/admin/pass/${sessionId}`);
    expect(edit.html).toContain(`<option value="${NEW_PLACE.name}"`);

    // A rename follows to the session.
    const renamed = await post("/admin/platser", { ...NEW_PLACE, id: String(row!.id), name: "Nosparken i Gävle", active: "" }, admin);
    expect(await toastOf(renamed)).toMatchObject({ description: "Platsen är sparad" });
    expect(await env.DB.prepare("SELECT location FROM sessions WHERE id = ?").bind(sessionId).first("location")).toBe("Nosparken i Gävle");

    const actions = (await env.DB.prepare("SELECT action FROM audit_log WHERE target_type = 'place' ORDER BY id").all<{ action: string }>()).results;
    expect(actions.map((a) => a.action)).toEqual(["place.create", "place.deactivate", "place.update"]);
  });

  it("names the towns of the places in use: the start page, /om, /hitta, their descriptions and Flurre", async () => {
    const before = await publicPage("/");
    expect(before).toContain("Träna med din hund i Gävle och Sandviken<");
    const place = { ...NEW_PLACE, name: "Bruksparken Hofors", town: "Hofors", sort_order: "99" };
    expect((await post("/admin/platser", place, admin)).status).toBe(302);

    const start = await publicPage("/");
    expect(start).toContain("Träna med din hund i Gävle, Sandviken och Hofors<");
    expect(start).toContain('content="Boka hundträning i grupp eller privat i Gävle, Sandviken och Hofors: GruppUps, privatpass, hembesök och online."');
    const om = await publicPage("/om");
    expect(om).toContain("Vi håller till i Gävle, Sandviken och Hofors, utomhus, inomhus, hemma hos er och online.");
    expect(om).toContain('{"@type":"City","name":"Hofors"}');
    expect(await publicPage("/hitta")).toContain('content="Våra träningsplatser i Gävle, Sandviken och Hofors, med vägbeskrivning."');
    expect(await askFlurre("Var håller ni till?")).toContain("Hofors");

    // Inactive, the town is no longer trained in.
    const id = await env.DB.prepare("SELECT id FROM places WHERE name = ?").bind(place.name).first<number>("id");
    expect((await post("/admin/platser", { intent: "deactivate", id: String(id) }, admin)).status).toBe(302);
    expect(await publicPage("/")).toContain("Träna med din hund i Gävle och Sandviken<");
    await env.DB.prepare("DELETE FROM places WHERE id = ?").bind(id).run();
  });

  it("deletes an unused place after its confirmation step", async () => {
    await post("/admin/platser", { ...NEW_PLACE, name: "Tillfällig plats" }, admin);
    const id = await env.DB.prepare("SELECT id FROM places WHERE name = 'Tillfällig plats'").first<number>("id");
    expect((await adminPage(`/admin/platser?rad=${id}&atgard=ta-bort`)).html).toContain("Vill du ta bort platsen Tillfällig plats?");
    const res = await post("/admin/platser", { intent: "delete", id: String(id) }, admin);
    expect(await toastOf(res)).toMatchObject({ description: "Platsen är borttagen" });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM places WHERE id = ?").bind(id).first("n")).toBe(0);
  });

  it("never touches the built-in home visit and online locations", async () => {
    const online = await env.DB.prepare("SELECT id FROM places WHERE name = 'Online'").first<number>("id");
    for (const fields of [{ intent: "deactivate", id: String(online) }, { intent: "delete", id: String(online) }, { ...NEW_PLACE, id: String(online), name: "Video" }]) {
      const res = await post("/admin/platser", fields, admin);
      expect(await toastOf(res)).toMatchObject({ description: "Platsen finns inte längre" });
    }
    expect(await env.DB.prepare("SELECT name, active FROM places WHERE id = ?").bind(online).first()).toEqual({ name: "Online", active: 1 });
  });

  it("edits the team and the checklist, shown on /om, /preppa and by Flurre at once", async () => {
    const member = await post("/admin/team", { intent: "save", name: "Maja", role: "Hundinstruktör", text: "Maja leder nosarbete i Gävle." }, admin);
    expect(await toastOf(member)).toMatchObject({ description: "Maja är tillagd i teamet" });
    expect(await publicPage("/om")).toContain("Maja leder nosarbete i Gävle.");
    expect(await askFlurre("Vem är Maja?")).toContain("Maja leder nosarbete i Gävle.");

    const empty = await post("/admin/team", { intent: "save", name: " " }, admin);
    expect(empty.status).toBe(400);
    expect(decode(await empty.text())).toContain("Namn är obligatoriskt");

    const item = await post("/admin/preppa", { intent: "save", title: "Reflexväst.", text: "Det är mörkt på kvällspassen." }, admin);
    expect(await toastOf(item)).toMatchObject({ description: "Punkten ”Reflexväst.” är tillagd" });
    expect(await publicPage("/preppa")).toContain("Reflexväst.</strong> Det är mörkt på kvällspassen.");

    const first = SEEDED_PREPARATION[0]!;
    await post("/admin/preppa", { intent: "down", id: String(first.id) }, admin);
    expect((await loadPreparation(testContext())).map((i) => i.title).slice(0, 2)).toEqual([SEEDED_PREPARATION[1]!.title, first.title]);

    const gone = await post("/admin/preppa", { intent: "delete", id: String(first.id) }, admin);
    expect(await toastOf(gone)).toMatchObject({ description: "Punkten är borttagen" });
    expect(await publicPage("/preppa")).not.toContain(first.text);

    const actions = (
      await env.DB.prepare("SELECT action FROM audit_log WHERE target_type IN ('team_member', 'preparation_item') ORDER BY id").all<{ action: string }>()
    ).results.map((a) => a.action);
    expect(actions).toEqual(["team_member.create", "preparation_item.create", "preparation_item.move", "preparation_item.delete"]);
  });
});
