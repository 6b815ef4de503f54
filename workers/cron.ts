/**
 * The Cron Trigger worker (workers/cron.wrangler.toml): a separate, asset-less
 * worker on the same D1 as the app. Every trigger runs the jobs that CRON_JOBS
 * (app/domain/operations.ts) lists for its cron expression, phase by phase
 * (the jobs of one phase side by side): newsletter waves queue their mail
 * first, so the drain of the same run hands it over. One job failing never
 * stops another. Each job's run, failed or not, is recorded for the owner's
 * Driftstatus page (app/server/operations/).
 * Imports only server modules, never the Remix build.
 *
 * Time zones: Cloudflare runs crons in UTC. The newsletter's waves are due
 * at 08:00 Stockholm time, stored as UTC instants computed with the tz
 * database (planWaves), and the five-minute trigger sends a wave on its first
 * run at or after that instant: 06:00 UTC in summer, 07:00 UTC in winter, so
 * 08:00 holds on both sides of a DST change without a cron per season.
 * Reminders work the same way: a session's customers are reminded on the
 * first five-minute run at or after its start − 24 h, computed on instants:
 * a session at 18:00 Stockholm time is reminded at 18:00 the day before, and
 * across a DST change exactly 24 h before all the same (19:00 the evening
 * before the autumn change, 17:00 before the spring one).
 */
import { runCardJobs } from "../app/server/cards/card-expiry.server";
import { retryDueCardRefunds } from "../app/server/cards/card-refunds.server";
import { applyDecisionDefaults, requestDecisions, runMissedDecisions } from "../app/server/decisions/decisions.server";
import { drainOutbox } from "../app/server/email/drain.server";
import { retireDeadLinks } from "../app/server/email/outbox.server";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getLoadContext } from "../app/server/platform/context.server";
import { ConfigError, getConfig, type Config, type Env } from "../app/server/platform/env.server";
import { retryDueRefunds } from "../app/server/payments/refunds.server";
import { removeExpiredRecords } from "../app/server/privacy/housekeeping.server";
import { fillCampaignVars, runDueWaves } from "../app/server/newsletter/campaign-waves.server";
import { applyRetention } from "../app/server/privacy/retention.server";
import { sendDueReminders } from "../app/server/reminders/reminders.server";
import { runWaitlistQueues } from "../app/server/waitlist/queue-step.server";
import { runHealthAlerts } from "../app/server/operations/alerts.server";
import { recordJobRun } from "../app/server/operations/records.server";
import { CRONS, jobRunsOn, type CronJobName } from "../app/domain/operations";

/** The crons and which jobs run on each live in app/domain/operations.ts (the health checks read them too). */
export { CRONS };

/**
 * A drain per trigger: at most 200 provider calls (a transactional mail is
 * one call, 100 newsletter mails are one batch call: up to 20 000 of those),
 * claimed in chunks that fit their lease.
 */
const CRON_DRAIN_LIMIT = 200;
/**
 * No provider call starts after four minutes, paced waits included, so a run
 * ends before the next five-minute trigger and far inside the platform's
 * wall-time limit for a scheduled handler (15 minutes; its CPU time, 30 s by
 * default, is barely touched: waiting for the provider costs none). At 2
 * calls a second that is up to 240 campaign calls (24 000 mails) a run; what
 * is left continues in the next run, from where it stopped.
 */
const CRON_DRAIN_BUDGET_MS = 4 * 60_000;

interface JobContext {
  /** The load context every server function takes first (app/server/db/README.md). */
  context: AppLoadContext;
  env: Env;
  config: Config;
  /** When the trigger was due: for jobs that plan by the clock (e.g. newsletter waves). */
  scheduledTime: Date;
  cron: string;
  /**
   * The run's clock: the real time, but never before the trigger was due, so
   * a run as of a later instant (a test's, or /cdn-cgi/handler/scheduled's
   * `time`) records and judges its jobs as of that instant.
   */
  clock(): Date;
}

interface Job {
  /** Its name in CRON_JOBS, which also says which triggers run it. */
  name: CronJobName;
  /** Lower phases run (and finish) first. */
  phase: 1 | 2 | 3;
  /** Returns the figures to log, e.g. { sent: 3 }. */
  run(job: JobContext): Promise<Record<string, number>>;
}

