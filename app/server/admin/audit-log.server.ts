/** The audit log's reading side: newest first, a page at a time (rows are written by each change's own batch). */
import type { AuditRow } from "../db/schema.server";

export const AUDIT_PAGE_SIZE = 50;

export type AuditEntryView = Pick<AuditRow, "id" | "createdAt" | "actorEmail" | "action" | "targetType" | "targetId" | "detailsJson">;

/** Page `page` (1-based) and whether there is a next one, in one query. */
export async function loadAuditPage(db: D1Database, page: number): Promise<{ entries: AuditEntryView[]; hasNext: boolean }> {
  const { results } = await db
    .prepare(
      `SELECT id, created_at AS createdAt, actor_email AS actorEmail, action, target_type AS targetType,
         target_id AS targetId, details_json AS detailsJson
       FROM audit_log ORDER BY id DESC LIMIT ? OFFSET ?`,
    )
    .bind(AUDIT_PAGE_SIZE + 1, (page - 1) * AUDIT_PAGE_SIZE)
    .all<AuditEntryView>();
  return { entries: results.slice(0, AUDIT_PAGE_SIZE), hasNext: results.length > AUDIT_PAGE_SIZE };
}
