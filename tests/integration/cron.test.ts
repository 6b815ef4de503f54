// The cron worker's scheduled entry, called the way the platform calls it.
import {
  createExecutionContext,
  createScheduledController,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { getDb, schema } from "~/server/db/client.server";
import { sendEmail } from "~/server/email/send-email.server";
import { ConfigError, getConfig } from "~/server/platform/env.server";
import cron, { CRONS } from "../../workers/cron";
import { testContext } from "./helpers";

const db = getDb(env);
let logs: MockInstance<typeof console.log>;

async function runCron(cronExpression: string, scheduledTime: Date, cronEnv = env) {
  const controller = createScheduledController({ scheduledTime, cron: cronExpression });
  const ctx = createExecutionContext();
  await cron.scheduled(controller, cronEnv, ctx);
  await waitOnExecutionContext(ctx);
}

async function statusOf(id: string) {
  const rows = await db
    .select({ status: schema.emailOutbox.status, attempts: schema.emailOutbox.attempts })
    .from(schema.emailOutbox)
    .where(eq(schema.emailOutbox.id, id));
  return rows[0];
}

const message = { kind: "booking-confirmation", to: "anna@example.se", subject: "Bokad", text: "Hej!" };

beforeEach(async () => {
  await db.delete(schema.emailOutbox);
  logs = vi.spyOn(console, "log").mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the cron worker", () => {
  it("drains due mail on the five-minute trigger", async () => {
    const a = await sendEmail(testContext(), message);
    const b = await sendEmail(testContext(), { ...message, to: "bo@example.se" });

    await runCron(CRONS.everyFiveMinutes, new Date());

    expect(await statusOf(a.id!)).toMatchObject({ status: "sent", attempts: 1 });
    expect(await statusOf(b.id!)).toMatchObject({ status: "sent", attempts: 1 });
    expect(logs).toHaveBeenCalledWith(expect.stringContaining('"job":"outbox-drain"'));
  });

  it("also drains on the daily trigger", async () => {
    const a = await sendEmail(testContext(), message);
    await runCron(CRONS.daily, new Date());
    expect((await statusOf(a.id!))?.status).toBe("sent");
  });

  it("sends a message the provider refused once the backoff has passed", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const resendEnv = { ...env, EMAIL_TRANSPORT: "resend", RESEND_API_KEY: "test" };
    const config = getConfig(resendEnv);
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      expect(String(input)).toBe(config.RESEND_API_URL);
      return fetchSpy.mock.calls.length === 1
        ? new Response("overloaded", { status: 503 })
        : Response.json({ id: "re_cron" });
    });
    const queued = await sendEmail({ ...testContext(), config }, message);

    await runCron(CRONS.everyFiveMinutes, new Date(), resendEnv);
    expect(await statusOf(queued.id!)).toMatchObject({ status: "queued", attempts: 1 });

    // The next trigger before the backoff has passed leaves it alone.
    await runCron(CRONS.everyFiveMinutes, new Date(), resendEnv);
    expect(fetchSpy).toHaveBeenCalledTimes(1);

    // Let the backoff pass: the retry is due now.
    await db
      .update(schema.emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(schema.emailOutbox.id, queued.id!));
    await runCron(CRONS.everyFiveMinutes, new Date(), resendEnv);
    expect(await statusOf(queued.id!)).toMatchObject({ status: "sent", attempts: 2 });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it("refuses to run with an invalid configuration and names the problem", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const badEnv = { ...env, EMAIL_TRANSPORT: "smtp" };

    await expect(runCron(CRONS.everyFiveMinutes, new Date(), badEnv)).rejects.toBeInstanceOf(ConfigError);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("EMAIL_TRANSPORT"));
  });

  it("logs a cron expression it does not know and runs nothing for it", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const queued = await sendEmail(testContext(), message);

    await runCron("*/10 * * * *", new Date());

    expect(errors).toHaveBeenCalledWith(expect.stringContaining("*/10 * * * *: not a known schedule"));
    expect((await statusOf(queued.id!))?.status).toBe("queued");
    expect(logs).not.toHaveBeenCalled();
  });

  it("answers any HTTP request with 404", async () => {
    const res = await cron.fetch();
    expect(res.status).toBe(404);
  });
});

describe("daily housekeeping", () => {
  it("removes expired tokens, sessions and rate-limit windows but keeps live ones", async () => {
    const now = new Date("2026-11-21T07:00:00.000Z");
    const iso = (ms: number) => new Date(now.getTime() + ms).toISOString();
    const day = 24 * 60 * 60_000;
    await env.DB.batch([
      env.DB.prepare("DELETE FROM sign_in_tokens"),
      env.DB.prepare("DELETE FROM auth_sessions"),
      env.DB.prepare("DELETE FROM rate_limits"),
      env.DB.prepare(
        "INSERT INTO sign_in_tokens (token_hash, email, purpose, created_at, expires_at) VALUES ('old', 'a@example.se', 'customer', ?, ?), ('new', 'b@example.se', 'customer', ?, ?)",
      ).bind(iso(-3 * day), iso(-2 * day), iso(-60_000), iso(9 * 60_000)),
      env.DB.prepare(
        "INSERT INTO auth_sessions (id_hash, kind, email, created_at, expires_at) VALUES ('gone', 'customer', 'a@example.se', ?, ?), ('live', 'customer', 'b@example.se', ?, ?)",
      ).bind(iso(-2 * 60 * 60_000), iso(-60 * 60_000), iso(-60_000), iso(29 * 60_000)),
      env.DB.prepare("INSERT INTO rate_limits (key, window_start, hits) VALUES ('x', ?, 3), ('y', ?, 1)").bind(
        now.getTime() - 2 * day,
        now.getTime() - 60_000,
      ),
    ]);

    await runCron(CRONS.daily, now);

    const left = async (sql: string) => (await env.DB.prepare(sql).all<{ k: string }>()).results.map((r) => r.k);
    expect(await left("SELECT token_hash AS k FROM sign_in_tokens")).toEqual(["new"]);
    expect(await left("SELECT id_hash AS k FROM auth_sessions")).toEqual(["live"]);
    expect(await left("SELECT key AS k FROM rate_limits")).toEqual(["y"]);
    expect(logs).toHaveBeenCalledWith(expect.stringContaining('"job":"housekeeping"'));
  });

  it("does not run on the five-minute trigger", async () => {
    await env.DB.prepare("DELETE FROM auth_sessions").run();
    await env.DB.prepare(
      "INSERT INTO auth_sessions (id_hash, kind, email, created_at, expires_at) VALUES ('gone', 'customer', 'a@example.se', '2020-01-01T00:00:00.000Z', '2020-01-01T00:30:00.000Z')",
    ).run();
    await runCron(CRONS.everyFiveMinutes, new Date());
    expect((await env.DB.prepare("SELECT count(*) AS n FROM auth_sessions").first<{ n: number }>())?.n).toBe(1);
  });
});
