/**
 * The audit writer: the one statement that records a change staff (or a rule
 * acting for them, or a customer erasing their data) made, for any D1 batch,
 * so the record is written in the same transaction as the change or not at
 * all. Every audit row in the app is written by auditStatement.
 */
import { is, SQL, sql } from "drizzle-orm";

/** Who made a change: a staff user (or the system, with no user id) by e-mail. */
export interface Actor {
  userId: string | null;
  email: string;
  /** How the change was asked for, when not on the admin's own pages (e.g. "länk i e-post"); kept in the audit details. */
  via?: string;
}

/** The actor of what a rule does with no person asking (a decision's default, a refund sent after a cancel). */
export const SYSTEM_ACTOR: Actor = { userId: null, email: "automatiskt" };

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
  targetId: string | number | null | AuditValue;
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
export function auditStatement(actor: Actor, entry: AuditEntry, { condition, from, createdAt }: AuditOptions = {}): SQL {
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
