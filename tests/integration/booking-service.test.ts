// A booking through the booking service: the two confirmation mails are
// composed from the session as the visitor saw it and written in the
// booking's own transaction by the session's Durable Object, or nothing is.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { toSessionSnapshot, type SessionSnapshot } from "~/domain/session-snapshot";
import { bookingAskSql } from "~/server/booking/booking-ask.server";
import { bookWithConfirmations } from "~/server/booking/book-session.server";
import { RECIPIENT_MAIL_LIMIT } from "~/server/email/outbox.server";
import { getConfig } from "~/server/platform/env.server";
import { getDb } from "~/server/db/client.server";
import type { BookSeatInput, BookSeatOptions, BookSeatResult } from "~/server/seats/seats.server";
import { createSession, seatInput, seatState } from "./booking-fixtures";
import { captureLoggedFailures } from "../support/expected-logs";

function context(): AppLoadContext {
  return { cloudflare: { env, ctx: createExecutionContext() }, config: getConfig(env), db: getDb(env) };
}

/** The session as a page rendered now would show it. */
async function snapshotOf(id: number): Promise<SessionSnapshot> {
  const row = await env.DB.prepare(
    `SELECT title, location, start_time AS startTime, end_time AS endTime, pass_type AS passType, price_sek AS priceSek,
       ${bookingAskSql("sessions")} AS bookingAsk
     FROM sessions WHERE id = ?`,
  )
    .bind(id)
    .first<SessionSnapshot>();
  if (!row) throw new Error(`session ${id} missing`);
  return toSessionSnapshot(row);
}

/** Books as the form does: with the session as a page rendered now shows it, unless told otherwise. */
async function book(
  id: number,
  input: BookSeatInput,
  options: Pick<BookSeatOptions, "attempt"> & { snapshot?: SessionSnapshot } = {},
): Promise<BookSeatResult> {
  const { snapshot = await snapshotOf(id), ...rest } = options;
  return bookWithConfirmations(context(), id, input, snapshot, rest);
}

