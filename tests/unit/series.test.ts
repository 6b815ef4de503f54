import { describe, expect, it } from "vitest";
import { addWeeks, seriesFingerprint, seriesOccurrences } from "../../app/domain/series";

const now = new Date("2030-01-01T00:00:00.000Z");

describe("weekly series dates", () => {
  it("adds whole weeks on the calendar, over month and year ends and 29 February", () => {
    expect(addWeeks("2030-12-24", 1)).toBe("2030-12-31");
    expect(addWeeks("2030-12-31", 1)).toBe("2031-01-07");
    expect(addWeeks("2032-02-22", 1)).toBe("2032-02-29");
    expect(addWeeks("2032-02-29", 1)).toBe("2032-03-07");
    expect(addWeeks("30-1-1", 1)).toBeNull();
  });

  it("keeps the Stockholm wall time across both DST changes", () => {
    const spring = seriesOccurrences("2030-03-19", "18:00", "19:00", 3, now);
    expect(spring.map((o) => o.startTime)).toEqual([
      "2030-03-19T17:00:00.000Z",
      "2030-03-26T17:00:00.000Z",
      "2030-04-02T16:00:00.000Z",
    ]);
    const autumn = seriesOccurrences("2030-10-20", "09:30", "10:30", 2, now);
    expect(autumn.map((o) => [o.startTime, o.endTime])).toEqual([
      ["2030-10-20T07:30:00.000Z", "2030-10-20T08:30:00.000Z"],
      ["2030-10-27T08:30:00.000Z", "2030-10-27T09:30:00.000Z"],
    ]);
    expect(autumn.map((o) => o.label)).toEqual(["söndag 20 oktober", "söndag 27 oktober"]);
  });

  it("marks a date whose time falls in the spring-forward gap, and a date already past", () => {
    const gap = seriesOccurrences("2030-03-24", "02:30", "03:30", 2, now);
    expect(gap[1]).toMatchObject({ date: "2030-03-31", startTime: null, problem: "finns inte (klockan ställs fram)" });
    const past = seriesOccurrences("2029-12-25", "10:00", "11:00", 2, now);
    expect(past.map((o) => o.problem)).toEqual(["har redan passerat", null]);
    const far = seriesOccurrences("2034-12-27", "10:00", "11:00", 3, now);
    expect(far.map((o) => o.problem)).toEqual([null, null, "ligger mer än fem år fram"]);
  });

  it("gives nothing for a count out of range or a malformed date", () => {
    expect(seriesOccurrences("2030-05-01", "10:00", "11:00", 1, now)).toEqual([]);
    expect(seriesOccurrences("2030-05-01", "10:00", "11:00", 27, now)).toEqual([]);
    expect(seriesOccurrences("2030-5-1", "10:00", "11:00", 3, now)).toEqual([]);
    expect(seriesOccurrences("2030-05-01", "10:00", "11:00", 26, now)).toHaveLength(26);
  });

  it("fingerprints exactly the values the list depends on", () => {
    expect(seriesFingerprint("2030-05-01", "10:00", "11:00", 6)).not.toBe(seriesFingerprint("2030-05-01", "10:00", "11:00", 5));
  });
});
