import { describe, it, expect } from "vitest";
import {
  addMinutesToLocalTime,
  formatDateTime,
  formatDayHeading,
  formatMonth,
  formatMonthParam,
  formatSessionDate,
  formatTime,
  formatTimeRange,
  isoWeekdayOf,
  monthGrid,
  parseMonthParam,
  shiftDayKey,
  shiftMonth,
  stockholmDayKey,
  stockholmToUtcIso,
  todayKey,
  weekdayName,
} from "../../app/domain/time";

describe("formatting in Stockholm time", () => {
  it("shows a summer session at 16:00Z as 18:00 (UTC+2)", () => {
    expect(formatTime("2026-07-01T16:00:00Z")).toBe("18:00");
  });

  it("shows a winter session at 16:00Z as 17:00 (UTC+1)", () => {
    expect(formatTime("2026-12-01T16:00:00Z")).toBe("17:00");
  });

  it("formats session dates as 'EEE d MMM HH:mm' in Swedish", () => {
    expect(formatSessionDate("2026-07-01T16:00:00Z")).toBe("ons 1 juli 18:00");
    expect(formatSessionDate("2026-11-21T09:00:00Z")).toBe("lör 21 nov. 10:00");
  });

  it("formats a time range with an en dash", () => {
    expect(formatTimeRange("2026-07-01T16:00:00Z", "2026-07-01T17:00:00Z")).toBe("18:00–19:00");
  });

  it("formats a calendar month as 'MMMM yyyy' in Swedish", () => {
    expect(formatMonth(2026, 11)).toBe("november 2026");
    expect(formatMonth(2027, 1)).toBe("januari 2027");
  });

  // The spec's 'dd MMM yyyy HH:mm' wrote '02 nov.' beside every other date's
  // '15 nov.' and 'tis 3 nov.': the day now has no leading zero anywhere.
  it("formats admin dates as 'd MMM yyyy HH:mm' in Swedish, the day without a leading zero", () => {
    expect(formatDateTime("2026-07-01T16:00:00Z")).toBe("1 juli 2026 18:00");
    expect(formatDateTime("2026-12-01T16:00:00Z")).toBe("1 dec. 2026 17:00");
    expect(formatDateTime("2026-11-15T16:00:00Z")).toBe("15 nov. 2026 17:00");
  });

  it("writes no day with a leading zero and no weekday or month with a capital, in any format", () => {
    const instant = "2026-11-02T17:00:00Z"; // a Monday, 18:00 in Stockholm
    const all = [
      formatSessionDate(instant),
      formatDateTime(instant),
      formatDayHeading(stockholmDayKey(instant)),
      formatMonth(2026, 11),
    ];
    expect(all).toEqual(["mån 2 nov. 18:00", "2 nov. 2026 18:00", "måndag 2 november", "november 2026"]);
    for (const text of all) {
      expect(text, text).not.toMatch(/(^|\s)0\d/);
      expect(text, text).toBe(text.toLocaleLowerCase("sv-SE"));
    }
  });

  it("writes a day heading as weekday, day and month", () => {
    expect(formatDayHeading("2026-11-21")).toBe("lördag 21 november");
    expect(formatDayHeading("2026-03-29")).toBe("söndag 29 mars");
  });

  it("reads a day's ISO weekday and names each weekday", () => {
    expect(isoWeekdayOf("2026-11-30")).toBe(1);
    expect(isoWeekdayOf("2026-11-21")).toBe(6);
    expect(isoWeekdayOf("2026-11-29")).toBe(7);
    expect([1, 2, 3, 4, 5, 6, 7].map(weekdayName)).toEqual(["måndag", "tisdag", "onsdag", "torsdag", "fredag", "lördag", "söndag"]);
  });

  it("shifts a day key by whole days, across months, years and the changes of summer time", () => {
    expect(shiftDayKey("2026-11-29", 1)).toBe("2026-11-30");
    expect(shiftDayKey("2026-12-31", 1)).toBe("2027-01-01");
    expect(shiftDayKey("2026-03-01", -1)).toBe("2026-02-28");
    expect(shiftDayKey("2026-03-28", 2)).toBe("2026-03-30");
    expect(shiftDayKey("2026-10-24", 7)).toBe("2026-10-31");
  });

  it("puts a late-evening UTC instant on the next Stockholm day", () => {
    expect(stockholmDayKey("2026-07-01T22:30:00Z")).toBe("2026-07-02");
    expect(stockholmDayKey("2026-12-31T23:30:00Z")).toBe("2027-01-01");
    expect(stockholmDayKey("2026-12-31T22:30:00Z")).toBe("2026-12-31");
  });

  it("gives today's key in Stockholm, not in UTC", () => {
    expect(todayKey(new Date("2026-07-01T22:30:00Z"))).toBe("2026-07-02");
    expect(todayKey(new Date("2026-07-01T21:30:00Z"))).toBe("2026-07-01");
  });
});

