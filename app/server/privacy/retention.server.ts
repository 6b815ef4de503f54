/**
 * Retention, run daily by the cron worker: nothing personal is kept longer
 * than needed (periods in the config, defaults in the README).
 *   - bookings: anonymized RETENTION_BOOKING_MONTHS (24) after their session
 *     ended; the rows stay for the accounts;
 *   - unsubscribed subscribers: deleted RETENTION_UNSUBSCRIBED_DAYS (30) after
 *     unsubscribing, leaving a suppression hash so they are never mailed again;
 *   - contact messages, problem reports and Flurre's unanswered questions:
 *     deleted RETENTION_MESSAGE_MONTHS (12) after they came in;
 *   - audit rows: deleted RETENTION_AUDIT_MONTHS (24) after they were written;
 *   - finished waitlist places (booked, left, lapsed, closed): deleted
 *     WAITLIST_RETENTION_DAYS (30) after their last change.
 * Idempotent (each step only touches what is still over its age) and
 * bounded per run: a backlog is worked off over the following days.
 */
import { subDays, subMonths } from "date-fns";
import type { Config, Env } from "../platform/env.server";
import { anonymizeBookingsStatement, suppressionHash, suppressStatement } from "./retention-sql.server";

/** Rows one run anonymizes or deletes at most, per kind. */
export const RETENTION_BATCH = 500;
/** Days a finished waitlist place (name, address, dog) is kept. */
export const WAITLIST_RETENTION_DAYS = 30;
/** Subscribers one run deletes at most (two statements each). */
export const RETENTION_SUBSCRIBER_BATCH = 200;

export type RetentionConfig = Pick<
  Config,
  "RETENTION_BOOKING_MONTHS" | "RETENTION_UNSUBSCRIBED_DAYS" | "RETENTION_MESSAGE_MONTHS" | "RETENTION_AUDIT_MONTHS"
>;

export async function applyRetention(env: Pick<Env, "DB">, config: RetentionConfig, now: Date) {
  const db = env.DB;
  const nowIso = now.toISOString();
  const bookingCutoff = subMonths(now, config.RETENTION_BOOKING_MONTHS).toISOString();
  const unsubscribedCutoff = subDays(now, config.RETENTION_UNSUBSCRIBED_DAYS).toISOString();
  const messageCutoff = subMonths(now, config.RETENTION_MESSAGE_MONTHS).toISOString();
  const auditCutoff = subMonths(now, config.RETENTION_AUDIT_MONTHS).toISOString();
  const unsubscribedWhere = "status = 'unsubscribed' AND COALESCE(unsubscribed_at, created_at) < ?";

  const queueCutoff = subDays(now, WAITLIST_RETENTION_DAYS).toISOString();
  const [bookings, messages, reports, questions, audit, queue, unsubscribed] = await db.batch([
    anonymizeBookingsStatement(
      db,
      {
        sql: `id IN (SELECT id FROM bookings WHERE anonymized_at IS NULL AND session_end_time < ?
          ORDER BY session_end_time LIMIT ${RETENTION_BATCH})`,
        params: [bookingCutoff],
      },
      nowIso,
    ),
    db
      .prepare(`DELETE FROM contact_messages WHERE id IN (SELECT id FROM contact_messages WHERE created_at < ? LIMIT ${RETENTION_BATCH})`)
      .bind(messageCutoff),
    db
      .prepare(`DELETE FROM problem_reports WHERE id IN (SELECT id FROM problem_reports WHERE created_at < ? LIMIT ${RETENTION_BATCH})`)
      .bind(messageCutoff),
    db
      .prepare(`DELETE FROM flurre_unanswered WHERE id IN (SELECT id FROM flurre_unanswered WHERE asked_at < ? LIMIT ${RETENTION_BATCH})`)
      .bind(messageCutoff),
    db
      .prepare(`DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log WHERE created_at < ? LIMIT ${RETENTION_BATCH})`)
      .bind(auditCutoff),
    db
      .prepare(
        `DELETE FROM waitlist_entries WHERE id IN (SELECT id FROM waitlist_entries
           WHERE status NOT IN ('waiting', 'offered') AND updated_at < ? LIMIT ${RETENTION_BATCH})`,
      )
      .bind(queueCutoff),
    db
      .prepare(`SELECT id, email FROM newsletter_subscribers WHERE ${unsubscribedWhere} ORDER BY id LIMIT ${RETENTION_SUBSCRIBER_BATCH}`)
      .bind(unsubscribedCutoff),
  ]);

  // The hash is computed here (D1 has no SHA-256), then hash and delete go in one batch, each
  // only while the subscriber is still unsubscribed: one who subscribed again meanwhile is kept.
  const gone = (unsubscribed?.results ?? []) as Array<{ id: number; email: string }>;
  let subscribers = 0;
  if (gone.length > 0) {
    const still = (id: number) => ({ sql: `EXISTS (SELECT 1 FROM newsletter_subscribers WHERE id = ? AND ${unsubscribedWhere})`, params: [id, unsubscribedCutoff] });
    const statements = (
      await Promise.all(
        gone.map(async ({ id, email }) => [
          suppressStatement(db, await suppressionHash(email), "unsubscribed", still(id)),
          db.prepare(`DELETE FROM newsletter_subscribers WHERE id = ? AND ${unsubscribedWhere}`).bind(id, unsubscribedCutoff),
        ]),
      )
    ).flat();
    const results = await db.batch(statements);
    subscribers = results.filter((_, i) => i % 2 === 1).reduce((n, r) => n + (r.meta.changes ?? 0), 0);
  }
  return {
    bookingsAnonymized: bookings?.meta.changes ?? 0,
    subscribersDeleted: subscribers,
    messagesDeleted: (messages?.meta.changes ?? 0) + (reports?.meta.changes ?? 0),
    questionsDeleted: questions?.meta.changes ?? 0,
    auditRowsDeleted: audit?.meta.changes ?? 0,
    queuePlacesDeleted: queue?.meta.changes ?? 0,
  };
}
