// Card products as the domain reads them (CardProductTerms), for the unit
// tests: a 5-use klippkort at 1 195 kr valid 12 months, and a presentkort of
// 200, 500 or 1 000 kr valid 24 months, with an `id` where the code reads
// one; each test changes what it is about.
import type { CardProductTerms } from "../../../app/domain/cards/card-terms";

export function klippkortTerms<T extends Partial<CardProductTerms> & { id?: number }>(changes: T = {} as T): CardProductTerms & T {
  return {
    kind: "klippkort",
    name: "5-kort valpkurs",
    uses: 5,
    priceSek: 1195,
    sessionTypes: ["VALPKURS", "NOSARBETE"],
    amounts: [],
    freeMinSek: null,
    freeMaxSek: null,
    validityMonths: 12,
    ...changes,
  };
}

export function presentkortTerms<T extends Partial<CardProductTerms> & { id?: number }>(changes: T = {} as T): CardProductTerms & T {
  return {
    kind: "presentkort",
    name: "Presentkort",
    uses: null,
    priceSek: null,
    sessionTypes: [],
    amounts: [200, 500, 1000],
    freeMinSek: null,
    freeMaxSek: null,
    validityMonths: 24,
    ...changes,
  };
}
