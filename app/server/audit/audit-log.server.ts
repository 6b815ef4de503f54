/**
 * The audit writer: the statement that records a change staff (or a rule
 * acting for them) made, for any D1 batch, so the record is written in the
 * same transaction as the change or not at all.
 */
import type { SqlCondition } from "../db.server";

/** Who made a change: a staff user (or the system, with no user id) by e-mail. */
export type Actor = { userId: string | null; email: string };

export interface AuditEntry {
  /** e.g. "session.cancel"; labelled for people by app/domain/audit.ts. */
  action: string;
  targetType: string;
  targetId: string | number | null;
  /** Before/after or whatever else explains the change; stored as JSON. */
  details?: unknown;
}

/** Records `entry`; with `condition`, only if it holds when the statement runs (e.g. the change happened). */
export function auditStatement(
  db: D1Database,
  actor: Actor,
  entry: AuditEntry,
  condition?: SqlCondition,
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO audit_log (actor_user_id, actor_email, action, target_type, target_id, details_json)
       SELECT ?, ?, ?, ?, ?, ? WHERE ${condition ? condition.sql : "1"}`,
    )
    .bind(
      actor.userId,
      actor.email,
      entry.action,
      entry.targetType,
      entry.targetId === null ? null : String(entry.targetId),
      entry.details === undefined ? null : JSON.stringify(entry.details),
      ...(condition?.params ?? []),
    );
}
