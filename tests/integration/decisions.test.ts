// The minimum-participant decision, driven through the real cron entry at
// chosen instants and the real Worker: the request at T−30 h (one row, one
// mail to the admin), the mailed one-click links (a GET changes nothing, a
// POST decides once), the default at T−25 h (cancel with the customers'
// mails and .ics CANCEL, or run), never a cancellation with less than 24 h
// notice, DST-correct instants, and the panel on /admin/vantande-pass.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import cron, { CRONS } from "../../workers/cron";
import { fetchAndSettle } from "./auth-helpers";
import { post, toastOf } from "./admin-fixtures";
import { config } from "./booking-fixtures";
import { signInAs } from "./helpers";

const HOUR = 60 * 60_000;
const MINUTE = 60_000;

async function runCron(scheduledTime: Date, cronEnv: typeof env = env) {
  const controller = createScheduledController({ scheduledTime: scheduledTime.getTime(), cron: CRONS.everyFiveMinutes });
  const ctx = createExecutionContext();
  await cron.scheduled(controller, cronEnv, ctx);
  await waitOnExecutionContext(ctx);
}

/** A start on a whole hour, `days` ahead of the real clock (the links are checked against it). */
function startInDays(days: number): Date {
  return new Date(Math.ceil((Date.now() + days * 24 * HOUR) / HOUR) * HOUR);
}

let sessionCount = 0;

/** A session starting at `start` with `participants` confirmed bookings (written as the seat code leaves them). */
async function sessionAt(
  start: Date,
  { participants = 1, passType = "group", max = 8 }: { participants?: number; passType?: "group" | "private"; max?: number } = {},
): Promise<number> {
  sessionCount++;
  const row = await env.DB.prepare(
    `INSERT INTO sessions (title, description, location, start_time, end_time, pass_type, price_sek, current_participants, max_participants)
     VALUES (?, 'Testpass', 'Regementsparken Gävle', ?, ?, ?, 249, 0, ?) RETURNING id`,
  )
    .bind(`VARDAGSLYDNAD ${sessionCount}`, start.toISOString(), new Date(start.getTime() + HOUR).toISOString(), passType, max)
    .first<{ id: number }>();
  await addBookings(row!.id, participants);
  return row!.id;
}

async function addBookings(sessionId: number, n: number) {
  for (let i = 0; i < n; i++) {
    await env.DB.prepare(
      `INSERT INTO bookings (id, session_id, user_name, user_email, user_phone, dog_name, price_sek, idempotency_key,
         session_title, session_location, session_start_time, session_end_time)
       SELECT ?1, id, 'Kund', ?2, '0701234567', 'Fido', 249, ?1, title, location, start_time, end_time FROM sessions WHERE id = ?3`,
    )
      .bind(crypto.randomUUID(), `kund${sessionId}-${crypto.randomUUID().slice(0, 6)}@example.se`, sessionId)
      .run();
  }
  await env.DB.prepare(
    `UPDATE sessions SET current_participants = (SELECT count(*) FROM bookings WHERE session_id = ?1 AND booking_status <> 'cancelled') WHERE id = ?1`,
  )
    .bind(sessionId)
    .run();
}

type DecisionRow = {
  id: number;
  startTime: string;
  deadline: string;
  decision: string | null;
  decidedBy: string | null;
  decidedByEmail: string | null;
  reason: string | null;
  appliedAt: string | null;
};

async function decisionsOf(sessionId: number) {
  const { results } = await env.DB.prepare(
    `SELECT id, start_time AS startTime, deadline, decision, decided_by AS decidedBy, decided_by_email AS decidedByEmail,
       reason, applied_at AS appliedAt
     FROM session_decisions WHERE session_id = ? ORDER BY id`,
  )
    .bind(sessionId)
    .all<DecisionRow>();
  return results;
}

type MailRow = { kind: string; toAddress: string; subject: string; text: string; html: string; attachments: string | null; secret: string | null };

