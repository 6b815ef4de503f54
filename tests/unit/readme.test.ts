// The README is the newcomer's map and docs/ the rest of it: in each, every
// file or folder named exists, every `npm run` script named is in
// package.json, every bench option named is one the bench script reads, and
// every relative link leads to a file that exists; .dev.vars.example lists
// every variable app/server/platform/env.server.ts reads, with its default.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { headingAnchor } from "~/domain/heading-anchor";

const root = path.resolve(__dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const docs = readdirSync(path.join(root, "docs"))
  .filter((name) => name.endsWith(".md"))
  .sort()
  .map((name) => `docs/${name}`);
const readmes = ["README.md", "bench/README.md", ...docs].map((file) => ({ file, text: read(file) }));

const PATH_START = /^(?:\.\/)?(?:app|tests|bench|migrations|workers|scripts|public|docs|patches|\.ci)\/|^(?:\.dev\.vars\.example|\.nvmrc|wrangler\.toml|package\.json|playwright\.config\.ts|vitest\.config\.ts|tsconfig\.json|vite\.config\.ts)$/;

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

/** Relative Markdown link targets, each as file (empty: the same page) and anchor. */
function links(text: string): { target: string; anchor: string | null }[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    // A web address, or a page of the site (the handbook is also read on /admin/handbok).
    .filter((href) => !/^[a-z]+:/.test(href) && !href.startsWith("/"))
    .map((href) => {
      const [target, anchor] = href.split("#") as [string, string | undefined];
      return { target, anchor: anchor ?? null };
    });
}

/** The anchors a Markdown file's headings get, as GitHub makes them. */
function anchorsOf(text: string): Set<string> {
  const body = text.replace(/^```[\s\S]*?^```/gm, "");
  return new Set([...body.matchAll(/^#{1,6} (.+)$/gm)].map((m) => headingAnchor(m[1]!)));
}

it("covers every Markdown file in docs/", () => {
  expect(docs).toEqual(expect.arrayContaining(["docs/architecture.md", "docs/operations.md", "docs/handbok.md"]));
});

describe("the README and docs/", () => {
  for (const { file, text } of readmes) {
    it(`${file}: every file and heading it links to exists`, () => {
      const dir = path.dirname(path.join(root, file));
      const broken = links(text).filter(({ target, anchor }) => {
        const linked = target ? path.resolve(dir, target) : path.join(root, file);
        if (!existsSync(linked)) return true;
        return anchor !== null && linked.endsWith(".md") && !anchorsOf(readFileSync(linked, "utf8")).has(anchor);
      });
      expect(broken).toEqual([]);
    });

    it(`${file}: every file and folder it names exists`, () => {
      const paths = namedPaths(text);
      // The handbook speaks to staff, in pages and buttons, not files.
      if (file !== "docs/handbok.md") expect(paths.length).toBeGreaterThan(5);
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
  const text = readmes.map((r) => r.text).join("\n");
  const known = JSON.parse(/^crons = (\[.*\])$/m.exec(read("workers/cron.wrangler.toml"))![1]!) as string[];
  const triggers = [...text.matchAll(/curl "http:\/\/localhost:8788(\/[^"?]*)\?([^"]*)"/g)].map(([, route, query]) => ({
    route: route!,
    params: new URLSearchParams(query!.replace(/\$\([^)]*\)/g, "0")),
  }));

  it("puts CRON_PORT on npm run cron, the only command that reads it", () => {
    const lines = text.split("\n").filter((line) => /CRON_PORT=\S+/.test(line));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => /CRON_PORT=\S+ +(?:[A-Z_]+=\S+ +)*npm (?!run cron)/.test(line) || /npm start[^`]*CRON_PORT|PORT=\S+ CRON_PORT=\S+ npm start/.test(line))).toEqual([]);
  });

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

describe("the README's first screen", () => {
  const lines = read("README.md").split("\n");
  const firstScreen = lines.slice(0, 40).join("\n");

  it("is short enough to read in five minutes", () => {
    expect(lines.length).toBeLessThanOrEqual(250);
  });

  it.each([
    ["how to start", "npm install && npm start"],
    ["where it serves", "http://localhost:8787"],
    ["how long a first start takes", "first start"],
    ["how to test", "npm test"],
    ["the e2e port", "E2E_PORT"],
    ["the cron worker", "npm run cron"],
    ["how to trigger a cron run", "/__scheduled?cron="],
    ["the admin sign-in", "admin@hundpass.se"],
    ["the customer sign-in", "kund@example.se"],
    ["the local mailbox", "/dev/mail"],
    ["what npm install prints", "prints only the patches"],
    ["how each test suite ends", "passed, 0 failed"],
    ["the skipped tests", "skipped"],
    ["a taken port", "already in use"],
  ])("says %s", (_, words) => {
    expect(firstScreen).toContain(words);
  });

  it("has a table of contents whose anchors are its headings", () => {
    const headings = lines.filter((line) => line.startsWith("## ")).map((line) =>
      line
        .slice(3)
        .toLowerCase()
        .replace(/[^a-z0-9 -]/g, "")
        .replace(/ /g, "-"),
    );
    const anchors = [...read("README.md").matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]!);
    expect(anchors.length).toBeGreaterThan(3);
    expect(anchors.filter((anchor) => !headings.includes(anchor))).toEqual([]);
  });
});
