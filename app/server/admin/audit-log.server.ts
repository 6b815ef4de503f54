/** The audit log's reading side: newest first, a page at a time (rows are written by each change's own batch). */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import type { AuditRow } from "../db/schema.server";

export const AUDIT_PAGE_SIZE = 50;

export type AuditEntryView = Pick<AuditRow, "id" | "createdAt" | "actorEmail" | "action" | "targetType" | "targetId" | "detailsJson">;

/** Page `page` (1-based) and whether there is a next one, in one query. */
export async function loadAuditPage(context: AppLoadContext, page: number): Promise<{ entries: AuditEntryView[]; hasNext: boolean }> {
  const results = await context.db.all<AuditEntryView>(
    sql`SELECT id, created_at AS createdAt, actor_email AS actorEmail, action, target_type AS targetType,
         target_id AS targetId, details_json AS detailsJson
       FROM audit_log ORDER BY id DESC LIMIT ${AUDIT_PAGE_SIZE + 1} OFFSET ${(page - 1) * AUDIT_PAGE_SIZE}`,
  );
  return { entries: results.slice(0, AUDIT_PAGE_SIZE), hasNext: results.length > AUDIT_PAGE_SIZE };
}
