// The klippkort and presentkort staff show on the start page and /boka:
// where a product is shown is saved from its form on /admin/kort and audited
// like every other change of it, a value that is none of the four is refused
// in Swedish with nothing changed, and each page lists only the visible
// products shown there (nothing at all when none is), with a link to where
// cards are bought. A change on /admin/kort reaches the cached pages at once.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { CARD_SHOP_PATH } from "~/domain/cards/card-shop-texts";
import { CARD_MESSAGES, CARD_OFFER_TEXTS } from "~/domain/cards/card-texts";
import { post, toastOf } from "./admin-fixtures";
import { fetchAndSettle } from "./auth-helpers";
import { signInAs } from "./helpers";
import { decode, sectionHtml, seedDemo, textOf } from "./public-helpers";

const PATH = "/admin/kort";
let admin = "";

const KLIPPKORT = { intent: "product", kind: "klippkort", name: "5-kort valpkurs", validity_months: "12", uses: "5", price_sek: "1195", session_types: "VALPKURS" };
const PRESENTKORT = { intent: "product", kind: "presentkort", name: "Presentkort", validity_months: "24", amounts: "200, 500, 1000" };

async function productId(name: string): Promise<number> {
  const id = await env.DB.prepare("SELECT id FROM card_products WHERE name = ?").bind(name).first<number>("id");
  if (id === null) throw new Error(`no product ${name}`);
  return id;
}

const shownOn = (id: number) => env.DB.prepare("SELECT shown_on FROM card_products WHERE id = ?").bind(id).first<string>("shown_on");

async function audits(action: string, id: number) {
  const { results } = await env.DB.prepare("SELECT details_json AS details FROM audit_log WHERE action = ? AND target_id = ? ORDER BY id")
    .bind(action, String(id))
    .all<{ details: string }>();
  return results.map((r) => JSON.parse(r.details) as Record<string, Record<string, unknown>>);
}

/** A public page as an anonymous visitor gets it (through the shared page cache), and its list of cards. */
async function cardsOn(path: string) {
  const res = await fetchAndSettle(path);
  expect(res.status).toBe(200);
  const html = decode(await res.text());
  return { html, section: sectionHtml(html, "kort") };
}

beforeAll(async () => {
  await seedDemo();
  admin = await signInAs({ email: "kort.visa@example.se", admin: true });
});

describe("where a card product is shown", () => {
  it("shows no list of cards on the start page or /boka while no product is shown there", async () => {
    expect((await post(PATH, KLIPPKORT, admin)).status).toBe(302);
    for (const path of ["/", "/boka"]) {
      const { html, section } = await cardsOn(path);
      expect(section).toBe("");
      expect(html).not.toContain('data-testid="card-offers"');
      expect(html).not.toContain("5-kort valpkurs");
    }
    // A new product is shown nowhere unless staff choose it.
    expect(await shownOn(await productId("5-kort valpkurs"))).toBe("none");
  });

  it("saves the choice from the product's form, audited before and after", async () => {
    const id = await productId("5-kort valpkurs");
    const res = await post(PATH, { ...KLIPPKORT, id: String(id), shown_on: "both" }, admin);
    expect(res.status).toBe(302);
    expect(await toastOf(res)).toMatchObject({ description: "Kortet är sparat" });
    expect(await shownOn(id)).toBe("both");
    const [update] = await audits("card_product.update", id);
    expect(update).toMatchObject({ before: { shownOn: "none" }, after: { shownOn: "both" } });
    // The edit form offers it again as saved.
    const form = decode(await (await fetchAndSettle(`${PATH}?produkt=${id}`, { headers: { Cookie: admin } })).text());
    expect(form).toMatch(/<input[^>]*value="both"[^>]*checked=""|<input[^>]*checked=""[^>]*value="both"/);
  });

  it("adds a product shown on /boka only, audited with it", async () => {
    expect((await post(PATH, { ...PRESENTKORT, shown_on: "boka" }, admin)).status).toBe(302);
    const id = await productId("Presentkort");
    expect(await shownOn(id)).toBe("boka");
    const [created] = await audits("card_product.create", id);
    expect(created).toMatchObject({ after: { name: "Presentkort", shownOn: "boka" } });
  });

  it("keeps the choice when a post does not carry it", async () => {
    const id = await productId("5-kort valpkurs");
    const res = await post(PATH, { ...KLIPPKORT, id: String(id) }, admin);
    expect(await toastOf(res)).toMatchObject({ description: "Kortet var redan så" });
    expect(await shownOn(id)).toBe("both");
  });

  it("refuses a value that is none of the four, in Swedish, and changes nothing", async () => {
    const id = await productId("5-kort valpkurs");
    const before = (await audits("card_product.update", id)).length;
    const res = await post(PATH, { ...KLIPPKORT, id: String(id), shown_on: "overallt", price_sek: "1" }, admin);
    expect(res.status).toBe(400);
    expect(decode(await res.text())).toContain(CARD_MESSAGES.shownOn);
    expect(await env.DB.prepare("SELECT shown_on, price_sek FROM card_products WHERE id = ?").bind(id).first()).toEqual({ shown_on: "both", price_sek: 1195 });
    expect(await audits("card_product.update", id)).toHaveLength(before);
    // A new product with it is not added either.
    const added = await post(PATH, { ...KLIPPKORT, name: "Felvisat kort", shown_on: "sidan" }, admin);
    expect(added.status).toBe(400);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM card_products WHERE name = 'Felvisat kort'").first("n")).toBe(0);
    // The table refuses it too.
    await expect(env.DB.prepare("UPDATE card_products SET shown_on = 'overallt' WHERE id = ?").bind(id).run()).rejects.toThrow(/CHECK constraint failed/);
  });
});

