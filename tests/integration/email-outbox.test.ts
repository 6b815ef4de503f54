// The outbox and its drain against real D1; Resend is faked only at the
// network edge (globalThis.fetch), never our own database.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb, schema } from "~/server/db/client.server";
import { MAX_ATTEMPTS, RECIPIENT_MAIL_LIMIT, UNASKED_MAIL_LIMIT } from "~/server/email/outbox.server";
import {
  drainOutbox,
  scheduleDrain,
  sendEmail,
  type EmailMessage,
} from "~/server/email/send-email.server";
import { getLoadContext } from "~/server/platform/context.server";
import { getConfig } from "~/server/platform/env.server";
import { testContext } from "./helpers";
import { captureLoggedFailures } from "../support/expected-logs";

const db = getDb(env);
const resend = { ...testContext(), config: getConfig({ ...env, EMAIL_TRANSPORT: "resend", RESEND_API_KEY: "test" }) };
const local = testContext();

const message = {
  kind: "booking-confirmation",
  to: "anna@example.se",
  subject: "Din bokning är bekräftad",
  text: "Välkommen på valpkurs!",
};

async function readRow(id: string) {
  const rows = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.id, id));
  const row = rows[0];
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

async function queue(overrides: Partial<EmailMessage> = {}) {
  const result = await sendEmail(resend, { ...message, ...overrides });
  if (result.status !== "queued") throw new Error(`expected queued, got ${result.status}`);
  return result.id;
}

/** Answers every call to the Resend URL with `answer(callNumber)`; anything else is a test bug. */
function fakeResend(answer: (call: number) => Response | Promise<Response>) {
  let calls = 0;
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url !== resend.config.RESEND_API_URL) throw new Error(`unexpected fetch ${url} ${init?.method}`);
    calls += 1;
    return answer(calls);
  });
}

const ok = (id: string) => Response.json({ id });
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

