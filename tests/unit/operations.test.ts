// The machine's health rules (app/domain/operations.ts): which jobs run on
// which trigger, when a job is overdue, when a webhook is stale, the
// problems staff hear about, and the secret-free error line.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { operationsAlertMail } from "~/domain/mail/operations-alert";
import {
  CRON_JOBS,
  CRONS,
  currentProblems,
  D1_MAX_DATABASE_BYTES,
  formatBytes,
  formatDuration,
  jobHealth,
  jobIntervalMs,
  jobRunsOn,
  summarizeError,
  webhookHealth,
  type HealthRecord,
  type OperationsFacts,
} from "~/domain/operations";

const NOW = new Date("2026-11-29T12:00:00.000Z");
const MIN = 60_000;
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

function record(name: string, lastStartedAt: string | null, extra: Partial<HealthRecord> = {}): HealthRecord {
  return {
    name,
    kind: name === "cron" ? "cron" : "job",
    firstSeenAt: lastStartedAt ?? ago(MIN),
    lastStartedAt,
    lastFinishedAt: lastStartedAt,
    lastOutcome: lastStartedAt ? "ok" : null,
    lastDurationMs: lastStartedAt ? 5 : null,
    lastError: null,
    lastOkAt: lastStartedAt,
    lastFailedAt: null,
    ...extra,
  };
}

describe("the cron schedule", () => {
  it("has the same triggers as workers/cron.wrangler.toml, for local runs and production", () => {
    const toml = readFileSync(path.resolve(__dirname, "../../workers/cron.wrangler.toml"), "utf8");
    const lists = [...toml.matchAll(/^crons = (\[.*\])$/gm)].map((m) => JSON.parse(m[1]!) as string[]);
    expect(lists).toHaveLength(2);
    for (const list of lists) expect([...list].sort()).toEqual(Object.values(CRONS).sort());
  });

  it("takes each job's interval from the triggers it runs on", () => {
    expect(jobIntervalMs("outbox-drain")).toBe(5 * MIN);
    expect(jobIntervalMs("housekeeping")).toBe(24 * 60 * MIN);
    expect(jobRunsOn("outbox-drain", CRONS.daily)).toBe(true);
    expect(jobRunsOn("housekeeping", CRONS.everyFiveMinutes)).toBe(false);
    expect(Object.keys(CRON_JOBS)).toContain("health-alerts");
  });
});

describe("an overdue job", () => {
  it("is one that has not started for longer than twice its interval", () => {
    const jobs = jobHealth(
      [record("job:outbox-drain", ago(10 * MIN)), record("job:reminders", ago(10 * MIN + 1)), record("job:housekeeping", ago(47 * 60 * MIN))],
      NOW,
    );
    const overdue = (name: string) => jobs.find((j) => j.name === name)?.overdue;
    expect(overdue("outbox-drain")).toBe(false);
    expect(overdue("reminders")).toBe(true);
    expect(overdue("housekeeping")).toBe(false);
  });

  it("counts a job that never ran from when the cron first knew it, or before any run from the migration's row", () => {
    const known = jobHealth([record("job:waitlist", null, { firstSeenAt: ago(11 * MIN) })], NOW);
    expect(known.find((j) => j.name === "waitlist")?.overdue).toBe(true);
    expect(known.find((j) => j.name === "reminders")?.overdue).toBe(false); // no row, no cron row: nothing to judge by

    const fresh = jobHealth([record("cron", null, { firstSeenAt: ago(3 * MIN) })], NOW);
    expect(fresh.some((j) => j.overdue)).toBe(false);
    const silent = jobHealth([record("cron", null, { firstSeenAt: ago(3 * 60 * MIN) })], NOW);
    expect(silent.filter((j) => j.overdue).map((j) => j.name)).toContain("outbox-drain");
    expect(silent.find((j) => j.name === "housekeeping")?.overdue).toBe(false);
  });
});

