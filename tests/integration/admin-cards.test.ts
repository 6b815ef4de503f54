// /admin/kort through the real Worker: admins only; card products added,
// edited, hidden and shown, each audited, and bad input refused in Swedish
// with nothing written (a presentkort shorter than 12 months too, by the form
// and by the table); "Registrera sålt kort" writes one card, its ledger's
// issue row and one mail with the code, once per form, and the code itself
// nowhere but in that mail (cut out of our copy once the provider has it);
// a void takes the rest off, blanks the code in the stored mail and is
// audited; a refund of an unused card sold over the counter does the same
// with a 'refund' row and marks it refunded, and a card used (its use not
// given back) or sold online is refused with nothing changed; for every
// card, the kept balance is the ledger's sum.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CARD_CODE_ALPHABET } from "~/domain/cards/card-code";
import { CARD_MESSAGES } from "~/domain/cards/card-texts";
import { BLANKED_CODE, SCRUBBED_CODE } from "~/domain/mail/token-links";
import { drainOutbox } from "~/server/email/send-email.server";
import { RECIPIENT_MAIL_LIMIT } from "~/server/email/outbox.server";
import { getConfig } from "~/server/platform/env.server";
import { sha256Hex } from "~/server/platform/crypto.server";
import { hitRateLimit } from "~/server/platform/rate-limit.server";
import { post, toastOf } from "./admin-fixtures";
import { fetchAndSettle } from "./auth-helpers";
import { createSession } from "./booking-fixtures";
import { balancesOffTheLedger, bookWithCode, insertCardProducts, sellTestCard } from "./card-fixtures";
import { awayFromWindowEnd, signInAs, testContext } from "./helpers";
import { decode, seedDemo } from "./public-helpers";

const PATH = "/admin/kort";
let admin = "";

const KLIPPKORT = {
  intent: "product",
  kind: "klippkort",
  name: "5-kort valpkurs",
  validity_months: "12",
  uses: "5",
  price_sek: "1195",
  session_types: "VALPKURS",
};
const PRESENTKORT = { intent: "product", kind: "presentkort", name: "Presentkort", validity_months: "24", amounts: "200, 500, 1000", free_min_sek: "100", free_max_sek: "5000" };

