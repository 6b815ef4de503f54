// What a sale gives and how long a card lasts: a klippkort's price and uses,
// a presentkort's amount within what the product offers, the last valid day
// in Stockholm (month ends and summer time included), and a card's state.
import { describe, expect, it } from "vitest";
import { cardExpiry, cardLastDay, cardRefundProblem, cardState, saleAmount, type CardProductTerms } from "../../../app/domain/cards/card-terms";
import { amountList, cardBalanceText, cardPaidText, cardProductSummary, ledgerDeltaText } from "../../../app/domain/cards/card-texts";
import { klippkortTerms, presentkortTerms } from "./product-terms";

const klipp: CardProductTerms = klippkortTerms({ name: "5-kort" });
const gift: CardProductTerms = presentkortTerms({ freeMinSek: 100, freeMaxSek: 5000 });

describe("saleAmount", () => {
  it("sells a klippkort at its price with its uses, whatever amount was typed", () => {
    expect(saleAmount(klipp, 50)).toEqual({ ok: true, paidSek: 1195, usesLeft: 5, balanceSek: null });
  });

  it("puts a presentkort's amount on it: an amount offered, or a free one within the limits", () => {
    expect(saleAmount(gift, 500)).toEqual({ ok: true, paidSek: 500, usesLeft: null, balanceSek: 500 });
    expect(saleAmount(gift, 750)).toEqual({ ok: true, paidSek: 750, usesLeft: null, balanceSek: 750 });
    expect(saleAmount(gift, 5000)).toMatchObject({ ok: true, balanceSek: 5000 });
  });

  it("refuses a presentkort without an amount, or with one it does not offer", () => {
    expect(saleAmount(gift, undefined)).toEqual({ ok: false, problem: "missing" });
    expect(saleAmount(gift, 50)).toEqual({ ok: false, problem: "not-offered" });
    expect(saleAmount(gift, 5001)).toEqual({ ok: false, problem: "not-offered" });
    expect(saleAmount({ ...gift, freeMinSek: null, freeMaxSek: null }, 750)).toEqual({ ok: false, problem: "not-offered" });
  });
});

describe("cardExpiry", () => {
  it("is valid through the same day months later, ending at the Stockholm midnight after it", () => {
    // 5 December 2026, 10:00 in Stockholm (winter time).
    expect(cardExpiry(new Date("2026-12-05T09:00:00Z"), 12)).toEqual({ lastDay: "2027-12-05", expiresAt: "2027-12-05T23:00:00.000Z" });
    // Ending in summer time: midnight is 22:00 UTC.
    expect(cardExpiry(new Date("2026-12-05T09:00:00Z"), 6)).toEqual({ lastDay: "2027-06-05", expiresAt: "2027-06-05T22:00:00.000Z" });
  });

  it("counts the sale's day in Stockholm, not in UTC", () => {
    // 23:30 UTC on 31 December is already 1 January in Stockholm.
    expect(cardExpiry(new Date("2026-12-31T23:30:00Z"), 12).lastDay).toBe("2028-01-01");
  });

  it("ends on a shorter month's last day", () => {
    expect(cardExpiry(new Date("2027-01-31T12:00:00Z"), 1).lastDay).toBe("2027-02-28");
    expect(cardExpiry(new Date("2027-08-31T12:00:00Z"), 18).lastDay).toBe("2029-02-28");
  });

  it("gives back the last day from the instant", () => {
    const { lastDay, expiresAt } = cardExpiry(new Date("2026-03-29T12:00:00Z"), 24);
    expect(cardLastDay(expiresAt)).toBe(lastDay);
  });
});

describe("cardState", () => {
  const now = new Date("2027-01-10T12:00:00Z");
  const card = { kind: "klippkort" as const, usesLeft: 3, balanceSek: null, expiresAt: "2027-12-05T23:00:00.000Z", voidedAt: null, refundedAt: null };
  it("says active, used, expired, voided or refunded", () => {
    expect(cardState(card, now)).toBe("active");
    expect(cardState({ ...card, usesLeft: 0 }, now)).toBe("used");
    expect(cardState({ ...card, expiresAt: "2027-01-10T12:00:00.000Z" }, now)).toBe("expired");
    expect(cardState({ ...card, voidedAt: "2027-01-01T00:00:00.000Z", usesLeft: 0 }, now)).toBe("voided");
    expect(cardState({ ...card, refundedAt: "2027-01-01T00:00:00.000Z" }, now)).toBe("refunded");
    expect(cardState({ ...card, kind: "presentkort", usesLeft: null, balanceSek: 1 }, now)).toBe("active");
  });
});