describe("formatting on DST change days", () => {
  it("shows the local clock jumping from 01:59 to 03:00 on 2026-03-29", () => {
    expect(formatTime("2026-03-29T00:59:00Z")).toBe("01:59");
    expect(formatTime("2026-03-29T01:00:00Z")).toBe("03:00");
    expect(formatTime("2026-03-29T01:30:00Z")).toBe("03:30");
  });

  it("shows 02:30 twice on 2026-10-25, once in summer and once in winter time", () => {
    expect(formatTime("2026-10-25T00:30:00Z")).toBe("02:30");
    expect(formatTime("2026-10-25T01:30:00Z")).toBe("02:30");
    expect(formatTime("2026-10-25T02:30:00Z")).toBe("03:30");
  });

  it("uses the right offset on the 2027 change days", () => {
    expect(formatTime("2027-03-28T01:00:00Z")).toBe("03:00");
    expect(formatTime("2027-03-28T00:59:00Z")).toBe("01:59");
    expect(formatTime("2027-10-31T00:59:00Z")).toBe("02:59");
    expect(formatTime("2027-10-31T01:00:00Z")).toBe("02:00");
  });

  it("formats a session across the spring change with its real local times", () => {
    expect(formatTimeRange("2026-03-29T00:30:00Z", "2026-03-29T01:30:00Z")).toBe("01:30–03:30");
  });
});

describe("stockholmToUtcIso", () => {
  it("uses UTC+2 in summer and UTC+1 in winter", () => {
    expect(stockholmToUtcIso("2026-07-01", "18:00")).toBe("2026-07-01T16:00:00.000Z");
    expect(stockholmToUtcIso("2026-12-01", "17:00")).toBe("2026-12-01T16:00:00.000Z");
  });

  it("follows the real change dates, not a fixed March–October rule", () => {
    // A fixed "+2 in March" rule would give 2026-03-01T16:00Z and fail.
    expect(stockholmToUtcIso("2026-03-01", "18:00")).toBe("2026-03-01T17:00:00.000Z");
    // A fixed "+2 in October" rule would give 2026-10-31T16:00Z.
    expect(stockholmToUtcIso("2026-10-31", "18:00")).toBe("2026-10-31T17:00:00.000Z");
  });

  it("converts times around the spring change on 2026-03-29", () => {
    expect(stockholmToUtcIso("2026-03-29", "01:30")).toBe("2026-03-29T00:30:00.000Z");
    expect(stockholmToUtcIso("2026-03-29", "03:00")).toBe("2026-03-29T01:00:00.000Z");
    expect(stockholmToUtcIso("2026-03-29", "03:30")).toBe("2026-03-29T01:30:00.000Z");
  });

  it("refuses a time in the spring-forward gap (returns null)", () => {
    expect(stockholmToUtcIso("2026-03-29", "02:00")).toBeNull();
    expect(stockholmToUtcIso("2026-03-29", "02:30")).toBeNull();
    expect(stockholmToUtcIso("2026-03-29", "02:59")).toBeNull();
    expect(stockholmToUtcIso("2027-03-28", "02:30")).toBeNull();
  });

  it("resolves a repeated autumn time to the earlier, summer-time instant", () => {
    expect(stockholmToUtcIso("2026-10-25", "02:30")).toBe("2026-10-25T00:30:00.000Z");
    expect(stockholmToUtcIso("2026-10-25", "02:00")).toBe("2026-10-25T00:00:00.000Z");
    expect(stockholmToUtcIso("2027-10-31", "02:30")).toBe("2027-10-31T00:30:00.000Z");
  });

  it("converts times around the autumn change on 2026-10-25", () => {
    expect(stockholmToUtcIso("2026-10-25", "01:30")).toBe("2026-10-24T23:30:00.000Z");
    expect(stockholmToUtcIso("2026-10-25", "03:00")).toBe("2026-10-25T02:00:00.000Z");
    expect(stockholmToUtcIso("2026-10-25", "03:30")).toBe("2026-10-25T02:30:00.000Z");
  });

  it("round-trips through formatting to the same local clock", () => {
    for (const [date, time] of [
      ["2026-03-29", "03:30"],
      ["2026-10-25", "02:30"],
      ["2027-03-28", "04:00"],
      ["2027-10-31", "23:45"],
    ] as const) {
      const iso = stockholmToUtcIso(date, time);
      expect(iso).not.toBeNull();
      expect(stockholmDayKey(iso!)).toBe(date);
      expect(formatTime(iso!)).toBe(time);
    }
  });

  it("refuses malformed input and impossible dates", () => {
    expect(stockholmToUtcIso("2026-02-30", "10:00")).toBeNull();
    expect(stockholmToUtcIso("2026-13-01", "10:00")).toBeNull();
    expect(stockholmToUtcIso("2026-7-1", "10:00")).toBeNull();
    expect(stockholmToUtcIso("2026-07-01", "24:00")).toBeNull();
    expect(stockholmToUtcIso("2026-07-01", "9:00")).toBeNull();
    expect(stockholmToUtcIso("", "")).toBeNull();
  });
});

