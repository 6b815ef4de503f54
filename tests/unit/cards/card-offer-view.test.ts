// The list of cards on the start page and /boka: what each product is, its
// price or amounts and validity in the site's words, a heading, lead and
// link that follow the kinds listed, and nothing when no product is shown.
import { describe, expect, it } from "vitest";
import { cardOffersView, cardOfferView } from "../../../app/domain/cards/card-offer-view";
import { CARD_SHOP_PATH } from "../../../app/domain/cards/card-shop-texts";
import { klippkortTerms, presentkortTerms } from "./product-terms";

const klipp = klippkortTerms({ id: 1 });
const gift = presentkortTerms({ id: 2 });

describe("cardOfferView", () => {
  it("says a klippkort's uses, price, validity and session types", () => {
    expect(cardOfferView(klipp)).toEqual({
      id: 1,
      name: "5-kort valpkurs",
      kindLine: "Klippkort, 5 pass",
      facts: [
        { label: "Pris", value: "1\u00A0195 kr" },
        { label: "Gäller", value: "12 månader" },
        { label: "För", value: "VALPKURS eller NOSARBETE" },
      ],
    });
  });

  it("leaves out the kind when the name says it", () => {
    expect(cardOfferView(gift).kindLine).toBeNull();
    expect(cardOfferView({ ...gift, name: "Presentkort till en vän" }).kindLine).toBe("Presentkort");
  });

  it("says a presentkort's amounts, or from its least when the buyer may choose", () => {
    expect(cardOfferView(gift).facts).toEqual([
      { label: "Belopp", value: "200, 500 eller 1\u00A0000 kr" },
      { label: "Gäller", value: "24 månader" },
    ]);
    expect(cardOfferView({ ...gift, amounts: [500], freeMinSek: 100, freeMaxSek: 5000 }).facts[0]).toEqual({ label: "Belopp", value: "från 100 kr" });
    expect(cardOfferView({ ...gift, amounts: [], freeMinSek: 300, freeMaxSek: 5000 }).facts[0]).toEqual({ label: "Belopp", value: "från 300 kr" });
    expect(cardOfferView({ ...klipp, uses: 1, validityMonths: 1 })).toMatchObject({ kindLine: "Klippkort, 1 pass", facts: [{}, { value: "1 månad" }, {}] });
  });
});

describe("cardOffersView", () => {
  it("is nothing when no product is shown", () => {
    expect(cardOffersView([])).toBeNull();
  });

  it("names the kinds it lists in its heading and link, which leads to where cards are bought", () => {
    expect(cardOffersView([klipp])).toMatchObject({ heading: "Klippkort", link: { label: "Köp klippkort", href: CARD_SHOP_PATH } });
    expect(cardOffersView([gift])).toMatchObject({ heading: "Presentkort", link: { label: "Köp presentkort" } });
    const both = cardOffersView([klipp, gift]);
    expect(both).toMatchObject({ heading: "Klippkort och presentkort", link: { label: "Köp klippkort eller presentkort" } });
    expect(both?.offers.map((o) => o.name)).toEqual(["5-kort valpkurs", "Presentkort"]);
  });
});
