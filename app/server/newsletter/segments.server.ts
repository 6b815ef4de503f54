/**
 * The segment tab of /admin/utskick: look a subscriber up by address (any
 * case), save their segments (exactly one official segment plus optional test
 * segments: the schema checks it, subscriberSaveSchema), add an address that
 * is not on the list (source 'manual', consent given through the admin), and
 * count the subscribed subscribers of the six segments plus a total in one
 * query.
 *
 * An admin never changes a subscriber's status here: somebody who
 * unsubscribed stays unsubscribed ('Inaktiv') whatever segments they are in,
 * and only a subscribed subscriber is counted or sent to.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql, type SQL } from "drizzle-orm";
import type { SegmentSet } from "~/domain/newsletter/segments";
import type { SubscriberSaveValues } from "~/domain/schemas/subscriber";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { columnsAs, schema } from "../db/client.server";
import { suppressionHash } from "../privacy/retention-sql.server";
import type { Actor } from "../audit/audit-log.server";

type SubscriberRow = typeof schema.newsletterSubscribers.$inferSelect;

export type SubscriberView = Pick<
  SubscriberRow,
  | "id"
  | "email"
  | "name"
  | "status"
  | "source"
  | "consentAt"
  | "consentMethod"
  | "consentPage"
  | "consentWording"
  | "unsubscribedAt"
  | "unsubscribeReason"
  | "undeliverableAt"
  | "undeliverableReason"
> & {
  segments: string[];
};

export interface SegmentCounts {
  /** Subscribed subscribers per segment, in the SegmentSet's order (0 for an empty one). */
  segments: Array<{ segment: string; count: number }>;
  /** Every subscribed subscriber, in a segment or not. */
  total: number;
}

// Column names chosen in code.
const SUBSCRIBER_COLUMNS = sql.raw(columnsAs(schema.newsletterSubscribers, [
  "id",
  "email",
  "name",
  "status",
  "source",
  "consentAt",
  "consentMethod",
  "consentPage",
  "consentWording",
  "unsubscribedAt",
  "unsubscribeReason",
  "undeliverableAt",
  "undeliverableReason",
]));

/** The address matches regardless of case (the table's unique index is on lower(email)). */
const byEmail = (email: string): SQL => sql`lower(email) = lower(${email})`;

/** The subscriber with this address, and their segments (two statements for one batch). */
export function subscriberStatements(email: string): [SQL, SQL] {
  return [
    sql`SELECT ${SUBSCRIBER_COLUMNS} FROM newsletter_subscribers WHERE ${byEmail(email)}`,
    sql`SELECT segment_name AS segment FROM newsletter_subscriber_segments
         WHERE subscriber_id = (SELECT id FROM newsletter_subscribers WHERE ${byEmail(email)}) ORDER BY segment_name`,
  ];
}

/** The rows subscriberStatements' two statements return. */
export type SubscriberRows = [Array<Omit<SubscriberView, "segments">>, Array<{ segment: string }>];

export function subscriberFrom([subscribers, segments]: SubscriberRows): SubscriberView | null {
  const row = subscribers[0];
  if (!row) return null;
  return { ...row, segments: segments.map((s) => s.segment) };
}

export async function findSubscriber(context: AppLoadContext, email: string): Promise<SubscriberView | null> {
  const b = new BatchBuilder();
  const [subscriber, segments] = subscriberStatements(email);
  const subscribers = b.add<SubscriberRows[0][number]>(subscriber);
  const chosen = b.add<SubscriberRows[1][number]>(segments);
  return runBatch(context, b.plan((results) => subscriberFrom([subscribers.rows(results), chosen.rows(results)])));
}

/** One statement: a row per segment with subscribed members, then the total (segment NULL). */
export function segmentCountsStatement(segmentSet: SegmentSet): SQL {
  return sql`SELECT g.segment_name AS segment, count(*) AS count
       FROM newsletter_subscriber_segments g JOIN newsletter_subscribers s ON s.id = g.subscriber_id
       WHERE s.status = 'subscribed' AND g.segment_name IN (SELECT value FROM json_each(${JSON.stringify(segmentSet.all)}))
       GROUP BY g.segment_name
       UNION ALL
       SELECT NULL, count(*) FROM newsletter_subscribers WHERE status = 'subscribed'`;
}

