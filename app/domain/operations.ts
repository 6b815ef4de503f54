// The machine's health as the owner sees it (/admin/drift, /healthz, the
// cron's alert mail): which cron jobs exist and how often they run, when a
// job counts as overdue, when a webhook counts as stale or refused too often,
// and the problems all of that adds up to. Pure: the server reads the rows,
// this decides what they mean.

/** The crons in workers/cron.wrangler.toml; keep both lists in step. */
export const CRONS = {
  everyFiveMinutes: "*/5 * * * *",
  /** 07:00 UTC (08:00/09:00 in Stockholm): housekeeping and the daily jobs. */
  daily: "0 7 * * *",
} as const;

export type CronSchedule = keyof typeof CRONS;

/** How far apart each cron's runs are. */
export const CRON_INTERVAL_MS: Record<CronSchedule, number> = {
  everyFiveMinutes: 5 * 60_000,
  daily: 24 * 3_600_000,
};

/**
 * Every cron job by name and the triggers it runs on: the cron worker runs
 * them from this list, and the health checks take their intervals from it.
 */
export const CRON_JOBS = {
  "health-alerts": ["everyFiveMinutes"],
  "newsletter-waves": ["everyFiveMinutes"],
  "session-decisions": ["everyFiveMinutes"],
  waitlist: ["everyFiveMinutes"],
  reminders: ["everyFiveMinutes"],
  refunds: ["everyFiveMinutes"],
  cards: ["everyFiveMinutes"],
  "outbox-drain": ["everyFiveMinutes", "daily"],
  "dead-links": ["everyFiveMinutes", "daily"],
  retention: ["daily"],
  housekeeping: ["daily"],
} as const satisfies Record<string, readonly CronSchedule[]>;

export type CronJobName = keyof typeof CRON_JOBS;

export const CRON_JOB_NAMES = Object.keys(CRON_JOBS) as CronJobName[];

/** Whether a job runs on the trigger with this cron expression. */
export function jobRunsOn(name: CronJobName, cron: string): boolean {
  return CRON_JOBS[name].some((schedule) => CRONS[schedule] === cron);
}

/** The shortest gap between a job's runs. */
export function jobIntervalMs(name: CronJobName): number {
  return Math.min(...CRON_JOBS[name].map((schedule) => CRON_INTERVAL_MS[schedule]));
}

/** A job is overdue when it has not started for longer than this many intervals. */
export const OVERDUE_INTERVALS = 2;

/** The row names of jobs and webhooks in operations_health. */
export const jobRowName = (name: CronJobName) => `job:${name}`;
export const WEBHOOKS = ["stripe", "mail"] as const;
export type WebhookName = (typeof WEBHOOKS)[number];
export const webhookRowName = (name: WebhookName) => `webhook:${name}`;
/** The row the migration makes: stands for every job until the cron has run once. */
export const CRON_ROW_NAME = "cron";

/**
 * How long after a mail went to the provider (or a Checkout Session expired)
 * its webhook must have said something: Resend reports each mail within
 * seconds, Stripe each Checkout Session by its expiry at the latest.
 */
export const WEBHOOK_GRACE_MS = 60 * 60_000;
/** Refused calls a webhook may have in 24 hours before staff are told. */
export const REFUSED_ALERT_THRESHOLD = 10;
/** How long a problem lasts before staff get a mail about it. */
export const ALERT_AFTER_MS = 60 * 60_000;

/** D1's size limit per database on the paid plan. */
export const D1_MAX_DATABASE_BYTES = 10 * 1024 ** 3;
/** Share of D1_MAX_DATABASE_BYTES from which the database counts as nearly full. */
export const DATABASE_WARN_SHARE = 0.8;

/** A job's or webhook's row as the checks read it. */
export interface HealthRecord {
  name: string;
  kind: "job" | "webhook" | "cron";
  firstSeenAt: string;
  lastStartedAt: string | null;
  lastFinishedAt: string | null;
  lastOutcome: "ok" | "failed" | "accepted" | "refused" | null;
  lastDurationMs: number | null;
  lastError: string | null;
  lastOkAt: string | null;
  lastFailedAt: string | null;
}

export interface JobHealth {
  name: CronJobName;
  intervalMs: number;
  lastStartedAt: string | null;
  lastFinishedAt: string | null;
  outcome: "ok" | "failed" | null;
  durationMs: number | null;
  error: string | null;
  overdue: boolean;
}

const ms = (iso: string | null | undefined) => (iso ? Date.parse(iso) : Number.NaN);

/**
 * Each known job's health. A job that has never run is overdue once twice
 * its interval has passed since its row was made (the cron makes rows for
 * every job it knows on each run), or, before the cron ever ran, since the
 * migration made the 'cron' row.
 */
export function jobHealth(records: readonly HealthRecord[], now: Date): JobHealth[] {
  const byName = new Map(records.map((r) => [r.name, r]));
  const cronRow = byName.get(CRON_ROW_NAME);
  return CRON_JOB_NAMES.map((name) => {
    const row = byName.get(jobRowName(name));
    const intervalMs = jobIntervalMs(name);
    const since = row?.lastStartedAt ?? row?.firstSeenAt ?? cronRow?.firstSeenAt ?? null;
    const overdue = since !== null && now.getTime() - ms(since) > OVERDUE_INTERVALS * intervalMs;
    const outcome = row?.lastOutcome === "ok" || row?.lastOutcome === "failed" ? row.lastOutcome : null;
    return {
      name,
      intervalMs,
      lastStartedAt: row?.lastStartedAt ?? null,
      lastFinishedAt: row?.lastFinishedAt ?? null,
      outcome,
      durationMs: row?.lastDurationMs ?? null,
      error: outcome === "failed" ? (row?.lastError ?? null) : null,
      overdue,
    };
  });
}

