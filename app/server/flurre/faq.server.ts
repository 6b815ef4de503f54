/**
 * Flurre's FAQ rows as /admin/flurre keeps them: the list (newest first),
 * one row, and create, update and delete. A row is in flurre_faq the moment
 * its batch returns, so Flurre answers with it from the next question on.
 *
 * Each change writes its audit row (before and after) in the same D1 batch as
 * the change and under the same condition, so neither exists without the
 * other. A create that answers an unanswered question marks that question's
 * group handled in the same batch too.
 */
import type { FlurreFaqValues } from "~/domain/schemas/flurre-faq";
import type { Actor } from "../audit/audit-log.server";
import { auditSql, auditStatement, type AuditEntry, type AuditSql } from "../audit/audit-log.server";
import { columnsAs, schema } from "../db/client.server";
import {
  markGroupHandledStatement,
  openGroupCountFrom,
  openGroupCountStatement,
  openGroupFrom,
  openGroupStatement,
  type UnansweredGroup,
} from "./unanswered-admin.server";

type FaqRow = typeof schema.flurreFaq.$inferSelect;

/** What the page shows of a row and what its form edits. */
export type FaqView = Pick<FaqRow, "id" | "question" | "answer" | "linksJson" | "updatedAt">;

const VIEW_COLUMNS = columnsAs(schema.flurreFaq, ["id", "question", "answer", "linksJson", "updatedAt"]);

/** The newest rows the page lists. */
export const FAQ_LIST_LIMIT = 200;

/** The newest rows first, one more than the page shows (so it knows there are more). */
export function listFaqStatement(db: D1Database, limit = FAQ_LIST_LIMIT): D1PreparedStatement {
  return db.prepare(`SELECT ${VIEW_COLUMNS} FROM flurre_faq ORDER BY id DESC LIMIT ?`).bind(limit + 1);
}

