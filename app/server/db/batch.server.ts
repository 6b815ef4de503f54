/**
 * A D1 batch and the typed reader of its results: how every guarded write is
 * built. D1 runs a batch as one transaction, so a change whose guards are SQL
 * (an INSERT … SELECT … WHERE, an UPDATE … WHERE EXISTS) is all-or-nothing.
 *
 * A builder function returns a `BatchPlan` and nothing else reads the
 * results by position: each statement added hands back a `StatementRef`
 * whose `rows` / `first` / `changes` take the batch's results, so the plan's
 * `read` says what it reads by name.
 *
 *   const b = new BatchBuilder();
 *   const insert = b.add<BookingRow>(db.prepare("INSERT … RETURNING …"));
 *   b.add(countStatement);
 *   return b.plan((results) => insert.first(results) ?? null);
 */

/** A batch to run and the reader of what it did. */
export interface BatchPlan<T> {
  readonly statements: readonly D1PreparedStatement[];
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
  private readonly list: D1PreparedStatement[] = [];

  /** Adds one statement and returns the handle its results are read by. */
  add<Row = Record<string, unknown>>(statement: D1PreparedStatement): StatementRef<Row> {
    const index = this.list.push(statement) - 1;
    const rows = (results: readonly D1Result[]) => (results[index]?.results ?? []) as Row[];
    return {
      rows,
      first: (results) => rows(results)[0],
      changes: (results) => results[index]?.meta.changes ?? 0,
    };
  }

  /** Adds statements whose results nobody reads (e.g. the outbox rows of a change). */
  addAll(statements: readonly D1PreparedStatement[]): void {
    this.list.push(...statements);
  }

  plan<T>(read: (results: readonly D1Result[]) => T): BatchPlan<T> {
    return { statements: [...this.list], read };
  }
}

/** A statement drizzle built (e.g. an insert of typed values), as a statement of a D1 batch. */
export function d1Statement(db: D1Database, query: { toSQL(): { sql: string; params: unknown[] } }): D1PreparedStatement {
  const { sql, params } = query.toSQL();
  return db.prepare(sql).bind(...params);
}

/** Runs a plan as one D1 batch (one transaction) and returns what its reader makes of the results. */
export async function runBatch<T>(db: D1Database, plan: BatchPlan<T>): Promise<T> {
  const results = plan.statements.length > 0 ? await db.batch([...plan.statements]) : [];
  return plan.read(results);
}
