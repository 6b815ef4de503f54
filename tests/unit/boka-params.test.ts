import { describe, expect, it } from "vitest";
import {
  bokaHref,
  bokaHrefForSessionType,
  CALENDAR_MONTHS_AHEAD,
  isDayKey,
  parseBokaParams,
  passTypeFor,
  resolveCalendarPosition,
} from "../../app/domain/boka-params";

const parse = (query: string) => parseBokaParams(new URLSearchParams(query));

describe("parseBokaParams", () => {
  it("starts at step 1 without a type", () => {
    expect(parse("")).toEqual({ step: 1 });
    expect(parse("steg=2")).toEqual({ step: 1 });
  });

  it("starts at step 1 for an unknown type", () => {
    expect(parse("steg=2&typ=valp")).toEqual({ step: 1 });
  });

  it("goes back to step 1 when steg=1 even with a type", () => {
    expect(parse("steg=1&typ=grupp")).toEqual({ step: 1 });
  });

  it("opens step 2 in the calendar view by default", () => {
    expect(parse("steg=2&typ=privat")).toEqual({ step: 2, type: "privat", view: "kalender", month: null, day: null });
  });

  it("opens step 2 from a short link with only a type", () => {
    expect(parse("typ=alla")).toMatchObject({ step: 2, type: "alla", view: "kalender" });
  });

  it("reads the list view, month and day", () => {
    expect(parse("steg=2&typ=grupp&vy=lista")).toMatchObject({ view: "lista" });
    expect(parse("steg=2&typ=grupp&vy=kalender&manad=2026-12&dag=2026-12-05")).toEqual({
      step: 2,
      type: "grupp",
      view: "kalender",
      month: { year: 2026, month: 12 },
      day: "2026-12-05",
    });
  });

  it("ignores a malformed view, month or day instead of failing", () => {
    expect(parse("steg=2&typ=grupp&vy=karta&manad=2026-13&dag=2026-02-30")).toEqual({
      step: 2,
      type: "grupp",
      view: "kalender",
      month: null,
      day: null,
    });
  });
});

describe("bokaHref", () => {
  it("is /boka for step 1", () => {
    expect(bokaHref({ step: 1 })).toBe("/boka");
  });

  it("writes step, type and view, and month and day only in the calendar", () => {
    expect(bokaHref({ step: 2, type: "grupp", view: "kalender", month: { year: 2026, month: 3 }, day: "2026-03-09" })).toBe(
      "/boka?steg=2&typ=grupp&vy=kalender&manad=2026-03&dag=2026-03-09",
    );
    expect(bokaHref({ step: 2, type: "alla", view: "lista", month: { year: 2026, month: 3 }, day: "2026-03-09" })).toBe(
      "/boka?steg=2&typ=alla&vy=lista",
    );
  });

  it("round-trips through parseBokaParams", () => {
    const state = { step: 2, type: "privat", view: "kalender", month: { year: 2027, month: 1 }, day: "2027-01-15" } as const;
    const href = bokaHref(state);
    expect(parseBokaParams(new URL(href, "http://x").searchParams)).toEqual(state);
  });
});

describe("passTypeFor", () => {
  it("maps grupp and privat to the pass_type and alla to no filter", () => {
    expect(passTypeFor("grupp")).toBe("group");
    expect(passTypeFor("privat")).toBe("private");
    expect(passTypeFor("alla")).toBeNull();
  });
});

describe("isDayKey", () => {
  it("accepts real dates only", () => {
    expect(isDayKey("2028-02-29")).toBe(true);
    expect(isDayKey("2027-02-29")).toBe(false);
    expect(isDayKey("2027-1-01")).toBe(false);
    expect(isDayKey(null)).toBe(false);
  });
});

describe("resolveCalendarPosition", () => {
  const today = "2026-11-21";

  it("shows the current month by default, with no way back", () => {
    expect(resolveCalendarPosition({ month: null, day: null }, today)).toEqual({
      month: { year: 2026, month: 11 },
      day: null,
      previous: null,
      next: { year: 2026, month: 12 },
    });
  });

  it("shows the month of the selected day when no month is given", () => {
    const position = resolveCalendarPosition({ month: null, day: "2027-01-08" }, today);
    expect(position.month).toEqual({ year: 2027, month: 1 });
    expect(position.day).toBe("2027-01-08");
    expect(position.previous).toEqual({ year: 2026, month: 12 });
  });

  it("drops a selected day that is not in the shown month", () => {
    expect(resolveCalendarPosition({ month: { year: 2026, month: 12 }, day: "2027-01-08" }, today).day).toBeNull();
  });

  it("never shows a month before the current one", () => {
    const position = resolveCalendarPosition({ month: { year: 2025, month: 6 }, day: "2025-06-01" }, today);
    expect(position.month).toEqual({ year: 2026, month: 11 });
    expect(position.day).toBeNull();
  });

  it(`stops paging ${CALENDAR_MONTHS_AHEAD} months ahead`, () => {
    const last = resolveCalendarPosition({ month: { year: 2030, month: 1 }, day: null }, today);
    expect(last.month).toEqual({ year: 2027, month: 11 });
    expect(last.next).toBeNull();
    expect(last.previous).toEqual({ year: 2027, month: 10 });
  });
});

describe("one session type's dates", () => {
  it("links a type's name to its upcoming dates as a list of all pass types", () => {
    const href = bokaHrefForSessionType("PROMENADTRÄNING");
    expect(href).toBe("/boka?steg=2&typ=alla&passtyp=PROMENADTR%C3%84NING&vy=lista");
    expect(parseBokaParams(new URL(href, "http://x").searchParams)).toEqual({
      step: 2,
      type: "alla",
      sessionType: "PROMENADTRÄNING",
      view: "lista",
      month: null,
      day: null,
    });
  });

  it("keeps the type across the calendar's months and ignores an empty or overlong name", () => {
    const state = parseBokaParams(new URLSearchParams("typ=alla&passtyp=VALPKURS&vy=kalender&manad=2027-01"));
    expect(bokaHref(state)).toBe("/boka?steg=2&typ=alla&passtyp=VALPKURS&vy=kalender&manad=2027-01");
    expect(parseBokaParams(new URLSearchParams("typ=alla&passtyp=%20%20"))).not.toHaveProperty("sessionType");
    expect(parseBokaParams(new URLSearchParams(`typ=alla&passtyp=${"A".repeat(61)}`))).not.toHaveProperty("sessionType");
  });
});
