// The drain as the provider really behaves: Resend allows a few requests a
// second, says so in its rate-limit headers, and answers 429 with
// retry-after beyond them. The provider is played at the network edge (the
// fetch the transport makes) with a fixed one-second window per its limit,
// on the test's clock: the drain's pauses move that clock, so a minute of
// pacing takes milliseconds here.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb, schema } from "~/server/db/client.server";
import { CAMPAIGN_CALLS_PER_CLAIM } from "~/server/email/drain.server";
import { MAX_ATTEMPTS } from "~/server/email/outbox.server";
import { campaignRate } from "~/server/email/pacing.server";
import { drainOutbox, sendEmail } from "~/server/email/send-email.server";
import { getConfig } from "~/server/platform/env.server";
import { startCampaign } from "~/server/newsletter/campaign-sending.server";
import { fillCampaignVars, runDueWaves } from "~/server/newsletter/campaign-waves.server";
import { testContext } from "./helpers";
import { createCampaign, many, resetNewsletter, seedSubscribers } from "./newsletter-fixtures";

const db = getDb(env);
const T0 = Date.parse("2031-05-05T09:00:00.000Z");

function setup(rps = "2") {
  const resendEnv = { ...env, EMAIL_TRANSPORT: "resend", RESEND_API_KEY: "re_test", MAIL_PROVIDER_RPS: rps };
  const config = getConfig(resendEnv);
  let t = T0;
  const clock = { now: () => new Date(t), sleep: async (ms: number) => void (t += ms), elapsed: () => t - T0, at: () => t };
  return { resendEnv, config, context: { ...testContext(), config }, clock };
}

type Call = { at: number; batch: boolean; to: string[]; status: number };

/**
 * Resend at `limit` requests a second (fixed windows from the first call):
 * beyond it a 429 with retry-after; every answer with ratelimit-limit,
 * -remaining and -reset unless `headers` is false. A repeated
 * Idempotency-Key delivers nothing again. `always429`: it never lets a call through.
 */
function playResend(
  now: () => number,
  { limit, headers = true, always429 = false, retryAfter = 1, onCall }: {
    limit: number;
    headers?: boolean;
    always429?: boolean;
    retryAfter?: number;
    onCall?: (call: Call, index: number) => Promise<void> | void;
  },
) {
  const calls: Call[] = [];
  const delivered = new Map<string, number>();
  const answers = new Map<string, unknown>();
  let windowStart = -Infinity;
  let used = 0;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
    const t = now();
    if (t - windowStart >= 1000) {
      windowStart = t;
      used = 0;
    }
    const payload = JSON.parse(String(init?.body)) as { to: string[]; subject: string } | Array<{ to: string[]; subject: string }>;
    const batch = Array.isArray(payload);
    const messages = batch ? payload : [payload];
    const resetSeconds = String(Math.max(1, Math.ceil((windowStart + 1000 - t) / 1000)));
    const limitHeaders = (remaining: number): Record<string, string> =>
      headers ? { "ratelimit-limit": String(limit), "ratelimit-remaining": String(remaining), "ratelimit-reset": resetSeconds } : {};
    if (always429 || used >= limit) {
      const call = { at: t, batch, to: messages.map((m) => m.to[0]!), status: 429 };
      calls.push(call);
      await onCall?.(call, calls.length - 1);
      return Response.json(
        { statusCode: 429, name: "rate_limit_exceeded", message: "Too many requests" },
        { status: 429, headers: { "retry-after": String(retryAfter), ...limitHeaders(0) } },
      );
    }
    used++;
    const call = { at: t, batch, to: messages.map((m) => m.to[0]!), status: 200 };
    calls.push(call);
    await onCall?.(call, calls.length - 1);
    const key = new Headers(init?.headers).get("Idempotency-Key") ?? "";
    let body = answers.get(key);
    if (!body) {
      for (const m of messages) delivered.set(`${m.to[0]} ${m.subject}`, (delivered.get(`${m.to[0]} ${m.subject}`) ?? 0) + 1);
      body = batch ? { data: messages.map((_, i) => ({ id: `re_${calls.length}_${i}` })) } : { id: `re_${calls.length}` };
      answers.set(key, body);
    }
    return Response.json(body, { headers: limitHeaders(limit - used) });
  });
  const accepted = () => calls.filter((c) => c.status === 200);
  return { calls, delivered, accepted, doubles: () => [...delivered.values()].filter((n) => n > 1).length };
}