describe("addMinutesToLocalTime", () => {
  it("sets the end 60 minutes after the start", () => {
    expect(addMinutesToLocalTime("10:00", 60)).toBe("11:00");
    expect(addMinutesToLocalTime("09:45", 60)).toBe("10:45");
    expect(addMinutesToLocalTime("18:30", 90)).toBe("20:00");
  });

  it("caps at 23:59 instead of wrapping past midnight", () => {
    expect(addMinutesToLocalTime("23:30", 60)).toBe("23:59");
    expect(addMinutesToLocalTime("23:00", 59)).toBe("23:59");
  });

  it("caps at 00:00 when going backwards past midnight", () => {
    expect(addMinutesToLocalTime("00:30", -60)).toBe("00:00");
  });

  it("returns null for a malformed time", () => {
    expect(addMinutesToLocalTime("", 60)).toBeNull();
    expect(addMinutesToLocalTime("25:00", 60)).toBeNull();
  });
});

describe("monthGrid", () => {
  it("starts each week on Monday and fills the first week from the previous month", () => {
    const grid = monthGrid(2026, 11); // 1 November 2026 is a Sunday
    expect(grid[0]?.[0]).toEqual({ dayKey: "2026-10-26", inMonth: false });
    expect(grid[0]?.[6]).toEqual({ dayKey: "2026-11-01", inMonth: true });
    expect(formatDayHeading(grid[0]![0]!.dayKey)).toMatch(/^måndag/);
  });

  it("covers every day of the month exactly once, in order, in whole weeks", () => {
    const grid = monthGrid(2026, 11);
    expect(grid).toHaveLength(6);
    for (const week of grid) expect(week).toHaveLength(7);
    const inMonth = grid.flat().filter((c) => c.inMonth).map((c) => c.dayKey);
    expect(inMonth).toHaveLength(30);
    expect(inMonth[0]).toBe("2026-11-01");
    expect(inMonth[29]).toBe("2026-11-30");
    expect(grid[5]?.[6]).toEqual({ dayKey: "2026-12-06", inMonth: false });
  });

  it("has exactly four weeks for a 28-day month starting on Monday", () => {
    const grid = monthGrid(2027, 2);
    expect(grid).toHaveLength(4);
    expect(grid[0]?.[0]).toEqual({ dayKey: "2027-02-01", inMonth: true });
    expect(grid[3]?.[6]).toEqual({ dayKey: "2027-02-28", inMonth: true });
  });

  it("handles the month with the spring DST change without skipping or repeating a day", () => {
    const keys = monthGrid(2026, 3).flat().map((c) => c.dayKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain("2026-03-29");
    expect(keys).toContain("2026-03-30");
  });

  it("includes 29 February in a leap year", () => {
    const keys = monthGrid(2028, 2).flat().filter((c) => c.inMonth).map((c) => c.dayKey);
    expect(keys).toHaveLength(29);
    expect(keys.at(-1)).toBe("2028-02-29");
  });

  it("refuses a month outside 1–12", () => {
    expect(() => monthGrid(2026, 0)).toThrow(RangeError);
    expect(() => monthGrid(2026, 13)).toThrow(RangeError);
  });
});

describe("shiftMonth", () => {
  it("moves forward and back within a year", () => {
    expect(shiftMonth(2026, 5, 1)).toEqual({ year: 2026, month: 6 });
    expect(shiftMonth(2026, 5, -1)).toEqual({ year: 2026, month: 4 });
  });

  it("crosses year boundaries", () => {
    expect(shiftMonth(2026, 12, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth(2026, 1, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth(2026, 11, 14)).toEqual({ year: 2028, month: 1 });
    expect(shiftMonth(2026, 3, -15)).toEqual({ year: 2024, month: 12 });
  });
});

describe("parseMonthParam", () => {
  it("reads 'yyyy-MM'", () => {
    expect(parseMonthParam("2026-11")).toEqual({ year: 2026, month: 11 });
    expect(parseMonthParam("2027-01")).toEqual({ year: 2027, month: 1 });
  });

  it("refuses anything else", () => {
    for (const bad of ["2026-13", "2026-00", "2026-1", "26-11", "2026-11-01", "abcd-ef", "", null, undefined]) {
      expect(parseMonthParam(bad)).toBeNull();
    }
  });

  it("round-trips with formatMonthParam", () => {
    expect(formatMonthParam(2026, 3)).toBe("2026-03");
    expect(parseMonthParam(formatMonthParam(2026, 3))).toEqual({ year: 2026, month: 3 });
  });
});
