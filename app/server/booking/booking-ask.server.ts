/**
 * What a session's booking form asks beyond the usual fields, as a SQL
 * expression on a row of `sessions`: its type's booking_ask (migration 0143).
 * The type is the one the session was made from, or, for a session made
 * without one, the type named as its title (any case; the same case first).
 */
import { sql, type SQL } from "drizzle-orm";
import type { BookingAsk } from "~/domain/constants";

/** The expression as text, for the sessions row named `table` ("sessions", or an alias of it). */
export function bookingAskSql(table: "sessions" | "s"): string {
  return `(SELECT pt.booking_ask FROM popup_types pt
    WHERE pt.id = ${table}.popup_type_id OR (${table}.popup_type_id IS NULL AND pt.name = trim(${table}.title) COLLATE NOCASE)
    ORDER BY pt.name = trim(${table}.title) DESC, pt.id LIMIT 1)`;
}

/** The expression for the sessions row named `table`. */
export function bookingAskOf(table: "sessions" | "s"): SQL<BookingAsk | null> {
  return sql<BookingAsk | null>`${sql.raw(bookingAskSql(table))}`;
}
