// The README is the newcomer's map: every file or folder it names exists,
// every `npm run` script it names is in package.json, every bench option it
// names is one the bench script reads, and .dev.vars.example lists every
// variable app/server/platform/env.server.ts reads, with its default.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const readmes = ["README.md", "bench/README.md"].map((file) => ({ file, text: read(file) }));

const PATH_START = /^(?:\.\/)?(?:app|tests|bench|migrations|workers|scripts|public|\.ci)\/|^(?:\.dev\.vars\.example|\.nvmrc|wrangler\.toml|package\.json|playwright\.config\.ts|vitest\.config\.ts|tsconfig\.json|vite\.config\.ts)$/;

/** Backticked words that name a file or folder of this repository (placeholders and globs left out). */
function namedPaths(text: string): string[] {
  const found = new Set<string>();
  for (const [, inner] of text.matchAll(/`([^`\n]+)`/g)) {
    for (const word of inner!.split(/\s+/)) {
      const candidate = word.replace(/[),.:;]+$/, "").replace(/:\d+$/, "");
      if (!PATH_START.test(candidate)) continue;
      if (/[*{}<>…]|\$/.test(candidate)) continue;
      found.add(candidate.replace(/^\.\//, ""));
    }
  }
  return [...found].sort();
}

describe("the README", () => {
  for (const { file, text } of readmes) {
    it(`${file}: every file and folder it names exists`, () => {
      const paths = namedPaths(text);
      expect(paths.length).toBeGreaterThan(5);
      expect(paths.filter((p) => !existsSync(path.join(root, p)))).toEqual([]);
    });

    it(`${file}: every npm script it names is in package.json`, () => {
      const scripts = Object.keys((JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts);
      const named = [...text.matchAll(/npm run ([a-z0-9:-]+)/g)].map((m) => m[1]!);
      expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
    });

    it(`${file}: every bench option it names is one the script reads`, () => {
      const missing: string[] = [];
      for (const [line] of text.matchAll(/node bench\/[a-z-]+\.mjs[^\n]*/g)) {
        const script = line.match(/bench\/[a-z-]+\.mjs/)![0];
        if (!existsSync(path.join(root, script))) {
          missing.push(script);
          continue;
        }
        const source = read(script);
        for (const [option] of line.replace(/#.*$/, "").matchAll(/--[a-z][a-z-]*/g)) {
          const name = option.slice(2);
          if (!source.includes(`"${name}"`) && !source.includes(`'${name}'`) && !source.includes(option)) missing.push(`${script} ${option}`);
        }
      }
      expect(missing).toEqual([]);
    });
  }
});

describe(".dev.vars.example", () => {
  it("lists every variable app/server/platform/env.server.ts reads, each with a value", () => {
    const source = read("app/server/platform/env.server.ts");
    // The variables are the string fields of its Env (bindings have other types).
    const envInterface = source.slice(source.indexOf("export interface Env {"), source.indexOf("\n}", source.indexOf("export interface Env {")));
    const readVars = new Set([...envInterface.matchAll(/^\s+([A-Z][A-Z0-9_]+)\??: string;/gm)].map((m) => m[1]!));
    expect(readVars.size).toBeGreaterThan(10);
    const listed = new Map(
      [...read(".dev.vars.example").matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=(\S*)/gm)].map((m) => [m[1]!, m[2]!] as const),
    );
    expect([...readVars].filter((name) => !listed.has(name)).sort()).toEqual([]);
    expect([...listed].filter(([, value]) => value === "").map(([name]) => name)).toEqual([]);
    // Nothing listed that the app no longer reads.
    expect([...listed.keys()].filter((name) => !readVars.has(name)).sort()).toEqual([]);
  });
});

describe("running the cron worker locally", () => {
  const text = read("README.md");
  const known = JSON.parse(/^crons = (\[.*\])$/m.exec(read("workers/cron.wrangler.toml"))![1]!) as string[];
  const triggers = [...text.matchAll(/curl "http:\/\/localhost:8788(\/[^"?]*)\?([^"]*)"/g)].map(([, route, query]) => ({
    route: route!,
    params: new URLSearchParams(query!.replace(/\$\([^)]*\)/g, "0")),
  }));

  it("triggers only schedules the worker has", () => {
    expect(triggers.length).toBeGreaterThan(1);
    expect(triggers.map((t) => t.params.get("cron")).filter((cron) => !known.includes(cron ?? ""))).toEqual([]);
  });

  it("shows a run at a chosen time through miniflare's handler, the only route that takes a time", () => {
    const timed = triggers.filter((t) => t.params.has("time"));
    expect(timed.length).toBeGreaterThan(0);
    expect(timed.map((t) => t.route)).toEqual(timed.map(() => "/cdn-cgi/handler/scheduled"));
  });
});