/** A form post whose fields may repeat (ticked checkboxes). */
function postMany(fields: Array<[string, string]>, cookie = admin) {
  const body = new URLSearchParams(fields.some(([name]) => name === "form_key") ? fields : [["form_key", crypto.randomUUID()], ...fields]);
  return fetchAndSettle(PATH, { method: "POST", body, headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" } });
}

const count = async (sql: string, ...params: unknown[]) => (await env.DB.prepare(sql).bind(...params).first<number>("n")) ?? 0;

/** Every row of these tables, as one text, to search for a secret. */
async function everyText(tables: string[]): Promise<string> {
  const parts: string[] = [];
  for (const table of tables) {
    const { results } = await env.DB.prepare(`SELECT * FROM "${table}"`).all<Record<string, unknown>>();
    for (const row of results) for (const value of Object.values(row)) if (typeof value === "string") parts.push(value);
  }
  return parts.join("\n");
}

async function audits(action: string) {
  const { results } = await env.DB.prepare("SELECT target_id AS targetId, details_json AS details FROM audit_log WHERE action = ? ORDER BY id")
    .bind(action)
    .all<{ targetId: string; details: string }>();
  return results.map((r) => ({ targetId: r.targetId, details: JSON.parse(r.details) as Record<string, unknown> }));
}

async function productId(name: string): Promise<number> {
  const id = await env.DB.prepare("SELECT id FROM card_products WHERE name = ?").bind(name).first<number>("id");
  if (id === null) throw new Error(`no product ${name}`);
  return id;
}

/** Registers a sold card and returns the answer, the card and the code its mail carries. */
async function register(fields: Record<string, string>, cookie = admin) {
  const res = await post(PATH, { intent: "register", amount_sek: "", email_confirm: fields.email ?? "", ...fields }, cookie);
  const card = await env.DB.prepare("SELECT * FROM cards WHERE lower(holder_email) = lower(?) ORDER BY id DESC").bind(fields.email).first<Record<string, unknown>>();
  const mail = await env.DB.prepare("SELECT * FROM email_outbox WHERE kind = 'card-issued' AND to_address = lower(?) ORDER BY created_at DESC")
    .bind(fields.email)
    .first<{ id: string; text_body: string; html_body: string; secret: string | null; subject: string }>();
  const code = mail?.text_body.match(/Din kod: ([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})/)?.[1] ?? null;
  return { res, card, mail, code };
}

beforeAll(async () => {
  await seedDemo();
  admin = await signInAs({ email: "kort.admin@example.se", admin: true });
});

afterEach(() => vi.restoreAllMocks());

describe("card products", () => {
  it("refuses a klippkort without uses, price or session type, in Swedish, and stores nothing", async () => {
    const before = await count("SELECT count(*) AS n FROM card_products");
    const res = await post(PATH, { intent: "product", kind: "klippkort", name: "Tomt kort", validity_months: "12", uses: "", price_sek: "" }, admin);
    expect(res.status).toBe(400);
    const html = decode(await res.text());
    for (const message of [CARD_MESSAGES.uses, CARD_MESSAGES.price, CARD_MESSAGES.sessionTypes]) expect(html).toContain(message);
    expect(html).toContain('value="Tomt kort"');
    expect(await count("SELECT count(*) AS n FROM card_products")).toBe(before);
    expect(await count("SELECT count(*) AS n FROM audit_log WHERE action LIKE 'card_product.%'")).toBe(0);
  });

  it("refuses a session type that is not in the database", async () => {
    const res = await post(PATH, { ...KLIPPKORT, name: "Okänd typ", session_types: "FINNS INTE" }, admin);
    expect(res.status).toBe(400);
    expect(decode(await res.text())).toContain(CARD_MESSAGES.unknownSessionType);
    expect(await count("SELECT count(*) AS n FROM card_products WHERE name = 'Okänd typ'")).toBe(0);
  });

  it("refuses a presentkort that lasts less than 12 months, in the form and in the table", async () => {
    const res = await post(PATH, { ...PRESENTKORT, name: "Kort present", validity_months: "11" }, admin);
    expect(res.status).toBe(400);
    expect(decode(await res.text())).toContain(CARD_MESSAGES.giftValidity);
    expect(await count("SELECT count(*) AS n FROM card_products WHERE name = 'Kort present'")).toBe(0);
    await expect(
      env.DB.prepare(`INSERT INTO card_products (kind, name, amounts_json, validity_months) VALUES ('presentkort', 'Kort present', '[500]', 11)`).run(),
    ).rejects.toThrow(/CHECK constraint failed/);
  });

  it("adds a klippkort and a presentkort, once per form, each audited", async () => {
    const key = crypto.randomUUID();
    const first = await postMany([["form_key", key], ...Object.entries(KLIPPKORT), ["session_types", "NOSARBETE"]]);
    const again = await postMany([["form_key", key], ...Object.entries(KLIPPKORT), ["session_types", "NOSARBETE"]]);
    expect(first.status).toBe(302);
    expect(again.headers.get("Location")).toBe(first.headers.get("Location"));
    expect(await toastOf(first)).toMatchObject({ type: "success", description: "Kortet 5-kort valpkurs är tillagt" });
    const row = await env.DB.prepare("SELECT * FROM card_products WHERE name = '5-kort valpkurs'").all();
    expect(row.results).toEqual([
      expect.objectContaining({ kind: "klippkort", uses: 5, price_sek: 1195, session_types_json: '["VALPKURS","NOSARBETE"]', validity_months: 12, hidden: 0, amounts_json: null }),
    ]);
    expect((await post(PATH, PRESENTKORT, admin)).status).toBe(302);
    expect(await env.DB.prepare("SELECT amounts_json, free_min_sek, free_max_sek, uses, price_sek FROM card_products WHERE name = 'Presentkort'").first()).toEqual({
      amounts_json: "[200,500,1000]",
      free_min_sek: 100,
      free_max_sek: 5000,
      uses: null,
      price_sek: null,
    });
    const created = await audits("card_product.create");
    expect(created).toHaveLength(2);
    expect(created[0]).toMatchObject({ targetId: String(await productId("5-kort valpkurs")), details: { after: { name: "5-kort valpkurs", uses: 5 } } });
  });

  it("edits a product, and audits before and after; its kind stays", async () => {
    const id = await productId("5-kort valpkurs");
    const res = await post(PATH, { ...KLIPPKORT, id: String(id), price_sek: "1295" }, admin);
    expect(res.status).toBe(302);
    expect(await toastOf(res)).toMatchObject({ description: "Kortet är sparat" });
    expect(await env.DB.prepare("SELECT kind, price_sek, session_types_json FROM card_products WHERE id = ?").bind(id).first()).toEqual({
      kind: "klippkort",
      price_sek: 1295,
      session_types_json: '["VALPKURS"]',
    });
    const [update] = await audits("card_product.update");
    expect(update).toMatchObject({ targetId: String(id), details: { before: { priceSek: 1195 }, after: { priceSek: 1295 } } });
    // The same values again: nothing to save, nothing audited.
    const same = await post(PATH, { ...KLIPPKORT, id: String(id), price_sek: "1295" }, admin);
    expect(await toastOf(same)).toMatchObject({ description: "Kortet var redan så" });
    // Posted as the other kind: refused, nothing changed.
    const other = await post(PATH, { ...PRESENTKORT, id: String(id), name: "Bytt sort" }, admin);
    expect(other.status).toBe(400);
    expect(decode(await other.text())).toContain(CARD_MESSAGES.kindFixed);
    expect(await env.DB.prepare("SELECT name, kind FROM card_products WHERE id = ?").bind(id).first()).toEqual({ name: "5-kort valpkurs", kind: "klippkort" });
    expect(await audits("card_product.update")).toHaveLength(1);
  });

  it("hides a product (no longer sold) and shows it again, audited", async () => {
    const id = await productId("Presentkort");
    expect(await toastOf(await post(PATH, { intent: "hide", id: String(id) }, admin))).toMatchObject({ description: "Kortet är dolt och säljs inte längre" });
    expect(await env.DB.prepare("SELECT hidden FROM card_products WHERE id = ?").bind(id).first("hidden")).toBe(1);
    const page = decode(await (await fetchAndSettle(PATH, { headers: { Cookie: admin } })).text());
    const registerForm = page.slice(page.indexOf('id="register-card-form"'));
    expect(registerForm.slice(0, registerForm.indexOf("</select>"))).not.toContain(`value="${id}"`);
    const refused = await register({ product_id: String(id), amount_sek: "500", email: "dold@example.se" });
    expect(refused.res.status).toBe(409);
    expect(decode(await refused.res.text())).toContain(CARD_MESSAGES.productGone);
    expect(refused.card).toBeNull();
    await post(PATH, { intent: "show", id: String(id) }, admin);
    expect(await env.DB.prepare("SELECT hidden FROM card_products WHERE id = ?").bind(id).first("hidden")).toBe(0);
    expect((await audits("card_product.hide")).map((a) => a.targetId)).toEqual([String(id)]);
    expect((await audits("card_product.show")).map((a) => a.targetId)).toEqual([String(id)]);
  });
});

describe("Registrera sålt kort", () => {
  it("writes one card, its issue row and one mail with the code; the code is nowhere else", async () => {
    const product = await productId("5-kort valpkurs");
    const before = { cards: await count("SELECT count(*) AS n FROM cards"), mails: await count("SELECT count(*) AS n FROM email_outbox") };
    const { res, card, mail, code } = await register({ product_id: String(product), email: "Kortkund@Example.se" });
    expect(res.status).toBe(302);
    expect(await count("SELECT count(*) AS n FROM cards")).toBe(before.cards + 1);
    expect(await count("SELECT count(*) AS n FROM email_outbox")).toBe(before.mails + 1);
    expect(card).toMatchObject({ kind: "klippkort", holder_email: "kortkund@example.se", sold_via: "counter", paid_sek: 1295, uses_left: 5, balance_sek: null });
    expect(await env.DB.prepare("SELECT kind, uses_delta, amount_delta_sek, booking_id FROM card_ledger WHERE card_id = ?").bind(card!.id).all()).toMatchObject({
      results: [{ kind: "issue", uses_delta: 5, amount_delta_sek: 0, booking_id: null }],
    });
    expect(await toastOf(res)).toMatchObject({ type: "success", description: `Kortet som slutar på ${String(card!.code_last4)} är registrerat och koden mejlas till kortkund@example.se` });

    // The mail: what the card is, its code, what is on it and when it ends.
    expect(code).not.toBeNull();
    const plain = code!.replaceAll("-", "");
    expect([...plain].every((c) => CARD_CODE_ALPHABET.includes(c))).toBe(true);
    expect(mail!.subject).toBe("Ditt klippkort från Hundpass");
    expect(mail!.text_body).toContain("Kortet räcker till 5 pass av typen VALPKURS.");
    expect(mail!.text_body).toMatch(/Kortet gäller till och med \d{1,2} [a-zåäö]+ \d{4}\./);
    expect(mail!.html_body).toContain(code);
    // Stored as the card's hash and last four characters only.
    expect(card!.code_hash).toBe(await sha256Hex(plain));
    expect(card!.code_last4).toBe(plain.slice(-4));
    const elsewhere = await everyText(["cards", "card_ledger", "card_products", "audit_log", "form_claims"]);
    expect(elsewhere).not.toContain(code);
    expect(elsewhere).not.toContain(plain);
    const [issued] = await audits("card.issue");
    expect(issued).toMatchObject({ targetId: String(card!.id), details: { codeEndsWith: plain.slice(-4), usesLeft: 5, paidSek: 1295 } });
  });

  it("registers a presentkort for an amount it offers or a free one within its limits, and refuses another", async () => {
    const product = String(await productId("Presentkort"));
    const refused = await register({ product_id: product, amount_sek: "50", email: "present@example.se" });
    expect(refused.res.status).toBe(400);
    expect(decode(await refused.res.text())).toContain("Välj ett av beloppen 200, 500 eller 1\u00a0000 kr, eller ett belopp från 100 till 5\u00a0000 kr");
    expect(refused.card).toBeNull();
    const missing = await register({ product_id: product, email: "present@example.se" });
    expect(decode(await missing.res.text())).toContain(CARD_MESSAGES.amount);
    const { res, card, code } = await register({ product_id: product, amount_sek: "750", email: "present@example.se" });
    expect(res.status).toBe(302);
    expect(card).toMatchObject({ kind: "presentkort", balance_sek: 750, paid_sek: 750, uses_left: null, session_types_json: null });
    expect(code).not.toBeNull();
  });

  it("refuses a mismatched second address, and writes nothing", async () => {
    const before = await count("SELECT count(*) AS n FROM cards");
    const res = await post(PATH, { intent: "register", product_id: String(await productId("5-kort valpkurs")), amount_sek: "", email: "a@example.se", email_confirm: "b@example.se" }, admin);
    expect(res.status).toBe(400);
    expect(decode(await res.text())).toContain("E-postadresserna matchar inte");
    expect(await count("SELECT count(*) AS n FROM cards")).toBe(before);
  });

  it("registers once for two posts of the same form", async () => {
    const fields = { intent: "register", form_key: crypto.randomUUID(), product_id: String(await productId("5-kort valpkurs")), amount_sek: "", email: "dubbel@example.se", email_confirm: "dubbel@example.se" };
    const first = await post(PATH, fields, admin);
    const second = await post(PATH, fields, admin);
    expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
    expect(await count("SELECT count(*) AS n FROM cards WHERE holder_email = 'dubbel@example.se'")).toBe(1);
    expect(await count("SELECT count(*) AS n FROM email_outbox WHERE to_address = 'dubbel@example.se'")).toBe(1);
  });

  it("issues no card when the address's mail budget is spent: no card without its mail", async () => {
    const email = "full.inkorg@example.se";
    await awayFromWindowEnd(RECIPIENT_MAIL_LIMIT.windowMs);
    for (let i = 0; i < RECIPIENT_MAIL_LIMIT.limit; i++) await hitRateLimit(testContext(), RECIPIENT_MAIL_LIMIT, email);
    const { res, card, mail } = await register({ product_id: String(await productId("5-kort valpkurs")), email });
    expect(res.status).toBe(429);
    expect(decode(await res.text())).toContain(CARD_MESSAGES.overMailBudget);
    expect(card).toBeNull();
    expect(mail).toBeNull();
    expect(await count("SELECT count(*) AS n FROM card_ledger l LEFT JOIN cards c ON c.id = l.card_id WHERE c.id IS NULL")).toBe(0);
  });

  it("cuts the code out of our copy once the provider has the mail", async () => {
    const { mail, code } = await register({ product_id: String(await productId("5-kort valpkurs")), email: "levererad@example.se" });
    // Delivered through the provider, as in production: the local mailbox had taken it, so it is queued again first.
    await env.DB.prepare("UPDATE email_outbox SET status = 'queued', attempts = 0, sent_at = NULL, next_attempt_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), mail!.id)
      .run();
    const handed: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
      handed.push(String(init?.body));
      return Response.json({ id: "re_kort" });
    });
    const resend = { ...testContext(), config: getConfig({ ...env, EMAIL_TRANSPORT: "resend", RESEND_API_KEY: "re_test" }) };
    expect(await drainOutbox(resend, { ids: [mail!.id] })).toMatchObject({ sent: 1 });
    expect(handed.some((body) => body.includes(code!))).toBe(true);
    const stored = await env.DB.prepare("SELECT text_body, html_body, secret FROM email_outbox WHERE id = ?").bind(mail!.id).first<Record<string, string | null>>();
    expect(stored!.text_body).toContain(SCRUBBED_CODE);
    expect(stored!.secret).toBeNull();
    expect(await everyText(["email_outbox"])).not.toContain(code);
  });

  it("is for admins only: a customer's or a staff account's post is refused and writes nothing", async () => {
    const product = String(await productId("5-kort valpkurs"));
    const before = await count("SELECT count(*) AS n FROM cards");
    for (const cookie of [await signInAs({ email: "kund.kort@example.se", kind: "customer" }), await signInAs({ email: "personal.kort@example.se" })]) {
      expect((await fetchAndSettle(PATH, { headers: { Cookie: cookie } })).status).toBe(403);
      const res = await post(PATH, { intent: "register", product_id: product, amount_sek: "", email: "intrang@example.se", email_confirm: "intrang@example.se" }, cookie);
      expect(res.status).toBe(403);
      expect((await post(PATH, { ...KLIPPKORT, name: "Intrång" }, cookie)).status).toBe(403);
    }
    const anonymous = await post(PATH, { intent: "void", id: "1" }, "");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/logga-in/);
    expect(await count("SELECT count(*) AS n FROM cards")).toBe(before);
    expect(await count("SELECT count(*) AS n FROM card_products WHERE name = 'Intrång'")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM cards WHERE voided_at IS NOT NULL")).toBe(0);
  });
});

describe("voiding a card", () => {
  it("takes off what is left, blanks the code in the stored mail, is audited, and happens once", async () => {
    const { card, mail, code } = await register({ product_id: String(await productId("Presentkort")), amount_sek: "500", email: "sparras@example.se" });
    const page = decode(await (await fetchAndSettle(`${PATH}?kort=${String(card!.id)}&atgard=sparra`, { headers: { Cookie: admin } })).text());
    expect(page).toContain(`Vill du spärra kortet Presentkort som slutar på ${String(card!.code_last4)}? Koden slutar fungera och det som finns kvar (500 kr kvar) går förlorat.`);
    const res = await post(PATH, { intent: "void", id: String(card!.id) }, admin);
    expect(await toastOf(res)).toMatchObject({ description: "Kortet är spärrat" });
    expect(await env.DB.prepare("SELECT balance_sek, voided_at IS NOT NULL AS voided FROM cards WHERE id = ?").bind(card!.id).first()).toEqual({ balance_sek: 0, voided: 1 });
    expect((await env.DB.prepare("SELECT kind, amount_delta_sek FROM card_ledger WHERE card_id = ? ORDER BY id").bind(card!.id).all()).results).toEqual([
      { kind: "issue", amount_delta_sek: 500 },
      { kind: "void", amount_delta_sek: -500 },
    ]);
    const stored = await env.DB.prepare("SELECT text_body, secret FROM email_outbox WHERE id = ?").bind(mail!.id).first<{ text_body: string; secret: string | null }>();
    expect(stored!.text_body).toContain(BLANKED_CODE);
    expect(stored!.text_body).not.toContain(code);
    expect(stored!.secret).toBeNull();
    expect((await audits("card.void")).at(-1)).toMatchObject({ targetId: String(card!.id), details: { product: "Presentkort", amountTakenOffSek: 500 } });

    const again = await post(PATH, { intent: "void", id: String(card!.id) }, admin);
    expect(await toastOf(again)).toMatchObject({ description: "Kortet var redan avslutat" });
    expect(await count("SELECT count(*) AS n FROM card_ledger WHERE card_id = ?", card!.id)).toBe(2);
  });
});

describe("refunding a card", () => {
  /** A card's row and ledger, to compare before and after a refusal. */
  async function snapshot(id: number) {
    const card = await env.DB.prepare("SELECT uses_left, balance_sek, voided_at, refunded_at FROM cards WHERE id = ?").bind(id).first();
    const { results } = await env.DB.prepare("SELECT kind, uses_delta, amount_delta_sek, booking_id FROM card_ledger WHERE card_id = ? ORDER BY id").bind(id).all();
    return { card, ledger: results };
  }
  const confirmStep = async (id: number) =>
    decode(await (await fetchAndSettle(`${PATH}?kort=${id}&atgard=aterbetala`, { headers: { Cookie: admin } })).text()).replaceAll("<!-- -->", "");

  it("marks an unused card sold over the counter refunded: a refund row takes off its balance, the code is blanked, audited, once", async () => {
    const { card, mail, code } = await register({ product_id: String(await productId("Presentkort")), amount_sek: "500", email: "aterbetalas@example.se" });
    const id = Number(card!.id);
    const list = decode(await (await fetchAndSettle(`${PATH}?sok=aterbetalas`, { headers: { Cookie: admin } })).text());
    expect(list).toContain(`aria-label="Återbetala kortet som slutar på ${String(card!.code_last4)}"`);
    expect(await confirmStep(id)).toContain(
      `Vill du återbetala kortet Presentkort som slutar på ${String(card!.code_last4)}? Kortet markeras som återbetalt och koden slutar fungera. Pengarna (500 kr) betalar ni tillbaka i kassan.`,
    );
    const res = await post(PATH, { intent: "refund", id: String(id) }, admin);
    expect(res.status).toBe(302);
    expect(await toastOf(res)).toMatchObject({ type: "success", description: "Kortet är markerat som återbetalt. Betala tillbaka 500 kr i kassan." });
    expect(await env.DB.prepare("SELECT balance_sek, refunded_at IS NOT NULL AS refunded, voided_at FROM cards WHERE id = ?").bind(id).first()).toEqual({
      balance_sek: 0,
      refunded: 1,
      voided_at: null,
    });
    expect((await env.DB.prepare("SELECT kind, amount_delta_sek, note FROM card_ledger WHERE card_id = ? ORDER BY id").bind(id).all()).results).toEqual([
      { kind: "issue", amount_delta_sek: 500, note: "Sålt i kassan" },
      { kind: "refund", amount_delta_sek: -500, note: "Pengarna betalas tillbaka i kassan" },
    ]);
    const stored = await env.DB.prepare("SELECT text_body, secret FROM email_outbox WHERE id = ?").bind(mail!.id).first<{ text_body: string; secret: string | null }>();
    expect(stored!.text_body).toContain(BLANKED_CODE);
    expect(stored!.text_body).not.toContain(code);
    expect(stored!.secret).toBeNull();
    expect((await audits("card.refund")).at(-1)).toMatchObject({
      targetId: String(id),
      details: { product: "Presentkort", soldVia: "counter", paidBackSek: 500, amountTakenOffSek: 500, codeEndsWith: card!.code_last4 },
    });

    // Shown as refunded, with nothing left to do; a second post refunds nothing.
    const after = decode(await (await fetchAndSettle(`${PATH}?sok=aterbetalas`, { headers: { Cookie: admin } })).text()).replaceAll("<!-- -->", "");
    const item = after.slice(after.indexOf(`id="kort-${id}"`));
    expect(item).toContain("Återbetalt");
    expect(item).toContain("0 kr kvar");
    expect(item).not.toContain("atgard=aterbetala");
    expect(item).not.toContain("atgard=sparra");
    const again = await post(PATH, { intent: "refund", id: String(id) }, admin);
    expect(await toastOf(again)).toMatchObject({ description: "Kortet var redan avslutat" });
    expect(await count("SELECT count(*) AS n FROM card_ledger WHERE card_id = ?", id)).toBe(2);
    expect(await count("SELECT count(*) AS n FROM audit_log WHERE action = 'card.refund' AND target_id = ?", String(id))).toBe(1);
  });

  it("refuses a card that has been used, in Swedish, and changes nothing; once its use is given back it can be refunded", async () => {
    const products = await insertCardProducts("återbetalning");
    const card = await sellTestCard(products.klippkort, "klippkort", { uses: 3 });
    const sessionId = await createSession({ title: "VALPKURS", priceSek: 300 });
    const { bookingId } = await bookWithCode(sessionId, card.code);
    expect(bookingId).not.toBeNull();
    const before = await snapshot(card.id);
    const audited = await count("SELECT count(*) AS n FROM audit_log WHERE action = 'card.refund'");

    const step = await confirmStep(card.id);
    expect(step).toContain("Kortet har använts och kan inte återbetalas. Spärra det i stället om det ska sluta gälla.");
    expect(step).not.toContain("Ja, kortet är återbetalt");
    const list = decode(await (await fetchAndSettle(`${PATH}?sok=${card.last4}`, { headers: { Cookie: admin } })).text());
    expect(list).not.toContain(`Återbetala kortet som slutar på ${card.last4}`);
    expect(list).toContain(`Spärra kortet som slutar på ${card.last4}`);
    const res = await post(PATH, { intent: "refund", id: String(card.id) }, admin);
    expect(await toastOf(res)).toMatchObject({
      type: "error",
      description: "Kortet har använts och kan inte återbetalas. Spärra det i stället om det ska sluta gälla.",
    });
    expect(await snapshot(card.id)).toEqual(before);
    expect(await count("SELECT count(*) AS n FROM audit_log WHERE action = 'card.refund'")).toBe(audited);

    // The business cancels the booking: the use comes back, and nothing has been used any more.
    expect((await post(`/admin/bokning/${bookingId}`, { intent: "cancel-booking" }, admin)).status).toBe(302);
    expect(await confirmStep(card.id)).toContain("Ja, kortet är återbetalt");
    const refunded = await post(PATH, { intent: "refund", id: String(card.id) }, admin);
    expect(await toastOf(refunded)).toMatchObject({ description: "Kortet är markerat som återbetalt. Betala tillbaka 1\u00a0000 kr i kassan." });
    expect((await snapshot(card.id)).ledger.map((l) => (l as { kind: string }).kind)).toEqual(["issue", "use", "give-back", "refund"]);
    expect(await env.DB.prepare("SELECT uses_left FROM cards WHERE id = ?").bind(card.id).first("uses_left")).toBe(0);
  });

  it("never marks a card sold online refunded (its money goes back through Stripe), nor a voided one", async () => {
    const products = await insertCardProducts("webbkort");
    const online = await sellTestCard(products.presentkort, "presentkort", { balanceSek: 500, soldVia: "online" });
    const voided = await sellTestCard(products.klippkort, "klippkort", { uses: 3 });
    expect((await post(PATH, { intent: "void", id: String(voided.id) }, admin)).status).toBe(302);
    const list = decode(await (await fetchAndSettle(`${PATH}?sok=${online.last4}`, { headers: { Cookie: admin } })).text());
    expect(list).not.toContain(`Återbetala kortet som slutar på ${online.last4}`);
    expect(await confirmStep(online.id)).toContain("Kortet köptes på webben och kan inte markeras som återbetalt här");
    for (const [card, description] of [
      [online, "Kortet köptes på webben och kan inte markeras som återbetalt här: pengarna ska tillbaka genom webbetalningen."],
      [voided, "Kortet var redan avslutat"],
    ] as const) {
      const before = await snapshot(card.id);
      const res = await post(PATH, { intent: "refund", id: String(card.id) }, admin);
      expect(await toastOf(res)).toMatchObject({ description });
      expect(await snapshot(card.id)).toEqual(before);
    }
    expect(await confirmStep(voided.id)).toContain("Kortet är redan avslutat och kan inte återbetalas.");
  });

  it("is for admins only: a customer's, a staff account's or an anonymous refund is refused and changes nothing", async () => {
    const products = await insertCardProducts("intrång");
    const card = await sellTestCard(products.presentkort, "presentkort", { balanceSek: 200 });
    const before = await snapshot(card.id);
    for (const cookie of [await signInAs({ email: "kund.aterbetala@example.se", kind: "customer" }), await signInAs({ email: "personal.aterbetala@example.se" })]) {
      expect((await fetchAndSettle(`${PATH}?kort=${card.id}&atgard=aterbetala`, { headers: { Cookie: cookie } })).status).toBe(403);
      expect((await post(PATH, { intent: "refund", id: String(card.id) }, cookie)).status).toBe(403);
    }
    const anonymous = await post(PATH, { intent: "refund", id: String(card.id) }, "");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/logga-in/);
    expect(await snapshot(card.id)).toEqual(before);
  });
});