beforeEach(async () => {
  await db.delete(schema.emailOutbox);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("sendEmail", () => {
  it("writes the outbox row before any network call", async () => {
    const fetchSpy = fakeResend(() => ok("re_1"));
    const result = await sendEmail(resend, message);

    expect(result.status).toBe("queued");
    expect(fetchSpy).not.toHaveBeenCalled();
    const row = await readRow(result.id!);
    expect(row).toMatchObject({
      status: "queued",
      attempts: 0,
      kind: "booking-confirmation",
      toAddress: "anna@example.se",
      fromAddress: "Hundpass <info@hundpass.se>",
      subject: "Din bokning är bekräftad",
      textBody: "Välkommen på valpkurs!",
      htmlBody: null,
      attachmentsJson: null,
    });
  });

  it("queues one row when the same idempotency key is sent twice", async () => {
    const first = await sendEmail(resend, { ...message, idempotencyKey: "booking-confirmation:42" });
    const second = await sendEmail(resend, {
      ...message,
      subject: "Ett annat ämne",
      idempotencyKey: "booking-confirmation:42",
    });

    expect(first.status).toBe("queued");
    expect(second).toEqual({ status: "duplicate", id: first.id });
    const rows = await db.select().from(schema.emailOutbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.subject).toBe("Din bokning är bekräftad");
  });

  it("returns failed instead of throwing when the database is unavailable", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    // An outage stand-in: every statement fails the way a D1 error would.
    const downDb = {
      prepare() {
        throw new Error("D1_ERROR: database unavailable");
      },
    } as unknown as D1Database;

    const result = await sendEmail({ ...getLoadContext({ ...env, DB: downDb }, createExecutionContext()), config: resend.config }, message);

    expect(result).toEqual({ status: "failed", id: null });
    expect(errors).toHaveBeenCalled();
  });
});

describe("drainOutbox with Resend", () => {
  it("posts the message to Resend and stores the provider's id", async () => {
    const fetchSpy = fakeResend(() => ok("re_abc"));
    const id = await queue({
      html: "<p>Välkommen!</p>",
      idempotencyKey: "booking-confirmation:7",
    });
    await db
      .update(schema.emailOutbox)
      .set({
        replyTo: "info@hundpass.se",
        attachmentsJson: JSON.stringify([
          { filename: "pass.ics", content: "SUMMARY:Valpkurs i Gävle", contentType: "text/calendar" },
        ]),
      })
      .where(eq(schema.emailOutbox.id, id));

    const result = await drainOutbox(resend);

    expect(result).toEqual({ sent: 1, retried: 0, failed: 0, rateLimited: 0, deferred: 0 });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe("https://api.resend.com/emails");
    expect(init?.method).toBe("POST");
    const headers = new Headers(init?.headers);
    expect(headers.get("Authorization")).toBe("Bearer test");
    expect(headers.get("Idempotency-Key")).toBe("booking-confirmation:7");
    const body = JSON.parse(String(init?.body));
    expect(body).toMatchObject({
      from: "Hundpass <info@hundpass.se>",
      to: ["anna@example.se"],
      subject: "Din bokning är bekräftad",
      text: "Välkommen på valpkurs!",
      html: "<p>Välkommen!</p>",
      reply_to: "info@hundpass.se",
    });
    const bytes = Uint8Array.from(atob(body.attachments[0].content), (c) => c.charCodeAt(0));
    expect(body.attachments[0].filename).toBe("pass.ics");
    expect(new TextDecoder().decode(bytes)).toBe("SUMMARY:Valpkurs i Gävle");

    const row = await readRow(id);
    expect(row.status).toBe("sent");
    expect(row.providerMessageId).toBe("re_abc");
    expect(row.sentAt).not.toBeNull();
    expect(row.attempts).toBe(1);
  });

  it("keeps a message queued with a backoff after a 500, and sends it once the time has come", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const fetchSpy = fakeResend((call) =>
      call === 1 ? new Response("internal error", { status: 500 }) : ok("re_second"),
    );
    const id = await queue();
    const now = new Date();

    expect(await drainOutbox(resend, { now })).toEqual({ sent: 0, retried: 1, failed: 0, rateLimited: 0, deferred: 0 });
    const failedOnce = await readRow(id);
    expect(failedOnce.status).toBe("queued");
    expect(failedOnce.attempts).toBe(1);
    expect(failedOnce.lastError).toContain("500");
    expect(failedOnce.lastError).toContain("internal error");
    expect(failedOnce.nextAttemptAt > now.toISOString()).toBe(true);

    // Not due yet: nothing is sent.
    expect(await drainOutbox(resend, { now: later(now, 30_000) })).toEqual({ sent: 0, retried: 0, failed: 0, rateLimited: 0, deferred: 0 });
    expect(fetchSpy).toHaveBeenCalledTimes(1);

    const afterBackoff = new Date(Date.parse(failedOnce.nextAttemptAt) + 1);
    expect(await drainOutbox(resend, { now: afterBackoff })).toEqual({ sent: 1, retried: 0, failed: 0, rateLimited: 0, deferred: 0 });
    const sent = await readRow(id);
    expect(sent.status).toBe("sent");
    expect(sent.providerMessageId).toBe("re_second");
    expect(sent.attempts).toBe(2);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it("treats a network error like a failed answer", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    fakeResend(() => {
      throw new TypeError("Network connection lost.");
    });
    const id = await queue();

    expect(await drainOutbox(resend)).toEqual({ sent: 0, retried: 1, failed: 0, rateLimited: 0, deferred: 0 });
    const row = await readRow(id);
    expect(row.status).toBe("queued");
    expect(row.lastError).toContain("Network connection lost.");
  });

  it(`dead-letters a message after ${MAX_ATTEMPTS} failed attempts and keeps the row`, async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const fetchSpy = fakeResend(() => new Response("bad gateway", { status: 502 }));
    const id = await queue();

    let now = new Date();
    const outcomes = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      outcomes.push(await drainOutbox(resend, { now }));
      now = new Date(Date.parse((await readRow(id)).nextAttemptAt) + 1);
    }

    expect(outcomes.slice(0, -1).every((o) => o.retried === 1)).toBe(true);
    expect(outcomes.at(-1)).toEqual({ sent: 0, retried: 0, failed: 1, rateLimited: 0, deferred: 0 });
    const row = await readRow(id);
    expect(row.status).toBe("failed");
    expect(row.attempts).toBe(MAX_ATTEMPTS);
    expect(row.lastError).toContain("502");

    // A dead letter is never picked up again.
    await drainOutbox(resend, { now: later(now, 30 * 24 * 3_600_000) });
    expect(fetchSpy).toHaveBeenCalledTimes(MAX_ATTEMPTS);
  });

  it("sends each message once when two drains run at the same time", async () => {
    const fetchSpy = fakeResend(async (call) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return ok(`re_${call}`);
    });
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await queue({ to: `hund${i}@example.se` }));

    const [a, b] = await Promise.all([drainOutbox(resend), drainOutbox(resend)]);

    expect(a.sent + b.sent).toBe(6);
    expect(fetchSpy).toHaveBeenCalledTimes(6);
    const keys = fetchSpy.mock.calls.map(([, init]) => new Headers(init?.headers).get("Idempotency-Key"));
    expect(new Set(keys).size).toBe(6);
    const rows = await db.select().from(schema.emailOutbox);
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });

  it("takes back a message left in 'sending' by a crashed drain once its claim has expired", async () => {
    const fetchSpy = fakeResend(() => ok("re_rescued"));
    const now = new Date();
    const stuck = await queue({ to: "stuck@example.se" });
    const busy = await queue({ to: "busy@example.se" });
    const sending = (leaseUntil: Date) => ({
      status: "sending" as const,
      attempts: 1,
      nextAttemptAt: leaseUntil.toISOString(),
    });
    await db.update(schema.emailOutbox).set(sending(later(now, -60_000))).where(eq(schema.emailOutbox.id, stuck));
    await db.update(schema.emailOutbox).set(sending(later(now, 5 * 60_000))).where(eq(schema.emailOutbox.id, busy));

    expect(await drainOutbox(resend, { now })).toEqual({ sent: 1, retried: 0, failed: 0, rateLimited: 0, deferred: 0 });

    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(await readRow(stuck)).toMatchObject({ status: "sent", attempts: 2, providerMessageId: "re_rescued" });
    expect((await readRow(busy)).status).toBe("sending");
  });
});

