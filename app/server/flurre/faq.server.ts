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
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql, type SQL } from "drizzle-orm";
import type { FlurreFaqValues } from "~/domain/schemas/flurre-faq";
import type { Actor } from "../audit/audit-log.server";
import { auditStatement, type AuditEntry } from "../audit/audit-log.server";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { columnsAs, schema } from "../db/client.server";
import { claimStatement, type FormClaim } from "../forms/form-claim.server";
import {
  markGroupHandledStatement,
  openGroupCountFrom,
  openGroupCountStatement,
  openGroupStatement,
  type UnansweredGroup,
} from "./unanswered-admin.server";

type FaqRow = typeof schema.flurreFaq.$inferSelect;

/** What the page shows of a row and what its form edits. */
export type FaqView = Pick<FaqRow, "id" | "question" | "answer" | "linksJson" | "updatedAt">;

const VIEW_COLUMNS = sql.raw(columnsAs(schema.flurreFaq, ["id", "question", "answer", "linksJson", "updatedAt"]));

/** The newest rows the page lists. */
export const FAQ_LIST_LIMIT = 200;

/** The newest rows first, one more than the page shows (so it knows there are more). */
export function listFaqStatement(limit = FAQ_LIST_LIMIT): SQL {
  return sql`SELECT ${VIEW_COLUMNS} FROM flurre_faq ORDER BY id DESC LIMIT ${limit + 1}`;
}

export function faqListFrom(rows: readonly FaqView[], limit = FAQ_LIST_LIMIT): { rows: FaqView[]; more: boolean } {
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

export function faqStatement(id: number): SQL {
  return sql`SELECT ${VIEW_COLUMNS} FROM flurre_faq WHERE id = ${id}`;
}

export async function loadFaq(context: AppLoadContext, id: number): Promise<FaqView | null> {
  return (await context.db.get<FaqView>(faqStatement(id))) ?? null;
}

/**
 * The FAQ tab in one batch: how many unanswered groups are open (the other
 * tab's count), the newest rows, and the row being edited (`rowId`) or the
 * open question being answered (`answerId`), null when it does not exist.
 */
export async function readFaqTab(
  context: AppLoadContext,
  { rowId, answerId }: { rowId: number | null; answerId: number | null },
): Promise<{ openCount: number; list: { rows: FaqView[]; more: boolean }; row: FaqView | null; group: UnansweredGroup | null }> {
  const b = new BatchBuilder();
  const count = b.add<{ n: number }>(openGroupCountStatement());
  const listed = b.add<FaqView>(listFaqStatement());
  const row = rowId !== null ? b.add<FaqView>(faqStatement(rowId)) : null;
  const group = rowId === null && answerId !== null ? b.add<UnansweredGroup>(openGroupStatement(answerId)) : null;
  return runBatch(
    context,
    b.plan((results) => ({
      openCount: openGroupCountFrom(count.first(results)),
      list: faqListFrom(listed.rows(results)),
      row: row?.first(results) ?? null,
      group: group?.first(results) ?? null,
    })),
  );
}

/** The row's content as its columns hold it. */
function columnValues(values: FlurreFaqValues): [question: string, answer: string, linksJson: string] {
  return [values.question, values.answer, JSON.stringify(values.links)];
}

// A row's content inside an audit row, its links as JSON (not a string of JSON).
const CONTENT_JSON = sql.raw("json_object('question', question, 'answer', answer, 'links', json(links_json))");

/** An audit entry about the flurre_faq row the statement reads (its id from the row). */
function faqAudit(action: "create" | "update" | "delete", details: SQL): AuditEntry {
  return { action: `flurre_faq.${action}`, targetType: "flurre_faq", targetId: sql`CAST(id AS TEXT)`, details };
}
const FAQ_ROWS = sql`flurre_faq`;

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
  context: AppLoadContext,
  actor: Actor,
  values: FlurreFaqValues,
  { answering, claim = null }: { answering: number | null; claim?: FormClaim | null },
  now: Date = new Date(),
): Promise<CreateFaqOutcome> {
  const nowIso = now.toISOString();
  const [question, answer, linksJson] = columnValues(values);
  const b = new BatchBuilder();
  const inserted = b.add<{ id: number }>(
    sql`INSERT INTO flurre_faq (question, answer, links_json, created_at, updated_at)
       VALUES (${question}, ${answer}, ${linksJson}, ${nowIso}, ${nowIso}) RETURNING id`,
  );
  // The form's claim before the mark, whose count the audit row reads as changes(); it leaves last_insert_rowid() alone.
  if (claim) b.add(claimStatement(claim, sql`last_insert_rowid()`));
  const mark = answering === null ? null : b.add(markGroupHandledStatement(answering, nowIso));
  // Runs right after the insert (and the mark, which leaves last_insert_rowid() alone): changes() is the mark's count.
  b.add(
    auditStatement(
      actor,
      faqAudit(
        "create",
        sql`json_object('before', NULL, 'after', ${CONTENT_JSON},
          'answered', (SELECT question FROM flurre_unanswered WHERE id = ${answering}),
          'handled', CASE WHEN ${answering} IS NULL THEN NULL ELSE changes() END)`,
      ),
      { from: FAQ_ROWS, condition: sql`id = last_insert_rowid()` },
    ),
  );
  return runBatch(
    context,
    b.plan((results) => {
      const row = inserted.first(results);
      if (!row) throw new Error("flurre_faq insert returned no id");
      return { id: row.id, handled: mark ? mark.changes(results) : 0 };
    }),
  );
}

