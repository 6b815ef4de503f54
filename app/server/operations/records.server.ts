/**
 * The rows the machine writes about itself (operations_health,
 * operations_refusals): one statement when a cron job ends, one small batch
 * when a webhook call arrives. Never throws: a job or a webhook must not fail
 * because its own bookkeeping did; a lost row only shows as an older time.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { jobRowName, summarizeError, webhookRowName, type CronJobName, type WebhookName } from "~/domain/operations";
import { BatchBuilder, runBatch } from "../db/batch.server";

export interface JobRun {
  name: CronJobName;
  startedAt: Date;
  finishedAt: Date;
  /** The failure, or null for a run that succeeded. */
  error: unknown | null;
}

/** Records a job's run on its row: one upsert. */
export async function recordJobRun(context: AppLoadContext, run: JobRun): Promise<void> {
  const started = run.startedAt.toISOString();
  const finished = run.finishedAt.toISOString();
  const failed = run.error !== null;
  const outcome = failed ? "failed" : "ok";
  const error = failed ? summarizeError(run.error) : null;
  const duration = Math.max(0, run.finishedAt.getTime() - run.startedAt.getTime());
  try {
    await context.db.run(
      sql`INSERT INTO operations_health (name, kind, first_seen_at, last_started_at, last_finished_at, last_outcome,
           last_duration_ms, last_error, last_ok_at, last_failed_at)
         VALUES (${jobRowName(run.name)}, 'job', ${started}, ${started}, ${finished}, ${outcome}, ${duration}, ${error},
           ${failed ? null : finished}, ${failed ? finished : null})
         ON CONFLICT (name) DO UPDATE SET last_started_at = excluded.last_started_at,
           last_finished_at = excluded.last_finished_at, last_outcome = excluded.last_outcome,
           last_duration_ms = excluded.last_duration_ms, last_error = excluded.last_error,
           last_ok_at = coalesce(excluded.last_ok_at, last_ok_at), last_failed_at = coalesce(excluded.last_failed_at, last_failed_at)`,
    );
  } catch (cause) {
    console.error(`recording cron job ${run.name} failed`, cause);
  }
}

/** How a webhook call ended, as its health counts it. */
export type WebhookArrival = "accepted" | "refused" | "none";

/**
 * What a webhook's answer says about the call: a signed event we took (any
 * 2xx, a 404 for an object we do not know, a 409 asking for a retry while a
 * send is still being recorded: authentic all the same) is accepted; a
 * forged, stale, malformed or oversized one refused; a wrong method is no
 * delivery at all.
 */
export function arrivalOf(status: number): WebhookArrival {
  if ((status >= 200 && status < 300) || status === 404 || status === 409) return "accepted";
  if (status === 400 || status === 401 || status === 413) return "refused";
  return "none";
}

/** The UTC hour a refusal is counted in: "2026-11-29T01". */
export const refusalHour = (at: Date) => at.toISOString().slice(0, 13);

/** Records one call to a webhook that exists: its row, and for a refusal this hour's count. */
export async function recordWebhookCall(
  context: AppLoadContext,
  name: WebhookName,
  status: number,
  now = new Date(),
): Promise<void> {
  const arrival = arrivalOf(status);
  if (arrival === "none") return;
  const at = now.toISOString();
  const row = webhookRowName(name);
  const accepted = arrival === "accepted";
  const b = new BatchBuilder();
  b.add(
    sql`INSERT INTO operations_health (name, kind, last_started_at, last_finished_at, last_outcome, last_error, last_ok_at, last_failed_at)
       VALUES (${row}, 'webhook', ${at}, ${at}, ${arrival}, ${accepted ? null : `HTTP ${status}`}, ${accepted ? at : null}, ${accepted ? null : at})
       ON CONFLICT (name) DO UPDATE SET last_started_at = excluded.last_started_at,
         last_finished_at = excluded.last_finished_at, last_outcome = excluded.last_outcome,
         last_error = coalesce(excluded.last_error, last_error),
         last_ok_at = coalesce(excluded.last_ok_at, last_ok_at), last_failed_at = coalesce(excluded.last_failed_at, last_failed_at)`,
  );
  if (!accepted) {
    b.add(
      sql`INSERT INTO operations_refusals (name, hour, count) VALUES (${name}, ${refusalHour(now)}, 1)
         ON CONFLICT (name, hour) DO UPDATE SET count = count + 1`,
    );
  }
  try {
    await runBatch(context, b.plan(() => undefined));
  } catch (cause) {
    console.error(`recording a ${name} webhook call failed`, cause);
  }
}
