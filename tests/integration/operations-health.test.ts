// The machine's health through the real Worker and the real cron entry:
// /admin/drift ('Driftstatus') for admins only; /healthz for an uptime
// monitor (200 while the database answers and no job is overdue, else 503);
// each cron job's run and each webhook call recorded; a job made overdue and
// a webhook gone quiet show their warnings; a problem that lasts an hour
// mails staff exactly once per episode.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MAIL_EVENTS_PATH } from "~/server/email/provider-events.server";
import { STRIPE_EVENTS_PATH } from "~/server/payments/webhook.server";
import { countD1RoundTrips, ROUND_TRIPS_HEADER } from "~/server/db/round-trips.server";
import { readOperationsStatus } from "~/server/operations/status.server";
import { getLoadContext } from "~/server/platform/context.server";
import { CRONS } from "~/domain/operations";
import app from "../../workers/app";
import cron from "../../workers/cron";
import { createSession } from "./booking-fixtures";
import { fetchAndSettle } from "./auth-helpers";
import { signInAs } from "./helpers";
import { textOf } from "./public-helpers";
import { mailEventSignature, stripeSignature } from "../support/webhook-signatures";

const PATH = "/admin/drift";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();

let admin = "";

const page = async (cookie = admin) => fetchAndSettle(PATH, { headers: { Cookie: cookie } });
const pageText = async () => {
  const res = await page();
  expect(res.status).toBe(200);
  return res.text();
};
/** The text of the table row with this data-testid. */
function rowText(html: string, testId: string): string {
  const match = html.match(new RegExp(`<tr[^>]*data-testid="${testId}"[^>]*>([\\s\\S]*?)</tr>`));
  expect(match, testId).not.toBeNull();
  return textOf(match![1]!);
}
const healthz = () => fetchAndSettle("/healthz");

async function setJobRow(name: string, lastStartedAt: number, outcome: "ok" | "failed" = "ok") {
  await env.DB.prepare(
    `INSERT INTO operations_health (name, kind, first_seen_at, last_started_at, last_finished_at, last_outcome, last_duration_ms)
     VALUES (?1, 'job', ?2, ?2, ?2, ?3, 12)
     ON CONFLICT (name) DO UPDATE SET last_started_at = ?2, last_finished_at = ?2, last_outcome = ?3`,
  )
    .bind(`job:${name}`, iso(lastStartedAt), outcome)
    .run();
}

async function runCron(cronExpression: string, at: number, cronEnv = env) {
  const controller = createScheduledController({ scheduledTime: new Date(at), cron: cronExpression });
  const ctx = createExecutionContext();
  await cron.scheduled(controller, cronEnv, ctx);
  await waitOnExecutionContext(ctx);
}

const alertMails = async () =>
  (
    await env.DB.prepare(
      "SELECT to_address AS recipient, subject, text_body AS text, idempotency_key AS key FROM email_outbox WHERE kind = 'operations-alert' ORDER BY created_at",
    ).all<{ recipient: string; subject: string; text: string; key: string }>()
  ).results;

/** A call to the mail provider's webhook: signed with the real secret, or forged. */
async function mailEvent({ forged = false } = {}) {
  const id = `msg_${crypto.randomUUID()}`;
  const timestamp = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({ type: "email.delivered", data: { email_id: "re_okand", to: ["x@example.se"] } });
  const secret = forged ? "whsec_ZmVsLW55Y2tlbC1mZWwtbnlja2VsLWZlbC1ueWNrZWw=" : env.RESEND_WEBHOOK_SECRET!;
  return fetchAndSettle(MAIL_EVENTS_PATH, {
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/json",
      "svix-id": id,
      "svix-timestamp": String(timestamp),
      "svix-signature": await mailEventSignature(id, timestamp, body, secret),
    },
  });
}

/** The worker with payments on (the suite runs with them off). */
const STRIPE_SECRET = "whsec_hundpassTestSigningSecretForHealth";
const stripeEnv = { ...env, PAYMENTS: "stripe", STRIPE_SECRET_KEY: "sk_test_hundpassHealthTests", STRIPE_WEBHOOK_SECRET: STRIPE_SECRET };