async function mails(where: string, ...params: unknown[]) {
  const { results } = await env.DB.prepare(
    `SELECT kind, to_address AS toAddress, subject, text_body AS text, html_body AS html, attachments_json AS attachments, secret
     FROM email_outbox WHERE ${where} ORDER BY created_at, rowid`,
  )
    .bind(...params)
    .all<MailRow>();
  return results;
}

const requestMails = (sessionId: number) => mails("kind = 'session-decision' AND idempotency_key LIKE ?", `session-decision:${sessionId}:%`);
const lateMails = (sessionId: number) => mails("kind = 'session-decision-late' AND idempotency_key LIKE ?", `session-decision-late:${sessionId}:%`);
const customerMails = (sessionId: number) =>
  mails(
    "kind = 'session-cancelled' AND idempotency_key IN (SELECT 'booking-cancelled:' || id FROM bookings WHERE session_id = ?)",
    sessionId,
  );

async function sessionState(id: number) {
  return env.DB.prepare(
    `SELECT cancelled_at AS cancelledAt, current_participants AS participants,
       (SELECT count(*) FROM bookings WHERE session_id = sessions.id AND booking_status = 'cancelled') AS cancelledBookings
     FROM sessions WHERE id = ?`,
  )
    .bind(id)
    .first<{ cancelledAt: string | null; participants: number; cancelledBookings: number }>();
}

async function auditOf(sessionId: number) {
  const { results } = await env.DB.prepare(
    "SELECT action, actor_email AS actor, details_json AS details FROM audit_log WHERE target_type = 'session' AND target_id = ? ORDER BY id",
  )
    .bind(String(sessionId))
    .all<{ action: string; actor: string; details: string }>();
  return results;
}

/** The two links of the session's request mail. */
async function linksOf(sessionId: number) {
  const [mail] = await requestMails(sessionId);
  const cancel = mail?.text.match(/Ställ in: (http\S+)/)?.[1];
  const run = mail?.text.match(/Kör ändå: (http\S+)/)?.[1];
  if (!cancel || !run) throw new Error(`no decision links for session ${sessionId}`);
  const path = (href: string) => {
    const url = new URL(href);
    return { path: `${url.pathname}${url.search}`, token: url.searchParams.get("token")!, val: url.searchParams.get("val")! };
  };
  return { cancel: path(cancel), run: path(run) };
}

