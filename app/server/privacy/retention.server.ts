/**
 * Retention, run daily by the cron worker: nothing personal is kept longer
 * than needed (periods in the config, defaults in docs/architecture.md).
 *   - bookings: anonymized RETENTION_BOOKING_MONTHS (24) after their session
 *     ended; the rows stay for the accounts;
 *   - unsubscribed subscribers: deleted RETENTION_UNSUBSCRIBED_DAYS (30) after
 *     unsubscribing, leaving a suppression hash so they are never mailed again;
 *   - contact messages, problem reports and Flurre's unanswered questions:
 *     deleted RETENTION_MESSAGE_MONTHS (12) after they came in;
 *   - audit rows: deleted RETENTION_AUDIT_MONTHS (24) after they were written;
 *   - finished waitlist places (booked, left, lapsed, closed): deleted
 *     WAITLIST_RETENTION_DAYS (30) after their last change;
 *   - the staff create forms' one-time keys (form_claims): deleted a day
 *     (FORM_CLAIM_KEEP_HOURS) after their post.
 * Idempotent (each step only touches what is still over its age) and
 * bounded per run: a backlog is worked off over the following days.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { subDays, subMonths } from "date-fns";
import { sql } from "drizzle-orm";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { pruneClaimsStatement } from "../forms/form-claim.server";
import type { Config } from "../platform/env.server";
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

export async function applyRetention(context: AppLoadContext, config: RetentionConfig, now: Date) {
  const nowIso = now.toISOString();
  const bookingCutoff = subMonths(now, config.RETENTION_BOOKING_MONTHS).toISOString();
  const unsubscribedCutoff = subDays(now, config.RETENTION_UNSUBSCRIBED_DAYS).toISOString();
  const messageCutoff = subMonths(now, config.RETENTION_MESSAGE_MONTHS).toISOString();
  const auditCutoff = subMonths(now, config.RETENTION_AUDIT_MONTHS).toISOString();
  const unsubscribedWhere = sql`status = 'unsubscribed' AND COALESCE(unsubscribed_at, created_at) < ${unsubscribedCutoff}`;
  const batchLimit = sql.raw(String(RETENTION_BATCH));

  const queueCutoff = subDays(now, WAITLIST_RETENTION_DAYS).toISOString();
  const b = new BatchBuilder();
  const bookings = b.add(
    anonymizeBookingsStatement(
      sql`id IN (SELECT id FROM bookings WHERE anonymized_at IS NULL AND session_end_time < ${bookingCutoff}
          ORDER BY session_end_time LIMIT ${batchLimit})`,
      nowIso,
    ),
  );
  const messages = b.add(
    sql`DELETE FROM contact_messages WHERE id IN (SELECT id FROM contact_messages WHERE created_at < ${messageCutoff} LIMIT ${batchLimit})`,
  );
  const reports = b.add(
    sql`DELETE FROM problem_reports WHERE id IN (SELECT id FROM problem_reports WHERE created_at < ${messageCutoff} LIMIT ${batchLimit})`,
  );
  const questions = b.add(
    sql`DELETE FROM flurre_unanswered WHERE id IN (SELECT id FROM flurre_unanswered WHERE asked_at < ${messageCutoff} LIMIT ${batchLimit})`,
  );
  const audit = b.add(sql`DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log WHERE created_at < ${auditCutoff} LIMIT ${batchLimit})`);
  const queue = b.add(
    sql`DELETE FROM waitlist_entries WHERE id IN (SELECT id FROM waitlist_entries
           WHERE status NOT IN ('waiting', 'offered') AND updated_at < ${queueCutoff} LIMIT ${batchLimit})`,
  );
  const claims = b.add(pruneClaimsStatement(now, RETENTION_BATCH));
  const unsubscribed = b.add<{ id: number; email: string }>(
    sql`SELECT id, email FROM newsletter_subscribers WHERE ${unsubscribedWhere} ORDER BY id LIMIT ${sql.raw(String(RETENTION_SUBSCRIBER_BATCH))}`,
  );
  const done = await runBatch(
    context,
    b.plan((results) => ({
      gone: unsubscribed.rows(results),
      counts: {
        bookingsAnonymized: bookings.changes(results),
        messagesDeleted: messages.changes(results) + reports.changes(results),
        questionsDeleted: questions.changes(results),
        auditRowsDeleted: audit.changes(results),
        queuePlacesDeleted: queue.changes(results),
        formClaimsDeleted: claims.changes(results),
      },
    })),
  );

  // The hash is computed here (D1 has no SHA-256), then hash and delete go in one batch, each
  // only while the subscriber is still unsubscribed: one who subscribed again meanwhile is kept.
  const { gone } = done;
  let subscribers = 0;
  if (gone.length > 0) {
    const still = (id: number) => sql`EXISTS (SELECT 1 FROM newsletter_subscribers WHERE id = ${id} AND ${unsubscribedWhere})`;
    const hashes = await Promise.all(gone.map(({ email }) => suppressionHash(email)));
    const deletes = new BatchBuilder();
    const deleted = gone.map(({ id }, i) => {
      deletes.add(suppressStatement(hashes[i]!, "unsubscribed", still(id)));
      return deletes.add(sql`DELETE FROM newsletter_subscribers WHERE id = ${id} AND ${unsubscribedWhere}`);
    });
    subscribers = await runBatch(context, deletes.plan((results) => deleted.reduce((n, ref) => n + ref.changes(results), 0)));
  }
  const { bookingsAnonymized, messagesDeleted, questionsDeleted, auditRowsDeleted, queuePlacesDeleted, formClaimsDeleted } = done.counts;
  return {
    bookingsAnonymized,
    subscribersDeleted: subscribers,
    messagesDeleted,
    questionsDeleted,
    auditRowsDeleted,
    queuePlacesDeleted,
    formClaimsDeleted,
  };
}
