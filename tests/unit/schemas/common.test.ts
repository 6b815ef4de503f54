import { describe, expect, it } from "vitest";
import {
  isValidEmail,
  isValidPhone,
  MESSAGES,
  normalizePhone,
  optionalLine,
  phoneField,
  requiredLine,
  sameEmail,
} from "../../../app/domain/schemas/common";

describe("e-mail rule", () => {
  it("accepts letters, digits and ._%+- before @, a domain and a 2+ letter top-level part", () => {
    expect(isValidEmail("a.b_c%d+e-f9@sub.example.se")).toBe(true);
    expect(isValidEmail("x@y.museum")).toBe(true);
  });

  it("rejects a missing @, a one-letter or numeric top-level part, spaces and other characters", () => {
    for (const email of ["example.se", "a@b.c", "a@b.12", "a b@c.se", "a!b@c.se", "a@b", "@example.se"]) {
      expect(isValidEmail(email)).toBe(false);
    }
  });

  it("rejects addresses longer than 254 characters", () => {
    const local = "a".repeat(64);
    expect(isValidEmail(`${local}@${"b".repeat(186)}.se`)).toBe(true);
    expect(isValidEmail(`${local}@${"b".repeat(187)}.se`)).toBe(false);
  });

  it("compares two addresses ignoring case and surrounding spaces", () => {
    expect(sameEmail("Anna@Example.se ", "anna@example.SE")).toBe(true);
    expect(sameEmail("anna@example.se", "anna@example.com")).toBe(false);
  });
});

describe("phone rule", () => {
  it("removes spaces, dashes and brackets", () => {
    expect(normalizePhone(" +46 (0)70-123 45\t67 ")).toBe("+460701234567");
  });

  it("accepts an optional leading + then 8 to 20 digits", () => {
    expect(isValidPhone("12345678")).toBe(true);
    expect(isValidPhone("+12345678901234567890")).toBe(true);
    expect(isValidPhone("070-123 45 67")).toBe(true);
  });

  it("rejects fewer than 8 or more than 20 digits, a + elsewhere and letters", () => {
    for (const phone of ["1234567", "+123456789012345678901", "0701+234567", "07012345x", "++46701234567"]) {
      expect(isValidPhone(phone)).toBe(false);
    }
  });

  it("lets an empty value pass the format check", () => {
    expect(isValidPhone("")).toBe(true);
    expect(isValidPhone(" - ")).toBe(true);
  });
});

describe("one-line fields", () => {
  const name = requiredLine("Ange ditt namn", 100);
  const breed = optionalLine(100);
  const phone = phoneField("Ange ditt telefonnummer");

  it("refuse line breaks and other control characters anywhere inside, with one Swedish message", () => {
    // The direction controls too: a name that turns the rest of a mail's subject around.
    for (const value of ["Anna\r\nBcc: x@example.se", "Anna\nBo", "An\rna", "A\tB", "A\u0000B", "A\u007fB", "A\u0085B", "A\u2028B", "Anna\u202eevil", "A\u2066B\u2069"]) {
      for (const schema of [name, breed]) {
        const result = schema.safeParse(value);
        expect(result.success, JSON.stringify(value)).toBe(false);
        expect(result.error?.issues.map((i) => i.message)).toEqual([MESSAGES.singleLine]);
      }
    }
    expect(phone.safeParse("070\r\n123 45 67").error?.issues.map((i) => i.message)).toEqual([MESSAGES.singleLine]);
  });

  it("accept ordinary text, accents and symbols, trimming the ends", () => {
    expect(name.parse("  Åsa Öberg-Ängel ")).toBe("Åsa Öberg-Ängel");
    expect(breed.parse("Golden retriever (svensk) & co.")).toBe("Golden retriever (svensk) & co.");
    expect(breed.parse("")).toBeUndefined();
    expect(phone.parse("+46 (0)70-123 45 67")).toBe("+46 (0)70-123 45 67");
  });
});

describe("required text fields", () => {
  const name = requiredLine("Ange ditt namn", 100);
  const phone = phoneField("Ange ditt telefonnummer");

  it("count a value of invisible characters alone (zero-width spaces, joiners, direction marks) as empty", () => {
    for (const value of ["\u200b\u200b", "\u200d", " \ufeff ", "\u200e\u200f", "\u2060"]) {
      expect(name.safeParse(value).error?.issues.map((i) => i.message), JSON.stringify(value)).toEqual(["Ange ditt namn"]);
    }
    expect(phone.safeParse("\u200b").success).toBe(false);
  });

  it("keep a name that shows, with a joiner inside it as some scripts and emoji need", () => {
    expect(name.parse("Zoë 👩\u200d👧")).toBe("Zoë 👩\u200d👧");
  });
});
