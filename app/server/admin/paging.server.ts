/**
 * Paging for the admin's session lists, inside the one D1 round trip a list
 * page makes: the ids of the page's sessions as a subquery (for the page's
 * rows and, in the same batch, their bookings), with the page number clamped
 * to the last page in SQL, so an out-of-range ?sida= shows the last page
 * without a second read.
 */
import { sql, type SQL } from "drizzle-orm";
import { schema } from "../db/client.server";

export { pageCountFor } from "~/domain/paging";

const { sessions } = schema;

/** `SELECT id FROM sessions WHERE … ORDER BY … LIMIT size OFFSET (clamped page - 1) * size` */
export function pageIdsQuery(where: SQL, order: readonly SQL[], size: number, requestedPage: number): SQL {
  const pageSize = sql.raw(String(size));
  const lastPage = sql`max(1, ((SELECT count(*) FROM ${sessions} WHERE ${where}) + ${pageSize} - 1) / ${pageSize})`;
  const offset = sql`(min(CAST(${requestedPage} AS INTEGER), ${lastPage}) - 1) * ${pageSize}`;
  return sql`SELECT ${sessions.id} FROM ${sessions} WHERE ${where}
    ORDER BY ${sql.join([...order], sql`, `)} LIMIT ${pageSize} OFFSET ${offset}`;
}

/** A list's page: its rows, which page it is (clamped) and how many there are. */
export interface ListPage<T> {
  sessions: T[];
  total: number;
  page: number;
  pageCount: number;
}