describe("each recipient's mail budget", () => {
  it(`queues at most ${RECIPIENT_MAIL_LIMIT.limit} mails an hour to one address for its own acts, whatever its case`, async () => {
    const logged = captureLoggedFailures();
    const to = `inkorg-${crypto.randomUUID()}@example.se`;
    const results = [];
    for (let i = 0; i <= RECIPIENT_MAIL_LIMIT.limit; i++) {
      results.push(
        await sendEmail(local, { ...message, kind: i % 2 ? "booking-confirmation" : "admin-message", to: i === 3 ? to.toUpperCase() : to }),
      );
    }
    expect(results.slice(0, -1).every((r) => r.status === "queued")).toBe(true);
    expect(results.at(-1)).toEqual({ status: "limited", id: null });
    const rows = await db.select().from(schema.emailOutbox);
    expect(rows).toHaveLength(RECIPIENT_MAIL_LIMIT.limit);
    // A repeat of a queued message spends nothing and still answers 'duplicate'.
    const again = await sendEmail(local, { ...message, to: "ny@example.se", idempotencyKey: "same" });
    expect((await sendEmail(local, { ...message, to: "ny@example.se", idempotencyKey: "same" })).status).toBe("duplicate");
    expect(again.status).toBe("queued");
    expect(logged()).toContain("admin-message to a recipient over its mail budget was not queued");
  });

  it(`queues at most ${UNASKED_MAIL_LIMIT.limit} an hour of the mail anyone can ask for, which never spends the budget of the owner's own mail`, async () => {
    const logged = captureLoggedFailures();
    const to = `främling-${crypto.randomUUID()}@example.se`;
    const kinds = ["sign-in-link", "staff-confirmation", "account-exists", "newsletter-confirmation", "newsletter-welcome", "waitlist-joined"];
    const unasked = [];
    for (let i = 0; i < UNASKED_MAIL_LIMIT.limit + 3; i++) {
      unasked.push(await sendEmail(local, { ...message, kind: kinds[i % kinds.length]!, to, idempotencyKey: `unasked-${to}-${i}` }));
    }
    expect(unasked.slice(0, UNASKED_MAIL_LIMIT.limit).every((r) => r.status === "queued")).toBe(true);
    expect(unasked.slice(UNASKED_MAIL_LIMIT.limit).every((r) => r.status === "limited")).toBe(true);
    // The owner's own booking still gets its whole budget.
    const own = [];
    for (let i = 0; i < RECIPIENT_MAIL_LIMIT.limit; i++) {
      own.push(await sendEmail(local, { ...message, kind: "booking-confirmation", to, idempotencyKey: `own-${to}-${i}` }));
    }
    expect(own.every((r) => r.status === "queued")).toBe(true);
    expect(logged()).toEqual(expect.arrayContaining(["waitlist-joined", "sign-in-link", "staff-confirmation"].map((kind) => `${kind} to a recipient over its mail budget was not queued`)));
  });

  it("never limits the business's own address", async () => {
    const results = [];
    for (let i = 0; i <= RECIPIENT_MAIL_LIMIT.limit + 2; i++) {
      results.push(await sendEmail(local, { ...message, to: local.config.ADMIN_EMAIL }));
    }
    expect(results.every((r) => r.status === "queued")).toBe(true);
  });
});

