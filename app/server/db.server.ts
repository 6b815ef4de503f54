/** Drizzle over the D1 binding. */
import { drizzle } from "drizzle-orm/d1";
import * as schema from "./db/schema.server";
import type { Env } from "./env.server";

function createDb(db: D1Database) {
  return drizzle(db, { schema });
}

export type Db = ReturnType<typeof createDb>;

/** A SQL condition with its `?` parameters, for a statement that rides in someone else's batch. */
export interface SqlCondition {
  sql: string;
  params: readonly unknown[];
}

// Building the relational config walks the whole schema: do it once per binding.
const instances = new WeakMap<D1Database, Db>();

export function getDb(env: Pick<Env, "DB">): Db {
  let db = instances.get(env.DB);
  if (!db) {
    db = createDb(env.DB);
    instances.set(env.DB, db);
  }
  return db;
}

export { schema };