describe("the ledger", () => {
  it("sums to every card's kept balance", async () => {
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it("notices a balance that leaves the ledger (the check above can fail)", async () => {
    const id = await env.DB.prepare("SELECT id FROM cards WHERE voided_at IS NULL AND kind = 'klippkort' LIMIT 1").first<number>("id");
    await env.DB.prepare("UPDATE cards SET uses_left = uses_left - 1 WHERE id = ?").bind(id).run();
    try {
      expect((await balancesOffTheLedger()).map((c) => c.id)).toEqual([id]);
    } finally {
      await env.DB.prepare("UPDATE cards SET uses_left = uses_left + 1 WHERE id = ?").bind(id).run();
    }
  });

  it("never lets a balance go below zero", async () => {
    const id = await env.DB.prepare("SELECT id FROM cards WHERE kind = 'klippkort' LIMIT 1").first<number>("id");
    await expect(env.DB.prepare("UPDATE cards SET uses_left = -1 WHERE id = ?").bind(id).run()).rejects.toThrow(/CHECK constraint failed/);
    const gift = await env.DB.prepare("SELECT id FROM cards WHERE kind = 'presentkort' LIMIT 1").first<number>("id");
    await expect(env.DB.prepare("UPDATE cards SET balance_sek = balance_sek - 100000 WHERE id = ?").bind(gift).run()).rejects.toThrow(/CHECK constraint failed/);
  });
});

describe("the page", () => {
  it("lists the cards sold with their product, holder, balance, expiry, status and history, and finds one by its last four", async () => {
    const card = await env.DB.prepare("SELECT id, code_last4 FROM cards WHERE holder_email = 'kortkund@example.se'").first<{ id: number; code_last4: string }>();
    const html = decode(await (await fetchAndSettle(`${PATH}?sok=${card!.code_last4.toLowerCase()}`, { headers: { Cookie: admin } })).text()).replaceAll("<!-- -->", "");
    const item = html.slice(html.indexOf(`id="kort-${card!.id}"`));
    expect(item).toContain(`5-kort valpkurs · ${card!.code_last4}`);
    expect(item).toContain("kortkund@example.se");
    expect(item).toContain("5 klipp kvar");
    expect(item).toContain("Aktivt");
    expect(item).toContain("Historik (1 händelse)");
    expect(item).toContain("Utfärdat");
    expect(item).toContain("+5 klipp");
  });
});
