import { describe, it, expect } from "vitest";
import { displayPriceSek, formatKr, showPriceInList, variantPrice } from "../../app/domain/price";

describe("displayPriceSek", () => {
  it("shows the cheapest variant, 495, for a session whose type asks for a variant, stored with price 0", () => {
    expect(displayPriceSek({ bookingAsk: "variant", priceSek: 0 })).toBe(495);
  });

  it("shows the stored price of a session asking for a variant when it is not 0", () => {
    expect(displayPriceSek({ bookingAsk: "variant", priceSek: 650 })).toBe(650);
  });

  it("shows price_sek for a session asking anything else or nothing, including 0", () => {
    expect(displayPriceSek({ bookingAsk: null, priceSek: 249 })).toBe(249);
    expect(displayPriceSek({ bookingAsk: null, priceSek: 0 })).toBe(0);
    expect(displayPriceSek({ bookingAsk: "meeting_type", priceSek: 0 })).toBe(0);
    expect(displayPriceSek({ priceSek: 0 })).toBe(0);
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
