/** Sessions and form posts for the booking and seat tests. */
import { env, exports } from "cloudflare:workers";
import { formRenderedAt } from "../../app/server/forms/bot-check.server";
import { getConfig } from "../../app/server/platform/env.server";
import type { BookSeatInput } from "../../app/server/seats/seats.server";
import { bookingAskSql } from "../../app/server/booking/booking-ask.server";
import { encodeSessionSnapshot, type SessionSnapshot } from "../../app/domain/session-snapshot";
import type { BookingAsk } from "../../app/domain/constants";

const HOUR_MS = 60 * 60_000;

export type TestSession = {
  title?: string;
  passType?: "group" | "private";
  maxParticipants?: number;
  currentParticipants?: number;
  priceSek?: number;
  location?: string;
  /** Start relative to now; negative for a session that has begun. */
  startsInMs?: number;
  durationMs?: number;
  /** Made from a type that asks this at booking (a type named as the title, made or updated here). */
  bookingAsk?: BookingAsk;
};

/** The id of the type named `name`, made or updated to ask `ask` at booking. */
export async function typeAsking(name: string, ask: BookingAsk): Promise<number> {
  const row = await env.DB.prepare(
    `INSERT INTO popup_types (name, booking_ask) VALUES (?, ?)
     ON CONFLICT (name) DO UPDATE SET booking_ask = excluded.booking_ask RETURNING id`,
  )
    .bind(name, ask)
    .first<{ id: number }>();
  if (!row) throw new Error("no type id");
  return row.id;
}

export async function createSession(s: TestSession = {}): Promise<number> {
  const start = Date.now() + (s.startsInMs ?? 7 * 24 * HOUR_MS);
  const end = start + (s.durationMs ?? HOUR_MS);
  const title = s.title ?? "VALPKURS";
  const typeId = s.bookingAsk ? await typeAsking(title, s.bookingAsk) : null;
  const row = await env.DB.prepare(
    `INSERT INTO sessions (title, description, location, start_time, end_time, pass_type, price_sek,
       current_participants, max_participants, popup_type_id)
     VALUES (?, 'Testpass', ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      title,
      s.location ?? "Hundhallen Gävle",
      new Date(start).toISOString(),
      new Date(end).toISOString(),
      s.passType ?? "group",
      s.priceSek ?? 249,
      s.currentParticipants ?? 0,
      s.maxParticipants ?? 10,
      typeId,
    )
    .first<{ id: number }>();
  if (!row) throw new Error("no session id");
  return row.id;
}

export async function seatState(sessionId: number) {
  const row = await env.DB.prepare(
    `SELECT s.current_participants AS current, s.max_participants AS max,
       (SELECT count(*) FROM bookings b WHERE b.session_id = s.id AND b.booking_status <> 'cancelled') AS active,
       (SELECT count(*) FROM bookings b WHERE b.session_id = s.id) AS rows
     FROM sessions s WHERE s.id = ?`,
  )
    .bind(sessionId)
    .first<{ current: number; max: number; active: number; rows: number }>();
  if (!row) throw new Error(`session ${sessionId} missing`);
  return row;
}

export function seatInput(n: number | string, overrides: Partial<BookSeatInput> = {}): BookSeatInput {
  return {
    userName: `Kund ${n}`,
    userEmail: `kund${n}@example.se`,
    userPhone: "0701234567",
    dogName: "Fido",
    dogBreed: null,
    dogAge: null,
    specialNotes: null,
    homeAddress: null,
    meetingType: null,
    variant: null,
    priceSek: null,
    idempotencyKey: crypto.randomUUID(),
    ...overrides,
  };
}

export const config = () => getConfig(env);

/** The fields a browser posts from the booking form, with a stamp old enough to pass the bot check. */
export async function bookingForm(overrides: Record<string, string | null> = {}): Promise<FormData> {
  const fields: Record<string, string | null> = {
    user_name: "Anna Andersson",
    user_email: "anna@example.se",
    user_email_confirm: "anna@example.se",
    user_phone: "070-123 45 67",
    dog_name: "Flurre",
    dog_breed: "Tax",
    dog_age: "2 år",
    special_notes: "",
    home_address: "",
    terms: "on",
    idempotency_key: crypto.randomUUID(),
    website: "",
    form_rendered_at: await formRenderedAt(config(), Date.now() - 5000),
    ...overrides,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== null) form.append(name, value);
  return form;
}

/** The hidden field the session page renders: the session as it is now (none for an unknown id). */
export async function sessionField(sessionId: number | string): Promise<string | null> {
  const row = await env.DB.prepare(
    `SELECT title, location, start_time AS startTime, end_time AS endTime, pass_type AS passType, price_sek AS priceSek,
       ${bookingAskSql("sessions")} AS bookingAsk
     FROM sessions WHERE id = ?`,
  )
    .bind(Number(sessionId) || 0)
    .first<SessionSnapshot>();
  return row ? encodeSessionSnapshot(row) : null;
}

let ipCounter = 0;
/**
 * Posts the form as the session page sends it (with the page's session field
 * unless the form has one). A distinct client address per request unless
 * given, so the per-IP limit stays out of the way.
 */
export async function postBooking(sessionId: number | string, form: FormData, ip?: string, headers: Record<string, string> = {}) {
  if (!form.has("session")) {
    const field = await sessionField(sessionId);
    if (field) form.append("session", field);
  }
  ipCounter++;
  return exports.default.fetch(`http://localhost/session/${sessionId}`, {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: { "CF-Connecting-IP": ip ?? `10.0.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}`, ...headers },
  });
}
