// What the runtime accepts from a Worker's main module: every named export is
// a handler (an object) or a class (a Durable Object, an entrypoint); a plain
// value (a number, a string) stops the Worker at start ("Incorrect type for
// map entry"), which `wrangler dev` and a deploy show but a test that calls a
// handler directly never would.
import { describe, expect, it } from "vitest";
import * as app from "../../workers/app";
import * as cron from "../../workers/cron";

function notHandlers(module: Record<string, unknown>): string[] {
  return Object.entries(module)
    .filter(([, value]) => typeof value !== "function" && (typeof value !== "object" || value === null))
    .map(([name]) => name);
}

describe("the Workers' main modules", () => {
  it("export only handlers and classes, so the runtime starts them", () => {
    expect(notHandlers(app)).toEqual([]);
    expect(notHandlers(cron)).toEqual([]);
  });
});