describe("cardRefundProblem", () => {
  const now = new Date("2027-01-10T12:00:00Z");
  const card = {
    kind: "klippkort" as const,
    usesLeft: 5,
    balanceSek: null,
    expiresAt: "2027-12-05T23:00:00.000Z",
    voidedAt: null,
    refundedAt: null,
    soldVia: "counter" as const,
  };
  const entry = (kind: "issue" | "use" | "give-back" | "void", usesDelta: number, bookingId: string | null = null) => ({ kind, usesDelta, amountDeltaSek: 0, bookingId });
  const issued = [entry("issue", 5)];

  it("lets an open card sold over the counter with nothing taken off be refunded, a use given back included", () => {
    expect(cardRefundProblem(card, issued, now)).toBeNull();
    expect(cardRefundProblem(card, [...issued, entry("use", -1, "b-1"), entry("give-back", 1, "b-1")], now)).toBeNull();
    const gift = { ...card, kind: "presentkort" as const, usesLeft: null, balanceSek: 500 };
    expect(cardRefundProblem(gift, [{ kind: "issue", usesDelta: 0, amountDeltaSek: 500, bookingId: null }], now)).toBeNull();
  });

  it("refuses a card used (a use not given back, or a balance below what it was issued with)", () => {
    expect(cardRefundProblem({ ...card, usesLeft: 4 }, [...issued, entry("use", -1, "b-1")], now)).toBe("used");
    expect(cardRefundProblem({ ...card, usesLeft: 4 }, [...issued, entry("use", -1, "b-1"), entry("use", -1, "b-2"), entry("give-back", 1, "b-1")], now)).toBe(
      "used",
    );
    expect(cardRefundProblem({ ...card, usesLeft: 4 }, issued, now)).toBe("used");
    expect(cardRefundProblem({ ...card, usesLeft: 0 }, [...issued, ...[1, 2, 3, 4, 5].map((n) => entry("use", -1, `b-${n}`))], now)).toBe("used");
  });

  it("refuses a card that has ended, and one sold online (paid back through Stripe, not by hand)", () => {
    expect(cardRefundProblem({ ...card, voidedAt: "2027-01-01T00:00:00.000Z", usesLeft: 0 }, [...issued, entry("void", -5)], now)).toBe("ended");
    expect(cardRefundProblem({ ...card, refundedAt: "2027-01-01T00:00:00.000Z", usesLeft: 0 }, issued, now)).toBe("ended");
    expect(cardRefundProblem({ ...card, expiresAt: "2027-01-10T12:00:00.000Z" }, issued, now)).toBe("ended");
    expect(cardRefundProblem({ ...card, soldVia: "online" }, issued, now)).toBe("online");
  });
});

describe("the words for cards", () => {
  it("names the card that paid a booking by its kind, a presentkort's kronor and the code's last four", () => {
    expect(cardPaidText({ kind: "klippkort", last4: "ABCD", amountSek: 0 })).toBe("Klippkort (…ABCD)");
    expect(cardPaidText({ kind: "presentkort", last4: "WXYZ", amountSek: 200 })).toBe("Presentkort 200 kr (…WXYZ)");
  });

  it("lists amounts, balances and changes in Swedish", () => {
    expect(amountList([200, 500, 1000])).toBe("200, 500 eller 1\u00A0000 kr");
    expect(amountList([300])).toBe("300 kr");
    expect(cardBalanceText("klippkort", 1, null)).toBe("1 klipp kvar");
    expect(cardBalanceText("presentkort", null, 450)).toBe("450 kr kvar");
    expect(ledgerDeltaText("klippkort", 5, 0)).toBe("+5 klipp");
    expect(ledgerDeltaText("klippkort", -1, 0)).toBe("−1 klipp");
    expect(ledgerDeltaText("presentkort", 0, -500)).toBe("−500 kr");
  });

  it("sums a product up in one line", () => {
    expect(cardProductSummary(klipp)).toBe("5 pass · 1\u00A0195 kr · gäller 12 månader · VALPKURS, NOSARBETE");
    expect(cardProductSummary(gift)).toBe("200, 500 eller 1\u00A0000 kr · eget belopp 100–5\u00A0000 kr · gäller 24 månader");
  });
});
