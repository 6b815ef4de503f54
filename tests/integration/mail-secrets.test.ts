// One-time links in stored mail: readable in the local mailbox while the
// link lives, blanked once it is used or dead, never sent late; settled mail
// is deleted after its retention period.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb, schema } from "~/server/db/client.server";
import { BLANKED_LINK } from "~/server/email/outbox.server";
import { drainOutbox, sendEmail } from "~/server/email/send-email.server";
import { getConfig } from "~/server/platform/env.server";
import cron, { CRONS } from "../../workers/cron";
import { DEMO_ADMIN_EMAIL, DEMO_CUSTOMER_EMAIL } from "../fixtures/demo-data";
import { fetchAndSettle, latestLink, mailTo, requestLink, seedDemoData, submitToken } from "./auth-helpers";
import { testContext } from "./helpers";

const db = getDb(env);
const MINUTE = 60_000;

async function runCron(cronExpression: string, scheduledTime: Date, cronEnv = env) {
  const ctx = createExecutionContext();
  await cron.scheduled(createScheduledController({ scheduledTime, cron: cronExpression }), cronEnv, ctx);
  await waitOnExecutionContext(ctx);
}

async function row(id: string) {
  const [found] = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.id, id));
  if (!found) throw new Error(`no outbox row ${id}`);
  return found;
}

async function newestSignInMail(email: string) {
  const [mail] = (await mailTo(email)).filter((m) => m.kind === "sign-in-link");
  if (!mail) throw new Error(`no sign-in mail to ${email}`);
  return mail;
}

beforeAll(async () => {
  await seedDemoData();
});

beforeEach(async () => {
  await env.DB.exec("DELETE FROM rate_limits; DELETE FROM email_outbox; DELETE FROM sign_in_tokens;");
  vi.spyOn(console, "log").mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a sign-in link in the stored mail", () => {
  it("shows in the local mailbox until it is used, then is blanked in both bodies", async () => {
    await requestLink(DEMO_CUSTOMER_EMAIL, "198.51.100.201");
    const { token } = await latestLink(DEMO_CUSTOMER_EMAIL);
    const mail = await newestSignInMail(DEMO_CUSTOMER_EMAIL);
    expect(mail.textBody).toContain(token);
    expect(mail.htmlBody).toContain(token);
    expect(await (await fetchAndSettle(`/dev/mail/${mail.id}`)).text()).toContain(token);

    const signedIn = await submitToken(token);
    expect(signedIn.status).toBe(302);

    const after = await row(mail.id);
    expect(after.textBody).not.toContain(token);
    expect(after.htmlBody).not.toContain(token);
    expect(after.textBody).toContain(BLANKED_LINK);
    expect(after.secret).toBeNull();
    expect(after.redactedAt).not.toBeNull();
    const page = await (await fetchAndSettle(`/dev/mail/${mail.id}`)).text();
    expect(page).not.toContain(token);
    // The rest of the mail stays readable.
    expect(after.textBody).toContain("Länken gäller i 10 minuter");
  });

  it("is blanked by the cron once it has expired unused, for the admin link too", async () => {
    await requestLink(DEMO_ADMIN_EMAIL, "198.51.100.202");
    await requestLink(DEMO_CUSTOMER_EMAIL, "198.51.100.203");
    const links = [await latestLink(DEMO_ADMIN_EMAIL), await latestLink(DEMO_CUSTOMER_EMAIL)];
    const mails = [await newestSignInMail(DEMO_ADMIN_EMAIL), await newestSignInMail(DEMO_CUSTOMER_EMAIL)];

    // Still alive: nothing changes.
    await runCron(CRONS.everyFiveMinutes, new Date(Date.now() + 5 * MINUTE));
    for (const [i, mail] of mails.entries()) expect((await row(mail.id)).textBody).toContain(links[i]!.token);

    await runCron(CRONS.everyFiveMinutes, new Date(Date.now() + 11 * MINUTE));
    for (const [i, mail] of mails.entries()) {
      const after = await row(mail.id);
      expect(after.textBody).not.toContain(links[i]!.token);
      expect(after.htmlBody).not.toContain(links[i]!.token);
      expect(after.secret).toBeNull();
    }
  });

  it("is not blanked by a failed attempt to use it", async () => {
    await requestLink(DEMO_CUSTOMER_EMAIL, "198.51.100.204");
    const { token } = await latestLink(DEMO_CUSTOMER_EMAIL);
    const mail = await newestSignInMail(DEMO_CUSTOMER_EMAIL);
    // The right token for the wrong purpose uses nothing up.
    await submitToken(token, "admin");
    expect((await row(mail.id)).textBody).toContain(token);
  });
});

