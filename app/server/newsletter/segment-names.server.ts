/**
 * The names staff give the newsletter's segments (newsletter_segments): read
 * with every /admin/utskick page (a statement for the page's batch), and set
 * one at a time on the segment tab. A segment's slug never changes; only the
 * name people read does. A rename writes its audit row (before, after) in the
 * same batch as the change and under the same condition; a name another
 * segment has is refused, never half-written.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql, type SQL } from "drizzle-orm";
import type { SegmentNames } from "~/domain/newsletter/segments";
import type { SegmentNameValues } from "~/domain/schemas/segment-name";
import { auditStatement, type Actor } from "../audit/audit-log.server";
import { BatchBuilder, runBatch } from "../db/batch.server";

/** Every named segment: one row per slug (`name`, `displayName`). */
export function segmentNamesStatement(): SQL {
  return sql`SELECT name, display_name AS displayName FROM newsletter_segments`;
}

export type SegmentNameRow = { name: string; displayName: string };

export function segmentNamesFrom(rows: readonly SegmentNameRow[]): SegmentNames {
  return Object.fromEntries(rows.map((r) => [r.name, r.displayName]));
}

export async function readSegmentNames(context: AppLoadContext): Promise<SegmentNames> {
  return segmentNamesFrom(await context.db.all<SegmentNameRow>(segmentNamesStatement()));
}

export type RenameSegmentOutcome = { status: "saved" } | { status: "unchanged" } | { status: "taken" };

/**
 * Gives `segment` the name `display_name` (a segment without a row, e.g. a
 * newly configured personal one, gets one). One batch: the audit row, then
 * the change, both only when the name is new for this segment and no other
 * segment has it (compared without regard to case).
 */
export async function renameSegment(
  context: AppLoadContext,
  actor: Actor,
  { segment, display_name: name }: SegmentNameValues,
  now: Date = new Date(),
): Promise<RenameSegmentOutcome> {
  const nowIso = now.toISOString();
  const takenByAnother = sql`EXISTS (SELECT 1 FROM newsletter_segments WHERE name <> ${segment} AND lower(display_name) = lower(${name}))`;
  const same = sql`EXISTS (SELECT 1 FROM newsletter_segments WHERE name = ${segment} AND display_name = ${name})`;
  const b = new BatchBuilder();
  // The audit row first, so it can read the name the change replaces.
  const audited = b.add(
    auditStatement(
      actor,
      {
        action: "newsletter_segment.rename",
        targetType: "newsletter_segment",
        targetId: segment,
        details: sql`json_object('before', (SELECT display_name FROM newsletter_segments WHERE name = ${segment}), 'after', ${name})`,
      },
      { condition: sql`NOT ${same} AND NOT ${takenByAnother}`, createdAt: nowIso },
    ),
  );
  b.add(
    sql`INSERT INTO newsletter_segments (name, display_name, updated_at)
         SELECT ${segment}, ${name}, ${nowIso} WHERE NOT ${takenByAnother}
         ON CONFLICT (name) DO UPDATE SET display_name = excluded.display_name, updated_at = excluded.updated_at
           WHERE display_name <> excluded.display_name`,
  );
  const taken = b.add<{ found: number }>(sql`SELECT 1 AS found WHERE ${takenByAnother}`);
  return runBatch(
    context,
    b.plan((results): RenameSegmentOutcome => {
      if (audited.changes(results) > 0) return { status: "saved" };
      return taken.rows(results).length > 0 ? { status: "taken" } : { status: "unchanged" };
    }),
  );
}