function postLink(link: { token: string; val: string }) {
  return fetchAndSettle("/beslut", {
    method: "POST",
    body: new URLSearchParams({ token: link.token, val: link.val }),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
}

const requestAt = (start: Date) => new Date(start.getTime() - 30 * HOUR);
const deadlineOf = (start: Date) => new Date(start.getTime() - 25 * HOUR);

beforeEach(() => {
  vi.spyOn(console, "log").mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the request at T−30 h", () => {
  it("asks nothing before T−30 h, then one request and one admin mail; further runs mail nothing more", async () => {
    const start = startInDays(10);
    const id = await sessionAt(start, { participants: 2 });

    await runCron(new Date(requestAt(start).getTime() - 5 * MINUTE));
    expect(await decisionsOf(id)).toEqual([]);
    expect(await requestMails(id)).toEqual([]);

    await runCron(requestAt(start));
    const [request, ...more] = await decisionsOf(id);
    expect(more).toEqual([]);
    expect(request).toMatchObject({ startTime: start.toISOString(), deadline: deadlineOf(start).toISOString(), decision: null });
    const sent = await requestMails(id);
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.toAddress).toBe(config().ADMIN_EMAIL);
    expect(mail.subject).toContain(`VARDAGSLYDNAD ${sessionCount}`);
    expect(mail.text).toContain("Regementsparken Gävle");
    expect(mail.text).toContain("har 2 av 8 deltagare");
    expect(mail.text).toMatch(/Ställ in: http:\/\/localhost:\d+\/beslut\?token=[\w-]{43}&val=stall-in/);
    expect(mail.text).toMatch(/Kör ändå: http:\/\/localhost:\d+\/beslut\?token=[\w-]{43}&val=kor/);
    expect(mail.text).toContain("Annars ställs passet in automatiskt");
    expect(mail.html).toContain("Ställ in</");
    expect(mail.html).toContain("Kör ändå</");
    // Only a hash of the token is stored with the request.
    const { cancel } = await linksOf(id);
    const stored = await env.DB.prepare("SELECT token_hash AS hash FROM session_decisions WHERE session_id = ?").bind(id).first<{ hash: string }>();
    expect(stored!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.hash).not.toContain(cancel.token);

    // The next runs, and an overlapping one at the same instant: no second request, no second mail.
    await runCron(requestAt(start));
    await Promise.all([runCron(new Date(requestAt(start).getTime() + 5 * MINUTE)), runCron(new Date(requestAt(start).getTime() + 5 * MINUTE))]);
    expect(await decisionsOf(id)).toHaveLength(1);
    expect(await requestMails(id)).toHaveLength(1);
  });

  it("asks about 0, 1 and 2 participants, not about 3, a private session or a cancelled one", async () => {
    const start = startInDays(11);
    const [zero, one, three, privateOne, cancelled] = [
      await sessionAt(start, { participants: 0 }),
      await sessionAt(start, { participants: 1 }),
      await sessionAt(start, { participants: 3 }),
      await sessionAt(start, { participants: 1, passType: "private", max: 1 }),
      await sessionAt(start, { participants: 1 }),
    ];
    await env.DB.prepare("UPDATE sessions SET cancelled_at = ? WHERE id = ?").bind(new Date().toISOString(), cancelled).run();
    await runCron(requestAt(start));
    expect(await requestMails(zero)).toHaveLength(1);
    expect((await requestMails(zero))[0]!.text).toContain("har 0 av 8 deltagare");
    expect(await requestMails(one)).toHaveLength(1);
    for (const id of [three, privateOne, cancelled]) {
      expect(await decisionsOf(id)).toEqual([]);
      expect(await requestMails(id)).toEqual([]);
    }
  });
});

describe("the mailed links", () => {
  it("a GET changes nothing; 'Kör ändå' by POST is recorded once, the default then does nothing, and the links are used up", async () => {
    const start = startInDays(12);
    const id = await sessionAt(start, { participants: 2 });
    await runCron(requestAt(start));
    const links = await linksOf(id);

    for (const link of [links.run, links.cancel]) {
      const page = await fetchAndSettle(link.path);
      expect(page.status).toBe(200);
      expect(page.headers.get("Cache-Control")).toBe("no-store");
      expect(page.headers.get("Referrer-Policy")).toBe("same-origin");
      const html = await page.text();
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      expect(html).toContain(`VARDAGSLYDNAD ${sessionCount}`);
      expect(html).toContain("2 av 8");
      expect(html).toContain(link === links.run ? "Köra passet ändå?" : "Ställa in passet?");
      // One button, confirming the link's own action, in a form that works without JavaScript.
      expect(html).toMatch(/<form method="post"[^>]*>/);
      expect(html).toContain(`name="val" value="${link.val}"`);
    }
    expect((await decisionsOf(id))[0]!.decision).toBeNull();

    const done = await postLink(links.run);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Passet körs som planerat");
    expect(await decisionsOf(id)).toEqual([
      expect.objectContaining({ decision: "run", decidedBy: "link", decidedByEmail: config().ADMIN_EMAIL }),
    ]);
    const audit = await auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "session.decision", actor: config().ADMIN_EMAIL });
    expect(JSON.parse(audit[0]!.details)).toMatchObject({ decision: "run", via: "länk i e-post" });
    // The token is gone from the stored mail.
    const [stored] = await requestMails(id);
    expect(stored!.secret).toBeNull();
    expect(stored!.text).not.toContain(links.run.token);

    // Both links are used up: they say so and change nothing.
    const again = await fetchAndSettle(links.cancel.path);
    expect(await again.text()).toContain("Redan beslutat: Körs ändå");
    const reused = await postLink(links.cancel);
    expect(reused.status).toBe(409);
    expect(await reused.text()).toContain("Redan beslutat: Körs ändå");

    // The default at T−25 h leaves the decision alone: the session runs, nobody is mailed.
    await runCron(deadlineOf(start));
    expect((await sessionState(id))!.cancelledAt).toBeNull();
    expect(await customerMails(id)).toEqual([]);
    expect(await decisionsOf(id)).toEqual([expect.objectContaining({ decision: "run", decidedBy: "link" })]);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it("'Ställ in' by POST cancels through the staff flow: each customer mailed once with METHOD:CANCEL; the link cannot be reused", async () => {
    const start = startInDays(13);
    const id = await sessionAt(start, { participants: 2 });
    await runCron(requestAt(start));
    const links = await linksOf(id);

    const done = await postLink(links.cancel);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Passet är inställt");
    expect(await sessionState(id)).toMatchObject({ participants: 0, cancelledBookings: 2 });
    expect((await sessionState(id))!.cancelledAt).not.toBeNull();
    const sent = await customerMails(id);
    expect(sent).toHaveLength(2);
    for (const mail of sent) {
      expect(mail.subject).toMatch(/^Inställt: VARDAGSLYDNAD/);
      const [ics] = JSON.parse(mail.attachments!) as Array<{ content: string }>;
      expect(ics!.content).toContain("METHOD:CANCEL");
    }
    expect(await decisionsOf(id)).toEqual([
      expect.objectContaining({ decision: "cancel", decidedBy: "link", appliedAt: expect.any(String) }),
    ]);
    const audit = await auditOf(id);
    expect(audit.map((a) => [a.action, a.actor])).toEqual([
      ["session.decision", config().ADMIN_EMAIL],
      ["session.cancel", config().ADMIN_EMAIL],
    ]);
    expect(JSON.parse(audit[1]!.details)).toMatchObject({ via: "länk i e-post" });

    const reused = await postLink(links.cancel);
    expect(reused.status).toBe(409);
    expect(await reused.text()).toContain("Redan beslutat: Inställt");
    const other = await postLink(links.run);
    expect(other.status).toBe(409);
    expect(await customerMails(id)).toHaveLength(2);
    expect(await auditOf(id)).toHaveLength(2);
  });

  it("refuses a link past its deadline, and an unknown token", async () => {
    // Asked 29 h before a start 24.5 h away: its deadline passed half an hour ago.
    const start = new Date(Date.now() + 24 * HOUR + 30 * MINUTE);
    const id = await sessionAt(start, { participants: 1 });
    await runCron(new Date(start.getTime() - 29 * HOUR));
    const links = await linksOf(id);

    expect(await (await fetchAndSettle(links.cancel.path)).text()).toContain("Tidsgränsen har passerat");
    const refused = await postLink(links.cancel);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Tidsgränsen har passerat");
    expect((await sessionState(id))!.cancelledAt).toBeNull();
    expect((await decisionsOf(id))[0]!.decision).toBeNull();

    const unknown = await postLink({ token: "x".repeat(43), val: "stall-in" });
    expect(unknown.status).toBe(409);
    expect(await unknown.text()).toContain("Länken fungerar inte");
  });

  it("lets exactly one of many simultaneous decisions through", async () => {
    const start = startInDays(14);
    const id = await sessionAt(start, { participants: 2 });
    await runCron(requestAt(start));
    const links = await linksOf(id);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => postLink(i % 2 ? links.run : links.cancel)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    const [decided] = await decisionsOf(id);
    expect(decided!.decision).not.toBeNull();
    expect(await customerMails(id)).toHaveLength(decided!.decision === "cancel" ? 2 : 0);
    expect((await auditOf(id)).filter((a) => a.action === "session.decision")).toHaveLength(1);
  });
});

describe("the default at T−25 h", () => {
  it("cancels a session still at 2 or fewer: each customer mailed once with METHOD:CANCEL; repeated runs change nothing", async () => {
    const start = startInDays(15);
    const id = await sessionAt(start, { participants: 2 });
    await runCron(requestAt(start));
    const links = await linksOf(id);
    await runCron(new Date(deadlineOf(start).getTime() - 5 * MINUTE));
    expect((await decisionsOf(id))[0]!.decision).toBeNull();

    await runCron(deadlineOf(start));
    expect((await sessionState(id))!.cancelledAt).not.toBeNull();
    expect(await decisionsOf(id)).toEqual([
      expect.objectContaining({ decision: "cancel", decidedBy: "default", reason: null, appliedAt: expect.any(String) }),
    ]);
    const sent = await customerMails(id);
    expect(sent).toHaveLength(2);
    for (const mail of sent) expect(JSON.parse(mail.attachments!)[0].content).toContain("METHOD:CANCEL");
    const audit = await auditOf(id);
    expect(audit.map((a) => [a.action, a.actor])).toEqual([
      ["session.decision", "automatiskt"],
      ["session.cancel", "automatiskt"],
    ]);
    expect(JSON.parse(audit[0]!.details)).toMatchObject({ decision: "cancel", reason: null });

    await Promise.all([runCron(deadlineOf(start)), runCron(new Date(deadlineOf(start).getTime() + 5 * MINUTE))]);
    expect(await customerMails(id)).toHaveLength(2);
    expect(await auditOf(id)).toHaveLength(2);
    // The links now say what happened, and their token is gone from the stored mail.
    expect(await (await fetchAndSettle(links.run.path)).text()).toContain("Redan beslutat: Inställt");
    expect((await requestMails(id))[0]!.text).not.toContain(links.run.token);
  });

  it("carries out a 'cancel' that was recorded but not done (the cancellation failed) on the next run", async () => {
    const start = startInDays(23);
    const id = await sessionAt(start, { participants: 2 });
    await runCron(requestAt(start));
    const decidedAt = new Date(requestAt(start).getTime() + HOUR).toISOString();
    await env.DB.prepare(
      `UPDATE session_decisions SET decision = 'cancel', decided_at = ?, decided_by = 'link', decided_by_email = ? WHERE session_id = ?`,
    )
      .bind(decidedAt, config().ADMIN_EMAIL, id)
      .run();
    await runCron(new Date(requestAt(start).getTime() + HOUR + 5 * MINUTE));
    expect((await sessionState(id))!.cancelledAt).not.toBeNull();
    expect(await customerMails(id)).toHaveLength(2);
    expect(await decisionsOf(id)).toEqual([expect.objectContaining({ decision: "cancel", appliedAt: expect.any(String) })]);
    const cancelAudit = (await auditOf(id)).filter((a) => a.action === "session.cancel");
    expect(cancelAudit).toHaveLength(1);
    expect(JSON.parse(cancelAudit[0]!.details)).toMatchObject({ via: "länk i e-post" });
    await runCron(new Date(requestAt(start).getTime() + HOUR + 10 * MINUTE));
    expect(await customerMails(id)).toHaveLength(2);
  });

  it("runs a session that filled up to 3 since the request", async () => {
    const start = startInDays(16);
    const id = await sessionAt(start, { participants: 2 });
    await runCron(requestAt(start));
    await addBookings(id, 1);
    await runCron(deadlineOf(start));
    expect((await sessionState(id))!.cancelledAt).toBeNull();
    expect(await decisionsOf(id)).toEqual([expect.objectContaining({ decision: "run", decidedBy: "default", reason: "filled" })]);
    expect(await customerMails(id)).toEqual([]);
  });

  it("with MIN_PARTICIPANTS_DEFAULT=run, says so in the mail and runs the session", async () => {
    const runEnv = { ...env, MIN_PARTICIPANTS_DEFAULT: "run" };
    const start = startInDays(17);
    const id = await sessionAt(start, { participants: 1 });
    await runCron(requestAt(start), runEnv);
    expect((await requestMails(id))[0]!.text).toContain("Annars körs passet som planerat");
    await runCron(deadlineOf(start), runEnv);
    expect((await sessionState(id))!.cancelledAt).toBeNull();
    expect(await decisionsOf(id)).toEqual([expect.objectContaining({ decision: "run", decidedBy: "default", reason: null })]);
    expect(await customerMails(id)).toEqual([]);
  });

  it("never cancels with less than 24 h notice: a deadline first seen after T−24 h runs the session and tells the admin", async () => {
    const start = startInDays(18);
    const id = await sessionAt(start, { participants: 1 });
    await runCron(requestAt(start));
    // The cron was down from the request until after T−24 h.
    const late = new Date(start.getTime() - 24 * HOUR + 5 * MINUTE);
    await runCron(late);
    await runCron(new Date(late.getTime() + 5 * MINUTE));
    expect((await sessionState(id))!.cancelledAt).toBeNull();
    expect(await decisionsOf(id)).toEqual([expect.objectContaining({ decision: "run", decidedBy: "default", reason: "late" })]);
    expect(await customerMails(id)).toEqual([]);
    const told = await lateMails(id);
    expect(told).toHaveLength(1);
    expect(told[0]!.toAddress).toBe(config().ADMIN_EMAIL);
    expect(told[0]!.text).toContain("mindre än 24 timmar");
  });

  it("a session moved after its request: the old request is void, the new start gets its own at its own T−30 h", async () => {
    const start = startInDays(19);
    const id = await sessionAt(start, { participants: 1 });
    await runCron(requestAt(start));
    const oldLinks = await linksOf(id);
    const moved = new Date(start.getTime() + 2 * 24 * HOUR);
    await env.DB.prepare("UPDATE sessions SET start_time = ?, end_time = ?, revision = revision + 1 WHERE id = ?")
      .bind(moved.toISOString(), new Date(moved.getTime() + HOUR).toISOString(), id)
      .run();

    expect(await (await fetchAndSettle(oldLinks.cancel.path)).text()).toContain("Beslutet behövs inte längre");
    expect((await postLink(oldLinks.cancel)).status).toBe(409);
    await runCron(deadlineOf(start));
    expect((await sessionState(id))!.cancelledAt).toBeNull();
    expect((await decisionsOf(id))[0]!.decision).toBeNull();

    await runCron(requestAt(moved));
    const rows = await decisionsOf(id);
    expect(rows.map((r) => r.startTime)).toEqual([start.toISOString(), moved.toISOString()]);
    expect(await requestMails(id)).toHaveLength(2);
    await runCron(deadlineOf(moved));
    expect((await sessionState(id))!.cancelledAt).not.toBeNull();
  });

  it("does nothing for a session that became private or was cancelled by staff after its request", async () => {
    const start = startInDays(20);
    const becamePrivate = await sessionAt(start, { participants: 1 });
    const cancelledByStaff = await sessionAt(start, { participants: 1 });
    await runCron(requestAt(start));
    await env.DB.prepare("UPDATE sessions SET pass_type = 'private', max_participants = 1 WHERE id = ?").bind(becamePrivate).run();
    await env.DB.prepare("UPDATE sessions SET cancelled_at = ? WHERE id = ?").bind(new Date().toISOString(), cancelledByStaff).run();
    await runCron(deadlineOf(start));
    expect((await sessionState(becamePrivate))!.cancelledAt).toBeNull();
    for (const id of [becamePrivate, cancelledByStaff]) {
      expect((await decisionsOf(id))[0]!.decision).toBeNull();
      expect(await customerMails(id)).toEqual([]);
    }
  });
});

describe("a request window the cron missed", () => {
  it("a session short of its minimum first seen within 25 h of its start runs, and the admin is told once", async () => {
    const start = startInDays(24);
    const id = await sessionAt(start, { participants: 1 });
    // The cron was down from before T−30 h until T−20 h.
    const back = new Date(start.getTime() - 20 * HOUR);
    await runCron(back);
    await runCron(new Date(back.getTime() + 5 * MINUTE));
    await runCron(new Date(start.getTime() - 2 * HOUR));
    expect((await sessionState(id))!.cancelledAt).toBeNull();
    expect(await decisionsOf(id)).toEqual([expect.objectContaining({ decision: "run", decidedBy: "default", reason: "late" })]);
    expect(await requestMails(id)).toEqual([]);
    expect(await customerMails(id)).toEqual([]);
    const told = await lateMails(id);
    expect(told).toHaveLength(1);
    expect(told[0]!.toAddress).toBe(config().ADMIN_EMAIL);
    expect(told[0]!.subject).toMatch(/^Körs som planerat: VARDAGSLYDNAD/);
    expect(told[0]!.text).toContain("mindre än 24 timmar");
    expect((await auditOf(id)).map((a) => JSON.parse(a.details))).toEqual([expect.objectContaining({ decision: "run", reason: "late" })]);
  });

  it("tells nothing about a session with 3 participants, a private one, or one created within 25 h of its start", async () => {
    const start = startInDays(25);
    const full = await sessionAt(start, { participants: 3 });
    const privateOne = await sessionAt(start, { participants: 1, passType: "private", max: 1 });
    const late = await sessionAt(start, { participants: 1 });
    const back = new Date(start.getTime() - 10 * HOUR);
    // Staff created this one after its deadline had passed: no run could have asked.
    await env.DB.prepare("UPDATE sessions SET created_at = ? WHERE id = ?").bind(new Date(back.getTime() - HOUR).toISOString(), late).run();
    await runCron(back);
    for (const id of [full, privateOne, late]) {
      expect(await decisionsOf(id)).toEqual([]);
      expect(await lateMails(id)).toEqual([]);
    }
  });
});

describe("across the DST changes", () => {
  it.each([
    // Sun 25 Oct 2026 10:00 CET = 09:00 UTC; T−30 h = Sat 03:00 UTC (05:00 CEST), T−25 h = Sat 08:00 UTC (10:00 CEST).
    { name: "October 2026", start: "2026-10-25T09:00:00.000Z", ask: "2026-10-24T03:00:00.000Z", due: "2026-10-24T08:00:00.000Z", shown: "24 okt. 2026 10:00", when: "sön 25 okt. 10:00" },
    // Sun 28 Mar 2027 10:00 CEST = 08:00 UTC; T−30 h = Sat 02:00 UTC (03:00 CET), T−25 h = Sat 07:00 UTC (08:00 CET).
    { name: "March 2027", start: "2027-03-28T08:00:00.000Z", ask: "2027-03-27T02:00:00.000Z", due: "2027-03-27T07:00:00.000Z", shown: "27 mars 2027 08:00", when: "sön 28 mars 10:00" },
  ])("$name: asks at T−30 h and applies the default at T−25 h, on instants, shown in Stockholm time", async ({ start, ask, due, shown, when }) => {
    const id = await sessionAt(new Date(start), { participants: 0 });
    await runCron(new Date(Date.parse(ask) - 5 * MINUTE));
    expect(await decisionsOf(id)).toEqual([]);
    await runCron(new Date(ask));
    expect(await decisionsOf(id)).toEqual([expect.objectContaining({ deadline: due })]);
    const [mail] = await requestMails(id);
    expect(mail!.text.replaceAll(".", "")).toContain(`Välj senast ${shown.replaceAll(".", "")}`);
    expect(mail!.text.replaceAll(".", "")).toContain(when.replaceAll(".", ""));

    await runCron(new Date(Date.parse(due) - 5 * MINUTE));
    expect((await decisionsOf(id))[0]!.decision).toBeNull();
    await runCron(new Date(due));
    expect(await decisionsOf(id)).toEqual([expect.objectContaining({ decision: "cancel", decidedBy: "default" })]);
    expect((await sessionState(id))!.cancelledAt).not.toBeNull();
  });
});

describe("/admin/vantande-pass", () => {
  it("shows open requests with their deadline and both buttons, takes 'Kör ändå' and 'Ställ in', and shows who decided", async () => {
    const admin = await signInAs({ email: `beslut-${crypto.randomUUID().slice(0, 8)}@hundpass.se`, admin: true });
    const start = startInDays(21);
    const keep = await sessionAt(start, { participants: 2 });
    const drop = await sessionAt(start, { participants: 1 });
    const empty = await sessionAt(start, { participants: 0 });
    await runCron(requestAt(start));
    const [keepRequest] = await decisionsOf(keep);
    const [dropRequest] = await decisionsOf(drop);

    const page = await (await fetchAndSettle("/admin/vantande-pass", { headers: { Cookie: admin } })).text();
    expect(page).toContain("Beslut om pass med få deltagare");
    expect(page).toContain(`data-testid="decision-${keepRequest!.id}"`);
    expect(page).toContain("Beslut senast");
    expect(page).toContain("Annars ställs passet in automatiskt");
    // A session with no participants is asked about too, although it is not on the waiting list itself.
    expect(page).toContain(`data-testid="decision-${(await decisionsOf(empty))[0]!.id}"`);
    // The spec's list texts stay.
    expect(page).toMatch(/Väntande \(2 av minst 3\)/);
    // Without JavaScript 'Ställ in' is a link to its confirmation step, which asks before it posts.
    expect(page).toContain(`href="/admin/vantande-pass?beslut=${dropRequest!.id}&amp;val=stall-in`);
    const confirm = await (
      await fetchAndSettle(`/admin/vantande-pass?beslut=${dropRequest!.id}&val=stall-in`, { headers: { Cookie: admin } })
    ).text();
    expect(confirm).toContain("Ställa in passet?");
    expect(confirm).toContain('name="intent" value="decide-cancel"');

    const ran = await post("/admin/vantande-pass", { intent: "decide-run", beslut: String(keepRequest!.id) }, admin);
    expect(ran.status).toBe(302);
    expect(await toastOf(ran)).toMatchObject({ type: "success", description: "Passet körs som planerat" });
    const cancelled = await post(`/admin/vantande-pass?beslut=${dropRequest!.id}`, { intent: "decide-cancel", returnTo: "/admin/vantande-pass" }, admin);
    expect(await toastOf(cancelled)).toMatchObject({ type: "success", description: "Passet är inställt" });
    expect((await sessionState(drop))!.cancelledAt).not.toBeNull();
    expect(await customerMails(drop)).toHaveLength(1);
    expect((await sessionState(keep))!.cancelledAt).toBeNull();
    expect(await decisionsOf(keep)).toEqual([expect.objectContaining({ decision: "run", decidedBy: "admin" })]);

    // Decided: the outcome, by whom; a second post is refused and changes nothing.
    const after = await (await fetchAndSettle("/admin/vantande-pass", { headers: { Cookie: admin } })).text();
    expect(after).toMatch(/Körs ändå av beslut-[0-9a-f]{8}@hundpass\.se/);
    expect(after).toMatch(/Inställt av beslut-[0-9a-f]{8}@hundpass\.se/);
    const again = await post("/admin/vantande-pass", { intent: "decide-cancel", beslut: String(keepRequest!.id) }, admin);
    expect(await toastOf(again)).toMatchObject({ type: "error" });
    expect((await sessionState(keep))!.cancelledAt).toBeNull();
  });

  it("refuses a decision from someone who is not an admin", async () => {
    const staff = await signInAs({ email: `personal-${crypto.randomUUID().slice(0, 8)}@example.se` });
    const start = startInDays(22);
    const id = await sessionAt(start, { participants: 1 });
    await runCron(requestAt(start));
    const [request] = await decisionsOf(id);
    const res = await post("/admin/vantande-pass", { intent: "decide-cancel", beslut: String(request!.id) }, staff);
    expect(res.status).toBe(403);
    expect((await decisionsOf(id))[0]!.decision).toBeNull();
  });
});