const jobs: Job[] = [
  {
    name: "health-alerts",
    phase: 1,
    // Every five minutes: what is wrong in the machine (overdue jobs, dead mail, silent webhooks, …);
    // staff get one mail per problem that has lasted an hour. Its mail goes with this run's drain.
    run: ({ context, clock }) => runHealthAlerts(context, clock()),
  },
  {
    name: "newsletter-waves",
    phase: 1,
    // Every five minutes: a wave is due at an instant (08:00 Stockholm), sent on the first run after it.
    run: ({ context, scheduledTime }) => runDueWaves(context, scheduledTime),
  },
  {
    name: "session-decisions",
    phase: 1,
    // Every five minutes: at T−30 h a group session of 2 or fewer asks the admin
    // (the first run at or after the instant), at T−25 h the default applies,
    // a session whose request window every run missed runs and the admin is told;
    // its cancellation mails go with this run's drain. The cron cannot purge
    // the app's page cache: the seat lists show the cancellation once their
    // 30 s expire, and a booking of the cancelled session is refused anyway.
    run: async ({ context, scheduledTime }) => ({
      ...(await applyDecisionDefaults(context, scheduledTime)),
      ...(await requestDecisions(context, scheduledTime)),
      ...(await runMissedDecisions(context, scheduledTime)),
    }),
  },
  {
    name: "waitlist",
    phase: 1,
    // Every five minutes, behind the objects' own alarms: lapsed holds pass on, started sessions close their queues.
    run: ({ context, scheduledTime }) => runWaitlistQueues(context, scheduledTime),
  },
  {
    name: "reminders",
    phase: 2,
    // Every five minutes: a booking is due 24 h before its session, reminded once. After the
    // decisions, so a session cancelled in this run is not reminded; phase 3's drain sends it.
    run: ({ context, scheduledTime }) => sendDueReminders(context, scheduledTime),
  },
  {
    name: "refunds",
    phase: 3,
    // Every five minutes, with PAYMENTS=stripe: a refund queued by a cancel whose own send never
    // happened, and a failed one once its pause is over (5 min, doubling, until the cap; then it
    // stays failed for staff). After the decisions, so a session they cancel is refunded now;
    // beside the drain, so a slow Stripe never holds the mail up, and within the drain's budget.
    // The money of a card bought online that staff refunded follows the same way, in what is left of the budget.
    run: async ({ context, scheduledTime }) => {
      const started = Date.now();
      const bookings = await retryDueRefunds(context, scheduledTime, CRON_DRAIN_BUDGET_MS);
      const cards = await retryDueCardRefunds(context, scheduledTime, Math.max(0, CRON_DRAIN_BUDGET_MS - (Date.now() - started)));
      return { ...bookings, ...cards };
    },
  },
  {
    name: "cards",
    phase: 2,
    // Every five minutes: a card past its last day loses what is left (an 'expiry' ledger row), and one
    // with something left is reminded once 30 days before; the drain of this run sends the reminder.
    run: ({ context, scheduledTime }) => runCardJobs(context, scheduledTime),
  },
  {
    name: "outbox-drain",
    phase: 3,
    // Every trigger, so mail is never more than five minutes late.
    // The drain reads the real clock at each step, so a long run never hands out stale claims.
    run: ({ context }) =>
      drainOutbox(context, { limit: CRON_DRAIN_LIMIT, budgetMs: CRON_DRAIN_BUDGET_MS, fillVars: fillCampaignVars }),
  },
  {
    name: "dead-links",
    phase: 3,
    // Every trigger: a sign-in link lives 10 minutes, its stored copy not much longer.
    run: ({ context, scheduledTime }) => retireDeadLinks(context, scheduledTime),
  },
  {
    name: "retention",
    phase: 1,
    // Daily: personal data past its retention period is anonymized or deleted (app/server/privacy/).
    run: ({ context, config, scheduledTime }) => applyRetention(context, config, scheduledTime),
  },
  {
    name: "housekeeping",
    phase: 3,
    // Daily: expired tokens, sessions, rate-limit windows and settled mail go.
    run: ({ context, config, scheduledTime }) =>
      removeExpiredRecords(context, scheduledTime, { mailRetentionDays: config.MAIL_RETENTION_DAYS }),
  },
];

const KNOWN_CRONS: readonly string[] = Object.values(CRONS);

/** Runs a job and records its run (operations_health), failed or not; a failure is rethrown. */
async function runJob(job: Job, context: JobContext): Promise<void> {
  const startedAt = context.clock();
  let error: unknown | null = null;
  try {
    const figures = await job.run(context);
    console.log(JSON.stringify({ job: job.name, cron: context.cron, ms: context.clock().getTime() - startedAt.getTime(), ...figures }));
  } catch (cause) {
    error = cause ?? new Error("failed");
    throw cause;
  } finally {
    await recordJobRun(context.context, { name: job.name, startedAt, finishedAt: context.clock(), error });
  }
}

export default {
  // The cron worker binds no assets; jobs use env.DB, the vars and (for seat changes) the app's SessionSeats objects.
  async scheduled(controller, env, ctx) {
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
    const startedAt = Date.now();
    const base = Math.max(controller.scheduledTime, startedAt);
    const clock = () => new Date(base + (Date.now() - startedAt));
    const failed: Job[] = [];
    for (const phase of [1, 2, 3] as const) {
      const due = jobs.filter((job) => job.phase === phase && jobRunsOn(job.name, controller.cron));
      const outcomes = await Promise.allSettled(
        due.map((job) => runJob(job, { context: getLoadContext(env, ctx), env, config, scheduledTime, cron: controller.cron, clock })),
      );
      due.forEach((job, i) => {
        const outcome = outcomes[i];
        if (outcome?.status !== "rejected") return;
        console.error(`cron job ${job.name} failed`, outcome.reason);
        failed.push(job);
      });
    }
    // Rethrow so the Cron Events log marks the run as failed.
    if (failed.length > 0) throw new Error(`cron jobs failed: ${failed.map((j) => j.name).join(", ")}`);
  },

  async fetch() {
    return new Response("Not Found", { status: 404 });
  },
} satisfies ExportedHandler<Env>;
