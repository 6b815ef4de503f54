/** Rows the payment tests read back: a booking, its payment, a session's seats, mail to an address. */
import { env } from "cloudflare:workers";

export const bookingOf = (id: string) => env.DB.prepare("SELECT * FROM bookings WHERE id = ?").bind(id).first<Record<string, unknown>>();

export async function paymentOf(bookingId: string) {
  const row = await env.DB.prepare("SELECT * FROM payments WHERE booking_id = ?").bind(bookingId).first<Record<string, unknown> & { status: string }>();
  if (!row) throw new Error(`no payment for booking ${bookingId}`);
  return row;
}

export async function seatsOf(sessionId: number) {
  const row = await env.DB.prepare(
    `SELECT s.current_participants AS current, s.max_participants AS max, s.held_seats AS held,
       (SELECT count(*) FROM bookings b WHERE b.session_id = s.id AND b.booking_status <> 'cancelled') AS active,
       (SELECT count(*) FROM bookings b WHERE b.session_id = s.id) AS rows
     FROM sessions s WHERE s.id = ?`,
  )
    .bind(sessionId)
    .first<{ current: number; max: number; held: number; active: number; rows: number }>();
  if (!row) throw new Error(`session ${sessionId} missing`);
  return row;
}

export type Mail = { id: string; kind: string; subject: string; text_body: string };

export async function mailsTo(address: string, kind?: string): Promise<Mail[]> {
  const { results } = await env.DB.prepare(
    `SELECT id, kind, subject, text_body FROM email_outbox WHERE lower(to_address) = lower(?) AND (? IS NULL OR kind = ?) ORDER BY created_at, id`,
  )
    .bind(address, kind ?? null, kind ?? null)
    .all<Mail>();
  return results;
}
