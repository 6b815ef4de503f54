/**
 * An opt-in count of a request's D1 round trips, for bench/admin-lists.mjs:
 * with the variable D1_ROUND_TRIPS set to "1" (only that bench sets it) the
 * Worker hands the request's loaders a DB that counts every call that goes
 * to the database — `batch`, `exec`, and a statement's `first`, `all`,
 * `run` and `raw` — and answers with an `X-D1-Round-Trips` header. Off, the
 * Worker does not call this module at all.
 *
 * Statements stay the real ones behind a thin proxy: the real `batch` is
 * given the real statements back, so counting never changes what runs.
 */
import type { Env } from "../platform/env.server";

export const ROUND_TRIPS_HEADER = "X-D1-Round-Trips";

const STATEMENT_CALLS = new Set<PropertyKey>(["first", "all", "run", "raw"]);

export interface D1RoundTrips {
  db: D1Database;
  count(): number;
}

export function countD1RoundTrips(real: D1Database): D1RoundTrips {
  let trips = 0;
  const realStatements = new WeakMap<object, D1PreparedStatement>();

  const statement = (target: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(target, {
      get(stmt, key) {
        const value: unknown = Reflect.get(stmt, key, stmt);
        if (typeof value !== "function") return value;
        if (key === "bind") return (...values: unknown[]) => statement(stmt.bind(...values));
        if (STATEMENT_CALLS.has(key)) {
          return (...args: unknown[]) => {
            trips++;
            return (value as (...a: unknown[]) => unknown).apply(stmt, args);
          };
        }
        return (value as (...a: unknown[]) => unknown).bind(stmt);
      },
    });
    realStatements.set(proxy, target);
    return proxy;
  };

  const db = new Proxy(real, {
    get(target, key) {
      if (key === "prepare") return (query: string) => statement(target.prepare(query));
      if (key === "batch") {
        return (statements: D1PreparedStatement[]) => {
          trips++;
          return target.batch(statements.map((s) => realStatements.get(s) ?? s));
        };
      }
      if (key === "exec") {
        return (query: string) => {
          trips++;
          return target.exec(query);
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });

  return { db, count: () => trips };
}

/** The env for one request with a counting DB, or null when counting is off. */
export function withRoundTripCounter<E extends Pick<Env, "DB" | "D1_ROUND_TRIPS">>(env: E): { env: E; count(): number } | null {
  if (env.D1_ROUND_TRIPS !== "1") return null;
  const counter = countD1RoundTrips(env.DB);
  return { env: { ...env, DB: counter.db }, count: counter.count };
}
