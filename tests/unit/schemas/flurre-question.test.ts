import { describe, expect, it } from "vitest";
import { FlurreQuestionSchema } from "~/domain/schemas/flurre";

describe("FlurreQuestionSchema", () => {
  it("takes a trimmed question of at most 500 characters", () => {
    expect(FlurreQuestionSchema.parse({ fraga: "  Vad kostar VALPKURS?  " }).fraga).toBe("Vad kostar VALPKURS?");
    expect(FlurreQuestionSchema.safeParse({ fraga: "a".repeat(500) }).success).toBe(true);
  });

  it("refuses an empty and a too long question in Swedish", () => {
    const empty = FlurreQuestionSchema.safeParse({ fraga: "   " });
    expect(empty.success ? null : empty.error.issues[0]?.message).toBe("Skriv en fråga till Flurre.");
    const long = FlurreQuestionSchema.safeParse({ fraga: "a".repeat(501) });
    expect(long.success ? null : long.error.issues[0]?.message).toBe("Frågan får vara högst 500 tecken.");
  });

  it("keeps a page that is a path on this site and drops anything else", () => {
    const page = (sida: string) => FlurreQuestionSchema.parse({ fraga: "Hej", sida }).sida;
    expect(page("/session/12")).toBe("/session/12");
    expect(page("/")).toBe("/");
    for (const other of ["//evil.example", "/\\evil.example", "/a\\b", "https://evil.example/", "session/12", "/a b"]) {
      expect(page(other)).toBeUndefined();
    }
  });
});
