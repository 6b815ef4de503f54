// Routes stay thin: a route file reads and calls, and what grows moves to
// app/server/<capability>/ or app/components/. No file under app/routes
// (folders included) is longer than 350 lines, and the seat object
// (SessionSeats) no longer than 250.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const routes = path.resolve(__dirname, "../../app/routes");
const ROUTE_MAX_LINES = 350;

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? routeFiles(file) : /\.(tsx?|jsx?)$/.test(name) ? [file] : [];
  });
}

/** Lines as an editor counts them: a final newline ends the last line, it does not start another. */
function lineCount(source: string): number {
  if (source === "") return 0;
  return source.replace(/\r?\n$/, "").split(/\r?\n/).length;
}

describe("the route files", () => {
  it("counts lines as an editor does", () => {
    expect(lineCount("a\nb\n")).toBe(2);
    expect(lineCount("a\nb")).toBe(2);
    expect(lineCount(`${"x\n".repeat(351)}`)).toBeGreaterThan(ROUTE_MAX_LINES);
  });

  it(`has no file over ${ROUTE_MAX_LINES} lines`, () => {
    const files = routeFiles(routes);
    expect(files.length).toBeGreaterThan(40);
    const long = files
      .map((file) => ({ file: path.relative(routes, file), lines: lineCount(readFileSync(file, "utf8")) }))
      .filter(({ lines }) => lines > ROUTE_MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});

// The seat object is a lock: what a change writes is in the change's own
// module (its batch builder), never in the object, which stays this small.
const SEAT_OBJECT = path.resolve(__dirname, "../../app/server/seats/session-seats.server.ts");
const SEAT_OBJECT_MAX_LINES = 250;

describe("the seat object", () => {
  it(`is at most ${SEAT_OBJECT_MAX_LINES} lines`, () => {
    expect(lineCount(readFileSync(SEAT_OBJECT, "utf8"))).toBeLessThanOrEqual(SEAT_OBJECT_MAX_LINES);
  });
});
