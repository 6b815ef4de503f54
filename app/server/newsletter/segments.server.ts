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
import type { SegmentSet } from "~/domain/newsletter/segments";
import type { SubscriberSaveValues } from "~/domain/schemas/subscriber";
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

const SUBSCRIBER_COLUMNS = columnsAs(schema.newsletterSubscribers, [
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
]);

/** The address matches regardless of case (the table's unique index is on lower(email)). */
const BY_EMAIL = "lower(email) = lower(?)";

/** The subscriber with this address, and their segments (two statements for one batch). */
export function subscriberStatements(db: D1Database, email: string): [D1PreparedStatement, D1PreparedStatement] {
  return [
    db.prepare(`SELECT ${SUBSCRIBER_COLUMNS} FROM newsletter_subscribers WHERE ${BY_EMAIL}`).bind(email),
    db
      .prepare(
        `SELECT segment_name AS segment FROM newsletter_subscriber_segments
         WHERE subscriber_id = (SELECT id FROM newsletter_subscribers WHERE ${BY_EMAIL}) ORDER BY segment_name`,
      )
      .bind(email),
  ];
}

export function subscriberFrom(
  subscribers: D1Result | undefined,
  segments: D1Result | undefined,
): SubscriberView | null {
  const row = subscribers?.results[0] as Omit<SubscriberView, "segments"> | undefined;
  if (!row) return null;
  return { ...row, segments: ((segments?.results ?? []) as Array<{ segment: string }>).map((s) => s.segment) };
}

export async function findSubscriber(db: D1Database, email: string): Promise<SubscriberView | null> {
  const [subscribers, segments] = await db.batch(subscriberStatements(db, email));
  return subscriberFrom(subscribers, segments);
}

/** One statement: a row per segment with subscribed members, then the total (segment NULL). */
export function segmentCountsStatement(db: D1Database, segmentSet: SegmentSet): D1PreparedStatement {
  return db
    .prepare(
      `SELECT g.segment_name AS segment, count(*) AS count
       FROM newsletter_subscriber_segments g JOIN newsletter_subscribers s ON s.id = g.subscriber_id
       WHERE s.status = 'subscribed' AND g.segment_name IN (SELECT value FROM json_each(?1))
       GROUP BY g.segment_name
       UNION ALL
       SELECT NULL, count(*) FROM newsletter_subscribers WHERE status = 'subscribed'`,
    )
    .bind(JSON.stringify(segmentSet.all));
}

export function segmentCountsFrom(result: D1Result | undefined, segmentSet: SegmentSet): SegmentCounts {
  const rows = (result?.results ?? []) as Array<{ segment: string | null; count: number }>;
  const bySegment = new Map(rows.filter((r) => r.segment !== null).map((r) => [r.segment, r.count]));
  return {
    segments: segmentSet.all.map((segment) => ({ segment, count: bySegment.get(segment) ?? 0 })),
    total: rows.find((r) => r.segment === null)?.count ?? 0,
  };
}

export async function countSegments(db: D1Database, segmentSet: SegmentSet): Promise<SegmentCounts> {
  return segmentCountsFrom(await segmentCountsStatement(db, segmentSet).all(), segmentSet);
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
  db: D1Database,
  actor: Actor,
  values: SubscriberSaveValues,
  { add, now = new Date() }: { add: boolean; now?: Date },
): Promise<SaveSegmentsOutcome> {
  const nowIso = now.toISOString();
  const chosen = JSON.stringify(values.segments);
  const subscriberId = `(SELECT id FROM newsletter_subscribers WHERE ${BY_EMAIL})`;
  const suppression = add ? await suppressionHash(values.email) : null;
  const first = add
    ? db
        .prepare(
          `INSERT INTO newsletter_subscribers (email, name, status, source, consent_at, consent_method, consent_page, created_at)
           SELECT ?1, ?2, 'subscribed', 'manual', ?3, 'admin', '/admin/utskick', ?3
           WHERE NOT EXISTS (SELECT 1 FROM newsletter_suppressions WHERE email_hash = ?4)
           ON CONFLICT DO NOTHING`,
        )
        .bind(values.email, values.name ?? null, nowIso, suppression)
    : db.prepare(`UPDATE newsletter_subscribers SET name = ?2 WHERE ${BY_EMAIL.replace("?", "?1")}`).bind(values.email, values.name ?? null);
  const [, , , found, suppressed] = await db.batch([
    first,
    db
      .prepare(
        `DELETE FROM newsletter_subscriber_segments
         WHERE subscriber_id = ${subscriberId.replace("?", "?1")}
           AND segment_name NOT IN (SELECT value FROM json_each(?2))`,
      )
      .bind(values.email, chosen),
    db
      .prepare(
        `INSERT INTO newsletter_subscriber_segments (subscriber_id, segment_name, added_by, created_at)
         SELECT s.id, j.value, ?3, ?4 FROM newsletter_subscribers s, json_each(?2) j
         WHERE lower(s.email) = lower(?1)
         ON CONFLICT DO NOTHING`,
      )
      .bind(values.email, chosen, actor.email, nowIso),
    db.prepare(`SELECT id FROM newsletter_subscribers WHERE ${BY_EMAIL}`).bind(values.email),
    db.prepare("SELECT 1 AS found FROM newsletter_suppressions WHERE email_hash = ?").bind(suppression),
  ]);
  const row = found?.results[0] as { id: number } | undefined;
  if (row) return { status: "saved", subscriberId: row.id };
  return suppressed?.results.length ? { status: "suppressed" } : { status: "not-found" };
}
