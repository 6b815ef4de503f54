/**
 * Mail that did not arrive, for /admin/epost-status: dead letters (the
 * outbox gave up after its attempts, or the mail's link died first) and what
 * the provider reported back as bounced or marked as spam; and staff's
 * 'Skicka igen' for a dead letter: the row is queued again as a new attempt
 * under a fresh idempotency key (the provider may hold the old one for a day)
 * with its attempts reset, audited in the same batch, once however often the
 * button is pressed. A mail whose link has died is never sent again.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import type { UndeliveredRow } from "~/domain/mail-status";
import { auditStatement, type Actor } from "../audit/audit-log.server";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { ANONYMIZED_RECIPIENT } from "../privacy/housekeeping.server";
import { scheduleDrain } from "./send-email.server";

/** The newest this many of each kind are shown. */
export const UNDELIVERED_LIMIT = 100;

type UndeliveredQueryRow = {
  kind: UndeliveredRow["kind"];
  id: string;
  recipient: string;
  subject: string;
  why: string | null;
  at: string;
  canResend: number;
  hardBounce: number;
};

export async function listUndelivered(context: AppLoadContext, now = new Date()): Promise<UndeliveredRow[]> {
  const nowIso = now.toISOString();
  const b = new BatchBuilder();
  const dead = b.add<UndeliveredQueryRow>(
    sql`SELECT 'dead' AS kind, id, to_address AS recipient, subject, last_error AS why,
           coalesce(next_attempt_at, created_at) AS at,
           (expires_at IS NULL OR expires_at > ${nowIso}) AS canResend, 0 AS hardBounce
         FROM email_outbox WHERE status = 'failed'
         ORDER BY at DESC, created_at DESC LIMIT ${UNDELIVERED_LIMIT}`,
  );
  const events = b.add<UndeliveredQueryRow>(
    sql`SELECT type AS kind, event_id AS id, recipient, coalesce(subject, '') AS subject, detail AS why,
           received_at AS at, 0 AS canResend,
           -- provider-events.server.ts stores a bounce's type first: 'Permanent' is a hard one.
           (type = 'bounced' AND detail LIKE 'Permanent%') AS hardBounce
         FROM email_events WHERE type IN ('bounced', 'complained') AND recipient <> ${ANONYMIZED_RECIPIENT}
         ORDER BY received_at DESC LIMIT ${UNDELIVERED_LIMIT}`,
  );
  const rows = await runBatch(context, b.plan((results) => [...dead.rows(results), ...events.rows(results)]));
  return rows
    .map((row) => ({ ...row, canResend: row.canResend === 1, hardBounce: row.hardBounce === 1 }))
    .sort((a, b) => b.at.localeCompare(a.at));
}

export type ResendOutcome = "queued" | "gone" | "expired";

/** 'Skicka igen' on the dead letter `id`; the drain after the response hands it over. */
export async function resendDeadLetter(
  context: AppLoadContext,
  actor: Actor,
  id: string,
  now = new Date(),
): Promise<ResendOutcome> {
  const nowIso = now.toISOString();
  const key = `${crypto.randomUUID()}:igen`;
  const b = new BatchBuilder();
  const requeue = b.add(
    sql`UPDATE email_outbox SET status = 'queued', attempts = 0, next_attempt_at = ${nowIso}, provider_key = ${key},
           batch_key = NULL, last_error = NULL
         WHERE id = ${id} AND status = 'failed' AND (expires_at IS NULL OR expires_at > ${nowIso})`,
  );
  b.add(
    auditStatement(
      actor,
      { action: "email.resend", targetType: "email", targetId: id },
      { condition: sql`EXISTS (SELECT 1 FROM email_outbox WHERE id = ${id} AND provider_key = ${key})` },
    ),
  );
  const requeued = await runBatch(context, b.plan((results) => requeue.changes(results)));
  if (requeued === 0) {
    const row = await context.db.get<{ status: string; expiresAt: string | null }>(
      sql`SELECT status, expires_at AS expiresAt FROM email_outbox WHERE id = ${id}`,
    );
    return row?.status === "failed" && row.expiresAt !== null && row.expiresAt <= nowIso ? "expired" : "gone";
  }
  scheduleDrain(context, [id]);
  return "queued";
}
