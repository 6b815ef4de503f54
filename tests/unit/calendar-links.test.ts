import { describe, expect, it } from "vitest";
import { googleCalendarUrl } from "../../app/domain/calendar-links";

describe("googleCalendarUrl", () => {
  it("prefills title, UTC start/end, place and details", () => {
    const url = new URL(
      googleCalendarUrl({
        title: "VALPKURS – Hundpass",
        start: "2026-12-07T17:00:00.000Z",
        end: "2026-12-07T18:00:00.000Z",
        location: "Hundhallen Gävle",
        details: "Bindande bokning",
      }),
    );
    expect(url.origin + url.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(url.searchParams.get("action")).toBe("TEMPLATE");
    expect(url.searchParams.get("text")).toBe("VALPKURS – Hundpass");
    expect(url.searchParams.get("dates")).toBe("20261207T170000Z/20261207T180000Z");
    expect(url.searchParams.get("location")).toBe("Hundhallen Gävle");
    expect(url.searchParams.get("details")).toBe("Bindande bokning");
  });
});
