/**
 * Reads the machine's health in one D1 batch (one round trip): the job and
 * webhook rows, the last day's refused webhook calls, the outbox backlog,
 * failed refunds, what each webhook still owes us, the open alert episodes,
 * and the database's size (D1 reports it with every result). The Driftstatus
 * page and the cron's alert both read through here; /healthz reads less.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import {
  jobHealth,
  webhookHealth,
  webhookRowName,
  WEBHOOKS,
  type HealthRecord,
  type JobHealth,
  type OperationsFacts,
  type WebhookName,
} from "~/domain/operations";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { refusalHour } from "./records.server";

const RECORD_COLUMNS = sql`name, kind, first_seen_at AS firstSeenAt, last_started_at AS lastStartedAt,
  last_finished_at AS lastFinishedAt, last_outcome AS lastOutcome, last_duration_ms AS lastDurationMs,
  last_error AS lastError, last_ok_at AS lastOkAt, last_failed_at AS lastFailedAt`;

export interface OpenAlert {
  problem: string;
  since: string;
  mailedAt: string | null;
}

export interface OperationsStatus extends OperationsFacts {
  alerts: OpenAlert[];
  paymentsOn: boolean;
}

/** Whether each webhook's endpoint exists with this configuration. */
function webhookEnabled(context: AppLoadContext, name: WebhookName): boolean {
  return name === "stripe" ? context.config.payments.provider === "stripe" : Boolean(context.config.RESEND_WEBHOOK_SECRET);
}

export async function readOperationsStatus(context: AppLoadContext, now: Date): Promise<OperationsStatus> {
  const dayAgoHour = refusalHour(new Date(now.getTime() - 24 * 3_600_000));
  const b = new BatchBuilder();
  const records = b.add<HealthRecord>(sql`SELECT ${RECORD_COLUMNS} FROM operations_health`);
  const refusals = b.add<{ name: string; refused: number }>(
    sql`SELECT name, SUM(count) AS refused FROM operations_refusals WHERE hour > ${dayAgoHour} GROUP BY name`,
  );
  // Queued and retrying: not yet handed over (sending ones count with them); dead: given up on.
  // A mail queued for later (a gift on its chosen day) waits from when it is due, not from when it was queued.
  const nowIso = now.toISOString();
  const outbox = b.add<{ queued: number | null; retrying: number | null; dead: number | null; oldest: string | null }>(
    sql`SELECT SUM(attempts = 0 AND (status = 'sending' OR (status = 'queued' AND next_attempt_at <= ${nowIso}))) AS queued,
         SUM(status IN ('queued', 'sending') AND attempts > 0) AS retrying,
         SUM(status = 'failed') AS dead,
         MIN(CASE WHEN status IN ('queued', 'sending') AND attempts > 0 THEN created_at
                  WHEN status = 'sending' THEN created_at
                  WHEN status = 'queued' AND next_attempt_at <= ${nowIso} THEN max(created_at, next_attempt_at) END) AS oldest
       FROM email_outbox WHERE status IN ('queued', 'sending', 'failed')`,
  );
  const refunds = b.add<{ failed: number }>(sql`SELECT COUNT(*) AS failed FROM payments WHERE status = 'refund_failed'`);
  // The oldest mail the provider took since its webhook last said anything: each gets an event within seconds.
  const mailWaiting = b.add<{ since: string | null }>(
    sql`SELECT MIN(sent_at) AS since FROM email_outbox
       WHERE provider_message_id IS NOT NULL
         AND sent_at > coalesce((SELECT last_ok_at FROM operations_health WHERE name = ${webhookRowName("mail")}), '')`,
  );
  // The earliest Checkout Session expiry among payments started since Stripe last called: by then it has sent an event.
  const stripeWaiting = b.add<{ since: string | null }>(
    sql`SELECT MIN(checkout_expires_at) AS since FROM payments
       WHERE checkout_expires_at IS NOT NULL
         AND created_at > coalesce((SELECT last_ok_at FROM operations_health WHERE name = ${webhookRowName("stripe")}), '')`,
  );
  const alerts = b.add<OpenAlert>(sql`SELECT problem, since, mailed_at AS mailedAt FROM operations_alerts ORDER BY since`);

  return runBatch(
    context,
    b.plan((results) => {
      const rows = records.rows(results);
      const refused = new Map(refusals.rows(results).map((r) => [r.name, Number(r.refused) || 0]));
      const byName = new Map(rows.map((r) => [r.name, r]));
      const waiting: Record<WebhookName, string | null> = {
        mail: mailWaiting.first(results)?.since ?? null,
        stripe: stripeWaiting.first(results)?.since ?? null,
      };
      const backlog = outbox.first(results);
      const sizes = results.map((r) => (r.meta as { size_after?: number }).size_after).filter((s) => typeof s === "number");
      return {
        jobs: jobHealth(rows, now),
        webhooks: WEBHOOKS.map((name) => {
          const row = byName.get(webhookRowName(name));
          return webhookHealth(
            {
              name,
              enabled: webhookEnabled(context, name),
              lastAcceptedAt: row?.lastOkAt ?? null,
              lastRefusedAt: row?.lastFailedAt ?? null,
              lastError: row?.lastError ?? null,
              refusedLastDay: refused.get(name) ?? 0,
              oldestWaitingSince: waiting[name],
            },
            now,
          );
        }),
        outbox: {
          queued: Number(backlog?.queued ?? 0),
          retrying: Number(backlog?.retrying ?? 0),
          dead: Number(backlog?.dead ?? 0),
          oldestQueuedAt: backlog?.oldest ?? null,
        },
        failedRefunds: Number(refunds.first(results)?.failed ?? 0),
        databaseBytes: sizes.length > 0 ? Math.max(...sizes) : null,
        alerts: alerts.rows(results),
        paymentsOn: context.config.payments.provider === "stripe",
      };
    }),
  );
}

/** The jobs' health alone, for /healthz: one statement on a table of a dozen rows. */
export async function readJobHealth(context: AppLoadContext, now: Date): Promise<JobHealth[]> {
  const rows = await context.db.all<HealthRecord>(
    sql`SELECT ${RECORD_COLUMNS} FROM operations_health WHERE kind IN ('job', 'cron')`,
  );
  return jobHealth(rows, now);
}
