import { describe, expect, it } from "vitest";
import { anonymizedEmail, erasureMail, suppressionInput } from "../../app/domain/privacy";

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