async function stripeFetch(path: string, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(new URL(path, "http://localhost"), { redirect: "manual", ...init }) as never, stripeEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** A Stripe event of a type the app acknowledges and ignores, signed with the endpoint's secret or a wrong one. */
async function stripeEvent({ forged = false } = {}) {
  const payload = JSON.stringify({ id: `evt_${crypto.randomUUID().replaceAll("-", "")}`, object: "event", type: "customer.created", data: { object: {} } });
  const secret = forged ? "whsec_somethingElseEntirely" : STRIPE_SECRET;
  return stripeFetch(STRIPE_EVENTS_PATH, {
    method: "POST",
    body: payload,
    headers: { "Content-Type": "application/json", "Stripe-Signature": await stripeSignature(payload, secret) },
  });
}

beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM email_outbox"),
    env.DB.prepare("DELETE FROM operations_health WHERE kind <> 'cron'"),
    env.DB.prepare("DELETE FROM operations_refusals"),
    env.DB.prepare("DELETE FROM operations_alerts"),
    env.DB.prepare("UPDATE operations_health SET first_seen_at = ?").bind(iso(Date.now())),
  ]);
  admin = await signInAs({ email: `admin-${crypto.randomUUID()}@hundpass.se`, admin: true });
  vi.spyOn(console, "log").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("/admin/drift", () => {
  it("is for admins only: a visitor is sent away, a customer and staff without the role get 403", async () => {
    const visitor = await fetchAndSettle(PATH);
    expect([302, 303]).toContain(visitor.status);
    // To the staff sign-in page (it was the start page, which told staff nothing).
    expect(visitor.headers.get("Location")).toBe("/logga-in?till=%2Fadmin%2Fdrift");
    const customer = await signInAs({ email: `kund-${crypto.randomUUID()}@example.se`, kind: "customer" });
    expect((await page(customer)).status).toBe(403);
    const staff = await signInAs({ email: `personal-${crypto.randomUUID()}@hundpass.se` });
    expect((await page(staff)).status).toBe(403);
  });

  it("shows every job, the mail queue, the webhooks, refunds, the database's size and the version; all well on a fresh install", async () => {
    const res = await page();
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toContain("no-store");
    const html = await res.text();
    const text = textOf(html);
    for (const fact of ["Driftstatus", "Allt ser bra ut", "Schemalagda jobb", "E-postkön", "Webhooks", "Återbetalningar", "Databasen", "Version"]) {
      expect(text).toContain(fact);
    }
    expect(rowText(html, "job-housekeeping")).toContain("Har inte körts än");
    expect(rowText(html, "job-outbox-drain")).toContain("var femte minut och dagligen 07:00 UTC");
    expect(text).not.toContain("Försenat");
    expect(text).toMatch(/av 10 GB/);
    expect(text).toContain("Betalningar är avstängda");
    // The [version_metadata] binding: its id's first eight characters, as the dashboard shows them.
    expect(text).toContain(`Version ${env.CF_VERSION_METADATA!.id.slice(0, 8)}`);
    expect(html).toContain("<caption");
  });

  it("shows a job's last run and outcome once the cron has run it", async () => {
    await runCron(CRONS.everyFiveMinutes, Date.now());
    const html = await pageText();
    const drain = rowText(html, "job-outbox-drain");
    expect(drain).toContain("Lyckades");
    expect(drain).toMatch(/\d+ ms/);
    expect(drain).not.toContain("Har inte körts än");
    // The daily jobs have not run, but the cron knows them now: not overdue until two days have passed.
    expect(rowText(html, "job-housekeeping")).toContain("Har inte körts än");
    expect(textOf(html)).toContain("Allt ser bra ut");
  });

  it("records a failed job with its error and says so", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await env.DB.exec("ALTER TABLE email_campaign_waves RENAME TO email_campaign_waves_away");
    try {
      await expect(runCron(CRONS.everyFiveMinutes, Date.now())).rejects.toThrow(/newsletter-waves/);
    } finally {
      await env.DB.exec("ALTER TABLE email_campaign_waves_away RENAME TO email_campaign_waves");
    }
    const html = await pageText();
    const waves = rowText(html, "job-newsletter-waves");
    expect(waves).toContain("Misslyckades");
    expect(waves).toContain("email_campaign_waves");
    expect(textOf(html)).toContain("Jobbet ”Nyhetsbrevets utskick” misslyckades senast det kördes.");
  });

  it("warns about a job that has not run for twice its interval", async () => {
    await setJobRow("housekeeping", Date.now() - 49 * HOUR);
    await setJobRow("outbox-drain", Date.now() - 3 * MINUTE);
    const html = await pageText();
    expect(rowText(html, "job-housekeeping")).toContain("Försenat");
    expect(rowText(html, "job-outbox-drain")).not.toContain("Försenat");
    expect(textOf(html)).toContain("Jobbet ”Städning” har inte körts i tid.");
  });

  it("counts a job that never ran as overdue once the cron has been silent for twice its interval", async () => {
    await env.DB.prepare("UPDATE operations_health SET first_seen_at = ? WHERE name = 'cron'").bind(iso(Date.now() - HOUR)).run();
    const html = await pageText();
    expect(rowText(html, "job-outbox-drain")).toContain("Försenat");
    expect(rowText(html, "job-housekeeping")).not.toContain("Försenat");
  });

  it("shows the mail queue: queued, retrying, dead and the oldest's age", async () => {
    const insert = (id: string, status: string, attempts: number, createdAt: number) =>
      env.DB.prepare(
        `INSERT INTO email_outbox (id, idempotency_key, kind, to_address, from_address, subject, text_body, status, attempts, created_at, next_attempt_at)
         VALUES (?1, ?1, 'booking-confirmation', 'kund@example.se', 'info@hundpass.se', 'Bokad', 'Hej', ?2, ?3, ?4, ?4)`,
      )
        .bind(id, status, attempts, iso(createdAt))
        .run();
    await insert("a", "queued", 0, Date.now() - 2 * MINUTE);
    await insert("b", "queued", 2, Date.now() - 40 * MINUTE);
    await insert("c", "failed", 6, Date.now() - 5 * HOUR);
    const html = await pageText();
    const outbox = textOf(html.match(/data-testid="operations-outbox"[\s\S]*?<\/section>/)![0]);
    expect(outbox).toMatch(/I kö 1 Försöker igen 1 Kunde inte skickas 1/);
    expect(outbox).toContain("väntat 40 min");
    expect(textOf(html)).toContain("1 e-postmeddelanden kunde inte skickas.");
  });
});

