/**
 * LEGACY (goes once every folder follows app/server/db/README.md): a
 * condition another folder still builds as `{ sql, params }` with anonymous
 * `?` parameters (e.g. platform/rate-limit's withinBudget), as drizzle SQL
 * for a statement of this folder. The text is that builder's own constant
 * SQL; the values stay parameters.
 */
import { sql, type SQL } from "drizzle-orm";

export function fromLegacyCondition(condition: { sql: string; params: readonly unknown[] }): SQL {
  const pieces = condition.sql.split("?");
  if (pieces.length !== condition.params.length + 1) throw new Error(`condition has ${pieces.length - 1} ? for ${condition.params.length} values`);
  const chunks: SQL[] = [sql.raw(pieces[0]!)];
  condition.params.forEach((value, i) => chunks.push(sql`${value}`, sql.raw(pieces[i + 1]!)));
  return sql.join(chunks);
}
