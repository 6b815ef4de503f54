/** Queues, holds and their mails for the waitlist tests. */
import { env } from "cloudflare:workers";
import { randomToken, sha256Hex } from "../../app/server/platform/crypto.server";
import { seatsFor, type WaitlistJoinResult } from "../../app/server/seats/seats.server";
import { createSession, seatInput, type TestSession } from "./booking-fixtures";
import { testContext } from "./helpers";

export type EntryState = { id: string; email: string; status: string; holdExpiresAt: string | null; bookingId: string | null };

/** Puts `email` in the session's queue through the session's object; returns the leave token. */
export async function joinQueue(sessionId: number, email: string): Promise<{ result: WaitlistJoinResult; leaveToken: string }> {
  const leaveToken = randomToken();
  const result = await seatsFor(testContext(), sessionId).joinWaitlist({
    id: crypto.randomUUID(),
    name: `Köande ${email}`,
    email,
    dogName: "Sigge",
    leaveTokenHash: await sha256Hex(leaveToken),
  });
  return { result, leaveToken };
}

/** A session with every seat booked (by kund0…kund{max-1}); returns its id and the booking ids. */
export async function fullSession(session: TestSession = {}): Promise<{ id: number; bookingIds: string[] }> {
  const id = await createSession({ maxParticipants: 2, ...session });
  const max = session.maxParticipants ?? 2;
  const bookingIds: string[] = [];
  for (let i = 0; i < (session.passType === "private" ? 1 : max); i++) {
    const result = await seatsFor(testContext(), id).book(seatInput(`${id}-${i}`));
    if (result.status !== "booked") throw new Error(`setup booking ${i}: ${result.status}`);
    bookingIds.push(result.booking.id);
  }
  return { id, bookingIds };
}

export async function entries(sessionId: number): Promise<EntryState[]> {
  const { results } = await env.DB.prepare(
    `SELECT id, email, status, hold_expires_at AS holdExpiresAt, booking_id AS bookingId
     FROM waitlist_entries WHERE session_id = ? ORDER BY created_at, rowid`,
  )
    .bind(sessionId)
    .all<EntryState>();
  return results;
}

export async function seats(sessionId: number) {
  const row = await env.DB.prepare(
    "SELECT current_participants AS current, held_seats AS held, max_participants AS max FROM sessions WHERE id = ?",
  )
    .bind(sessionId)
    .first<{ current: number; held: number; max: number }>();
  if (!row) throw new Error(`session ${sessionId} missing`);
  return row;
}

export type OutboxMail = { id: string; kind: string; subject: string; text_body: string; html_body: string | null; secret: string | null; expires_at: string | null };

export async function mailsTo(address: string, kind?: string): Promise<OutboxMail[]> {
  const { results } = await env.DB.prepare(
    `SELECT id, kind, subject, text_body, html_body, secret, expires_at FROM email_outbox
     WHERE lower(to_address) = lower(?) AND (?2 IS NULL OR kind = ?2) ORDER BY created_at, rowid`,
  )
    .bind(address, kind ?? null)
    .all<OutboxMail>();
  return results;
}

/** The token of the hold link in the (latest) offer mail to `address`. */
export async function offerTokenOf(address: string): Promise<string> {
  const mail = (await mailsTo(address, "waitlist-offer")).at(-1);
  const token = mail && /\/ko\/([A-Za-z0-9_-]+)/.exec(mail.text_body)?.[1];
  if (!token) throw new Error(`no offer mail to ${address}`);
  return token;
}

/** Makes the standing offers of a session lapse (as if two hours had passed). */
export async function lapseHolds(sessionId: number): Promise<void> {
  await env.DB.prepare(
    "UPDATE waitlist_entries SET hold_expires_at = ? WHERE session_id = ? AND status = 'offered'",
  )
    .bind(new Date(Date.now() - 1000).toISOString(), sessionId)
    .run();
}

/** Books through the offer with `token` as the seat's object sees it. */
export async function bookWithHold(sessionId: number, token: string, email: string) {
  const tokenHash = await sha256Hex(token);
  const entry = await env.DB.prepare("SELECT id FROM waitlist_entries WHERE offer_token_hash = ?")
    .bind(tokenHash)
    .first<{ id: string }>();
  return seatsFor(testContext(), sessionId).book(seatInput(`hold-${email}`, { userEmail: email }), {
    hold: { entryId: entry?.id ?? "none", tokenHash },
  });
}