describe("the webhooks' health", () => {
  it("records an accepted and a refused call to the mail provider's webhook", async () => {
    expect((await mailEvent()).status).toBe(200); // signed, for a mail we do not know: stored and acknowledged
    expect((await mailEvent({ forged: true })).status).toBe(401);
    const html = await pageText();
    const mail = rowText(html, "webhook-mail");
    expect(mail).not.toContain("Aldrig");
    expect(mail).toMatch(/sedan\) 1 \(senast/);
  });

  it("warns when mail went to the provider over an hour ago and its webhook has said nothing since, until it calls", async () => {
    await env.DB.prepare(
      `INSERT INTO email_outbox (id, idempotency_key, kind, to_address, from_address, subject, text_body, status, attempts, provider_message_id, sent_at)
       VALUES ('sent-1', 'sent-1', 'booking-confirmation', 'kund@example.se', 'info@hundpass.se', 'Bokad', 'Hej', 'sent', 1, 're_1', ?)`,
    )
      .bind(iso(Date.now() - 2 * HOUR))
      .run();
    let html = await pageText();
    expect(rowText(html, "webhook-mail")).toContain("Tyst för länge");
    expect(textOf(html)).toContain("E-postleverantörens webhook har inte hörts av på länge.");

    // A refused call does not count as hearing from it.
    await mailEvent({ forged: true });
    expect(rowText(await pageText(), "webhook-mail")).toContain("Tyst för länge");

    await mailEvent();
    html = await pageText();
    expect(rowText(html, "webhook-mail")).not.toContain("Tyst för länge");
  });

  it("warns when many calls were refused in the last day", async () => {
    for (let i = 0; i < 9; i++) await mailEvent({ forged: true });
    expect(rowText(await pageText(), "webhook-mail")).not.toContain("Många avvisade");
    await mailEvent({ forged: true });
    const html = await pageText();
    expect(rowText(html, "webhook-mail")).toContain("Många avvisade");
    expect(rowText(html, "webhook-mail")).toMatch(/^\S.* 10 Många avvisade/);
    // Refusals older than a day no longer count.
    await env.DB.prepare("UPDATE operations_refusals SET hour = '2020-01-01T00'").run();
    expect(rowText(await pageText(), "webhook-mail")).not.toContain("Många avvisade");
  });
});