async function queueSingles(context: ReturnType<typeof setup>["context"], n: number, kind = "booking-confirmation") {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const queued = await sendEmail(context, { kind, to: `kund${i}@example.se`, subject: `Bokning ${i}`, text: "Välkommen!" });
    ids.push(queued.id!);
  }
  return ids;
}

async function queueCampaign(context: ReturnType<typeof setup>["context"], n: number) {
  await resetNewsletter();
  await seedSubscribers(many("tempo", n, "vanner-testar"));
  const id = await createCampaign({ from: "flurre@hundpass.se", subject: "Nya pass i maj" });
  expect(await startCampaign(context, { campaignId: id, target: "vanner-testar", now: new Date(T0) })).toMatchObject({ ok: true });
  expect((await runDueWaves(context, new Date(T0))).queued).toBe(n);
}

async function outboxRows() {
  return db
    .select({ status: schema.emailOutbox.status, attempts: schema.emailOutbox.attempts, kind: schema.emailOutbox.kind })
    .from(schema.emailOutbox);
}

beforeEach(async () => {
  await db.delete(schema.emailOutbox);
  vi.spyOn(console, "log").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("pacing to the provider's rate limit", () => {
  it("spaces its calls to fit 2 a second when no header says otherwise, and meets no 429", async () => {
    const { context, clock } = setup("2");
    await queueSingles(context, 12);
    const provider = playResend(clock.at, { limit: 2, headers: false });
    const result = await drainOutbox(context, { now: clock.now, sleep: clock.sleep });
    expect(result).toEqual({ sent: 12, retried: 0, failed: 0, rateLimited: 0, deferred: 0 });
    expect(provider.calls.filter((c) => c.status === 429)).toEqual([]);
    const gaps = provider.calls.slice(1).map((c, i) => c.at - provider.calls[i]!.at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(500);
    // Not slower than it needs to be either: 12 calls at 2 a second.
    expect(clock.elapsed()).toBeLessThan(6_500);
  });

  it("learns the rate from ratelimit-limit, and waits out a 429's retry-after without counting an attempt", async () => {
    // Configured for 10 a second, the provider allows 2 and says so.
    const { context, clock } = setup("10");
    const ids = await queueSingles(context, 10);
    const provider = playResend(clock.at, { limit: 2, retryAfter: 1 });
    const result = await drainOutbox(context, { now: clock.now, sleep: clock.sleep });
    expect(result.sent).toBe(10);
    expect(result.failed + result.retried).toBe(0);
    // At most the first window's overflow before the headers were heard.
    expect(result.rateLimited).toBeLessThanOrEqual(1);
    // Every call after a 429 came at least its retry-after later.
    provider.calls.forEach((call, i) => {
      if (call.status === 429) expect(provider.calls[i + 1]!.at - call.at).toBeGreaterThanOrEqual(1000);
    });
    const rows = await outboxRows();
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(ids.map(() => ["sent", 1]));
    expect(provider.doubles()).toBe(0);
  });

  it("a provider with no headers and a tight limit: every 429 is waited out, the mail goes once, attempts stay 1", async () => {
    const { context, clock } = setup("5");
    await queueSingles(context, 8);
    const provider = playResend(clock.at, { limit: 1, headers: false, retryAfter: 2 });
    const result = await drainOutbox(context, { now: clock.now, sleep: clock.sleep });
    expect(result.sent).toBe(8);
    expect(result.rateLimited).toBeGreaterThan(0);
    expect(result.retried + result.failed).toBe(0);
    expect((await outboxRows()).every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
    expect(provider.accepted()).toHaveLength(8);
    expect(provider.doubles()).toBe(0);
  });

  it("a 429 that never ends: the run stops by its deadline, rows stay queued, none dead-lettered, however many runs", async () => {
    const { context, clock } = setup("2");
    const ids = await queueSingles(context, 3);
    playResend(clock.at, { limit: 2, always429: true, retryAfter: 30 });
    const budgetMs = 4 * 60_000;
    for (let run = 0; run < MAX_ATTEMPTS + 3; run++) {
      const started = clock.elapsed();
      const result = await drainOutbox(context, { now: clock.now, sleep: clock.sleep, budgetMs });
      // No call starts after the deadline; the last wait may reach it, never pass it by a call.
      expect(clock.elapsed() - started).toBeLessThanOrEqual(budgetMs);
      expect(result).toMatchObject({ sent: 0, retried: 0, failed: 0 });
      expect(result.rateLimited).toBeGreaterThan(0);
      expect(result.deferred).toBe(3);
      await clock.sleep(60_000);
    }
    const rows = await outboxRows();
    expect(rows).toHaveLength(ids.length);
    expect(rows.every((r) => r.status === "queued" && r.attempts === 0)).toBe(true);
  });

  it("a real failure still counts: a 500 moves the row towards the dead letter, a 429 does not", async () => {
    const { context, clock } = setup("2");
    await queueSingles(context, 1);
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(new Response("boom", { status: 500 }));
    expect(await drainOutbox(context, { now: clock.now, sleep: clock.sleep })).toMatchObject({ retried: 1, rateLimited: 0 });
    expect((await outboxRows())[0]).toMatchObject({ status: "queued", attempts: 1 });
  });
});

describe("transactional mail first", () => {
  it("is claimed before any campaign row, and a campaign's calls leave a request a second free", async () => {
    const { context, clock } = setup("2");
    await queueCampaign(context, 450);
    await clock.sleep(1_000);
    await queueSingles(context, 2);
    const provider = playResend(clock.at, { limit: 2 });
    const result = await drainOutbox(context, { now: clock.now, sleep: clock.sleep, fillVars: fillCampaignVars });
    expect(result).toMatchObject({ sent: 452, rateLimited: 0, failed: 0 });
    expect(provider.calls.slice(0, 2).map((c) => c.batch)).toEqual([false, false]);
    const campaignCalls = provider.calls.filter((c) => c.batch);
    expect(campaignCalls).toHaveLength(5);
    const gaps = campaignCalls.slice(1).map((c, i) => c.at - campaignCalls[i]!.at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000 / campaignRate(2));
    expect(provider.doubles()).toBe(0);
  });

  it("a confirmation queued in the middle of a campaign goes out within a few campaign calls, seconds after it was queued", async () => {
    const { context, clock } = setup("2");
    await queueCampaign(context, 1_000);
    let queuedAt = 0;
    const provider = playResend(clock.at, {
      limit: 2,
      onCall: async (call, index) => {
        if (index === 3 && call.batch) {
          queuedAt = clock.at();
          await sendEmail(context, { kind: "booking-confirmation", to: "mitt-i@example.se", subject: "Din bokning", text: "Välkommen!" });
        }
      },
    });
    const result = await drainOutbox(context, { now: clock.now, sleep: clock.sleep, fillVars: fillCampaignVars, limit: 200 });
    expect(result.sent).toBe(1_001);
    const index = provider.calls.findIndex((c) => !c.batch);
    expect(index).toBeGreaterThan(3);
    expect(index - 3).toBeLessThanOrEqual(CAMPAIGN_CALLS_PER_CLAIM + 1);
    expect(provider.calls[index]!.at - queuedAt).toBeLessThanOrEqual(5_000);
    expect(provider.doubles()).toBe(0);
  });

  it("a campaign that cannot finish in one run continues in the next from where it stopped, without doubles", async () => {
    const { context, clock } = setup("2");
    await queueCampaign(context, 1_000);
    const provider = playResend(clock.at, { limit: 2 });
    const first = await drainOutbox(context, { now: clock.now, sleep: clock.sleep, fillVars: fillCampaignVars, budgetMs: 4_500 });
    expect(first.sent).toBeGreaterThan(0);
    expect(first.sent).toBeLessThan(1_000);
    const afterFirst = await db.select({ status: schema.emailOutbox.status }).from(schema.emailOutbox).where(eq(schema.emailOutbox.kind, "newsletter"));
    expect(afterFirst.filter((r) => r.status === "sending")).toEqual([]);
    await clock.sleep(5 * 60_000);
    const second = await drainOutbox(context, { now: clock.now, sleep: clock.sleep, fillVars: fillCampaignVars });
    expect(first.sent + second.sent).toBe(1_000);
    expect(provider.delivered.size).toBe(1_000);
    expect(provider.doubles()).toBe(0);
    const rows = await outboxRows();
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });
});
