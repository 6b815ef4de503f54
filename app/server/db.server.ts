/** Drizzle over the D1 binding. */
import { drizzle } from "drizzle-orm/d1";
import * as schema from "./db/schema.server";
import type { Env } from "./env.server";

export function getDb(env: Pick<Env, "DB">) {
  return drizzle(env.DB, { schema });
}

export type Db = ReturnType<typeof getDb>;
export { schema };
