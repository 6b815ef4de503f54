// The project runs on the Node it names: the `node` dev dependency puts that
// Node first on the PATH of every npm script, `engines` and `.nvmrc` name the
// same line, and no installed package refuses it. npm checks `engines`
// against the Node that runs npm itself, which on an older machine is not the
// Node the scripts run on, so this is the check that counts.
import { readFileSync } from "node:fs";
import path from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const readJson = <T>(file: string) => JSON.parse(readFileSync(path.join(root, file), "utf8")) as T;

type Manifest = { engines?: { node?: string }; devDependencies: Record<string, string> };
type LockEntry = { version?: string; engines?: { node?: string } | string[]; optional?: boolean; os?: string[]; cpu?: string[] };
type Lock = { packages: Record<string, LockEntry> };

/** An optional package built for another platform: npm never installs it here (a Windows binary of sharp, say). */
function otherPlatform(entry: LockEntry): boolean {
  const refuses = (list: string[] | undefined, value: string) =>
    list !== undefined && (list.includes(`!${value}`) || (list.some((item) => !item.startsWith("!")) && !list.includes(value)));
  return entry.optional === true && (refuses(entry.os, process.platform) || refuses(entry.cpu, process.arch));
}

const manifest = readJson<Manifest>("package.json");
const lock = readJson<Lock>("package-lock.json");
const projectNode = manifest.devDependencies.node!;

describe("the Node the project names", () => {
  it("is an exact Node 24 LTS release, the one .nvmrc and engines name", () => {
    expect(semver.valid(projectNode)).toBe(projectNode);
    expect(semver.major(projectNode)).toBe(24);
    expect(readFileSync(path.join(root, ".nvmrc"), "utf8").trim()).toBe(String(semver.major(projectNode)));
    expect(semver.satisfies(projectNode, manifest.engines!.node!)).toBe(true);
  });

  it("is the one package-lock.json installs", () => {
    expect(lock.packages["node_modules/node"]?.version).toBe(projectNode);
  });

  it("is accepted by every package in package-lock.json", () => {
    const refusing: string[] = [];
    for (const [where, entry] of Object.entries(lock.packages)) {
      if (where === "" || otherPlatform(entry)) continue;
      // Old manifests wrote engines as a list of strings; npm ignores those.
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (range && !semver.satisfies(projectNode, range, { includePrerelease: true })) {
        refusing.push(`${where.replace(/^.*node_modules\//, "")}@${entry.version} wants node ${range}`);
      }
    }
    expect(refusing).toEqual([]);
  });

  it("is what the installed node binary runs", async () => {
    // Under `npm test` this process is the node dev dependency's own binary.
    expect(process.versions.node).toBe(projectNode);
  });
});
