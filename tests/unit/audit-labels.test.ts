// Every change the server writes to the audit log is named in Swedish on /admin/logg, never by its code.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { auditActionLabel } from "../../app/domain/audit";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? sourceFiles(file) : /\.tsx?$/.test(name) ? [file] : [];
  });
}

describe("the audit log's action names", () => {
  it("has a Swedish label for every action the server writes", () => {
    const actions = new Set(
      sourceFiles(path.resolve(__dirname, "../../app/server")).flatMap((file) =>
        [...readFileSync(file, "utf8").matchAll(/\baction: "([a-z_]+\.[a-z_-]+)"/g)].map((m) => m[1]!),
      ),
    );
    expect(actions.size).toBeGreaterThan(10);
    expect([...actions].filter((action) => auditActionLabel(action) === action)).toEqual([]);
  });
});