export function faqListFrom(result: D1Result | undefined, limit = FAQ_LIST_LIMIT): { rows: FaqView[]; more: boolean } {
  const rows = (result?.results ?? []) as FaqView[];
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

export function faqStatement(db: D1Database, id: number): D1PreparedStatement {
  return db.prepare(`SELECT ${VIEW_COLUMNS} FROM flurre_faq WHERE id = ?`).bind(id);
}

export async function loadFaq(db: D1Database, id: number): Promise<FaqView | null> {
  return faqStatement(db, id).first<FaqView>();
}

/**
 * The FAQ tab in one batch: how many unanswered groups are open (the other
 * tab's count), the newest rows, and the row being edited (`rowId`) or the
 * open question being answered (`answerId`), null when it does not exist.
 */
export async function readFaqTab(
  db: D1Database,
  { rowId, answerId }: { rowId: number | null; answerId: number | null },
): Promise<{ openCount: number; list: { rows: FaqView[]; more: boolean }; row: FaqView | null; group: UnansweredGroup | null }> {
  const [count, listed, extra] = await db.batch([
    openGroupCountStatement(db),
    listFaqStatement(db),
    ...(rowId !== null ? [faqStatement(db, rowId)] : answerId !== null ? [openGroupStatement(db, answerId)] : []),
  ]);
  return {
    openCount: openGroupCountFrom(count),
    list: faqListFrom(listed),
    row: rowId !== null ? ((extra?.results[0] as FaqView | undefined) ?? null) : null,
    group: rowId === null && answerId !== null ? openGroupFrom(extra) : null,
  };
}

/** The row's content as its columns hold it. */
function columnValues(values: FlurreFaqValues): [question: string, answer: string, linksJson: string] {
  return [values.question, values.answer, JSON.stringify(values.links)];
}

// A row's content inside an audit row, its links as JSON (not a string of JSON).
const CONTENT_JSON = "json_object('question', question, 'answer', answer, 'links', json(links_json))";

/** An audit entry about the flurre_faq row the statement reads (its id from the row). */
function faqAudit(action: "create" | "update" | "delete", details: AuditSql): AuditEntry {
  return { action: `flurre_faq.${action}`, targetType: "flurre_faq", targetId: auditSql("CAST(id AS TEXT)"), details };
}
const FAQ_ROWS = { sql: "flurre_faq", params: [] };

export type CreateFaqOutcome = {
  id: number;
  /** How many open asks of the answered question were marked handled (0 when none was answered). */
  handled: number;
};

/**
 * Stores a new row. With `answering` (the id of an unanswered question's
 * row), that question's open group is marked handled in the same batch and
 * the audit row says which question it answered.
 */
export async function createFaq(
  db: D1Database,
  actor: Actor,
  values: FlurreFaqValues,
  { answering }: { answering: number | null },
  now: Date = new Date(),
): Promise<CreateFaqOutcome> {
  const nowIso = now.toISOString();
  const insert = db
    .prepare(
      `INSERT INTO flurre_faq (question, answer, links_json, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?4) RETURNING id`,
    )
    .bind(...columnValues(values), nowIso);
  // Runs right after the insert (and the mark, which leaves last_insert_rowid() alone): changes() is the mark's count.
  const audit = auditStatement(
    db,
    actor,
    faqAudit(
      "create",
      auditSql(
        `json_object('before', NULL, 'after', ${CONTENT_JSON},
          'answered', (SELECT question FROM flurre_unanswered WHERE id = ?),
          'handled', CASE WHEN ? IS NULL THEN NULL ELSE changes() END)`,
        answering,
        answering,
      ),
    ),
    { from: FAQ_ROWS, condition: { sql: "id = last_insert_rowid()", params: [] } },
  );
  const mark = answering === null ? [] : [markGroupHandledStatement(db, answering, nowIso)];
  const [inserted, ...rest] = await db.batch([insert, ...mark, audit]);
  const row = inserted?.results[0] as { id: number } | undefined;
  if (!row) throw new Error("flurre_faq insert returned no id");
  return { id: row.id, handled: mark.length ? (rest[0]?.meta.changes ?? 0) : 0 };
}

export type UpdateFaqOutcome = { status: "updated" } | { status: "unchanged" } | { status: "not-found" };

/**
 * Saves row `id` with new content. Saving it unchanged touches nothing and
 * writes no audit row.
 */
export async function updateFaq(
  db: D1Database,
  actor: Actor,
  id: number,
  values: FlurreFaqValues,
  now: Date = new Date(),
): Promise<UpdateFaqOutcome> {
  const content = columnValues(values);
  // The row, only while its content differs: the audit row and the update hold on the same condition.
  const changing = { sql: "id = ? AND (question IS NOT ? OR answer IS NOT ? OR links_json IS NOT ?)", params: [id, ...content] };
  const [, updated, found] = await db.batch([
    auditStatement(
      db,
      actor,
      faqAudit(
        "update",
        auditSql(
          `json_object('before', ${CONTENT_JSON}, 'after', json_object('question', ?, 'answer', ?, 'links', json(?)))`,
          ...content,
        ),
      ),
      { from: FAQ_ROWS, condition: changing },
    ),
    db
      .prepare(`UPDATE flurre_faq SET question = ?, answer = ?, links_json = ?, updated_at = ? WHERE ${changing.sql} RETURNING id`)
      .bind(...content, now.toISOString(), ...changing.params),
    db.prepare("SELECT id FROM flurre_faq WHERE id = ?").bind(id),
  ]);
  if (updated?.results.length) return { status: "updated" };
  return found?.results.length ? { status: "unchanged" } : { status: "not-found" };
}

/** Deletes row `id`; the audit row keeps what it said. */
export async function deleteFaq(db: D1Database, actor: Actor, id: number): Promise<{ status: "deleted" | "not-found" }> {
  const [, deleted] = await db.batch([
    auditStatement(db, actor, faqAudit("delete", auditSql(`json_object('before', ${CONTENT_JSON}, 'after', NULL)`)), {
      from: FAQ_ROWS,
      condition: { sql: "id = ?", params: [id] },
    }),
    db.prepare("DELETE FROM flurre_faq WHERE id = ? RETURNING id").bind(id),
  ]);
  return { status: deleted?.results.length ? "deleted" : "not-found" };
}