describe("a webhook's health", () => {
  const facts = {
    name: "mail" as const,
    enabled: true,
    lastAcceptedAt: null,
    lastRefusedAt: null,
    lastError: null,
    refusedLastDay: 0,
    oldestWaitingSince: null,
  };

  it("is stale when something has waited over an hour for its event, and only when the endpoint exists", () => {
    expect(webhookHealth({ ...facts, oldestWaitingSince: ago(59 * MIN) }, NOW).stale).toBe(false);
    expect(webhookHealth({ ...facts, oldestWaitingSince: ago(61 * MIN) }, NOW).stale).toBe(true);
    expect(webhookHealth({ ...facts, enabled: false, oldestWaitingSince: ago(61 * MIN) }, NOW).stale).toBe(false);
    expect(webhookHealth({ ...facts, lastAcceptedAt: ago(30 * 24 * 60 * MIN) }, NOW).stale).toBe(false);
  });

  it("is refused too often at ten refusals in a day", () => {
    expect(webhookHealth({ ...facts, refusedLastDay: 9 }, NOW).refusedOften).toBe(false);
    expect(webhookHealth({ ...facts, refusedLastDay: 10 }, NOW).refusedOften).toBe(true);
  });
});

describe("the problems staff hear about", () => {
  const well: OperationsFacts = {
    jobs: jobHealth([record("cron", null, { firstSeenAt: ago(MIN) })], NOW),
    webhooks: [],
    outbox: { queued: 3, retrying: 1, dead: 0, oldestQueuedAt: ago(MIN) },
    failedRefunds: 0,
    databaseBytes: 1024,
  };

  it("are none when all is well", () => {
    expect(currentProblems(well)).toEqual([]);
  });

  it("each have a stable key per thing that is wrong", () => {
    const keys = currentProblems({
      ...well,
      jobs: jobHealth([record("job:housekeeping", ago(49 * 60 * MIN), { lastOutcome: "failed", lastError: "boom" })], NOW),
      outbox: { ...well.outbox, dead: 2 },
      webhooks: [webhookHealth({ name: "stripe", enabled: true, lastAcceptedAt: null, lastRefusedAt: null, lastError: null, refusedLastDay: 12, oldestWaitingSince: ago(2 * 60 * MIN) }, NOW)],
      failedRefunds: 1,
      databaseBytes: 0.9 * D1_MAX_DATABASE_BYTES,
    }).map((p) => p.key);
    expect(keys).toEqual([
      "job-overdue:housekeeping",
      "job-failed:housekeeping",
      "outbox-dead",
      "webhook-stale:stripe",
      "webhook-refused:stripe",
      "refunds-failed",
      "database-size",
    ]);
  });
});

describe("a failure's summary", () => {
  it("keeps the first line and blanks keys, tokens and addresses", () => {
    const error = new Error("Stripe said no to sk_live_abc123 for anna@example.se with whsec_xyz and Bearer re_123abc\nstack line");
    const line = summarizeError(error);
    expect(line).toBe("Error: Stripe said no to [dolt] for [adress] with [dolt] and Bearer [dolt]");
    expect(summarizeError("x".repeat(500))).toHaveLength(200);
  });
});

describe("figures for staff", () => {
  it("reads durations and sizes in Swedish", () => {
    expect(formatDuration(30_000)).toBe("under en minut");
    expect(formatDuration(7 * MIN)).toBe("7 min");
    expect(formatDuration(125 * MIN)).toBe("2 h 5 min");
    expect(formatDuration(3 * 24 * 60 * MIN)).toBe("3 dygn");
    expect(formatBytes(D1_MAX_DATABASE_BYTES)).toBe("10 GB");
    expect(formatBytes(1536)).toBe("1,5 kB");
  });
});

describe("the alert mail", () => {
  it("goes to the admin with every problem, when it began and where to look", () => {
    const mail = operationsAlertMail(
      { siteUrl: "https://hundpass.se/", adminEmail: "admin@hundpass.se" },
      [{ text: "Jobbet ”Städning” har inte körts i tid.", since: "2026-11-29T10:00:00.000Z" }],
      "operations-alert:abc",
    );
    expect(mail).toMatchObject({ kind: "operations-alert", to: "admin@hundpass.se", subject: "Hundpass: fel i driften", idempotencyKey: "operations-alert:abc" });
    expect(mail.text).toContain("- Jobbet ”Städning” har inte körts i tid. (sedan 29 nov. 2026 11:00)");
    expect(mail.text).toContain("https://hundpass.se/admin/drift");
  });
});