describe("the cards on the start page and /boka", () => {
  beforeAll(async () => {
    // One product for each place it may be shown, and one hidden though it says both.
    await post(PATH, { ...KLIPPKORT, name: "10-kort nosarbete", uses: "10", price_sek: "2200", session_types: "NOSARBETE", validity_months: "18", shown_on: "start" }, admin);
    await post(PATH, { ...PRESENTKORT, name: "Dolt presentkort", shown_on: "both" }, admin);
    await post(PATH, { intent: "hide", id: String(await productId("Dolt presentkort")) }, admin);
    await post(PATH, { ...PRESENTKORT, name: "Presentkort valfritt", amounts: "", free_min_sek: "150", free_max_sek: "3000", shown_on: "none" }, admin);
  });

  it("lists on the start page the visible products shown there, with what each is, its price and validity", async () => {
    const { section } = await cardsOn("/");
    const text = textOf(section);
    expect(text).toContain(CARD_OFFER_TEXTS.heading.klippkort);
    expect(text).toContain("5-kort valpkurs Klippkort, 5 pass Pris 1 195 kr Gäller 12 månader För VALPKURS");
    expect(text).toContain("10-kort nosarbete Klippkort, 10 pass Pris 2 200 kr Gäller 18 månader För NOSARBETE");
    for (const other of ["Presentkort valfritt", "Dolt presentkort", "200, 500"]) expect(text).not.toContain(other);
    expect(section).toContain(`href="${CARD_SHOP_PATH}"`);
    expect(text).toContain(CARD_OFFER_TEXTS.link.klippkort);
  });

  it("lists on /boka the visible products shown there", async () => {
    const { section } = await cardsOn("/boka");
    const text = textOf(section);
    expect(text).toContain(CARD_OFFER_TEXTS.heading.both);
    expect(text).toContain("5-kort valpkurs Klippkort, 5 pass Pris 1 195 kr");
    expect(text).toContain("Presentkort Belopp 200, 500 eller 1 000 kr Gäller 24 månader");
    for (const other of ["10-kort nosarbete", "Presentkort valfritt", "Dolt presentkort"]) expect(text).not.toContain(other);
    expect(section).toContain(`href="${CARD_SHOP_PATH}"`);
    // Only on the choice of type: the calendar and list of a type keep to the sessions.
    expect((await cardsOn("/boka?steg=2&typ=grupp&vy=lista")).section).toBe("");
  });

  it("says 'från' the least amount of a presentkort whose buyer chooses it, once staff show it", async () => {
    const id = await productId("Presentkort valfritt");
    await cardsOn("/");
    await post(PATH, { ...PRESENTKORT, id: String(id), name: "Presentkort valfritt", amounts: "", free_min_sek: "150", free_max_sek: "3000", shown_on: "start" }, admin);
    // Straight after the change, though the start page was just cached.
    expect(textOf((await cardsOn("/")).section)).toContain("Presentkort valfritt Presentkort Belopp från 150 kr Gäller 24 månader");
  });

  it("takes a product off both pages once it is hidden", async () => {
    await post(PATH, { intent: "hide", id: String(await productId("5-kort valpkurs")) }, admin);
    expect((await cardsOn("/")).section).not.toContain("5-kort valpkurs");
    expect((await cardsOn("/boka")).section).not.toContain("5-kort valpkurs");
  });
});
