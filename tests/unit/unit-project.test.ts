// The unit project runs every file in one module graph (vitest.config.ts,
// isolate: false): a file that mocked a module or stubbed a global would
// change what the files after it see. None does; this keeps it so.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const ROOT = path.resolve(__dirname);
const LEAKS = /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [path.join(dir, entry.name)] : [],
  );
}

it("no unit test file mocks a module or stubs a global", () => {
  const files = filesUnder(ROOT);
  expect(files.length).toBeGreaterThan(50);
  const leaking = files.filter((file) => file !== __filename && LEAKS.test(readFileSync(file, "utf8"))).map((file) => path.relative(ROOT, file));
  expect(leaking).toEqual([]);
});
