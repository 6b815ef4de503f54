import { describe, expect, it } from "vitest";
import { composeAnswer, MIN_COVERAGE } from "../../../app/domain/flurre/compose";
import { boundedEditDistance } from "../../../app/domain/flurre/normalise";
import { buildIndex, analyzeQuestion, mendSlips, rankPassages } from "../../../app/domain/flurre/rank";
import { demoPassages } from "./demo-passages";

const now = new Date("2026-11-23T10:00:00Z");
const passages = demoPassages(now);
const index = buildIndex(passages);
const resolved = (question: string) => analyzeQuestion(question, index).map((q) => [q.word, q.terms] as const);

describe("resolving a question's words against the passages", () => {
  it("finds the definite and plural forms of a word the texts use", () => {
    expect(resolved("valpkursen")[0]![1][0]).toBe("valpkur");
    expect(resolved("VALPKURSER")[0]![1][0]).toBe("valpkur");
    expect(resolved("platserna")[0]![1]).toEqual(["plat"]);
  });

  it("splits a compound the texts do not use whole into words they do", () => {
    expect(resolved("inomhusträning")[0]![1]).toEqual(["inomhus", "träning"]);
  });

  it("forgives a typo in a long word and a missing ring or dots", () => {
    expect(resolved("promendträning")[0]![1]).toEqual(["promenadträning"]);
    expect(resolved("Bronsangen")[0]![1]).toEqual(["bronsäng"]);
    expect(resolved("Gavle")[0]![1]).toEqual(["gävl"]);
  });

  it("forgives two neighbouring letters swapped in a long word, and a letter typed twice or once too few at any length", () => {
    expect(resolved("tränign")[0]![1]).toEqual(["träning"]);
    expect(resolved("kosstar")[0]![1]).toEqual(resolved("kostar")[0]![1]);
    expect(resolved("kosstar")[0]![1]).not.toEqual([]);
    expect(resolved("hundhalen")[0]![1][0]).toBe(resolved("hundhallen")[0]![1][0]);
  });

  it("does not double a letter of a short word into another ('hal' is not 'hall')", () => {
    expect(resolved("hal")[0]![1]).toEqual([]);
    expect(resolved("kontoret")[0]![1]).not.toContain("konto");
  });

  it("does not take a short unknown word for a known one ('säljer' is not 'välj', 'lever' is not 'led')", () => {
    expect(resolved("säljer")[0]![1]).toEqual([]);
    expect(resolved("lever")[0]![1]).toEqual([]);
  });

  it("keeps 'Flurre' only when the question is about him", () => {
    expect(resolved("Hej Flurre, vad kostar VALPKURS?").map(([w]) => w)).toEqual(["kostar", "valpkurs"]);
    expect(resolved("Berätta om Flurre").map(([w]) => w)).toEqual(["flurre"]);
  });

  it("reads 'Flurre' after other words as what the question is about, not as calling him", () => {
    expect(resolved("hej flurre vad kostar valpkurs").map(([w]) => w)).toEqual(["kostar", "valpkurs"]);
    expect(resolved("vad gör flurre om han inte kan svara").map(([w]) => w)).toContain("flurre");
  });
});

describe("coverage", () => {
  it("is high when the site knows the question's words and low when it does not", () => {
    expect(rankPassages(passages, "Var ligger Bronsängen?").coverage).toBe(1);
    expect(rankPassages(passages, "Kan ni rekommendera en veterinär i Gävle?").coverage).toBeLessThan(MIN_COVERAGE);
  });

  it("falls back below the threshold even when some passage matches a word", () => {
    const ranking = rankPassages(passages, "Kan ni rekommendera en veterinär i Gävle?");
    expect(ranking.results.length).toBeGreaterThan(0);
    expect(composeAnswer(ranking, passages).answer.kind).toBe("fallback");
  });
});

describe("ranking", () => {
  it("puts the passage of the kind the question asks for first", () => {
    expect(rankPassages(passages, "Var ligger Regementsparken?").results[0]!.passage.id).toBe("place:2");
    expect(rankPassages(passages, "Vad kostar VALPKURS?").results[0]!.passage.id).toBe("type:VALPKURS");
    expect(rankPassages(passages, "Kan jag avboka?").results[0]!.passage.id).toBe("rule:binding");
  });

  it("lifts the session of the page the question was asked from", () => {
    const ranking = rankPassages(passages, "Vad behöver jag veta om VALPKURS?", { page: "/session/14" });
    expect(ranking.results[0]!.passage.id).toBe("session:14");
  });

  it("is case-insensitive", () => {
    const lower = rankPassages(passages, "var ligger regementsparken").results.map((r) => r.passage.id);
    const upper = rankPassages(passages, "VAR LIGGER REGEMENTSPARKEN").results.map((r) => r.passage.id);
    expect(upper).toEqual(lower);
  });
});

describe("mendSlips", () => {
  it("writes a lexicon word typed with two letters swapped or one doubled as the lexicon has it, keeping its ending", () => {
    expect(mendSlips("vad kostar en privatlektoin", index)).toBe("vad kostar en privatlektion");
    expect(mendSlips("privatlektoinen", index)).toBe("privatlektionen");
    expect(mendSlips("privatlekttion", index)).toBe("privatlektion");
  });

  it("mends a word that says what is asked the same way ('kosstar': 'kostar')", () => {
    expect(mendSlips("vad kosstar valpkursen", index)).toBe("vad kostar valpkursen");
  });

  it("leaves a word one changed or missing letter from a lexicon word as typed: that is often another word ('betalar', not 'betalat')", () => {
    expect(mendSlips("när man betalar", index)).toBe("när man betalar");
    expect(mendSlips("privatlekton", index)).toBe("privatlekton");
  });
});

describe("boundedEditDistance", () => {
  it("counts edits and stops early past the bound", () => {
    expect(boundedEditDistance("koppel", "kopplet", 2)).toBe(2);
    expect(boundedEditDistance("hund", "hund", 1)).toBe(0);
    expect(boundedEditDistance("valpkurs", "vardagslydnad", 2)).toBe(3);
  });

  it("counts two neighbouring letters typed the wrong way round as one edit", () => {
    expect(boundedEditDistance("lektoin", "lektion", 1)).toBe(1);
    expect(boundedEditDistance("hundhlalen", "hundhallen", 1)).toBe(1);
    expect(boundedEditDistance("ab", "ba", 1)).toBe(1);
    expect(boundedEditDistance("abc", "cba", 1)).toBe(2);
  });
});
