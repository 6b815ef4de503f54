import { describe, expect, it } from "vitest";
import { anonymizedEmail, erasureMail, erasureRefusal, PRIVACY_TEXTS, suppressionInput } from "../../app/domain/privacy";

const site = { siteUrl: "https://hundpass.se" };

describe("erasure", () => {
  it("confirms each part in words that fit what was there", () => {
    const none = erasureMail(site, "a@example.se", { bookings: 0, subscription: false, messages: 0 }, "k").text;
    expect(none).toContain("- Du hade inga bokningar hos oss.\n- Du prenumererade inte på nyhetsbrevet.\n- Du hade inga meddelanden hos oss.");
    const one = erasureMail(site, "a@example.se", { bookings: 1, subscription: true, messages: 3 }, "k").text;
    expect(one).toContain("- Din bokning är anonymiserad: namn, e-post");
    expect(one).toContain("Dina meddelanden till oss (3 st) är raderade.");
    expect(one).toContain("https://hundpass.se/");
    expect(erasureMail(site, "a@example.se", { bookings: 4, subscription: false, messages: 0 }, "k").text).toContain(
      "- Dina 4 bokningar är anonymiserade:",
    );
  });

  it("hashes an address the same whatever its case and spaces, and anonymizes each booking's address apart", () => {
    expect(suppressionInput("  Asa@Example.SE ")).toBe(suppressionInput("asa@example.se"));
    expect(anonymizedEmail("b-1")).not.toBe(anonymizedEmail("b-2"));
  });
});

describe("erasure while bookings are upcoming", () => {
  it("goes ahead when nothing is upcoming: no refusal to show", () => {
    expect(erasureRefusal([])).toBeNull();
  });

  it("names each booking and the day erasure can go ahead, after the last one", () => {
    const refusal = erasureRefusal([
      { title: "VALPKURS", startTime: "2026-12-01T17:00:00.000Z" },
      { title: "PLAN", startTime: "2026-12-15T18:00:00.000Z" },
    ]);
    expect(refusal).toEqual({
      count: "Du har 2 kommande bokningar:",
      bookings: ["VALPKURS, tis 1 dec. 18:00", "PLAN, tis 15 dec. 19:00"],
      why: "En bokning är bindande och kan inte avbokas, och vi behöver kunna nå dig inför passet. Därför sparar vi dina uppgifter tills passet har varit.",
      when: "Efter ditt sista pass, tis 15 dec. 19:00, kan du radera dina uppgifter här.",
    });
    expect(erasureRefusal([{ title: "PLAN", startTime: "2026-12-15T18:00:00.000Z" }])?.count).toBe("Du har en kommande bokning:");
  });

  it("agrees with the binding rule: no word of cancelling, here or when a post is refused", () => {
    for (const text of [PRIVACY_TEXTS.upcoming, PRIVACY_TEXTS.notYetWhy, PRIVACY_TEXTS.notYetWhen("tis 1 dec. 18:00")]) {
      expect(text).not.toMatch(/vill avboka|kontakta oss/i);
    }
    expect(PRIVACY_TEXTS.upcoming).toContain("bindande");
  });
});
