/**
 * The questions Flurre could not answer, as staff see them in /admin/flurre:
 * the open ones (not handled) grouped by their `normalized` text — one group
 * per question however often it was asked, with the count, the last time it
 * was asked, and the wording and page of that last ask — newest first; and
 * marking a group handled (dismissed, or answered by an FAQ row). Rows are
 * written by the answering side; this module only reads and marks them.
 *
 * A group is named by the id of any of its rows: the page links and posts
 * the id of the newest one, and the mark covers every open row with the same
 * normalized text (asked before or since).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql, type SQL } from "drizzle-orm";
import type { schema } from "../db/client.server";
import type { Actor } from "../audit/audit-log.server";
import { auditStatement } from "../audit/audit-log.server";
import { BatchBuilder, runBatch } from "../db/batch.server";

type UnansweredRow = typeof schema.flurreUnanswered.$inferSelect;

/** One open question group: the newest ask's id, wording and page. */
export type UnansweredGroup = Pick<UnansweredRow, "id" | "question" | "page"> & {
  lastAskedAt: string;
  count: number;
};

/** The newest groups the page lists; the rest wait in the table. */
export const UNANSWERED_LIST_LIMIT = 100;

/**
 * The open groups, newest last ask first (ties: the later id first), each
 * with the number of open groups in all (`total`, the same on every row).
 */
export function listUnansweredStatement(limit = UNANSWERED_LIST_LIMIT): SQL {
  return sql`WITH open AS (
         SELECT id, question, page, asked_at,
           row_number() OVER (PARTITION BY normalized ORDER BY asked_at DESC, id DESC) AS newest,
           count(*) OVER (PARTITION BY normalized) AS times
         FROM flurre_unanswered WHERE handled_at IS NULL
       )
       SELECT id, question, page, asked_at AS lastAskedAt, times AS count, count(*) OVER () AS total
       FROM open WHERE newest = 1
       ORDER BY asked_at DESC, id DESC LIMIT ${limit}`;
}

export type UnansweredList = { groups: UnansweredGroup[]; total: number };

type ListedGroup = UnansweredGroup & { total: number };

export function unansweredListFrom(rows: readonly ListedGroup[]): UnansweredList {
  return {
    groups: rows.map(({ total: _total, ...group }) => group),
    total: rows[0]?.total ?? 0,
  };
}

/** How many open groups there are (for the tab's label). */
export function openGroupCountStatement(): SQL {
  return sql`SELECT count(DISTINCT normalized) AS n FROM flurre_unanswered WHERE handled_at IS NULL`;
}

export function openGroupCountFrom(row: { n: number } | undefined): number {
  return row?.n ?? 0;
}

/**
 * The group of row `id`, if it is still open: that row's wording and how
 * many open rows share its normalized text (for the FAQ form answering it).
 */
export function openGroupStatement(id: number): SQL {
  return sql`SELECT u.id, u.question, u.page, u.asked_at AS lastAskedAt,
         (SELECT count(*) FROM flurre_unanswered o WHERE o.normalized = u.normalized AND o.handled_at IS NULL) AS count
       FROM flurre_unanswered u WHERE u.id = ${id} AND u.handled_at IS NULL`;
}

/**
 * Marks every open row of row `id`'s group handled at `nowIso`. Its changes()
 * is the number of rows marked.
 */
export function markGroupHandledStatement(id: number, nowIso: string): SQL {
  return sql`UPDATE flurre_unanswered SET handled_at = ${nowIso}
       WHERE handled_at IS NULL AND normalized = (SELECT normalized FROM flurre_unanswered WHERE id = ${id})`;
}

/** The audit row of a group dismissed: its wording and how many asks it covered (none when nothing is open). */
function dismissAuditStatement(actor: Actor, id: number): SQL {
  const open = sql`flurre_unanswered o WHERE o.normalized = u.normalized AND o.handled_at IS NULL`;
  return auditStatement(
    actor,
    {
      action: "flurre_unanswered.dismiss",
      targetType: "flurre_unanswered",
      targetId: sql`CAST(u.id AS TEXT)`,
      details: sql`json_object('question', u.question, 'asks', (SELECT count(*) FROM ${open}))`,
    },
    {
      from: sql`flurre_unanswered u`,
      condition: sql`u.id = ${id} AND EXISTS (SELECT 1 FROM ${open})`,
    },
  );
}

/** The unanswered tab in one batch: how many groups are open, and the newest of them. */
export async function readUnanswered(context: AppLoadContext): Promise<UnansweredList & { openCount: number }> {
  const b = new BatchBuilder();
  const count = b.add<{ n: number }>(openGroupCountStatement());
  const list = b.add<ListedGroup>(listUnansweredStatement());
  return runBatch(
    context,
    b.plan((results) => ({ openCount: openGroupCountFrom(count.first(results)), ...unansweredListFrom(list.rows(results)) })),
  );
}

/** How many groups of unanswered questions are open (the tab's label), alone. */
export async function openUnansweredCount(context: AppLoadContext): Promise<number> {
  return openGroupCountFrom(await context.db.get<{ n: number }>(openGroupCountStatement()));
}

export type DismissOutcome = { status: "done"; handled: number } | { status: "not-found" };

/**
 * 'Markera som hanterad': every open ask of row `id`'s question is marked
 * handled, with its audit row in the same batch (none when nothing was open:
 * a second click changes nothing).
 */
export async function dismissUnanswered(context: AppLoadContext, actor: Actor, id: number, now = new Date()): Promise<DismissOutcome> {
  const b = new BatchBuilder();
  b.add(dismissAuditStatement(actor, id));
  const marked = b.add(markGroupHandledStatement(id, now.toISOString()));
  const handled = await runBatch(context, b.plan((results) => marked.changes(results)));
  return handled > 0 ? { status: "done", handled } : { status: "not-found" };
}
