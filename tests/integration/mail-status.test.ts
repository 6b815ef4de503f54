// /admin/epost-status through the real Worker: admins only; dead letters and
// the provider's bounces and complaints, newest first; 'Skicka igen' queues a
// dead letter once under a fresh idempotency key, audited, even when pressed
// twice at once, and never a mail whose link has died; a booking whose
// confirmation did not arrive is marked on its session's admin page.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { bookingForm, createSession, postBooking } from "./booking-fixtures";
import { fetchAndSettle } from "./auth-helpers";
import { signInAs, testContext } from "./helpers";
import { textOf } from "./public-helpers";
import { removeExpiredRecords } from "~/server/privacy/housekeeping.server";

const PATH = "/admin/epost-status";
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

let admin = "";

async function deadLetter(id: string, opts: { to?: string; subject?: string; error?: string; at?: number; expiresAt?: string | null; key?: string } = {}) {
  await env.DB.prepare(
    `INSERT INTO email_outbox (id, idempotency_key, kind, to_address, from_address, subject, text_body, status, attempts,
       last_error, next_attempt_at, expires_at, created_at)
     VALUES (?1, ?2, 'booking-confirmation', ?3, 'info@hundpass.se', ?4, 'Hej!', 'failed', 6, ?5, ?6, ?7, ?6)`,
  )
    .bind(
      id,
      opts.key ?? `nyckel-${id}`,
      opts.to ?? "kund@example.se",
      opts.subject ?? "Din bokning",
      opts.error ?? "Resend answered 500: boom",
      iso(opts.at ?? Date.now() - HOUR),
      opts.expiresAt ?? null,
    )
    .run();
}

