import { describe, expect, it } from "vitest";
import { buildMonthCalendar, countFreeByDay, freeSessionsLabel, fullDateLabel } from "../../app/domain/booking-calendar";

describe("countFreeByDay", () => {
  it("counts only bookable sessions per day", () => {
    const counts = countFreeByDay([
      { dayKey: "2026-12-01", availability: { bookable: true } },
      { dayKey: "2026-12-01", availability: { bookable: true } },
      { dayKey: "2026-12-02", availability: { bookable: false } },
    ]);
    expect(Object.fromEntries(counts)).toEqual({ "2026-12-01": 2 });
  });
});

describe("buildMonthCalendar", () => {
  const weeks = buildMonthCalendar({
    year: 2026,
    month: 12,
    freeByDay: new Map([
      ["2026-12-01", 2],
      ["2026-11-30", 5],
    ]),
    selectedDay: "2026-12-01",
    todayDayKey: "2026-12-03",
    hrefForDay: (d) => `/boka?dag=${d}`,
  });
  const days = weeks.flat();
  const day = (key: string) => days.find((d) => d.dayKey === key)!;

  it("starts every week on Monday", () => {
    expect(weeks[0]![0]!.dayKey).toBe("2026-11-30");
    expect(weeks.every((w) => w.length === 7)).toBe(true);
  });

  it("links only days of the month with a free session, labelled with the full date and count", () => {
    expect(day("2026-12-01")).toMatchObject({
      href: "/boka?dag=2026-12-01",
      freeCount: 2,
      isSelected: true,
      label: "tisdag 1 december 2026, 2 lediga pass",
    });
    expect(day("2026-12-02")).toMatchObject({ href: null, label: null });
    // A day of the neighbouring month is never a link, whatever was counted.
    expect(day("2026-11-30")).toMatchObject({ inMonth: false, href: null, freeCount: 0 });
  });

  it("marks today", () => {
    expect(days.filter((d) => d.isToday).map((d) => d.dayKey)).toEqual(["2026-12-03"]);
  });
});

describe("labels", () => {
  it("says ledigt/lediga pass by count and writes the full date", () => {
    expect(freeSessionsLabel(1)).toBe("1 ledigt pass");
    expect(freeSessionsLabel(4)).toBe("4 lediga pass");
    expect(fullDateLabel("2027-01-01")).toBe("fredag 1 januari 2027");
  });
});
