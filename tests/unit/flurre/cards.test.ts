// Flurre on the klippkort and presentkort on sale, from the products as
// D1 holds them: that the business sells them, what each costs, its uses
// and validity, how a card is used and that its use comes back when the
// business cancels, with a link to where cards are bought. Without a
// product on sale Flurre says nothing of cards, and a question that does not
// name the cards ('kan jag betala med kort', 'passet blev kortare') is not
// answered from them.
import { describe, expect, it } from "vitest";
import { CARD_SHOP_PATH } from "../../../app/domain/cards/card-shop-texts";
import { buildPassages, CARDS_ID, type FlurreCardInput } from "../../../app/domain/flurre/passages";
import { runPipeline } from "../../../app/domain/flurre/pipeline";
import { formatKr } from "../../../app/domain/price";
import { demoCorpus, demoKnowledge, vocabularyRows } from "./demo-passages";
import { klippkortTerms, presentkortTerms } from "../cards/product-terms";

const now = new Date("2026-11-23T10:00:00Z");
const KLIPP: FlurreCardInput = klippkortTerms({ id: 7, sessionTypes: ["VALPKURS"] });
const GIFT: FlurreCardInput = presentkortTerms({ id: 8 });

function asker(cards: readonly FlurreCardInput[]) {
  const knowledge = demoKnowledge(now, (c) => ({ ...c, cards }));
  return (question: string) => runPipeline(question, knowledge, { now }).composed.answer;
}

const withCards = asker([KLIPP, GIFT]);
const noCards = asker([]);
const text = (answer: ReturnType<typeof withCards>) => answer.paragraphs.join(" ");

describe("the passages on the cards on sale", () => {
  it("are one on them all and one per product, with their prices as facts and the link to buy", () => {
    const cards = buildPassages({ ...demoCorpus(now), cards: [KLIPP, GIFT] }).filter((p) => p.kind === "card");
    expect(cards.map((p) => p.id)).toEqual([CARDS_ID, "card:7", "card:8"]);
    expect(cards[0]!.facts).toEqual(["price:1195", "price:200", "price:500", "price:1000"]);
    for (const p of cards) expect(p.links[0]!.href).toBe(CARD_SHOP_PATH);
    expect(cards[1]!.text).toBe(
      `5-kort valpkurs är ett klippkort med 5 pass för VALPKURS: det kostar ${formatKr(1195)} och gäller i 12 månader från köpet. ` +
        "Koden från mejlet skriver du in i bokningsformuläret när du bokar ett pass. Ställer vi in passet eller avbokar dig kommer klippet tillbaka på kortet.",
    );
    expect(cards[2]!.text).toBe(
      `Presentkort är ett presentkort på 200, 500 eller ${formatKr(1000)} att använda på våra pass: det gäller i 24 månader från köpet. ` +
        "Koden från mejlet skriver du in i bokningsformuläret när du bokar ett pass. Ställer vi in passet eller avbokar dig kommer beloppet tillbaka på kortet.",
    );
  });

  it("are none without a product on sale", () => {
    expect(buildPassages({ ...demoCorpus(now), cards: [] }).some((p) => p.kind === "card")).toBe(false);
    expect(buildPassages(demoCorpus(now)).some((p) => p.kind === "card")).toBe(false);
  });

});

