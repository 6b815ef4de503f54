// Each public page reads its data in one D1 round trip (one query or one
// batch): counted on the real D1 binding through a thin wrapper.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { loadCardOffers } from "~/server/cards/card-offers.server";
import { loadSessionsStartingBetween, loadStartPage, loadUpcomingSessions } from "~/server/public/sessions.server";
import { getLoadContext } from "~/server/platform/context.server";
import { seedDemo } from "./public-helpers";

type Counted = { DB: D1Database; roundTrips: () => number };

/** Counts calls that reach the database: batch/exec, and run/all/first/raw on a statement. */
function countingDb(db: D1Database): Counted {
  let trips = 0;
  const counted = <T extends (...args: never[]) => unknown>(fn: T, self: unknown) =>
    ((...args: Parameters<T>) => {
      trips++;
      return fn.apply(self, args);
    }) as T;
  const DB = new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === "batch" || prop === "exec") return counted(value, target);
      if (prop === "prepare") {
        return (sql: string) => {
          const stmt = target.prepare(sql);
          // Patched on the real object, which batch() must still receive unchanged in type.
          for (const method of ["run", "all", "first", "raw"] as const) {
            const original = stmt[method] as (...args: never[]) => unknown;
            Object.defineProperty(stmt, method, { value: counted(original, stmt) });
          }
          const bind = stmt.bind.bind(stmt);
          Object.defineProperty(stmt, "bind", {
            value: (...values: unknown[]) => {
              const bound = bind(...values);
              for (const method of ["run", "all", "first", "raw"] as const) {
                const original = bound[method] as (...args: never[]) => unknown;
                Object.defineProperty(bound, method, { value: counted(original, bound) });
              }
              return bound;
            },
          });
          return stmt;
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { DB, roundTrips: () => trips };
}

/** A load context whose drizzle runs over the counted binding. */
function countedContext(db: Counted) {
  return getLoadContext({ ...env, DB: db.DB }, createExecutionContext());
}

beforeAll(async () => {
  await seedDemo();
  await env.DB.prepare(
    `INSERT INTO card_products (kind, name, uses, price_sek, session_types_json, validity_months, shown_on) VALUES ('klippkort', 'Rundkort', 5, 1000, '["VALPKURS"]', 6, 'both')`,
  ).run();
});

describe("D1 round trips per public page", () => {
  it("the start page: one batch for the types, the group sessions and the cards shown there", async () => {
    const db = countingDb(env.DB);
    const data = await loadStartPage(countedContext(db), new Date());
    expect(data.groupSessions.length).toBeGreaterThan(0);
    expect(data.types.length).toBeGreaterThan(0);
    expect(data.cards.map((c) => c.name)).toEqual(["Rundkort"]);
    expect(db.roundTrips()).toBe(1);
  });

  it("/boka's choice of type: one query for the cards shown there", async () => {
    const db = countingDb(env.DB);
    expect((await loadCardOffers(countedContext(db), "boka")).map((c) => c.name)).toEqual(["Rundkort"]);
    expect(db.roundTrips()).toBe(1);
  });

  it("/alla-popups and the /boka list: one batch", async () => {
    const db = countingDb(env.DB);
    const data = await loadUpcomingSessions(countedContext(db), new Date(), "group");
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.sessions.every((s) => s.passType === "group")).toBe(true);
    expect(db.roundTrips()).toBe(1);
  });

  it("the /boka calendar: one query for the month", async () => {
    const db = countingDb(env.DB);
    const now = new Date();
    const rows = await loadSessionsStartingBetween(countedContext(db), now, {
      fromIso: now.toISOString(),
      toIso: new Date(now.getTime() + 60 * 86_400_000).toISOString(),
    });
    expect(rows.length).toBeGreaterThan(0);
    expect(db.roundTrips()).toBe(1);
  });
});
