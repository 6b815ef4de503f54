import { describe, expect, it } from "vitest";
import { buildIcs, icsUtcDateTime, unfoldIcs } from "../../app/domain/ics";

const event = {
  uid: "booking-3b241101-e2bb-4255-8caf-4136c566a962@hundpass.se",
  dtstamp: "2026-11-21T06:00:00.000Z",
  start: "2026-12-07T17:00:00.000Z",
  end: "2026-12-07T18:00:00.000Z",
  summary: "VALPKURS – Hundpass",
  location: "Hundhallen Gävle",
  description: "Bokning för Anna med Flurre.\nKom ihåg: bokningen är bindande.",
  organizer: { name: "Hundpass", email: "admin@hundpass.se" },
};

const octets = (s: string) => new TextEncoder().encode(s).length;

describe("buildIcs (RFC 5545)", () => {
  it("ends every line with CRLF and never uses a bare LF", () => {
    const ics = buildIcs(event);
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("wraps one VEVENT in a VCALENDAR with VERSION, PRODID and METHOD:PUBLISH", () => {
    const lines = unfoldIcs(buildIcs(event));
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines.at(-1)).toBe("END:VCALENDAR");
    expect(lines).toContain("VERSION:2.0");
    expect(lines).toContain("METHOD:PUBLISH");
    expect(lines.some((l) => l.startsWith("PRODID:"))).toBe(true);
    expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(1);
  });

  it("writes UID, DTSTAMP, DTSTART, DTEND in UTC, SUMMARY, LOCATION and DESCRIPTION", () => {
    const lines = unfoldIcs(buildIcs(event));
    expect(lines).toContain(`UID:${event.uid}`);
    expect(lines).toContain("DTSTAMP:20261121T060000Z");
    expect(lines).toContain("DTSTART:20261207T170000Z");
    expect(lines).toContain("DTEND:20261207T180000Z");
    expect(lines).toContain("SUMMARY:VALPKURS – Hundpass");
    expect(lines).toContain("LOCATION:Hundhallen Gävle");
    expect(lines).toContain("DESCRIPTION:Bokning för Anna med Flurre.\\nKom ihåg: bokningen är bindande.");
  });

  it("leaves out LOCATION and DESCRIPTION when not given", () => {
    const lines = unfoldIcs(buildIcs({ ...event, location: undefined, description: undefined }));
    expect(lines.some((l) => l.startsWith("LOCATION"))).toBe(false);
    expect(lines.some((l) => l.startsWith("DESCRIPTION"))).toBe(false);
  });

  it("keeps every physical line within 75 octets, Swedish letters included", () => {
    const long = { ...event, description: "Åäö ".repeat(80), summary: "x".repeat(200) };
    const ics = buildIcs(long);
    for (const line of ics.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(unfoldIcs(ics)).toContain(`DESCRIPTION:${long.description}`);
    expect(unfoldIcs(ics)).toContain(`SUMMARY:${long.summary}`);
  });
});

describe("text in the file", () => {
  it("escapes backslash, semicolon, comma and newlines in TEXT values", () => {
    const lines = unfoldIcs(buildIcs({ ...event, summary: "a\\b;c,d", description: "e\nf\r\ng" }));
    expect(lines).toContain("SUMMARY:a\\\\b\\;c\\,d");
    expect(lines).toContain("DESCRIPTION:e\\nf\\ng");
  });

  it("folds with CRLF + space and never splits a character, emoji included", () => {
    const ics = buildIcs({ ...event, description: `${"a".repeat(60)}🐕🐕🐕${"ä".repeat(40)}` });
    expect(ics).toMatch(/\r\n /);
    for (const line of ics.split("\r\n")) {
      expect(octets(line)).toBeLessThanOrEqual(75);
      expect(line).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
    expect(unfoldIcs(ics)).toContain(`DESCRIPTION:${"a".repeat(60)}🐕🐕🐕${"ä".repeat(40)}`);
  });
});

describe("changes and cancellations", () => {
  it("marks a first version PUBLISH, CONFIRMED, SEQUENCE 0", () => {
    const lines = unfoldIcs(buildIcs(event));
    expect(lines).toContain("STATUS:CONFIRMED");
    expect(lines).toContain("SEQUENCE:0");
  });

  it("writes a cancellation as METHOD:CANCEL, STATUS:CANCELLED with the same UID and a raised SEQUENCE", () => {
    const lines = unfoldIcs(buildIcs({ ...event, method: "CANCEL", sequence: 2 }));
    expect(lines).toContain("METHOD:CANCEL");
    expect(lines).toContain("STATUS:CANCELLED");
    expect(lines).toContain("SEQUENCE:2");
    expect(lines).toContain(`UID:${event.uid}`);
    expect(lines).not.toContain("METHOD:PUBLISH");
  });

  it("names the organizer on every version, as RFC 5546 requires of a cancellation", () => {
    for (const version of [buildIcs(event), buildIcs({ ...event, method: "CANCEL", sequence: 1 })]) {
      expect(unfoldIcs(version)).toContain('ORGANIZER;CN="Hundpass":mailto:admin@hundpass.se');
    }
  });
});

describe("icsUtcDateTime", () => {
  it("formats an instant as UTC basic form", () => {
    expect(icsUtcDateTime("2026-07-01T16:00:00.000Z")).toBe("20260701T160000Z");
    expect(icsUtcDateTime(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toBe("20260102T030405Z");
  });

  it("refuses text that is not a date", () => {
    expect(() => icsUtcDateTime("inte ett datum")).toThrow(RangeError);
  });
});