describe("Flurre's answer about cards", () => {
  it("says the business sells them, how one is used and that its use comes back, with the link to buy", () => {
    const answer = withCards("säljer ni presentkort?");
    expect(answer.kind).toBe("answer");
    expect(text(answer)).toContain("Vi säljer klippkort och presentkort");
    expect(text(answer)).toContain("bokningsformuläret");
    expect(text(answer)).toContain("tillbaka på kortet");
    expect(text(answer)).toContain(`Presentkort (200, 500 eller 1${"\u00A0"}000 kr, gäller 24 månader)`);
    expect(answer.links.map((l) => l.href)).toContain(CARD_SHOP_PATH);
  });

  it("answers what a klippkort costs with its price, uses and validity from the product", () => {
    for (const q of ["vad kostar klippkortet?", "hur funkar klippkort?"]) {
      const answer = withCards(q);
      expect(text(answer)).toContain(`5-kort valpkurs (5 pass för ${formatKr(1195)}, gäller 12 månader)`);
      expect(answer.links.map((l) => l.href)).toContain(CARD_SHOP_PATH);
    }
  });

  it("answers a product asked by its name", () => {
    const answer = withCards("har ni 5-kort?");
    expect(text(answer)).toContain(`Här är det viktigaste om 5-kort valpkurs`);
    expect(text(answer)).toContain(`det kostar ${formatKr(1195)} och gäller i 12 månader`);
  });

  it("says only what is on sale: another price, a product changed", () => {
    const cheaper = asker([{ ...KLIPP, priceSek: 995, uses: 10, name: "10-kort" }]);
    const answer = text(cheaper("vad kostar klippkortet?"));
    expect(answer).toContain(`10-kort (10 pass för 995 kr, gäller 12 månader)`);
    expect(answer).not.toContain("1\u00A0195");
    expect(answer).toContain("Vi säljer klippkort:");
  });

  it("does not claim the business sells cards when none is on sale", () => {
    for (const q of ["säljer ni presentkort?", "hur funkar klippkort?", "vad kostar klippkortet?", "har ni 5-kort?", "presentkort?"]) {
      expect(noCards(q).kind, q).toBe("fallback");
    }
  });

  it("does not answer from the cards what does not name them", () => {
    for (const q of ["kan jag betala med kort", "passet blev kortare", "kort?", "säljer ni koppel"]) expect(withCards(q).kind, q).toBe("fallback");
    // Only a klippkort on sale: a presentkort is not asked of it.
    expect(asker([KLIPP])("har ni presentkort").kind).toBe("fallback");
    expect(text(withCards("vad kostar valpkursen?"))).toMatch(/^Voff! VALPKURS kostar 249 kr per pass\./);
  });
});

describe("the declared pipeline on cards", () => {
  const knowledge = demoKnowledge(now, (c) => ({ ...c, cards: [KLIPP, GIFT] }));
  const pipe = (question: string, k = knowledge) => {
    const { answered, composed } = runPipeline(question, k, { now });
    return answered ? composed.answer.paragraphs.join(" ") : null;
  };

  it("reads 'säljer' and 'köpa' as asking to buy (migration 0032), no longer as what the site never speaks of", () => {
    const rows = vocabularyRows().filter((r) => r.kind === "topic" && ["säljer", "köpa", "köper", "sälja"].includes(r.word));
    expect(rows.map((r) => [r.word, r.value]).sort()).toEqual([["köpa", "buy"], ["köper", "buy"], ["sälja", "buy"], ["säljer", "buy"]]);
  });

  it("answers from the cards on sale, with their prices", () => {
    for (const q of ["säljer ni presentkort?", "kan man köpa ett klippkort", "vad kostar klippkortet?"]) {
      expect(pipe(q), q).toContain(`5-kort valpkurs (5 pass för ${formatKr(1195)}, gäller 12 månader)`);
    }
    // A product asked by its name alone, by its own text.
    expect(pipe("har ni 5-kort?")).toContain(`det kostar ${formatKr(1195)} och gäller i 12 månader`);
  });

  it("answers none of it without a product on sale, and nothing the cards do not name", () => {
    const none = demoKnowledge(now);
    for (const q of ["säljer ni presentkort?", "kan man köpa ett klippkort", "vad kostar klippkortet?"]) expect(pipe(q, none), q).toBeNull();
    for (const q of ["säljer ni koppel", "kan jag betala med kort"]) expect(pipe(q), q).toBeNull();
    // What it costs, nothing named, is the sessions' prices, not the cards'.
    expect(runPipeline("vad kostar det?", knowledge, { now }).composed?.passages.some((p) => p.kind === "card")).toBe(false);
  });
});
