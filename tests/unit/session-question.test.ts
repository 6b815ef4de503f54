import { describe, expect, it } from "vitest";
import { sessionQuestion } from "../../app/domain/session-question";

describe("sessionQuestion", () => {
  it("asks about this session by title, Stockholm time and place", () => {
    expect(
      sessionQuestion({ title: "VALPKURS", startTime: "2026-07-01T16:00:00Z", location: "Hundhallen Gävle" }),
    ).toBe("Jag funderar på att boka VALPKURS ons 1 juli 18:00 på Hundhallen Gävle. Vad behöver jag veta inför passet?");
  });
});
