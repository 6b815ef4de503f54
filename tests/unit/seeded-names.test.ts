// What staff edit is data: no seeded session type, place, town or person is
// named in the code under app/ or workers/ (comments too). They live in the
// seed and the migrations only, so renaming or replacing one needs no code
// change. The names are read from the seed itself, so a new one is checked too.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildDemoData } from "../fixtures/demo-data";
import { SEEDED_PLACES, SEEDED_TEAM } from "../fixtures/seeded-content";

const root = path.resolve(__dirname, "../..");
/** The assistant is the product's own, named by the spec; the home visit and online are built-in locations. */
const PRODUCT_NAMES = new Set(["Flurre", "Hembesök", "Online"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(tsx?|css)$/.test(entry.name) ? [full] : [];
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function seededNames(): { name: string; pattern: RegExp }[] {
  const data = buildDemoData(new Date("2026-12-01T10:00:00Z"));
  const exact = [...data.popupTypes.map((t) => t.name), ...SEEDED_PLACES.map((p) => p.name), ...SEEDED_PLACES.map((p) => p.town)];
  const people = SEEDED_TEAM.map((m) => m.name.split(" ")[0]!);
  return [
    // Types, places and towns as staff wrote them.
    ...[...new Set(exact)].filter((n) => n && !PRODUCT_NAMES.has(n)).map((name) => ({ name, pattern: new RegExp(`(?<![\\p{L}])${escape(name)}(?![\\p{L}])`, "u") })),
    // People in any case ('linnea' in a word list too).
    ...[...new Set(people)].filter((n) => !PRODUCT_NAMES.has(n)).map((name) => ({ name, pattern: new RegExp(`(?<![\\p{L}])${escape(name)}(?![\\p{L}])`, "iu") })),
  ];
}

describe("the code names no seeded content", () => {
  it("reads the names to look for from the seed", () => {
    const names = seededNames().map((n) => n.name);
    expect(names.length).toBeGreaterThanOrEqual(10);
  });

  it("finds none of them under app/ or workers/", () => {
    const names = seededNames();
    const found = [...sourceFiles(path.join(root, "app")), ...sourceFiles(path.join(root, "workers"))].flatMap((file) => {
      const lines = readFileSync(file, "utf8").split("\n");
      return lines.flatMap((line, i) =>
        names.filter(({ pattern }) => pattern.test(line)).map(({ name }) => `${path.relative(root, file)}:${i + 1} ${name}`),
      );
    });
    expect(found).toEqual([]);
  });
});
