import { describe, expect, it } from "vitest";
import { adminReturnTo } from "../../app/domain/admin-return";
import {
  allSessionsHref,
  containsPattern,
  DEFAULT_ALL_SESSIONS_FILTERS,
  pageCountOf,
  parseAllSessionsFilters,
} from "../../app/domain/all-sessions-filters";

const parse = (query: string) => parseAllSessionsFilters(new URLSearchParams(query));

describe("parseAllSessionsFilters", () => {
  it("defaults to every session, first page, no search", () => {
    expect(parse("")).toEqual({ typ: "alla", period: "alla", status: "alla", q: "", sida: 1 });
    expect(DEFAULT_ALL_SESSIONS_FILTERS).toEqual(parse(""));
  });

  it("reads every known value", () => {
    expect(parse("typ=private&period=passerade&status=avslutat&q=Karin&sida=3")).toEqual({
      typ: "private",
      period: "passerade",
      status: "avslutat",
      q: "Karin",
      sida: 3,
    });
    for (const status of ["ledigt", "vantande", "bekraftat", "installt"]) expect(parse(`status=${status}`).status).toBe(status);
    expect(parse("typ=group&period=kommande")).toMatchObject({ typ: "group", period: "kommande" });
  });

  it("falls back to the default for each unknown or malformed value, keeping the valid ones", () => {
    expect(parse("typ=valp&period=igar&status=FULL&sida=abc&q=ok")).toEqual({ ...DEFAULT_ALL_SESSIONS_FILTERS, q: "ok" });
    expect(parse("typ=GROUP").typ).toBe("alla");
    expect(parse("status=ledigt&typ=x").status).toBe("ledigt");
  });

  it.each(["0", "-2", "1.5", "", "Infinity", "NaN", "2x"])("reads page %j as page 1", (sida) => {
    expect(parse(`sida=${sida}`).sida).toBe(1);
  });

  it("caps an absurd page number (the list clamps it to the last page)", () => {
    expect(parse("sida=99999999999").sida).toBe(1_000_000);
    expect(parse("sida=7").sida).toBe(7);
  });

  it("trims the search text and keeps at most 100 characters", () => {
    expect(parse("q=%20%20sean%20").q).toBe("sean");
    expect(parse(`q=${"a".repeat(150)}`).q).toBe("a".repeat(100));
    expect(parse("q=%20%20%20").q).toBe("");
  });

  it("takes the first value when a name repeats", () => {
    expect(parse("typ=group&typ=private").typ).toBe("group");
  });
});

describe("allSessionsHref", () => {
  it("leaves the defaults out", () => {
    expect(allSessionsHref(DEFAULT_ALL_SESSIONS_FILTERS)).toBe("/admin/old");
    expect(allSessionsHref({ ...DEFAULT_ALL_SESSIONS_FILTERS, sida: 4 }, 1)).toBe("/admin/old");
  });

  it("carries every filter and the page", () => {
    expect(allSessionsHref(parse("typ=group&period=kommande&status=vantande&q=anna&sida=2"))).toBe(
      "/admin/old?typ=group&period=kommande&status=vantande&q=anna&sida=2",
    );
    expect(allSessionsHref(parse("status=installt"), 3)).toBe("/admin/old?status=installt&sida=3");
  });

  it("reads back as the same filters", () => {
    const filters = parse("typ=private&period=passerade&status=avslutat&q=Åsa%20(100%25)_o'k.se&sida=5");
    const href = allSessionsHref(filters);
    expect(parseAllSessionsFilters(new URL(href, "http://x").searchParams)).toEqual(filters);
  });

  it("is an admin address the return check keeps as it is, whatever the search text", () => {
    for (const q of ["sean.holmgren@example.com", "Åsa & Öster", "100% _x_ (y) ~!*'", "a+b=c?d#e/f"]) {
      const href = allSessionsHref({ ...DEFAULT_ALL_SESSIONS_FILTERS, status: "ledigt", q, sida: 2 });
      expect(adminReturnTo(href), q).toBe(href);
      expect(adminReturnTo(decodeURIComponent(encodeURIComponent(href))), q).toBe(href);
    }
  });
});

describe("pageCountOf", () => {
  it("is at least 1, and 25 a page", () => {
    expect([0, 1, 25, 26, 50, 51].map(pageCountOf)).toEqual([1, 1, 1, 2, 2, 3]);
  });
});

describe("containsPattern", () => {
  it("matches anywhere, lowercased, with %, _ and the escape character itself escaped", () => {
    expect(containsPattern("Sean")).toBe("%sean%");
    expect(containsPattern("100%_a\\b")).toBe("%100\\%\\_a\\\\b%");
    expect(containsPattern("ÅSA")).toBe("%åsa%");
  });
});