/** A row segmentCountsStatement returns. */
export type SegmentCountRow = { segment: string | null; count: number };

export function segmentCountsFrom(rows: readonly SegmentCountRow[], segmentSet: SegmentSet): SegmentCounts {
  const bySegment = new Map(rows.filter((r) => r.segment !== null).map((r) => [r.segment, r.count]));
  return {
    segments: segmentSet.all.map((segment) => ({ segment, count: bySegment.get(segment) ?? 0 })),
    total: rows.find((r) => r.segment === null)?.count ?? 0,
  };
}

export async function countSegments(context: AppLoadContext, segmentSet: SegmentSet): Promise<SegmentCounts> {
  return segmentCountsFrom(await context.db.all<SegmentCountRow>(segmentCountsStatement(segmentSet)), segmentSet);
}

export type SaveSegmentsOutcome =
  | { status: "saved"; subscriberId: number }
  | { status: "not-found" }
  /** `add` of an address whose subscription was deleted (unsubscribed long ago, or erased): never added by the admin. */
  | { status: "suppressed" };

/**
 * Sets the segments of the subscriber with `values.email` to exactly
 * `values.segments` (one batch: the ones not chosen are removed, the new ones
 * added by `actor`, the kept ones keep who added them and when).
 *
 * `add`: an address not on the list becomes a subscriber first (source
 * 'manual', consent method 'admin'); an address that is on the list (even one
 * added meanwhile) keeps its row, name and status. Without `add`, an address
 * that is not on the list changes nothing ('not-found'), and the name is set
 * to the form's.
 */
export async function saveSubscriberSegments(
  context: AppLoadContext,
  actor: Actor,
  values: SubscriberSaveValues,
  { add, now = new Date() }: { add: boolean; now?: Date },
): Promise<SaveSegmentsOutcome> {
  const nowIso = now.toISOString();
  const chosen = JSON.stringify(values.segments);
  const subscriberId = sql`(SELECT id FROM newsletter_subscribers WHERE ${byEmail(values.email)})`;
  const suppression = add ? await suppressionHash(values.email) : null;
  const b = new BatchBuilder();
  b.add(
    add
      ? sql`INSERT INTO newsletter_subscribers (email, name, status, source, consent_at, consent_method, consent_page, created_at)
           SELECT ${values.email}, ${values.name ?? null}, 'subscribed', 'manual', ${nowIso}, 'admin', '/admin/utskick', ${nowIso}
           WHERE NOT EXISTS (SELECT 1 FROM newsletter_suppressions WHERE email_hash = ${suppression})
           ON CONFLICT DO NOTHING`
      : sql`UPDATE newsletter_subscribers SET name = ${values.name ?? null} WHERE ${byEmail(values.email)}`,
  );
  b.add(
    sql`DELETE FROM newsletter_subscriber_segments
         WHERE subscriber_id = ${subscriberId}
           AND segment_name NOT IN (SELECT value FROM json_each(${chosen}))`,
  );
  b.add(
    sql`INSERT INTO newsletter_subscriber_segments (subscriber_id, segment_name, added_by, created_at)
         SELECT s.id, j.value, ${actor.email}, ${nowIso} FROM newsletter_subscribers s, json_each(${chosen}) j
         WHERE lower(s.email) = lower(${values.email})
         ON CONFLICT DO NOTHING`,
  );
  const found = b.add<{ id: number }>(sql`SELECT id FROM newsletter_subscribers WHERE ${byEmail(values.email)}`);
  const suppressed = b.add(sql`SELECT 1 AS found FROM newsletter_suppressions WHERE email_hash = ${suppression}`);
  return runBatch(
    context,
    b.plan((results): SaveSegmentsOutcome => {
      const row = found.first(results);
      if (row) return { status: "saved", subscriberId: row.id };
      return suppressed.rows(results).length ? { status: "suppressed" } : { status: "not-found" };
    }),
  );
}