describe("a drain slower than its lease", () => {
  /** A provider that takes `stepMs` of the test's clock per message; returns the keys it was sent. */
  function slowResend(clock: { now: Date }, stepMs: number, duringCall?: (call: number) => Promise<void>) {
    const spy = fakeResend(async (call) => {
      clock.now = later(clock.now, stepMs);
      await duringCall?.(call);
      return ok(`re_${call}`);
    });
    return () => spy.mock.calls.map(([, init]) => new Headers(init?.headers).get("Idempotency-Key"));
  }

  it("never sends a message whose claim has run out, however long the run takes", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) ids.push(await queue({ to: `lang${i}@example.se`, idempotencyKey: `slow-${i}` }));
    const clock = { now: new Date() };
    const leaseAtSend: number[] = [];
    const spy = fakeResend(async (call) => {
      // The row being sent now is still claimed by this drain, with lease left.
      const sending = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.status, "sending"));
      for (const r of sending) leaseAtSend.push(Date.parse(r.nextAttemptAt) - clock.now.getTime());
      clock.now = later(clock.now, 14_000);
      return ok(`re_${call}`);
    });

    const result = await drainOutbox(resend, { limit: 200, now: () => clock.now });

    expect(result).toEqual({ sent: 60, retried: 0, failed: 0, rateLimited: 0, deferred: 0 });
    expect(spy).toHaveBeenCalledTimes(60);
    expect(leaseAtSend.length).toBeGreaterThan(0);
    expect(Math.min(...leaseAtSend)).toBeGreaterThan(14_000);
    for (const id of ids) expect(await readRow(id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("sends every message once when the next cron run starts while a slow one is still sending", async () => {
    for (let i = 0; i < 60; i++) await queue({ to: `krock${i}@example.se`, idempotencyKey: `overlap-${i}` });
    const clock = { now: new Date() };
    let overlapping: Promise<unknown> | null = null;
    const deliveredKeys = slowResend(clock, 14_000, async (call) => {
      // Eleven minutes in (past a 10-minute lease), the next trigger's drain starts beside this one.
      if (call === 48 && !overlapping) overlapping = drainOutbox(resend, { limit: 200, now: () => clock.now });
    });

    await drainOutbox(resend, { limit: 200, now: () => clock.now });
    await overlapping;

    const keys = deliveredKeys();
    expect(keys).toHaveLength(60);
    expect(new Set(keys).size).toBe(60);
    const rows = await db.select().from(schema.emailOutbox);
    expect(rows.every((r) => r.status === "sent")).toBe(true);
  });
});

describe("the local transport and scheduleDrain", () => {
  it("marks mail sent without any network call when EMAIL_TRANSPORT is outbox", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const result = await sendEmail(local, message);

    expect(await drainOutbox(local)).toEqual({ sent: 1, retried: 0, failed: 0, rateLimited: 0, deferred: 0 });
    expect(fetchSpy).not.toHaveBeenCalled();
    // The local mailbox's own id stands for the provider's (a provider event can be played against it).
    expect(await readRow(result.id!)).toMatchObject({ status: "sent", providerMessageId: `local:${result.id}` });
  });

  it("delivers just the messages a request queued, after the response", async () => {
    const other = await sendEmail(local, { ...message, to: "other@example.se" });
    const ctx = createExecutionContext();
    const context: AppLoadContext = { cloudflare: { env, ctx }, config: getConfig(env), db: getDb(env) };

    const mine = await sendEmail(context, message);
    scheduleDrain(context, [mine.id]);
    await waitOnExecutionContext(ctx);

    expect((await readRow(mine.id!)).status).toBe("sent");
    expect((await readRow(other.id!)).status).toBe("queued");
  });

  it("lets requests close together share one follow-up drain, and delivers every message", async () => {
    const contexts = Array.from({ length: 3 }, () => {
      const ctx = createExecutionContext();
      const waitUntil = vi.fn((promise: Promise<unknown>) => ctx.waitUntil(promise));
      const context: AppLoadContext = {
        cloudflare: { env, ctx: { waitUntil, passThroughOnException: () => ctx.passThroughOnException() } },
        config: getConfig(env),
        db: getDb(env),
      };
      return { ctx, waitUntil, context };
    });
    const ids: string[] = [];
    for (const [i, { context }] of contexts.entries()) {
      const queued = await sendEmail(context, { ...message, to: `samlad${i}@example.se` });
      ids.push(queued.id!);
      scheduleDrain(context, [queued.id]);
    }
    await waitOnExecutionContext(contexts[0]!.ctx);

    expect(contexts.map((c) => c.waitUntil.mock.calls.length)).toEqual([1, 0, 0]);
    for (const id of ids) expect((await readRow(id)).status).toBe("sent");
  });
});
