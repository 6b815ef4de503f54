// Flurre's pipeline stays readable: no function in app/domain/flurre is longer than 60 lines (issue 46), read with
// the TypeScript parser, so that a function, an arrow or a method is measured wherever it stands.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const FOLDER = new URL("../../../app/domain/flurre", import.meta.url).pathname;
const MAX_LINES = 60;

/** Every function of a file, with its name (or where it stands) and its length in lines. */
function functionsOf(file: string): { name: string; lines: number }[] {
  const source = ts.createSourceFile(file, readFileSync(join(FOLDER, file), "utf8"), ts.ScriptTarget.Latest, true);
  const found: { name: string; lines: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const [start, end] = [node.getStart(), node.getEnd()].map((at) => source.getLineAndCharacterOfPosition(at).line);
      const named = node.name?.getText() ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText() : "a function");
      found.push({ name: `${file}: ${named} (line ${start! + 1})`, lines: end! - start! + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("Flurre's modules", () => {
  it(`have no function over ${MAX_LINES} lines`, () => {
    const functions = readdirSync(FOLDER)
      .filter((f) => f.endsWith(".ts"))
      .flatMap(functionsOf);
    expect(functions.length).toBeGreaterThan(50);
    expect(functions.filter((f) => f.lines > MAX_LINES)).toEqual([]);
  });
});
