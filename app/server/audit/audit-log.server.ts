/**
 * The audit writer: the one statement that records a change staff (or a rule
 * acting for them, or a customer erasing their data) made, for any D1 batch,
 * so the record is written in the same transaction as the change or not at
 * all. Every audit row in the app is written by auditStatement.
 */
import { is, SQL, sql } from "drizzle-orm";
import type { SqlCondition } from "../db/client.server";

/** Who made a change: a staff user (or the system, with no user id) by e-mail. */
export interface Actor {
  userId: string | null;
  email: string;
  /** How the change was asked for, when not on the admin's own pages (e.g. "länk i e-post"); kept in the audit details. */
  via?: string;
}

/**
 * A value the statement computes when it runs, e.g. sql`CAST(id AS TEXT)`
 * over the row being deleted, or sql`json_object(…)` of its columns: the
 * audit row then says what the batch found, not what the caller read before.
 */
export type AuditValue = SQL;

export interface AuditEntry {
  /** e.g. "session.cancel"; labelled for people by app/domain/audit.ts. */
  action: string;
  targetType: string;
  targetId: string | number | null | AuditValue | AuditSql;
  /** Before/after or whatever else explains the change; stored as JSON (an SQL value must give JSON text). */
  details?: unknown;
}

export interface AuditOptions {
  /** Write the row only if this holds when the statement runs (e.g. sql`changes() > 0`: the change happened). */
  condition?: SQL;
  /**
   * The table(s) an SQL field reads, e.g. sql`sessions`: one audit row per
   * row of the source that meets `condition` (none when none does).
   */
  from?: SQL;
  /** The row's time when it must match the change's own (ISO); otherwise the database's now. */
  createdAt?: string;
}

/** Records `entry` (see AuditOptions for when and at what time). A statement for a batch plan. */
export function auditStatement(actor: Actor, entry: AuditEntry, options?: AuditOptions): SQL;
/** LEGACY form (a D1 statement; removed once every caller builds drizzle statements). */
export function auditStatement(db: D1Database, actor: Actor, entry: AuditEntry, options?: LegacyAuditOptions): D1PreparedStatement;
export function auditStatement(
  first: Actor | D1Database,
  second: Actor | AuditEntry,
  third?: AuditEntry | AuditOptions,
  fourth?: LegacyAuditOptions,
): SQL | D1PreparedStatement {
  if ("prepare" in first) return legacyAuditStatement(first, second as Actor, third as AuditEntry, fourth);
  const actor = first;
  const entry = second as AuditEntry;
  const { condition, from, createdAt } = (third as AuditOptions | undefined) ?? {};
  const value = (field: unknown, toText: (v: unknown) => unknown): SQL =>
    is(field, SQL) ? field : sql`${toText(field)}`;
  const columns = ["actor_user_id", "actor_email", "action", "target_type", "target_id", "details_json"];
  const values = [
    sql`${actor.userId}`,
    sql`${actor.email}`,
    sql`${entry.action}`,
    sql`${entry.targetType}`,
    value(entry.targetId, (v) => (v === null ? null : String(v))),
    value(entry.details, (v) => (v === undefined ? null : JSON.stringify(v))),
  ];
  if (createdAt !== undefined) {
    columns.push("created_at");
    values.push(sql`${createdAt}`);
  }
  return sql`INSERT INTO audit_log (${sql.raw(columns.join(", "))})
    SELECT ${sql.join(values, sql`, `)}${from ? sql` FROM ${from}` : sql``} WHERE ${condition ?? sql`1`}`;
}

// ---- LEGACY (removed once every caller builds drizzle statements) ----

/** LEGACY: an SQL expression for an audit field with anonymous `?` parameters. */
export class AuditSql {
  constructor(
    readonly sql: string,
    readonly params: readonly unknown[] = [],
  ) {}
}

/** LEGACY: an SQL expression for an audit field (see AuditSql). */
export function auditSql(text: string, ...params: unknown[]): AuditSql {
  return new AuditSql(text, params);
}

interface LegacyAuditOptions {
  condition?: SqlCondition;
  from?: SqlCondition;
  createdAt?: string;
}

function legacyAuditStatement(
  db: D1Database,
  actor: Actor,
  entry: AuditEntry,
  { condition, from, createdAt }: LegacyAuditOptions = {},
): D1PreparedStatement {
  const value = (field: unknown, toText: (v: unknown) => unknown): AuditSql =>
    field instanceof AuditSql ? field : new AuditSql("?", [toText(field)]);
  const targetId = value(entry.targetId, (v) => (v === null ? null : String(v)));
  const details = value(entry.details, (v) => (v === undefined ? null : JSON.stringify(v)));
  const columns = ["actor_user_id", "actor_email", "action", "target_type", "target_id", "details_json"];
  const values = ["?", "?", "?", "?", targetId.sql, details.sql];
  const params: unknown[] = [actor.userId, actor.email, entry.action, entry.targetType, ...targetId.params, ...details.params];
  if (createdAt !== undefined) {
    columns.push("created_at");
    values.push("?");
    params.push(createdAt);
  }
  return db
    .prepare(
      `INSERT INTO audit_log (${columns.join(", ")})
       SELECT ${values.join(", ")}${from ? ` FROM ${from.sql}` : ""} WHERE ${condition ? condition.sql : "1"}`,
    )
    .bind(...params, ...(from?.params ?? []), ...(condition?.params ?? []));
}