export interface WebhookFacts {
  name: WebhookName;
  /** Whether the endpoint exists (its secret is set; for Stripe, payments are on). */
  enabled: boolean;
  lastAcceptedAt: string | null;
  lastRefusedAt: string | null;
  lastError: string | null;
  refusedLastDay: number;
  /**
   * When the oldest thing that should have brought an event since the last
   * one arrived became due: a mail handed to the provider, a Checkout
   * Session's expiry. Null when nothing is waiting.
   */
  oldestWaitingSince: string | null;
}

export interface WebhookHealth extends WebhookFacts {
  stale: boolean;
  refusedOften: boolean;
}

export function webhookHealth(facts: WebhookFacts, now: Date): WebhookHealth {
  const stale =
    facts.enabled && facts.oldestWaitingSince !== null && now.getTime() - ms(facts.oldestWaitingSince) > WEBHOOK_GRACE_MS;
  return { ...facts, stale, refusedOften: facts.enabled && facts.refusedLastDay >= REFUSED_ALERT_THRESHOLD };
}

export interface OutboxBacklog {
  queued: number;
  retrying: number;
  dead: number;
  oldestQueuedAt: string | null;
}

export interface OperationsFacts {
  jobs: readonly JobHealth[];
  webhooks: readonly WebhookHealth[];
  outbox: OutboxBacklog;
  failedRefunds: number;
  databaseBytes: number | null;
}

/** A problem staff should hear about, keyed so one episode is one mail. */
export interface Problem {
  key: string;
  text: string;
}

/** Each job as staff know it. */
export const JOB_LABELS: Record<CronJobName, string> = {
  "health-alerts": "Driftlarm",
  "newsletter-waves": "Nyhetsbrevets utskick",
  "session-decisions": "Beslut om små pass",
  waitlist: "Väntelistor",
  reminders: "Påminnelser",
  refunds: "Återbetalningar",
  cards: "Klippkort och presentkort",
  "outbox-drain": "E-postkön",
  "dead-links": "Utgångna länkar",
  retention: "Gallring av personuppgifter",
  housekeeping: "Städning",
};

const JOB_LABEL = (name: CronJobName) => `Jobbet ”${JOB_LABELS[name]}”`;

/** Everything wrong right now, in Swedish, each with a stable key. */
export function currentProblems(facts: OperationsFacts): Problem[] {
  const problems: Problem[] = [];
  for (const job of facts.jobs) {
    if (job.overdue) problems.push({ key: `job-overdue:${job.name}`, text: `${JOB_LABEL(job.name)} har inte körts i tid.` });
    if (job.outcome === "failed") problems.push({ key: `job-failed:${job.name}`, text: `${JOB_LABEL(job.name)} misslyckades senast det kördes.` });
  }
  if (facts.outbox.dead > 0) {
    problems.push({ key: "outbox-dead", text: `${facts.outbox.dead} e-postmeddelanden kunde inte skickas.` });
  }
  for (const hook of facts.webhooks) {
    const label = WEBHOOK_LABELS[hook.name];
    if (hook.stale) problems.push({ key: `webhook-stale:${hook.name}`, text: `${label} har inte hörts av på länge.` });
    if (hook.refusedOften) {
      problems.push({ key: `webhook-refused:${hook.name}`, text: `${label}: ${hook.refusedLastDay} anrop avvisade senaste dygnet.` });
    }
  }
  if (facts.failedRefunds > 0) {
    problems.push({ key: "refunds-failed", text: `${facts.failedRefunds} återbetalningar har misslyckats.` });
  }
  if (facts.databaseBytes !== null && facts.databaseBytes >= DATABASE_WARN_SHARE * D1_MAX_DATABASE_BYTES) {
    problems.push({ key: "database-size", text: "Databasen är nästan full." });
  }
  return problems;
}

/** Webhooks by their sender, as staff know them. */
export const WEBHOOK_LABELS: Record<WebhookName, string> = {
  stripe: "Stripes webhook",
  mail: "E-postleverantörens webhook",
};

/** "3 min", "2 h 5 min", "4 dygn": how long ago, or how long, for staff. */
export function formatDuration(msValue: number): string {
  const minutes = Math.max(0, Math.floor(msValue / 60_000));
  if (minutes < 1) return "under en minut";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} dygn`;
}

/** "1,2 GB", "340 kB": a database size for staff. */
export function formatBytes(bytes: number): string {
  const units = ["byte", "kB", "MB", "GB"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 ? String(value) : value.toLocaleString("sv-SE", { maximumFractionDigits: 1 });
  return `${shown} ${units[unit]}`;
}

/**
 * A short, secret-free line about a failure: its first line, with anything
 * that looks like a key, a token or an e-mail address blanked, and cut short.
 */
export function summarizeError(error: unknown): string {
  const raw = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return (raw.split("\n")[0] ?? "")
    .replace(/\b(?:sk|rk|pk|whsec|re|evt|cs|pi)_[A-Za-z0-9_]+/g, "[dolt]")
    .replace(/\bBearer\s+\S+/gi, "Bearer [dolt]")
    .replace(/[^\s@<>"']+@[^\s@<>"']+/g, "[adress]")
    .slice(0, 200);
}
