/**
 * The Cron Trigger worker (workers/cron.wrangler.toml): a separate, asset-less
 * worker on the same D1 as the app. Every trigger runs the jobs whose `runsOn`
 * accepts its cron expression, side by side; one job failing never stops another.
 * Imports only server modules, never the Remix build.
 */
import { drainOutbox } from "../app/server/email/drain.server";
import { retireDeadLinks } from "../app/server/email/outbox.server";
import { ConfigError, getConfig, type Config, type Env } from "../app/server/env.server";
import { removeExpiredRecords } from "../app/server/housekeeping.server";

/** The crons in cron.wrangler.toml; keep both lists in step. */
export const CRONS = {
  everyFiveMinutes: "*/5 * * * *",
  /** 07:00 UTC (08:00/09:00 in Stockholm): housekeeping and the daily jobs. */
  daily: "0 7 * * *",
} as const;

/** A drain per trigger: at most 200 rows, claimed in chunks that fit their lease. */
const CRON_DRAIN_LIMIT = 200;
/** No new chunk after four minutes, so a slow provider's run ends before the next trigger. */
const CRON_DRAIN_BUDGET_MS = 4 * 60_000;

interface JobContext {
  env: Env;
  config: Config;
  /** When the trigger was due: for jobs that plan by the clock (e.g. newsletter waves). */
  scheduledTime: Date;
  cron: string;
}

interface Job {
  name: string;
  runsOn(cron: string): boolean;
  /** Returns the figures to log, e.g. { sent: 3 }. */
  run(job: JobContext): Promise<Record<string, number>>;
}

const jobs: Job[] = [
  {
    name: "outbox-drain",
    // Every trigger, so mail is never more than five minutes late.
    runsOn: () => true,
    // The drain reads the real clock at each step, so a long run never hands out stale claims.
    run: ({ env, config }) =>
      drainOutbox({ env, config }, { limit: CRON_DRAIN_LIMIT, budgetMs: CRON_DRAIN_BUDGET_MS }),
  },
  {
    name: "dead-links",
    // Every trigger: a sign-in link lives 10 minutes, its stored copy not much longer.
    runsOn: () => true,
    run: ({ env, scheduledTime }) => retireDeadLinks(env.DB, scheduledTime),
  },
  {
    name: "housekeeping",
    runsOn: (cron) => cron === CRONS.daily,
    run: ({ env, config, scheduledTime }) =>
      removeExpiredRecords(env, scheduledTime, { mailRetentionDays: config.MAIL_RETENTION_DAYS }),
  },
];

const KNOWN_CRONS: readonly string[] = Object.values(CRONS);

async function runJob(job: Job, context: JobContext): Promise<void> {
  const started = Date.now();
  const figures = await job.run(context);
  console.log(JSON.stringify({ job: job.name, cron: context.cron, ms: Date.now() - started, ...figures }));
}

export default {
  // The cron worker binds no Durable Object or assets; jobs use env.DB and the vars only.
  async scheduled(controller, env, _ctx) {
    let config: Config;
    try {
      config = getConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) console.error(`cron ${controller.cron}: ${error.message}`);
      throw error;
    }
    if (!KNOWN_CRONS.includes(controller.cron)) {
      // A trigger added in the dashboard or the toml but not here: say so, run nothing.
      console.error(`cron ${controller.cron}: not a known schedule (${KNOWN_CRONS.join(", ")}); nothing ran`);
      return;
    }
    const scheduledTime = new Date(controller.scheduledTime);
    const due = jobs.filter((job) => job.runsOn(controller.cron));
    const outcomes = await Promise.allSettled(
      due.map((job) => runJob(job, { env, config, scheduledTime, cron: controller.cron })),
    );
    const failed = due.filter((job, i) => {
      const outcome = outcomes[i];
      if (outcome?.status !== "rejected") return false;
      console.error(`cron job ${job.name} failed`, outcome.reason);
      return true;
    });
    // Rethrow so the Cron Events log marks the run as failed.
    if (failed.length > 0) throw new Error(`cron jobs failed: ${failed.map((j) => j.name).join(", ")}`);
  },

  async fetch() {
    return new Response("Not Found", { status: 404 });
  },
} satisfies ExportedHandler<Env>;