describe("Stripe's webhook health (payments on)", () => {
  it("records accepted and refused calls, and warns when a Checkout Session ended over an hour ago with no event since", async () => {
    const sessionId = await createSession();
    const bookingId = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO bookings (id, session_id, user_name, user_email, user_phone, dog_name, price_sek, booking_status, idempotency_key,
           session_title, session_location, session_start_time, session_end_time)
         SELECT ?1, id, 'Ada Betalar', 'ada@example.se', '0701234567', 'Bamse', 450, 'cancelled', ?1, title, location, start_time, end_time
         FROM sessions WHERE id = ?2`,
      ).bind(bookingId, sessionId),
      env.DB.prepare(
        `INSERT INTO payments (id, booking_id, session_id, amount_ore, status, checkout_session_id, checkout_expires_at, created_at, updated_at)
         VALUES (?1, ?2, ?3, 45000, 'expired', 'cs_test_halsa', ?4, ?5, ?5)`,
      ).bind(`pay-${bookingId}`, bookingId, sessionId, iso(Date.now() - 2 * HOUR), iso(Date.now() - 3 * HOUR)),
    ]);
    const stripePage = async () => {
      const res = await stripeFetch(PATH, { headers: { Cookie: admin } });
      expect(res.status).toBe(200);
      return res.text();
    };
    let html = await stripePage();
    expect(rowText(html, "webhook-stripe")).toContain("Aldrig");
    expect(rowText(html, "webhook-stripe")).toContain("Tyst för länge");
    expect(textOf(html)).toContain("Stripes webhook har inte hörts av på länge.");

    expect((await stripeEvent({ forged: true })).status).toBe(401);
    html = await stripePage();
    expect(rowText(html, "webhook-stripe")).toContain("Tyst för länge");
    expect(rowText(html, "webhook-stripe")).toMatch(/ 1 \(senast/);

    expect((await stripeEvent()).status).toBe(200);
    html = await stripePage();
    expect(rowText(html, "webhook-stripe")).not.toContain("Tyst för länge");
    expect(rowText(html, "webhook-stripe")).not.toContain("Aldrig");
  });

  it("records nothing for Stripe while payments are off: the endpoint does not exist", async () => {
    expect((await fetchAndSettle(STRIPE_EVENTS_PATH, { method: "POST", body: "{}" })).status).toBe(404);
    const row = await env.DB.prepare("SELECT 1 FROM operations_health WHERE name = 'webhook:stripe'").first();
    expect(row).toBeNull();
    expect(rowText(await pageText(), "webhook-stripe")).toContain("Betalningar är avstängda");
  });
});

describe("/healthz", () => {
  it("answers 200 with a tiny JSON, never cached, with nothing secret in it", async () => {
    const res = await healthz();
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("Content-Type")).toContain("application/json");
    const body = await res.text();
    expect(JSON.parse(body)).toMatchObject({ ok: true, database: "ok", jobs: "ok", overdueJobs: 0 });
    expect(body.length).toBeLessThan(200);
    for (const secret of [env.SESSION_SECRET!, env.RESEND_WEBHOOK_SECRET!, env.ADMIN_EMAIL!, "whsec_", "@"]) {
      expect(body).not.toContain(secret);
    }
  });

  it("answers 503 while a job is overdue, and 200 again once it has run", async () => {
    await setJobRow("housekeeping", Date.now() - 49 * HOUR);
    const res = await healthz();
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ ok: false, database: "ok", jobs: "overdue", overdueJobs: 1 });
    await setJobRow("housekeeping", Date.now() - HOUR);
    expect((await healthz()).status).toBe(200);
  });

  it("costs one D1 round trip, as the Driftstatus page's reading does", async () => {
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request("http://localhost/healthz") as never, { ...env, D1_ROUND_TRIPS: "1" }, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.headers.get(ROUND_TRIPS_HEADER)).toBe("1");

    const { db, count } = countD1RoundTrips(env.DB);
    const status = await readOperationsStatus(getLoadContext({ ...env, DB: db }, createExecutionContext()), new Date());
    expect(count()).toBe(1);
    expect(status.jobs.length).toBeGreaterThan(5);
  });

  it("answers HEAD without a body and refuses other methods", async () => {
    const head = await fetchAndSettle("/healthz", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const post = await fetchAndSettle("/healthz", { method: "POST" });
    expect(post.status).toBe(405);
  });
});

describe("the alert mail", () => {
  // The mail provider's webhook is left out here: this run's own mail, sent by the drain at the real
  // time while the runs below are as of later instants, would otherwise look unanswered.
  const cronEnv = { ...env, RESEND_WEBHOOK_SECRET: undefined };

  it("mails staff exactly once when a job has been overdue for an hour, and again only for a new episode", async () => {
    const t0 = Date.now();
    await setJobRow("housekeeping", t0 - 49 * HOUR);
    for (let at = t0; at < t0 + HOUR; at += 5 * MINUTE) await runCron(CRONS.everyFiveMinutes, at, cronEnv);
    expect(await alertMails()).toHaveLength(0);

    for (let at = t0 + HOUR; at <= t0 + HOUR + 30 * MINUTE; at += 5 * MINUTE) await runCron(CRONS.everyFiveMinutes, at, cronEnv);
    const first = await alertMails();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ recipient: env.ADMIN_EMAIL, subject: "Hundpass: fel i driften" });
    expect(first[0]!.text).toContain("Jobbet ”Städning” har inte körts i tid.");
    expect(first[0]!.text).toContain("/admin/drift");
    const page1 = textOf(await pageText());
    expect(page1).toContain("Jobbet ”Städning” har inte körts i tid. Sedan");

    // It runs (the daily trigger): the episode ends at the next check.
    let at = t0 + HOUR + 35 * MINUTE;
    for (; at <= t0 + 2 * HOUR; at += 5 * MINUTE) await runCron(CRONS.everyFiveMinutes, at, cronEnv);
    await runCron(CRONS.daily, t0 + 2 * HOUR, cronEnv);
    await runCron(CRONS.everyFiveMinutes, at, cronEnv);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM operations_alerts").first<{ n: number }>())?.n).toBe(0);

    // It falls behind again: a new episode, a new mail an hour later, and only one.
    await setJobRow("housekeeping", at - 49 * HOUR);
    const start = at + 5 * MINUTE;
    for (at = start; at <= start + HOUR + 15 * MINUTE; at += 5 * MINUTE) await runCron(CRONS.everyFiveMinutes, at, cronEnv);
    const mails = await alertMails();
    expect(mails).toHaveLength(2);
    expect(new Set(mails.map((m) => m.key)).size).toBe(2);
  });

  it("mails nothing while all is well", async () => {
    const t0 = Date.now();
    for (let at = t0; at <= t0 + 90 * MINUTE; at += 5 * MINUTE) await runCron(CRONS.everyFiveMinutes, at, cronEnv);
    expect(await alertMails()).toHaveLength(0);
  });
});
