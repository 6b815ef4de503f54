import { describe, expect, it } from "vitest";
import {
  checkFacts,
  dateFact,
  emailFact,
  extractClaims,
  phoneFact,
  priceFact,
  seatsFact,
  timeFact,
} from "../../../app/domain/flurre/fact-check";
import { readFaqLinks } from "../../../app/domain/flurre-faq-links";
import { buildPassages } from "../../../app/domain/flurre/passages";
import { demoCorpus, demoPassages } from "./demo-passages";

const kinds = (text: string) => extractClaims(text).map((c) => c.kind);

describe("reading claims", () => {
  it("reads e-mail addresses and Swedish phone numbers however they are spaced, and nothing else in them", () => {
    const claims = extractClaims(
      "Mejla info@hundpass.se eller ring 070-174 06 50, +46 70 174 06 50 eller 026-12 34 56. Kl. 18:00, 249 kr.",
    );
    expect(claims.map((c) => c.kind)).toEqual(["email", "phone", "phone", "phone", "time", "price"]);
    expect(phoneFact("070-174 06 50")).toBe(phoneFact("+46 70 174 06 50"));
    expect(phoneFact("0046 70 174 06 50")).toBe("phone:0701740650");
    // The trunk 0 some write in brackets after the country code: the same number.
    expect(phoneFact("+46 (0)70 174 06 50")).toBe("phone:0701740650");
    expect(phoneFact("0046 (0)70-174 06 50")).toBe("phone:0701740650");
  });

  it("refuses an e-mail address or phone number the passages do not state", () => {
    const allowed = { facts: [emailFact("info@hundpass.se"), phoneFact("070-174 06 50")], links: [] };
    expect(checkFacts("Mejla info@hundpass.se eller ring +46 70 174 06 50.", allowed)).toEqual({ ok: true });
    const madeUp = checkFacts("Mejla linnea@hundpass.se eller ring 070-123 45 67.", allowed);
    expect(madeUp.ok).toBe(false);
    if (!madeUp.ok) expect(madeUp.unsupported.map((c) => c.kind)).toEqual(["email", "phone"]);
    expect(checkFacts("Ring 026-12 34 56.", { facts: [], links: [] }).ok).toBe(false);
  });

  it("reads prices written as kr, kronor, :- and SEK, with thousands split by a space", () => {
    const amounts = extractClaims("249 kr, 350 kronor, 199:-, 1\u00a0495 kr, 2 000 kr och 99 SEK").map((c) =>
      c.kind === "price" ? c.amount : null,
    );
    expect(amounts).toEqual([249, 350, 199, 1495, 2000, 99]);
  });

  it("reads dates: day and month name, short month, d/m, ISO, with a weekday", () => {
    const dates = extractClaims(
      "5 december, 6 dec., 7/12, 2026-12-08, lördag 12 december, lördagen den 19:e december, tis 24 nov.",
    ).filter((c) => c.kind === "date");
    expect(dates.map((d) => (d.kind === "date" ? [d.day, d.month, d.year, d.weekday] : null))).toEqual([
      [5, 12, null, null],
      [6, 12, null, null],
      [7, 12, null, null],
      [8, 12, 2026, null],
      [12, 12, null, 6],
      [19, 12, null, 6],
      [24, 11, null, 2],
    ]);
  });

  it("reads times as 18:00, 18.00, kl. 18 and klockan 18", () => {
    const times = extractClaims("18:00–19:30, 18.15, kl. 9 och klockan 20").map((c) => (c.kind === "time" ? c.hhmm : null));
    expect(times).toEqual(["18:00", "19:30", "18:15", "09:00", "20:00"]);
  });

  it("reads seat counts in digits and words, but not 'fyra platser i Gävle'", () => {
    const seats = extractClaims(
      "3 platser kvar, 1 plats, tre lediga platser, bara 2 kvar, inga platser. Vi tränar på fyra platser i Gävle.",
    ).map((c) => (c.kind === "seats" ? c.count : null));
    expect(seats).toEqual([3, 1, 3, 2, 0]);
  });

  it("reads 'fullbokat' as no seat left", () => {
    expect(extractClaims("Passet är fullbokat.")).toMatchObject([{ kind: "seats", count: 0 }]);
  });

  it("reads a relative day", () => {
    expect(kinds("Vi ses imorgon, eller i kväll, eller nästa vecka.")).toEqual(["relative-day", "relative-day", "relative-day"]);
  });

  it("reads addresses and site paths, but not 'och/eller' or a date", () => {
    const links = extractClaims("Se /session/12, https://example.com/x. och/eller 5/12 eller hundpass.se").filter(
      (c) => c.kind === "link",
    );
    expect(links.map((l) => (l.kind === "link" ? l.href : ""))).toEqual(["/session/12", "https://example.com/x", "hundpass.se"]);
    expect(kinds("och/eller")).toEqual([]);
  });

  it("reads a weekday on its own", () => {
    expect(extractClaims("Vi ses på lördag!")).toMatchObject([{ kind: "weekday", weekday: 6 }]);
  });
});

