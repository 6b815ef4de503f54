/**
 * Reminders 24 h before each session (the cron's 'reminders' job): every
 * confirmed booking of a session that is not cancelled and starts within the
 * next 24 h gets one reminder mail (app/domain/mail/reminder.tsx) through the
 * outbox, and the booking is marked reminded (bookings.reminded_at).
 *
 * Once, however the cron fires: each booking's mail is queued and the booking
 * marked in ONE D1 batch. The mail is queued only while the booking is still
 * confirmed and unreminded and the session is not cancelled and still is what
 * the mail says (time, place, title, revision), under the key
 * `reminder:<booking id>` (a second insert with that key does nothing); the
 * booking is marked only once that mail is in the outbox. Two runs at once
 * therefore queue one mail, and a change between read and write skips the
 * booking until the next run reads it again.
 *
 * Which bookings: the session starts in (now, now + 24 h], and the booking
 * was made at least 24 h before the start (a later booking just got its
 * confirmation with the same facts). A late run still reminds while the
 * session has not started. At most REMINDERS_PER_RUN a run; the next run
 * takes the rest. The drain of the same cron run hands the mail over.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import type { BookingDetails } from "~/domain/mail/booking";
import type { PreparationItem } from "~/domain/preparation";
import { reminderMail, reminderMailKey, type RemindedSession } from "~/domain/mail/reminder";
import { loadPreparation } from "../content/site-content.server";
import { BatchBuilder, runBatch, type StatementRef } from "../db/batch.server";
import { columnsAs, schema } from "../db/client.server";
import { outboxInsertStatements, toOutboxRow } from "../email/outbox.server";

/** How long before the start a session's customers are reminded. */
export const REMINDER_LEAD_MS = 24 * 60 * 60_000;
/** Bookings reminded per run at most. */
export const REMINDERS_PER_RUN = 100;
/** Bookings per D1 batch: each carries its mail's bodies and calendar file. */
const BOOKINGS_PER_BATCH = 10;

const BOOKING_KEYS = [
  "id",
  "userName",
  "userEmail",
  "userPhone",
  "dogName",
  "dogBreed",
  "dogAge",
  "specialNotes",
  "homeAddress",
  "meetingType",
  "variant",
  "priceSek",
  "createdAt",
] as const satisfies ReadonlyArray<keyof BookingDetails & keyof typeof schema.bookings.$inferSelect>;

/** A booking due a reminder, with its session as read. */
export type DueReminder = BookingDetails & {
  sessionId: number;
  title: string;
  location: string;
  startTime: string;
  endTime: string;
  passType: "group" | "private";
  revision: number;
};

/**
 * The bookings due a reminder at `now`, soonest session first. Walks the
 * sessions starting in the window (sessions_start_time_idx), then their
 * bookings (bookings_session_status_idx).
 */
export async function findDueReminders(context: AppLoadContext, now: Date, limit = REMINDERS_PER_RUN): Promise<DueReminder[]> {
  return context.db.all<DueReminder>(
    sql`SELECT ${sql.raw(columnsAs(schema.bookings, BOOKING_KEYS, "b."))},
         s.id AS sessionId, s.title AS title, s.location AS location, s.start_time AS startTime,
         s.end_time AS endTime, s.pass_type AS passType, s.revision AS revision
       FROM sessions s JOIN bookings b ON b.session_id = s.id
       WHERE s.start_time > ${now.toISOString()} AND s.start_time <= ${new Date(now.getTime() + REMINDER_LEAD_MS).toISOString()} AND s.cancelled_at IS NULL
         AND b.booking_status = 'confirmed' AND b.reminded_at IS NULL
         AND b.created_at <= strftime('%Y-%m-%dT%H:%M:%fZ', s.start_time, '-1 day')
       ORDER BY s.start_time, s.id, b.created_at, b.id
       LIMIT ${limit}`,
  );
}

/**
 * Queue the booking's reminder while everything it says still holds; then
 * mark the booking if its reminder is queued. Adds them to `b` and returns
 * the mark's handle.
 */
function addReminder(
  context: AppLoadContext,
  b: BatchBuilder,
  row: DueReminder,
  now: Date,
  preparation: readonly PreparationItem[],
): StatementRef<unknown> {
  const { config } = context;
  const nowIso = now.toISOString();
  const session: RemindedSession = {
    id: row.sessionId,
    title: row.title,
    location: row.location,
    startTime: row.startTime,
    endTime: row.endTime,
    passType: row.passType,
    revision: row.revision,
  };
  const mail = reminderMail({ siteUrl: config.SITE_URL, adminEmail: config.ADMIN_EMAIL }, session, row, now, preparation);
  const outboxRow = toOutboxRow(mail, { from: config.EMAIL_FROM }, nowIso);
  const stillDue = sql`EXISTS (SELECT 1 FROM bookings b JOIN sessions s ON s.id = b.session_id
            WHERE b.id = ${row.id} AND b.booking_status = 'confirmed' AND b.reminded_at IS NULL
              AND s.id = ${row.sessionId} AND s.cancelled_at IS NULL AND s.start_time = ${row.startTime} AND s.end_time = ${row.endTime}
              AND s.location = ${row.location} AND s.title = ${row.title} AND s.revision = ${row.revision} AND s.start_time > ${nowIso})`;
  b.addAll(outboxInsertStatements(outboxRow, { condition: stillDue }));
  return b.add(
    sql`UPDATE bookings SET reminded_at = ${nowIso}
         WHERE id = ${row.id} AND reminded_at IS NULL
           AND EXISTS (SELECT 1 FROM email_outbox WHERE idempotency_key = ${reminderMailKey(row.id)})`,
  );
}

/**
 * Queues the reminders of bookings read by findDueReminders and marks them,
 * a batch per BOOKINGS_PER_BATCH bookings. Returns how many this call
 * reminded, and how many it skipped: changed since they were read, or
 * reminded by another run.
 */
export async function queueReminders(
  context: AppLoadContext,
  due: readonly DueReminder[],
  now: Date,
  preparation: readonly PreparationItem[],
): Promise<{ reminded: number; skipped: number }> {
  let reminded = 0;
  for (let i = 0; i < due.length; i += BOOKINGS_PER_BATCH) {
    const chunk = due.slice(i, i + BOOKINGS_PER_BATCH);
    const b = new BatchBuilder();
    const marks = chunk.map((row) => addReminder(context, b, row, now, preparation));
    reminded += await runBatch(
      context,
      b.plan((results) => marks.reduce((sum, mark) => sum + mark.changes(results), 0)),
    );
  }
  return { reminded, skipped: due.length - reminded };
}

/** The cron job: reminds the bookings due at `now` (the trigger's time). */
export async function sendDueReminders(
  context: AppLoadContext,
  now: Date,
  { limit = REMINDERS_PER_RUN }: { limit?: number } = {},
): Promise<{ reminded: number; skipped: number }> {
  const due = await findDueReminders(context, now, limit);
  if (due.length === 0) return { reminded: 0, skipped: 0 };
  return queueReminders(context, due, now, await loadPreparation(context));
}