describe("a booking and its confirmations are one transaction", () => {
  const outboxFor = (bookingId: string) =>
    env.DB.prepare(
      "SELECT id, kind, to_address, text_body, status FROM email_outbox WHERE idempotency_key LIKE ? ORDER BY kind",
    )
      .bind(`%:${bookingId}`)
      .all<{ id: string; kind: string; to_address: string; text_body: string; status: string }>()
      .then((r) => r.results);

  it("queues the customer's and the admin's mail in the booking's own batch, and says which rows", async () => {
    const id = await createSession({ maxParticipants: 3 });
    await book(id, seatInput("first"));
    const result = await book(id, seatInput("second", { userEmail: "andra@example.se" }));
    if (result.status !== "booked") throw new Error(`not booked: ${result.status}`);
    expect(result.mailIds).toHaveLength(2);
    const rows = await outboxFor(result.booking.id);
    expect(rows.map((r) => r.kind)).toEqual(["booking-admin-notification", "booking-confirmation"]);
    expect(new Set(result.mailIds)).toEqual(new Set(rows.map((r) => r.id)));
    expect(rows.find((r) => r.kind === "booking-confirmation")?.to_address).toBe("andra@example.se");
    // The admin mail counts this booking: written from the session as the batch found it.
    expect(rows.find((r) => r.kind === "booking-admin-notification")?.text_body).toContain("Deltagare: 2 av 3");
  });

  it("queues no mail for a refused booking, and none again for a replay", async () => {
    const id = await createSession({ maxParticipants: 1 });
    const input = seatInput("only");
    const first = await book(id, input);
    const refused = await book(id, seatInput("late", { userEmail: "sen@example.se" }));
    const replay = await book(id, { ...input });
    expect(refused.status).toBe("full");
    if (first.status !== "booked" || replay.status !== "booked") throw new Error("setup failed");
    expect(replay.mailIds).toEqual([]);
    expect(await outboxFor(first.booking.id)).toHaveLength(2);
    const lateMail = await env.DB.prepare("SELECT count(*) AS n FROM email_outbox WHERE to_address = 'sen@example.se'").first<{ n: number }>();
    expect(lateMail?.n).toBe(0);
  });

  it("refuses the booking when its mail cannot be queued: never a booking without its confirmations", async () => {
    const logged = captureLoggedFailures();
    const id = await createSession();
    await env.DB.prepare(
      `CREATE TRIGGER refuse_outbox BEFORE INSERT ON email_outbox
       WHEN NEW.to_address = 'ingen-post@example.se' BEGIN SELECT RAISE(ABORT, 'outbox refused'); END`,
    ).run();
    let result: BookSeatResult;
    try {
      result = await book(id, seatInput(1, { userEmail: "ingen-post@example.se" }));
    } finally {
      await env.DB.prepare("DROP TRIGGER refuse_outbox").run();
    }
    expect(result).toEqual({ status: "error" });
    expect(await seatState(id)).toMatchObject({ current: 0, rows: 0 });
    // Nothing half-written: the same form sent again, once the outbox takes mail, books with both mails.
    const again = await book(id, seatInput(1, { userEmail: "ingen-post@example.se" }));
    if (again.status !== "booked") throw new Error(`not booked: ${again.status}`);
    expect(await outboxFor(again.booking.id)).toHaveLength(2);
    expect(logged()).toEqual([expect.stringMatching(/^booking for session \d+ failed Error: D1_ERROR: outbox refused/)]);
  });

  it("writes booking and mail from the session as it is in D1, even after an edit made outside the object", async () => {
    const id = await createSession({ maxParticipants: 5 });
    // The object now remembers the session as it was.
    await book(id, seatInput("before"));
    await env.DB.prepare("UPDATE sessions SET location = 'Stadsparken Sandviken', current_participants = 2 WHERE id = ?")
      .bind(id)
      .run();
    const result = await book(id, seatInput("after", { userEmail: "efter@example.se" }));
    if (result.status !== "booked") throw new Error(`not booked: ${result.status}`);
    expect(result.booking.sessionLocation).toBe("Stadsparken Sandviken");
    expect(result.session.currentParticipants).toBe(3);
    const [admin, customer] = await outboxFor(result.booking.id);
    expect(customer?.text_body).toContain("Stadsparken Sandviken");
    expect(admin?.text_body).toContain("Deltagare: 3 av 5");
  });

  it("refuses with 'changed' when the session's title is not the one the form was checked against", async () => {
    const id = await createSession({ title: "VALPKURS" });
    const seen = await snapshotOf(id);
    await env.DB.prepare("UPDATE sessions SET title = 'PLAN' WHERE id = ?").bind(id).run();
    const result = await book(id, seatInput(1), { snapshot: seen });
    expect(result).toEqual({ status: "changed", title: "PLAN" });
    expect(await seatState(id)).toMatchObject({ current: 0, rows: 0 });
    expect((await book(id, seatInput(2))).status).toBe("booked");
  });

  it("refuses with 'changed' when time, place or price moved since the page was shown, and queues no mail", async () => {
    for (const change of [
      "location = 'Stadsparken Sandviken'",
      "start_time = strftime('%Y-%m-%dT%H:%M:%fZ', start_time, '+1 hour'), end_time = strftime('%Y-%m-%dT%H:%M:%fZ', end_time, '+1 hour')",
      "price_sek = price_sek + 100",
    ]) {
      const id = await createSession();
      const seen = await snapshotOf(id);
      await env.DB.prepare(`UPDATE sessions SET ${change} WHERE id = ?`).bind(id).run();
      const input = seatInput(`moved-${id}`);
      expect((await book(id, input, { snapshot: seen })).status, change).toBe("changed");
      expect(await seatState(id)).toMatchObject({ current: 0, rows: 0 });
      const mail = await env.DB.prepare("SELECT count(*) AS n FROM email_outbox WHERE to_address = ?").bind(input.userEmail).first<{ n: number }>();
      expect(mail?.n).toBe(0);
    }
  });

  it("counts the attempt in the same batch and books nothing over the limit", async () => {
    const id = await createSession({ maxParticipants: 5 });
    const attempt = { key: `test-${crypto.randomUUID()}`, windowStart: 0, limit: 2, windowEnd: Date.now() + 60_000 };
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await book(id, seatInput(`limit-${i}`), { attempt }));
    expect(results.map((r) => r.status)).toEqual(["booked", "booked", "rate-limited"]);
    expect(results[2]).toMatchObject({ status: "rate-limited", retryAfterSeconds: expect.any(Number) });
    expect(await seatState(id)).toMatchObject({ current: 2, rows: 2 });
  });

  it("books for one address only while its mail budget has room, and counts only mail that was queued", async () => {
    const sessions = [];
    for (let i = 0; i < RECIPIENT_MAIL_LIMIT.limit + 1; i++) sessions.push(await createSession({ maxParticipants: 3 }));
    const email = `flitig-${crypto.randomUUID()}@example.se`;
    // A refused booking (full session) queues no mail and so spends nothing of the budget.
    const full = await createSession({ maxParticipants: 1 });
    await book(full, seatInput("fills", { userEmail: "annan@example.se" }));
    expect((await book(full, seatInput("full", { userEmail: email }))).status).toBe("full");

    const results = [];
    for (const [i, id] of sessions.entries()) results.push(await book(id, seatInput(`budget-${i}`, { userEmail: email })));
    expect(results.slice(0, -1).every((r) => r.status === "booked")).toBe(true);
    expect(results.at(-1)).toMatchObject({ status: "rate-limited", retryAfterSeconds: expect.any(Number) });
    expect(await seatState(sessions.at(-1)!)).toMatchObject({ current: 0, rows: 0 });
    const mails = await env.DB.prepare("SELECT count(*) AS n FROM email_outbox WHERE to_address = ?").bind(email).first<{ n: number }>();
    expect(mails?.n).toBe(RECIPIENT_MAIL_LIMIT.limit);
  });
});
