// Whether a card pays a booking, and how much: a klippkort valid for the
// session's type pays the whole booking with one use; a presentkort pays up
// to its balance; an ended, expired or used-up card, a klippkort for another
// type and a free session are refused. And the lines the page and mails show.
import { describe, expect, it } from "vitest";
import { cardBackLine, cardUseFor, cardUsedLine, type CardAtBooking } from "../../../app/domain/cards/card-use";

const now = new Date("2026-05-10T10:00:00Z");
const klipp: CardAtBooking = {
  id: 7,
  kind: "klippkort",
  usesLeft: 3,
  balanceSek: null,
  expiresAt: "2026-09-01T22:00:00.000Z",
  voidedAt: null,
  refundedAt: null,
  sessionTypesJson: '["VALPKURS","NOSARBETE"]',
};
const gift: CardAtBooking = { ...klipp, id: 8, kind: "presentkort", usesLeft: null, balanceSek: 200, sessionTypesJson: null };
const booking = { priceSek: 300, typeNames: ["VALPKURS"] };

describe("cardUseFor", () => {
  it("a klippkort valid for the type pays the whole booking with one use", () => {
    expect(cardUseFor(klipp, booking, now)).toEqual({
      ok: true,
      spend: { cardId: 7, kind: "klippkort", uses: 1, amountSek: 300, balanceBefore: null },
      restSek: 0,
    });
  });

  it("compares the type without regard to case or spaces", () => {
    expect(cardUseFor(klipp, { priceSek: 300, typeNames: [" nosarbete "] }, now).ok).toBe(true);
  });

  it("a presentkort pays up to its balance, the rest is left to pay", () => {
    expect(cardUseFor(gift, booking, now)).toEqual({
      ok: true,
      spend: { cardId: 8, kind: "presentkort", uses: 0, amountSek: 200, balanceBefore: 200 },
      restSek: 100,
    });
    expect(cardUseFor({ ...gift, balanceSek: 500 }, booking, now)).toMatchObject({ ok: true, spend: { amountSek: 300, balanceBefore: 500 }, restSek: 0 });
  });

  it.each([
    ["voided", { ...klipp, voidedAt: "2026-05-01T00:00:00Z" }, booking, "voided"],
    ["refunded", { ...gift, refundedAt: "2026-05-01T00:00:00Z" }, booking, "voided"],
    ["expired", { ...klipp, expiresAt: now.toISOString() }, booking, "expired"],
    ["for another type", klipp, { priceSek: 300, typeNames: ["AGILITY"] }, "wrong-type"],
    ["used up (klippkort)", { ...klipp, usesLeft: 0 }, booking, "used"],
    ["used up (presentkort)", { ...gift, balanceSek: 0 }, booking, "used"],
    ["on a free session", gift, { priceSek: 0, typeNames: ["VALPKURS"] }, "free"],
  ] as const)("refuses a card %s", (_what, card, on, problem) => {
    expect(cardUseFor(card, on, now)).toEqual({ ok: false, problem });
  });
});

describe("the lines a booking paid with a card shows", () => {
  it("says what was used and what is left", () => {
    expect(cardUsedLine({ kind: "klippkort", amountSek: 300 }, 2)).toBe("1 klipp använt, 2 kvar");
    expect(cardUsedLine({ kind: "presentkort", amountSek: 1200 }, 150)).toBe("1\u00A0200 kr från presentkortet, 150 kr kvar");
  });

  it("says what came back with a cancellation", () => {
    expect(cardBackLine({ kind: "klippkort", amountSek: 0 }, 3)).toBe("Klippet är tillbaka på ditt kort, 3 kvar.");
    expect(cardBackLine({ kind: "presentkort", amountSek: 200 }, 200)).toBe("200 kr är tillbaka på ditt presentkort.");
  });
});
