// A card's code: drawn from crypto.getRandomValues over an alphabet without
// lookalikes, long enough that the part staff never see still carries 50
// bits, shown in groups of four, and read back from whatever someone types.
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  CARD_CODE_ALPHABET,
  CARD_CODE_BITS,
  CARD_CODE_HIDDEN_BITS,
  CARD_CODE_LENGTH,
  cardCodeLast4,
  formatCardCode,
  generateCardCode,
  parseCardCode,
} from "../../../app/domain/cards/card-code";
import { CARD_CODE_PROBLEMS } from "../../../app/domain/cards/card-code-field";

afterEach(() => vi.restoreAllMocks());

describe("the code alphabet", () => {
  it("has no 0, O, 1, I or L, and no character twice", () => {
    for (const lookalike of ["0", "O", "1", "I", "L"]) expect(CARD_CODE_ALPHABET).not.toContain(lookalike);
    expect(new Set(CARD_CODE_ALPHABET).size).toBe(CARD_CODE_ALPHABET.length);
    expect(CARD_CODE_ALPHABET).toMatch(/^[A-Z2-9]+$/);
    expect(CARD_CODE_ALPHABET.length).toBe(31);
  });

  it("gives a code of at least 50 bits, and at least 50 in the part staff never see", () => {
    expect(CARD_CODE_BITS).toBeGreaterThanOrEqual(50);
    expect(CARD_CODE_HIDDEN_BITS).toBeGreaterThanOrEqual(50);
    expect(CARD_CODE_HIDDEN_BITS).toBeCloseTo((CARD_CODE_LENGTH - 4) * Math.log2(31), 6);
  });
});

describe("generateCardCode", () => {
  it("draws its characters with crypto.getRandomValues", () => {
    const spy = vi.spyOn(crypto, "getRandomValues");
    const code = generateCardCode();
    expect(spy).toHaveBeenCalled();
    expect(code).toHaveLength(CARD_CODE_LENGTH);
    expect([...code].every((c) => CARD_CODE_ALPHABET.includes(c))).toBe(true);
  });

  it("draws again for a byte that would favour the alphabet's first characters", () => {
    // 248–255 would map onto the first 8 characters a second time: skipped.
    const bytes = [255, 248, 0, 30, 31, ...Array.from({ length: 40 }, (_, i) => i)];
    const code = generateCardCode((n) => Uint8Array.from(bytes.splice(0, n)));
    expect(code.slice(0, 3)).toBe(`${CARD_CODE_ALPHABET[0]}${CARD_CODE_ALPHABET[30]}${CARD_CODE_ALPHABET[0]}`);
  });

  it("uses every character, about equally often", () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2_000; i++) for (const c of generateCardCode()) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(CARD_CODE_ALPHABET.length);
    const expected = (2_000 * CARD_CODE_LENGTH) / CARD_CODE_ALPHABET.length;
    for (const n of counts.values()) expect(Math.abs(n - expected) / expected).toBeLessThan(0.15);
  });

  it("gives a different code each time", () => {
    const codes = new Set(Array.from({ length: 1_000 }, () => generateCardCode()));
    expect(codes.size).toBe(1_000);
  });
});

describe("formatCardCode and cardCodeLast4", () => {
  it("shows the code in groups of four, and staff its last four characters", () => {
    expect(formatCardCode("ABCDEFGHJKMNPQRS")).toBe("ABCD-EFGH-JKMN-PQRS");
    expect(cardCodeLast4("ABCDEFGHJKMNPQRS")).toBe("PQRS");
  });
});

describe("parseCardCode", () => {
  it.each([
    ["ABCD-EFGH-JKMN-PQRS"],
    ["abcd-efgh-jkmn-pqrs"],
    ["ABCDEFGHJKMNPQRS"],
    ["  abcd efgh jkmn pqrs "],
    ["ABCD–EFGH—JKMN‑PQRS"],
    ["abcd.efgh.jkmn.pqrs"],
    ["ＡＢＣＤ-ＥＦＧＨ-ＪＫＭＮ-ＰＱＲＳ"],
  ])("reads %j as the code", (typed) => {
    expect(parseCardCode(typed)).toEqual({ ok: true, code: "ABCDEFGHJKMNPQRS" });
  });

  it("reads back every code it formats", () => {
    for (let i = 0; i < 100; i++) {
      const code = generateCardCode();
      expect(parseCardCode(formatCardCode(code).toLowerCase())).toEqual({ ok: true, code });
    }
  });

  it.each([
    ["", "empty"],
    ["  - ", "empty"],
    ["ABCD-EFGH-JKMN", "length"],
    ["ABCD-EFGH-JKMN-PQRST", "length"],
    ["ABCD-EFGH-JKMN-PQR0", "lookalike"],
    ["ABCD-EFGH-JKMN-PQRO", "lookalike"],
    ["abcd-efgh-jkmn-pqr1", "lookalike"],
    ["ABCD-EFGH-JKMN-PQRI", "lookalike"],
    ["abcd-efgh-jkmn-pqrl", "lookalike"],
    ["ABCD-EFGH-JKMN-PQR?", "character"],
    ["ÅBCD-EFGH-JKMN-PQRS", "character"],
  ] as const)("refuses %j (%s), never reading it as another character", (typed, problem) => {
    expect(parseCardCode(typed)).toEqual({ ok: false, problem });
  });

  it("has a Swedish message for every problem", () => {
    for (const message of Object.values(CARD_CODE_PROBLEMS)) expect(message).toMatch(/[a-zåäö]/);
    expect(CARD_CODE_PROBLEMS.lookalike).toBe("Koderna har aldrig 0, O, 1, I eller L. Kontrollera tecknet och skriv igen.");
  });
});
