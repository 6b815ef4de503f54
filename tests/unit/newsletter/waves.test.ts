import { describe, expect, it } from "vitest";
import { planWaves, stockholmMorningAfter, UNSEGMENTED_AUDIENCE } from "../../../app/domain/newsletter/waves";

describe("planWaves", () => {
  it("sends a single segment at once, in one wave, with no report", () => {
    const sentAt = new Date("2026-11-23T14:05:00Z");
    expect(planWaves("vip-utskick", sentAt)).toEqual({
      waves: [{ wave: 1, audience: "vip-utskick", dueAt: "2026-11-23T14:05:00.000Z" }],
      reportDueAt: null,
    });
  });

  it("sends 'alla' to VIP and Live at once, slut-utskick on day 2 and the rest on day 3 at 08:00 winter time", () => {
    const plan = planWaves("alla", new Date("2026-11-23T14:05:00Z"));
    expect(plan.waves).toEqual([
      { wave: 1, audience: "vip-utskick", dueAt: "2026-11-23T14:05:00.000Z" },
      { wave: 1, audience: "live-utskick", dueAt: "2026-11-23T14:05:00.000Z" },
      { wave: 2, audience: "slut-utskick", dueAt: "2026-11-24T07:00:00.000Z" },
      { wave: 3, audience: UNSEGMENTED_AUDIENCE, dueAt: "2026-11-25T07:00:00.000Z" },
    ]);
    expect(plan.reportDueAt).toBe("2026-11-26T07:00:00.000Z");
  });

  it("keeps 08:00 across the March change (CET → CEST on 29 March 2026)", () => {
    const plan = planWaves("alla", new Date("2026-03-28T10:00:00Z"));
    expect(plan.waves.map((w) => w.dueAt).slice(2)).toEqual([
      "2026-03-29T06:00:00.000Z",
      "2026-03-30T06:00:00.000Z",
    ]);
    expect(plan.reportDueAt).toBe("2026-03-31T06:00:00.000Z");
  });

  it("keeps 08:00 across the October change (CEST → CET on 25 October 2026)", () => {
    const plan = planWaves("alla", new Date("2026-10-24T12:00:00Z"));
    expect(plan.waves.map((w) => w.dueAt).slice(2)).toEqual([
      "2026-10-25T07:00:00.000Z",
      "2026-10-26T07:00:00.000Z",
    ]);
    expect(plan.reportDueAt).toBe("2026-10-27T07:00:00.000Z");
  });

  it("counts days in Stockholm, not in UTC: 00:30 local is already the next day", () => {
    // 2026-03-27T23:30Z is Saturday 28 March 00:30 in Stockholm.
    const plan = planWaves("alla", new Date("2026-03-27T23:30:00Z"));
    expect(plan.waves[2]?.dueAt).toBe("2026-03-29T06:00:00.000Z");
  });

  it("rolls over month and year ends", () => {
    expect(stockholmMorningAfter(new Date("2026-12-31T20:00:00Z"), 1)).toBe("2027-01-01T07:00:00.000Z");
    expect(stockholmMorningAfter(new Date("2027-02-27T09:00:00Z"), 2)).toBe("2027-03-01T07:00:00.000Z");
  });
});
