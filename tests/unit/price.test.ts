import { describe, it, expect } from "vitest";
import { displayPriceSek, formatKr, showPriceInList, variantPrice } from "../../app/domain/price";

describe("displayPriceSek", () => {
  it("shows 495 for the session titled 'PRIVAT & PROFFS' stored with price 0", () => {
    expect(displayPriceSek({ title: "PRIVAT & PROFFS", priceSek: 0 })).toBe(495);
  });

  it("shows the stored price of 'PRIVAT & PROFFS' when it is not 0", () => {
    expect(displayPriceSek({ title: "PRIVAT & PROFFS", priceSek: 650 })).toBe(650);
  });

  it("shows price_sek for any other title, including 0", () => {
    expect(displayPriceSek({ title: "VALPKURS", priceSek: 249 })).toBe(249);
    expect(displayPriceSek({ title: "VALPKURS", priceSek: 0 })).toBe(0);
    expect(displayPriceSek({ title: "PRIVAT", priceSek: 0 })).toBe(0);
  });
});

describe("variantPrice", () => {
  it("prices the privat variant at 495 and the proffs variant at 595", () => {
    expect(variantPrice("privat")).toBe(495);
    expect(variantPrice("proffs")).toBe(595);
  });
});

describe("formatKr", () => {
  it("writes the amount followed by ' kr'", () => {
    expect(formatKr(249)).toBe("249 kr");
    expect(formatKr(0)).toBe("0 kr");
  });

  it("splits thousands with a non-breaking space", () => {
    expect(formatKr(1495)).toBe("1\u00A0495 kr");
    expect(formatKr(12000)).toBe("12\u00A0000 kr");
    expect(formatKr(1234567)).toBe("1\u00A0234\u00A0567 kr");
  });

  it("rounds to whole kronor", () => {
    expect(formatKr(249.6)).toBe("250 kr");
  });
});

describe("showPriceInList", () => {
  it("shows a price only when it is above 0", () => {
    expect(showPriceInList(1)).toBe(true);
    expect(showPriceInList(249)).toBe(true);
    expect(showPriceInList(0)).toBe(false);
    expect(showPriceInList(-5)).toBe(false);
  });
});