describe("mail whose link has died", () => {
  const resend = { ...testContext(), config: getConfig({ ...env, EMAIL_TRANSPORT: "resend", RESEND_API_KEY: "re_test" }) };

  it("is never sent, even when its retry comes after the link's expiry", async () => {
    let calls = 0;
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
      calls += 1;
      return calls === 1 ? new Response("bad gateway", { status: 502 }) : Response.json({ id: "re_1" });
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const token = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";
    const queued = await sendEmail(resend, {
      kind: "sign-in-link",
      to: "anna@example.se",
      subject: "Din inloggningslänk",
      text: `https://hundpass.se/mina-bokningar/verify?token=${token}`,
      secret: { token, expiresAt: new Date(Date.now() + 2 * MINUTE).toISOString() },
    });
    // The first attempt fails; the retry falls due after the link has died.
    expect(await drainOutbox(resend)).toMatchObject({ retried: 1 });
    const retryAt = Date.parse((await row(queued.id!)).nextAttemptAt);
    expect(retryAt).toBeLessThan(Date.now() + 2 * MINUTE);

    expect(await drainOutbox(resend, { now: new Date(Date.now() + 3 * MINUTE) })).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
      rateLimited: 0,
      deferred: 0,
    });
    expect(fetchSpy).toHaveBeenCalledTimes(1);

    // The cron settles it (its drain reads the real clock, so make the link dead by now).
    await env.DB.prepare("UPDATE email_outbox SET expires_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1).toISOString(), queued.id)
      .run();
    await runCron(CRONS.everyFiveMinutes, new Date());
    const after = await row(queued.id!);
    expect(after.status).toBe("failed");
    expect(after.lastError).toContain("expired");
    expect(after.textBody).not.toContain(token);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it("is sent while the link lives", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json({ id: "re_2" }));
    const queued = await sendEmail(resend, {
      kind: "sign-in-link",
      to: "anna@example.se",
      subject: "Din inloggningslänk",
      text: "token=zzzzzzzzzzzzzzzzzzzzzzzzzz",
      secret: { token: "zzzzzzzzzzzzzzzzzzzzzzzzzz", expiresAt: new Date(Date.now() + 10 * MINUTE).toISOString() },
    });
    expect(await drainOutbox(resend)).toMatchObject({ sent: 1 });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect((await row(queued.id!)).status).toBe("sent");
  });
});

describe("retention of settled mail", () => {
  async function insertMail(id: string, status: "sent" | "failed" | "queued", ageDays: number) {
    const at = new Date(Date.now() - ageDays * 24 * 60 * MINUTE).toISOString();
    await env.DB.prepare(
      `INSERT INTO email_outbox (id, idempotency_key, kind, to_address, from_address, subject, text_body, status,
         next_attempt_at, created_at, sent_at)
       VALUES (?1, ?1, 'booking-confirmation', 'anna@example.se', 'info@hundpass.se', 'Bokad', 'Hej', ?2, ?3, ?3, ?4)`,
    )
      .bind(id, status, at, status === "sent" ? at : null)
      .run();
  }

  async function remaining() {
    const rows = await db.select({ id: schema.emailOutbox.id }).from(schema.emailOutbox);
    return rows.map((r) => r.id).sort();
  }

  it("deletes sent and dead mail older than 30 days on the daily run, and keeps the rest", async () => {
    await insertMail("sent-31", "sent", 31);
    await insertMail("sent-29", "sent", 29);
    await insertMail("failed-31", "failed", 31);
    await insertMail("queued-40", "queued", 40);

    await runCron(CRONS.daily, new Date());

    expect(await remaining()).toEqual(["queued-40", "sent-29"].sort());
  });

  it("keeps mail for MAIL_RETENTION_DAYS when it is set", async () => {
    await insertMail("sent-8", "sent", 8);
    await insertMail("sent-6", "sent", 6);
    await runCron(CRONS.daily, new Date(), { ...env, MAIL_RETENTION_DAYS: "7" });
    expect(await remaining()).toEqual(["sent-6"]);
  });
});