const page = async (cookie = admin) => fetchAndSettle(PATH, { headers: { Cookie: cookie } });
const resend = (id: string, cookie = admin) =>
  fetchAndSettle(PATH, {
    method: "POST",
    body: new URLSearchParams({ intent: "resend", id }),
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
const row = (id: string) =>
  env.DB.prepare("SELECT status, attempts, idempotency_key AS key, provider_key AS providerKey, last_error AS lastError FROM email_outbox WHERE id = ?")
    .bind(id)
    .first<{ status: string; attempts: number; key: string; providerKey: string | null; lastError: string | null }>();
const audits = async (id: string) =>
  (await env.DB.prepare("SELECT actor_email AS actor FROM audit_log WHERE action = 'email.resend' AND target_id = ?").bind(id).all()).results;

beforeEach(async () => {
  await env.DB.batch([env.DB.prepare("DELETE FROM email_outbox"), env.DB.prepare("DELETE FROM email_events")]);
  admin = await signInAs({ email: `admin-${crypto.randomUUID()}@hundpass.se`, admin: true });
  vi.spyOn(console, "log").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("/admin/epost-status", () => {
  it("is for admins only: a visitor is sent to sign in, staff without the role get 403, on GET and POST", async () => {
    await deadLetter("00000000-0000-4000-8000-000000000001");
    const visitor = await fetchAndSettle(PATH);
    expect([302, 303]).toContain(visitor.status);
    const staff = await signInAs({ email: `personal-${crypto.randomUUID()}@hundpass.se` });
    expect((await page(staff)).status).toBe(403);
    expect((await resend("00000000-0000-4000-8000-000000000001", staff)).status).toBe(403);
    expect((await row("00000000-0000-4000-8000-000000000001"))?.status).toBe("failed");
  });

  it("lists dead letters and bounces newest first, with recipient, subject and why", async () => {
    await deadLetter("00000000-0000-4000-8000-000000000002", { to: "gammal@example.se", subject: "Äldst", at: Date.now() - 3 * HOUR });
    await deadLetter("00000000-0000-4000-8000-000000000003", { to: "ny@example.se", subject: "Nyast", error: "Resend answered 422: invalid to", at: Date.now() - HOUR / 2 });
    await env.DB.prepare(
      `INSERT INTO email_events (event_id, type, provider_message_id, recipient, subject, detail, received_at)
       VALUES ('msg_studs', 'bounced', 're_1', 'studs@example.se', 'Mitten', 'Permanent · General · mailbox does not exist', ?)`,
    )
      .bind(iso(Date.now() - 2 * HOUR))
      .run();
    const res = await page();
    expect(res.status).toBe(200);
    const text = textOf(await res.text());
    const order = ["Nyast", "Mitten", "Äldst"].map((s) => text.indexOf(s));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(text).toContain("Adressen får inga fler nyhetsbrev.");
    for (const fact of ["ny@example.se", "Resend answered 422: invalid to", "studs@example.se", "mailbox does not exist", "Studsade", "Kunde inte skickas", "Skicka igen"]) {
      expect(text).toContain(fact);
    }
  });

  it("'Skicka igen' queues a dead letter once under a fresh key, audited, even when pressed twice at once; the drain sends it", async () => {
    const id = "00000000-0000-4000-8000-000000000004";
    await deadLetter(id);
    const answers = await Promise.all([resend(id), resend(id)]);
    expect(answers.map((r) => r.status)).toEqual([302, 302]);
    expect(await audits(id)).toHaveLength(1);
    const after = await row(id);
    // The local outbox transport delivered it after the response; its key for the provider is new.
    expect(after?.status).toBe("sent");
    expect(after?.attempts).toBe(1);
    expect(after?.key).toBe(`nyckel-${id}`);
    expect(after?.providerKey).toMatch(/^[0-9a-f-]{36}:igen$/);
    // A third press finds nothing to resend.
    const again = await resend(id);
    expect(again.status).toBe(302);
    expect(await audits(id)).toHaveLength(1);
  });

  it("never resends a mail whose link has died, and refuses an unknown or malformed id", async () => {
    const id = "00000000-0000-4000-8000-000000000005";
    await deadLetter(id, { expiresAt: iso(Date.now() - 60_000) });
    expect(textOf(await (await page()).text())).toContain("Länken i mejlet har gått ut");
    expect((await resend(id)).status).toBe(302);
    expect((await row(id))?.status).toBe("failed");
    expect((await resend("inte-ett-id")).status).toBe(302);
    expect((await resend("00000000-0000-4000-8000-0000000000ff")).status).toBe(302);
    expect(await audits(id)).toHaveLength(0);
  });

  it("marks a booking whose confirmation did not arrive on its session's admin page", async () => {
    const sessionId = await createSession({ maxParticipants: 6 });
    for (const email of ["studsar@example.se", "kommer-fram@example.se"]) {
      const booked = await postBooking(sessionId, await bookingForm({ user_email: email, user_email_confirm: email }));
      expect(booked.status).toBeLessThan(400);
    }
    const bookings = await env.DB.prepare("SELECT count(*) AS n FROM bookings WHERE session_id = ?").bind(sessionId).first<{ n: number }>();
    expect(bookings?.n).toBe(2);
    const before = await (await fetchAndSettle(`/admin/pass/${sessionId}`, { headers: { Cookie: admin } })).text();
    expect(before).not.toContain('data-testid="confirmation-undelivered"');
    await env.DB.prepare(
      "UPDATE email_outbox SET status = 'failed', last_error = 'Resend answered 422' WHERE kind = 'booking-confirmation' AND to_address = 'studsar@example.se'",
    ).run();
    const html = await (await fetchAndSettle(`/admin/pass/${sessionId}`, { headers: { Cookie: admin } })).text();
    expect(html.match(/data-testid="confirmation-undelivered"/g)).toHaveLength(1);
    expect(textOf(html)).toContain("Bekräftelsen kom inte fram");
  });

  it("forgets the address in the provider's reports once the mail retention has passed, keeping the report itself", async () => {
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO email_events (event_id, type, provider_message_id, recipient, subject, detail, received_at)
         VALUES ('msg_gammal', 'bounced', 're_g', 'gammal-studs@example.se', 'Gammalt', 'Permanent', ?)`,
      ).bind(iso(Date.now() - 31 * 24 * HOUR)),
      env.DB.prepare(
        `INSERT INTO email_events (event_id, type, provider_message_id, recipient, subject, detail, received_at)
         VALUES ('msg_farsk', 'bounced', 're_f', 'farsk-studs@example.se', 'Färskt', 'Permanent', ?)`,
      ).bind(iso(Date.now() - HOUR)),
    ]);
    expect(await removeExpiredRecords(testContext(), new Date(), { mailRetentionDays: 30 })).toMatchObject({ mailEventsAnonymized: 1 });
    const { results } = await env.DB.prepare("SELECT event_id AS id, recipient, subject FROM email_events ORDER BY event_id").all();
    expect(results).toEqual([
      { id: "msg_farsk", recipient: "farsk-studs@example.se", subject: "Färskt" },
      { id: "msg_gammal", recipient: "[raderad]", subject: null },
    ]);
    const text = textOf(await (await page()).text());
    expect(text).toContain("farsk-studs@example.se");
    expect(text).not.toContain("[raderad]");
  });
});