describe("checking claims against the passages' facts", () => {
  // 2026-12-05 is a Saturday.
  const allowed = {
    facts: [priceFact(249), dateFact("2026-12-05"), timeFact("18:00"), timeFact("19:00"), seatsFact(3)],
    links: ["/session/4", "https://www.google.com/maps/search/?api=1&query=Hundhallen+G%C3%A4vle"],
  };

  it("passes a text that states only the facts, in any of their forms", () => {
    expect(
      checkFacts(
        "Voff! Passet kostar 249 kronor och går lördag 5 december kl. 18.00–19:00 (5/12, 2026-12-05). 3 platser kvar, se /session/4.",
        allowed,
      ),
    ).toEqual({ ok: true });
    expect(checkFacts("Träna i hallen med egen tränare.", allowed)).toEqual({ ok: true });
  });

  it.each([
    ["a price", "Passet kostar 199 kr."],
    ["a date", "Passet går 6 december."],
    ["a year", "Passet går 5 december 2027."],
    ["a weekday that is not the date's", "Passet går fredag 5 december."],
    ["a weekday on its own", "Vi ses på söndag."],
    ["a time", "Vi börjar 18:30."],
    ["a seat count", "Det finns 4 platser kvar."],
    ["a full session", "Passet är fullbokat."],
    ["a relative day", "Nästa pass är imorgon."],
    ["a link", "Läs mer på /admin."],
    ["an address", "Läs mer på https://example.com."],
    ["a bare host", "Läs mer på example.se."],
  ])("fails a text that invents %s", (_, text) => {
    const result = checkFacts(text, allowed);
    expect(result.ok).toBe(false);
  });

  it("says which claims it could not place", () => {
    const result = checkFacts("Passet kostar 199 kr och har 3 platser kvar.", allowed);
    expect(result).toMatchObject({ ok: false, unsupported: [{ kind: "price", amount: 199 }] });
  });
});

describe("the passages made from the demo data", () => {
  const now = new Date("2026-11-23T10:00:00Z");
  const passages = demoPassages(now);

  it("covers every kind of content", () => {
    expect(new Set(passages.map((p) => p.kind))).toEqual(
      new Set(["type", "session", "place", "preparation", "team", "rule", "faq"]),
    );
  });

  it.each(passages.map((p) => [p.id, p] as const))("%s states exactly the facts it declares", (_, passage) => {
    // The passage's own text passes the check against its own facts and links...
    expect(checkFacts(passage.text, { facts: passage.facts, links: passage.links.map((l) => l.href) })).toEqual({ ok: true });
    // ...and declares no fact its text does not state.
    for (const fact of passage.facts) {
      const [kind, value] = fact.split(":");
      if (kind === "price") expect(passage.text).toMatch(new RegExp(`${value} kr`));
      if (kind === "seats" && value !== "0") expect(passage.text).toMatch(new RegExp(`${value} platse?r?`));
    }
  });

  it("gives a session its date, times, price and seats as facts", () => {
    const session = passages.find((p) => p.id === "session:5")!;
    expect(session.facts).toEqual(expect.arrayContaining([priceFact(249), timeFact("18:30"), seatsFact(3)]));
    expect(session.facts.filter((f) => f.startsWith("date:"))).toHaveLength(1);
  });
});

describe("the facts of a text staff wrote", () => {
  it("are every price, time, e-mail address and phone number an FAQ answer or a team member's text states, so a sentence of it passes the check", () => {
    const answer = "Mejla info@hundpass.se eller ring 070-174 06 50 före kl. 18:00. En extra timme kostar 300 kr.";
    const corpus = demoCorpus(new Date());
    const passages = buildPassages({
      ...corpus,
      faq: [{ id: 99, question: "Hur når jag er?", answer, links: [] }],
      team: corpus.team.map((m, i) => (i === 0 ? { ...m, text: `${m.text} Nås på 026-12 34 56.` } : m)),
    });
    const faq = passages.find((p) => p.id === "faq:99")!;
    expect(faq.facts).toEqual(expect.arrayContaining([emailFact("info@hundpass.se"), phoneFact("070-174 06 50"), timeFact("18:00"), priceFact(300)]));
    expect(checkFacts(answer, { facts: faq.facts, links: [] })).toEqual({ ok: true });
    const member = passages.find((p) => p.id === `team:${corpus.team[0]!.id}`)!;
    expect(checkFacts("Ring 026-12 34 56.", { facts: member.facts, links: [] })).toEqual({ ok: true });
    // Nor are they another passage's: a number no text states still fails.
    expect(checkFacts("Ring 070-123 45 67.", { facts: [...faq.facts, ...member.facts], links: [] }).ok).toBe(false);
  });
});

describe("FAQ links", () => {
  it("keeps site paths and https addresses and drops anything else", () => {
    expect(
      readFaqLinks(
        JSON.stringify([
          { label: "Hitta hit", href: "/hitta" },
          { label: "Karta", href: "https://maps.example/x" },
          { label: "Skript", href: "javascript:alert(1)" },
          { label: "Annan sajt", href: "//evil.example" },
          { label: "Också annan sajt", href: "/\\evil.example" },
          { label: "", href: "/om" },
          "not a link",
        ]),
      ),
    ).toEqual([
      { label: "Hitta hit", href: "/hitta" },
      { label: "Karta", href: "https://maps.example/x" },
    ]);
    expect(readFaqLinks("not json")).toEqual([]);
  });
});
