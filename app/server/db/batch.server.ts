/**
 * A D1 batch and the typed reader of its results: how every write is built
 * (app/server/db/README.md). D1 runs a batch as one transaction, so a change
 * whose guards are SQL (an INSERT … SELECT … WHERE, an UPDATE … WHERE
 * EXISTS) is all-or-nothing.
 *
 * A builder function returns a `BatchPlan` and nothing else reads the
 * results by position: each statement added hands back a `StatementRef`
 * whose `rows` / `first` / `changes` take the batch's results, so the plan's
 * `read` says what it reads by name. Statements are drizzle's: its query
 * builder or its `sql` tag.
 *
 *   const b = new BatchBuilder();
 *   const insert = b.add<BookingRow>(sql`INSERT … RETURNING …`);
 *   b.add(countStatement);
 *   return b.plan((results) => insert.first(results) ?? null);
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { SQLWrapper } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";

/** One statement: drizzle's `sql` tag, or a query its builder made (select, insert, update, delete). */
export type Statement = SQLWrapper | { toSQL(): { sql: string; params: unknown[] } };

/** A batch to run and the reader of what it did. */
export interface BatchPlan<T> {
  readonly statements: readonly Statement[];
  read(results: readonly D1Result[]): T;
}

/** One statement's place in a batch, read by name. */
export interface StatementRef<Row> {
  /** The rows it returned (a SELECT, or a write with RETURNING). */
  rows(results: readonly D1Result[]): Row[];
  first(results: readonly D1Result[]): Row | undefined;
  /** The rows it changed. */
  changes(results: readonly D1Result[]): number;
}

export class BatchBuilder {
  private readonly list: Statement[] = [];

  /** Adds one statement and returns the handle its results are read by. */
  add<Row = Record<string, unknown>>(statement: Statement): StatementRef<Row> {
    const index = this.list.push(statement) - 1;
    const rows = (results: readonly D1Result[]) => (results[index]?.results ?? []) as Row[];
    return {
      rows,
      first: (results) => rows(results)[0],
      changes: (results) => results[index]?.meta.changes ?? 0,
    };
  }

  /** Adds statements whose results nobody reads (e.g. the outbox rows of a change). */
  addAll(statements: readonly Statement[]): void {
    this.list.push(...statements);
  }

  plan<T>(read: (results: readonly D1Result[]) => T): BatchPlan<T> {
    return { statements: [...this.list], read };
  }
}

const dialect = new SQLiteSyncDialect();

/** A statement's SQL text and parameters, as D1 is given them. */
export function toQuery(statement: Statement): { sql: string; params: unknown[] } {
  if ("toSQL" in statement && typeof statement.toSQL === "function") return statement.toSQL();
  const query = dialect.sqlToQuery((statement as SQLWrapper).getSQL());
  return { sql: query.sql, params: query.params };
}

function toD1(db: D1Database, statement: Statement): D1PreparedStatement {
  const { sql, params } = toQuery(statement);
  return db.prepare(sql).bind(...params);
}

/** Runs a plan as one D1 batch (one transaction) and returns what its reader makes of the results. */
export async function runBatch<T>(context: Pick<AppLoadContext, "cloudflare">, plan: BatchPlan<T>): Promise<T> {
  const db = context.cloudflare.env.DB;
  const results = plan.statements.length > 0 ? await db.batch(plan.statements.map((s) => toD1(db, s))) : [];
  return plan.read(results);
}
