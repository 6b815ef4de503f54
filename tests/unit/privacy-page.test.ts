// /integritet says what the retention table in docs/architecture.md says:
// every row of the table has a row on the page, with the same time, for the
// defaults.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { privacyRows } from "../../app/domain/privacy-page";

const readme = readFileSync(path.resolve(__dirname, "../../docs/architecture.md"), "utf8");
const table = readme.slice(readme.indexOf("| Data | Kept | Then | Setting |"));
const rows = [...table.matchAll(/^\s*\| ([^|]+?) \| ([^|]+?) \| ([^|]+?) \| ([^|]+?) \|$/gm)]
  .map((m) => ({ data: m[1]!, kept: m[2]! }))
  .filter((r) => r.data !== "Data" && !r.data.startsWith("---"));

const defaults = { bookingMonths: 24, unsubscribedDays: 30, messageMonths: 12, auditMonths: 24, mailDays: 30, queueDays: 30 };
const UNITS: Record<string, string> = { months: "månader", days: "dagar" };

describe("the privacy page and the documented retention table", () => {
  it("reads the table", () => {
    expect(rows.length).toBeGreaterThanOrEqual(6);
  });

  it("has a row for each of the table's rows, saying the same time", () => {
    const page = privacyRows(defaults);
    for (const row of rows) {
      const onPage = page.find((p) => p.readmeData === row.data);
      expect(onPage, row.data).toBeDefined();
      const [, count, unit] = row.kept.match(/(\d+) (months|days)/)!;
      expect(onPage!.howLong, row.data).toContain(`${count} ${UNITS[unit!]}`);
    }
  });

  it("says the configured times, not fixed ones", () => {
    const page = privacyRows({ ...defaults, bookingMonths: 36, mailDays: 14 });
    expect(page[0]!.howLong).toContain("36 månader efter passet");
    expect(page.find((p) => p.readmeData === "Sent mail")!.howLong).toBe("14 dagar.");
  });
});