export type UpdateFaqOutcome = { status: "updated" } | { status: "unchanged" } | { status: "not-found" };

/**
 * Saves row `id` with new content. Saving it unchanged touches nothing and
 * writes no audit row.
 */
export async function updateFaq(
  context: AppLoadContext,
  actor: Actor,
  id: number,
  values: FlurreFaqValues,
  now: Date = new Date(),
): Promise<UpdateFaqOutcome> {
  const [question, answer, linksJson] = columnValues(values);
  // The row, only while its content differs: the audit row and the update hold on the same condition.
  const changing = sql`id = ${id} AND (question IS NOT ${question} OR answer IS NOT ${answer} OR links_json IS NOT ${linksJson})`;
  const b = new BatchBuilder();
  b.add(
    auditStatement(
      actor,
      faqAudit(
        "update",
        sql`json_object('before', ${CONTENT_JSON}, 'after', json_object('question', ${question}, 'answer', ${answer}, 'links', json(${linksJson})))`,
      ),
      { from: FAQ_ROWS, condition: changing },
    ),
  );
  const updated = b.add<{ id: number }>(
    sql`UPDATE flurre_faq SET question = ${question}, answer = ${answer}, links_json = ${linksJson}, updated_at = ${now.toISOString()} WHERE ${changing} RETURNING id`,
  );
  const found = b.add<{ id: number }>(sql`SELECT id FROM flurre_faq WHERE id = ${id}`);
  return runBatch(
    context,
    b.plan((results): UpdateFaqOutcome => {
      if (updated.rows(results).length) return { status: "updated" };
      return found.rows(results).length ? { status: "unchanged" } : { status: "not-found" };
    }),
  );
}

/** Deletes row `id`; the audit row keeps what it said. */
export async function deleteFaq(context: AppLoadContext, actor: Actor, id: number): Promise<{ status: "deleted" | "not-found" }> {
  const b = new BatchBuilder();
  b.add(
    auditStatement(actor, faqAudit("delete", sql`json_object('before', ${CONTENT_JSON}, 'after', NULL)`), {
      from: FAQ_ROWS,
      condition: sql`id = ${id}`,
    }),
  );
  const deleted = b.add<{ id: number }>(sql`DELETE FROM flurre_faq WHERE id = ${id} RETURNING id`);
  return runBatch(context, b.plan((results) => ({ status: deleted.rows(results).length ? "deleted" : "not-found" })));
}
