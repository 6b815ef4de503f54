/**
 * The cron's health alert (job "health-alerts", every five minutes): reads
 * the machine's health (status.server.ts), opens an episode for each new
 * problem, closes the ones that went away, and once an episode has lasted
 * ALERT_AFTER_MS mails staff about it, once: the outbox row's idempotency key
 * names the episodes it covers, and each episode's mailed_at is set in the
 * same batch, guarded, so a second run (or a second, overlapping cron) queues
 * nothing. A problem that clears and comes back is a new episode, with a
 * mail of its own. The same batch makes a row for every job the cron knows
 * (so a new job that never ran is overdue only from now) and drops refusal
 * counts older than two days.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { operationsAlertMail } from "~/domain/mail/operations-alert";
import { ALERT_AFTER_MS, CRON_JOB_NAMES, currentProblems, jobRowName } from "~/domain/operations";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { outboxInsertStatements, recipientSlot, toOutboxRow } from "../email/outbox.server";
import { refusalHour } from "./records.server";
import { readOperationsStatus } from "./status.server";

async function shortHash(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function runHealthAlerts(context: AppLoadContext, now: Date): Promise<Record<string, number>> {
  const status = await readOperationsStatus(context, now);
  const problems = currentProblems(status);
  const nowIso = now.toISOString();
  const open = new Map(status.alerts.map((alert) => [alert.problem, alert]));
  const current = new Set(problems.map((p) => p.key));

  const b = new BatchBuilder();
  for (const name of CRON_JOB_NAMES) {
    b.add(sql`INSERT INTO operations_health (name, kind, first_seen_at) VALUES (${jobRowName(name)}, 'job', ${nowIso})
       ON CONFLICT (name) DO NOTHING`);
  }
  b.add(sql`DELETE FROM operations_refusals WHERE hour < ${refusalHour(new Date(now.getTime() - 48 * 3_600_000))}`);

  const closed = status.alerts.filter((alert) => !current.has(alert.problem));
  for (const alert of closed) {
    b.add(sql`DELETE FROM operations_alerts WHERE problem = ${alert.problem} AND since = ${alert.since}`);
  }
  const opened = problems.filter((p) => !open.has(p.key));
  for (const problem of opened) {
    b.add(sql`INSERT INTO operations_alerts (problem, since) VALUES (${problem.key}, ${nowIso}) ON CONFLICT (problem) DO NOTHING`);
  }
  const due = problems.flatMap((problem) => {
    const alert = open.get(problem.key);
    if (!alert || alert.mailedAt !== null) return [];
    return now.getTime() - Date.parse(alert.since) >= ALERT_AFTER_MS ? [{ ...problem, since: alert.since }] : [];
  });
  if (due.length > 0) {
    const { config } = context;
    const key = `operations-alert:${await shortHash(due.map((d) => `${d.key}@${d.since}`).sort().join("|"))}`;
    const mail = operationsAlertMail({ siteUrl: config.SITE_URL, adminEmail: config.ADMIN_EMAIL }, due, key);
    const row = toOutboxRow(mail, { from: config.EMAIL_FROM }, nowIso);
    b.addAll(outboxInsertStatements(row, { recipientSlot: await recipientSlot(config, mail.to, mail.kind, now.getTime()) }));
    for (const episode of due) {
      b.add(sql`UPDATE operations_alerts SET mailed_at = ${nowIso}
         WHERE problem = ${episode.key} AND since = ${episode.since} AND mailed_at IS NULL`);
    }
  }
  await runBatch(context, b.plan(() => undefined));
  return { problems: problems.length, opened: opened.length, closed: closed.length, mailed: due.length };
}
