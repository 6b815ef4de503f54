// Flurre on the klippkort and presentkort through the answer in use, on the
// real migrations and the demo data: with nothing on sale it does not claim
// the business sells cards; with products in card_products it answers from
// them (the price read from D1), never naming a hidden one, and answers
// through POST /flurre/svar the same way.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { CARD_SHOP_PATH } from "~/domain/cards/card-shop-texts";
import type { FlurreAnswer } from "~/domain/flurre/answer";
import { formatKr } from "~/domain/price";
import { askFlurre } from "~/server/flurre/answer.server";
import { loadFlurreCorpus } from "~/server/flurre/corpus.server";
import { getLoadContext } from "~/server/platform/context.server";
import { SELF, seedDemo } from "./public-helpers";

const noop = { waitUntil: () => {}, passThroughOnException: () => {} };
const context = () => getLoadContext(env, noop);
const ask = (question: string) => askFlurre(context(), { question, page: null, record: false });
const said = async (question: string) => (await ask(question)).paragraphs.join(" ");

beforeAll(() => seedDemo());

describe("Flurre with no card on sale", () => {
  it("does not claim the business sells cards", async () => {
    for (const q of ["säljer ni presentkort?", "hur funkar klippkort?", "vad kostar klippkortet?", "har ni 5-kort?"]) {
      expect((await ask(q)).kind, q).toBe("fallback");
    }
  });
});

describe("Flurre with cards in card_products", () => {
  beforeAll(async () => {
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO card_products (kind, name, uses, price_sek, session_types_json, validity_months) VALUES ('klippkort', '5-kort valpkurs', 5, 1345, '["VALPKURS"]', 6)`,
      ),
      env.DB.prepare(`INSERT INTO card_products (kind, name, amounts_json, validity_months, hidden) VALUES ('presentkort', 'Julklappskort', '[300]', 12, 1)`),
    ]);
  });

  it("reads the products on sale, not the hidden ones", async () => {
    const corpus = await loadFlurreCorpus(context(), new Date());
    expect(corpus.cards?.map((c) => c.name)).toEqual(["5-kort valpkurs"]);
  });

  it("answers what the klippkort costs with its price in D1, its uses and validity, and the link to buy", async () => {
    const price = await env.DB.prepare("SELECT price_sek FROM card_products WHERE name = '5-kort valpkurs'").first<number>("price_sek");
    const answer = await ask("vad kostar klippkortet?");
    expect(answer.kind).toBe("answer");
    expect(answer.paragraphs.join(" ")).toContain(`5-kort valpkurs (5 pass för ${formatKr(price!)}, gäller 6 månader)`);
    expect(answer.links.map((l) => l.href)).toContain(CARD_SHOP_PATH);
  });

  it("says how a card is used and that its use comes back when the business cancels", async () => {
    const text = await said("hur funkar klippkort?");
    expect(text).toContain("Vi säljer klippkort:");
    expect(text).toContain("koden skriver du in i bokningsformuläret när du bokar ett pass");
    expect(text).toContain("kommer klippet tillbaka på kortet");
  });

  it("never names a hidden product, and sells no presentkort when none is on sale", async () => {
    for (const q of ["hur funkar klippkort?", "vad kostar klippkortet?", "har ni julklappskort?", "säljer ni presentkort?"]) {
      expect(await said(q), q).not.toContain("Julklappskort");
    }
    expect((await ask("säljer ni presentkort?")).kind).toBe("fallback");
    expect((await ask("har ni julklappskort?")).kind).toBe("fallback");
  });

  it("answers through POST /flurre/svar from the same products", async () => {
    const res = await SELF.fetch("http://localhost/flurre/svar", {
      method: "POST",
      body: new URLSearchParams({ fraga: "har ni 5-kort?", sida: "/" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", "CF-Connecting-IP": "198.51.100.201" },
    });
    expect(res.status).toBe(200);
    const { answer } = await res.json<{ answer: FlurreAnswer }>();
    expect(answer.paragraphs.join(" ")).toContain(`det kostar ${formatKr(1345)} och gäller i 6 månader`);
    expect(answer.links.map((l) => l.href)).toContain(CARD_SHOP_PATH);
  });

  it("stops answering about cards once none is on sale", async () => {
    await env.DB.prepare("UPDATE card_products SET hidden = 1").run();
    expect((await ask("vad kostar klippkortet?")).kind).toBe("fallback");
  });
});
