/**
 * The admin's e-mail to customers (/admin/epost): to one booking's customer
 * (`?bokning=ID`), to every confirmed customer of a session (`?pass=ID`) or
 * of a weekly series (`?serie=ID`: one mail per address, however many of the
 * series' sessions it booked).
 * Each recipient's mail and the audit row are written in one D1 batch
 * through the outbox (so a failed send is retried, not lost), then
 * delivered after the response. Sends are limited per admin; a second post
 * of the same draft mails nobody again and writes no second audit row.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { adminMessageMail, type MessageRecipient } from "~/domain/mail/admin-message";
import type { AdminEmailValues } from "~/domain/schemas/admin-email";
import { formatDateTime } from "~/domain/time";
import { auditStatement } from "../audit/audit-log.server";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { outboxInsertStatements, toOutboxRow } from "../email/outbox.server";
import { scheduleDrain } from "../email/send-email.server";
import { hitRateLimit, type RateLimitRule } from "../platform/rate-limit.server";
import type { Actor } from "../audit/audit-log.server";

/** Sends (each one message to one or many) per admin and hour. */
export const ADMIN_EMAIL_LIMIT: RateLimitRule = { name: "admin-email", limit: 30, windowMs: 60 * 60_000 };

export type MessageTarget =
  | { kind: "booking"; id: string }
  | { kind: "session"; id: number }
  | { kind: "series"; id: string };

/** The target named by the page's query, or null. */
export function messageTarget(url: URL): MessageTarget | null {
  const booking = url.searchParams.get("bokning");
  if (booking && /^[A-Za-z0-9_-]{1,64}$/.test(booking)) return { kind: "booking", id: booking };
  const session = url.searchParams.get("pass");
  if (session && /^\d{1,15}$/.test(session)) return { kind: "session", id: Number(session) };
  const series = url.searchParams.get("serie");
  if (series && /^[A-Za-z0-9_-]{1,64}$/.test(series)) return { kind: "series", id: series };
  return null;
}

export interface MessageAudience {
  /** The session the message is about (the booking's, for one booking; for a series, the series and its dates). */
  session: { id: number | string; title: string; startLabel: string };
  recipients: MessageRecipient[];
}

/** Who the message goes to: the booking's customer while the booking is active, or each confirmed booking's. */
export async function loadAudience(context: AppLoadContext, target: MessageTarget): Promise<MessageAudience | null> {
  if (target.kind === "series") return loadSeriesAudience(context, target.id);
  const sessionId =
    target.kind === "session"
      ? target.id
      : ((
          await context.db.get<{ id: number | null }>(
            sql`SELECT session_id AS id FROM bookings WHERE id = ${target.id} AND booking_status <> 'cancelled'`,
          )
        )?.id ?? null);
  if (sessionId === null) return null;
  const onlyBooking = target.kind === "booking" ? target.id : null;
  const b = new BatchBuilder();
  const sessions = b.add<{ id: number; title: string; startTime: string }>(
    sql`SELECT id, title, start_time AS startTime FROM sessions WHERE id = ${sessionId}`,
  );
  const bookings = b.add<MessageRecipient>(
    sql`SELECT id AS bookingId, user_name AS userName, user_email AS userEmail FROM bookings
         WHERE session_id = ${sessionId} AND booking_status = 'confirmed' AND (${onlyBooking} IS NULL OR id = ${onlyBooking}) ORDER BY created_at, id`,
  );
  return runBatch(
    context,
    b.plan((results) => {
      const session = sessions.first(results);
      if (!session) return null;
      return {
        session: { id: session.id, title: session.title, startLabel: formatDateTime(session.startTime) },
        recipients: bookings.rows(results),
      };
    }),
  );
}

/** A series' confirmed customers, one per address (their first booking names them), and its dates. */
async function loadSeriesAudience(context: AppLoadContext, seriesId: string): Promise<MessageAudience | null> {
  const b = new BatchBuilder();
  const series = b.add<{ id: string; title: string; count: number; first: string; last: string }>(
    sql`SELECT r.id, r.title, count(s.id) AS count, min(s.start_time) AS first, max(s.start_time) AS last
         FROM session_series r JOIN sessions s ON s.series_id = r.id WHERE r.id = ${seriesId} GROUP BY r.id`,
  );
  const bookings = b.add<MessageRecipient>(
    sql`SELECT b.id AS bookingId, b.user_name AS userName, b.user_email AS userEmail
         FROM bookings b JOIN sessions s ON s.id = b.session_id
         WHERE s.series_id = ${seriesId} AND b.booking_status = 'confirmed'
           AND b.rowid = (SELECT first.rowid FROM bookings first JOIN sessions fs ON fs.id = first.session_id
             WHERE fs.series_id = ${seriesId} AND first.booking_status = 'confirmed' AND lower(first.user_email) = lower(b.user_email)
             ORDER BY first.created_at, first.id LIMIT 1)
         ORDER BY b.created_at, b.id`,
  );
  return runBatch(
    context,
    b.plan((results) => {
      const row = series.first(results);
      if (!row) return null;
      return {
        session: {
          id: row.id,
          title: row.title,
          startLabel: `${row.count} pass, ${formatDateTime(row.first)} – ${formatDateTime(row.last)}`,
        },
        recipients: bookings.rows(results),
      };
    }),
  );
}

export type SendMessageOutcome =
  | { status: "sent"; count: number }
  | { status: "no-recipients" }
  | { status: "rate-limited" }
  | { status: "not-found" };

export async function sendAdminMessage(
  context: AppLoadContext,
  actor: Actor,
  target: MessageTarget,
  values: AdminEmailValues,
  now = new Date(),
): Promise<SendMessageOutcome> {
  const { config } = context;
  const audience = await loadAudience(context, target);
  if (!audience) return { status: "not-found" };
  if (audience.recipients.length === 0) return { status: "no-recipients" };
  const limit = await hitRateLimit(context, ADMIN_EMAIL_LIMIT, actor.userId ?? actor.email, now.getTime());
  if (!limit.allowed) return { status: "rate-limited" };

  const site = { siteUrl: config.SITE_URL, adminEmail: config.ADMIN_EMAIL };
  const draft = { draftId: values.draft_id, subject: values.subject, message: values.message };
  const rows = audience.recipients.map((recipient) =>
    toOutboxRow(adminMessageMail(site, recipient, draft), { from: config.EMAIL_FROM }, now.toISOString()),
  );
  const targetId = String(target.id);
  const b = new BatchBuilder();
  b.addAll(rows.flatMap((row) => outboxInsertStatements(row)));
  // One audit row per draft, also when the same draft is posted twice.
  b.add(
    auditStatement(
      actor,
      {
        action: "email.send",
        targetType: target.kind,
        targetId,
        details: {
          draftId: values.draft_id,
          sessionId: audience.session.id,
          subject: values.subject,
          recipients: audience.recipients.map((r) => r.bookingId),
        },
      },
      {
        createdAt: now.toISOString(),
        condition: sql`NOT EXISTS (SELECT 1 FROM audit_log WHERE action = 'email.send' AND target_id = ${targetId}
            AND json_extract(details_json, '$.draftId') = ${values.draft_id})`,
      },
    ),
  );
  await runBatch(
    context,
    b.plan(() => undefined),
  );
  scheduleDrain(
    context,
    rows.map((row) => row.id),
  );
  return { status: "sent", count: rows.length };
}
