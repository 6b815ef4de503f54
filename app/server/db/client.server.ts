/** Drizzle over the D1 binding, and helpers for statements written in SQL. */
import { getTableColumns, type Table } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema.server";
import type { Env } from "../platform/env.server";

// Without the relational schema: nothing uses `db.query`, and drizzle would
// otherwise rebuild the relational configuration of every table for each
// request (extractTablesRelationalConfig), a few per cent of a page render.
function createDb(db: D1Database) {
  return drizzle(db);
}

export type Db = ReturnType<typeof createDb>;

/** Drizzle for this request's binding (cheap to build: a bench measured no gain in keeping it). */
export function getDb(env: Pick<Env, "DB">): Db {
  return createDb(env.DB);
}

/**
 * A SELECT list that returns `keys` of a drizzle table under their TypeScript
 * names (`start_time AS "startTime"`), so raw SQL results have the drizzle
 * row type (`Pick<typeof table.$inferSelect, …>`); every column without
 * `keys`. `prefix` is a table alias.
 */
export function columnsAs<T extends Table>(
  table: T,
  keys?: ReadonlyArray<keyof T["$inferSelect"] & string>,
  prefix = "",
): string {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  return (keys ?? Object.keys(columns))
    .map((key) => {
      const column = columns[key];
      if (!column) throw new Error(`no column ${key}`);
      return `${prefix}${column.name} AS "${key}"`;
    })
    .join(", ");
}

export { schema };
