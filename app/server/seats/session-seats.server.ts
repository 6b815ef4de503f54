/**
 * One Durable Object per session (named by the session id). Every change to
 * a session's seat count goes through it, one at a time: book, cancel one
 * booking, release the session for resale, change max participants, cancel
 * the session.
 *
 * Each change is ONE D1 batch, which D1 runs as a single transaction, written
 * so that a booking row exists iff its seat was counted: the INSERT … SELECT
 * only inserts when the seat guard holds, and the UPDATE only increments when
 * that very booking id exists. The schema's CHECK and UNIQUE constraints stay
 * as the last line of defence; a violation aborts the whole batch.
 *
 * The queue matters because D1 is outside the object: while one batch is in
 * flight the runtime would deliver the next call, so without it two bookings
 * could interleave their reads of the outcome.
 *
 * In memory it keeps only what it learned itself and can forget safely: that
 * the session just sold out (for SOLD_OUT_MEMORY_MS) and the bookings it made
 * by idempotency key. Losing them (eviction, restart) only costs D1 reads.
 */
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env.server";
import {
  type BookingRecord,
  type BookSeatInput,
  type BookSeatResult,
  type CancelBookingResult,
  type CancelSessionResult,
  type ReleaseResult,
  type SeatSession,
  type SetMaxParticipantsResult,
  toBookingRecord,
  toSeatSession,
  type BookingRow,
  type SessionRow,
} from "./seat-types.server";

const SESSION_COLUMNS =
  "id, title, location, start_time, end_time, pass_type, price_sek, current_participants, max_participants";

const BOOKING_COLUMNS =
  "id, session_id, user_name, user_email, user_phone, dog_name, dog_breed, dog_age, special_notes, " +
  "home_address, meeting_type, variant, price_sek, booking_status, idempotency_key, session_title, " +
  "session_location, session_start_time, session_end_time, created_at";

function isUniqueViolation(error: unknown, needle: string): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return message.includes("UNIQUE constraint failed") && message.includes(needle);
}

/**
 * After a booking is refused for lack of seats, further bookings are refused
 * from memory for this long, without a D1 round trip: a sold-out session's
 * late rush costs almost nothing. Every seat change made here clears it at
 * once; a change made elsewhere (an admin edit straight in D1) shows within
 * this time.
 */
export const SOLD_OUT_MEMORY_MS = 1_000;
/** Bookings this object made, by idempotency key, so a repeat is answered even while sold out. */
const RECENT_BOOKINGS_LIMIT = 500;

type Booked = Extract<BookSeatResult, { status: "booked" }>;

export class SessionSeats extends DurableObject<Env> {
  private tail: Promise<unknown> = Promise.resolve();
  /** The session this object serves; set by the first call, checked by every later one. */
  private sessionId: number | null = null;
  private soldOutUntil = 0;
  private recentBookings = new Map<string, Booked>();

  /** Runs `task` after every earlier task of this session has settled. */
  protected serialize<T>(task: () => Promise<T>): Promise<T> {
    const run = this.tail.then(task, task);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /**
   * A call routed to the wrong object would escape serialization with the
   * right one, so refuse it loudly instead of writing.
   */
  private claim(sessionId: number): void {
    if (!Number.isSafeInteger(sessionId) || sessionId < 1) {
      throw new Error(`SessionSeats: invalid session id ${String(sessionId)}`);
    }
    if (this.sessionId === null) this.sessionId = sessionId;
    else if (this.sessionId !== sessionId) {
      throw new Error(`SessionSeats for session ${this.sessionId} got a call for session ${sessionId}`);
    }
  }

  /** Books one seat, or says why not. Same idempotency key again: the first booking. */
  async book(sessionId: number, input: BookSeatInput): Promise<BookSeatResult> {
    this.claim(sessionId);
    return this.serialize(() => this.bookNow(sessionId, input));
  }

  /** Deletes one booking; an active one gives its seat back (never below 0). */
  async cancelBooking(sessionId: number, bookingId: string): Promise<CancelBookingResult> {
    this.claim(sessionId);
    return this.serialize(() => this.cancelBookingNow(sessionId, bookingId));
  }

  /** Release for sale: deletes every booking of the session and sets the count to 0. */
  async release(sessionId: number): Promise<ReleaseResult> {
    this.claim(sessionId);
    return this.serialize(() => this.releaseNow(sessionId));
  }

  /** Changes max participants; refused below the current participant count. */
  async setMaxParticipants(sessionId: number, maxParticipants: number): Promise<SetMaxParticipantsResult> {
    this.claim(sessionId);
    return this.serialize(() => this.setMaxNow(sessionId, maxParticipants));
  }

  /**
   * Cancels the session: its active bookings become 'cancelled' (returned, so
   * the caller can e-mail those customers) and the session row is deleted, in
   * one transaction, so no booking can slip in between.
   */
  async cancelSession(sessionId: number): Promise<CancelSessionResult> {
    this.claim(sessionId);
    return this.serialize(() => this.cancelSessionNow(sessionId));
  }

  private async bookNow(sessionId: number, input: BookSeatInput): Promise<BookSeatResult> {
    const remembered = this.recentBookings.get(input.idempotencyKey);
    if (remembered) return { ...remembered, replayed: true };
    if (Date.now() < this.soldOutUntil) return { status: "full" };
    const result = await this.bookInD1(sessionId, input);
    if (result.status === "full") this.soldOutUntil = Date.now() + SOLD_OUT_MEMORY_MS;
    if (result.status === "booked") this.rememberBooking(input.idempotencyKey, result);
    return result;
  }

  private rememberBooking(idempotencyKey: string, result: Booked): void {
    this.recentBookings.set(idempotencyKey, result);
    if (this.recentBookings.size > RECENT_BOOKINGS_LIMIT) {
      // Maps keep insertion order: the first key is the oldest.
      const oldest = this.recentBookings.keys().next().value;
      if (oldest !== undefined) this.recentBookings.delete(oldest);
    }
  }

  /** Seats were given back or changed here: what was remembered no longer holds. */
  private forget(bookingIds?: ReadonlySet<string>): void {
    this.soldOutUntil = 0;
    for (const [key, booked] of this.recentBookings) {
      if (!bookingIds || bookingIds.has(booked.booking.id)) this.recentBookings.delete(key);
    }
  }

  private async bookInD1(sessionId: number, input: BookSeatInput): Promise<BookSeatResult> {
    const db = this.env.DB;
    const bookingId = crypto.randomUUID();
    const now = new Date().toISOString();
    // Numbered ?N parameters keep the two guarded statements readable.
    const insert = db
      .prepare(
        `INSERT INTO bookings (id, session_id, user_name, user_email, user_phone, dog_name, dog_breed, dog_age,
           special_notes, home_address, meeting_type, variant, price_sek, booking_status, idempotency_key,
           session_title, session_location, session_start_time, session_end_time, created_at)
         SELECT ?1, s.id, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, COALESCE(?13, s.price_sek), 'confirmed', ?14,
           s.title, s.location, s.start_time, s.end_time, ?15
         FROM sessions s
         WHERE s.id = ?2
           AND s.start_time > ?15
           AND s.current_participants < s.max_participants
           AND (s.pass_type = 'group' OR s.current_participants = 0)
           AND NOT EXISTS (SELECT 1 FROM bookings WHERE idempotency_key = ?14)
           AND NOT EXISTS (
             SELECT 1 FROM bookings b
             WHERE b.session_id = s.id AND lower(b.user_email) = lower(?4) AND b.booking_status <> 'cancelled'
           )`,
      )
      .bind(
        bookingId,
        sessionId,
        input.userName,
        input.userEmail,
        input.userPhone,
        input.dogName,
        input.dogBreed ?? null,
        input.dogAge ?? null,
        input.specialNotes ?? null,
        input.homeAddress ?? null,
        input.meetingType ?? null,
        input.variant ?? null,
        input.priceSek ?? null,
        input.idempotencyKey,
        now,
      );
    // Counts the seat only if the row above was written by this very batch.
    const count = db
      .prepare(
        `UPDATE sessions SET current_participants = current_participants + 1, updated_at = ?3
         WHERE id = ?1 AND EXISTS (SELECT 1 FROM bookings WHERE id = ?2)`,
      )
      .bind(sessionId, bookingId, now);
    const byKey = db
      .prepare(`SELECT ${BOOKING_COLUMNS} FROM bookings WHERE idempotency_key = ?`)
      .bind(input.idempotencyKey);
    const session = db.prepare(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE id = ?`).bind(sessionId);
    const sameEmail = db
      .prepare(
        `SELECT id FROM bookings
         WHERE session_id = ?1 AND lower(user_email) = lower(?2) AND booking_status <> 'cancelled' AND id <> ?3
         LIMIT 1`,
      )
      .bind(sessionId, input.userEmail, bookingId);

    let results: D1Result[];
    try {
      results = await db.batch([insert, count, byKey, session, sameEmail]);
    } catch (error) {
      return this.explainFailedBooking(sessionId, input, error);
    }
    const booking = (results[2]?.results[0] as BookingRow | undefined) ?? null;
    const sessionRow = (results[3]?.results[0] as SessionRow | undefined) ?? null;
    const duplicate = (results[4]?.results.length ?? 0) > 0;

    if (booking) {
      if (booking.session_id !== sessionId || !sessionRow) {
        console.error(`idempotency key reused across sessions (booking ${booking.id})`);
        return { status: "error" };
      }
      return {
        status: "booked",
        booking: toBookingRecord(booking),
        session: toSeatSession(sessionRow),
        replayed: booking.id !== bookingId,
      };
    }
    if (!sessionRow) return { status: "not-found" };
    if (sessionRow.start_time <= now) return { status: "past" };
    if (duplicate) return { status: "duplicate" };
    return { status: "full" };
  }

  /** The batch failed: a constraint (last line of defence) or D1 itself. */
  private async explainFailedBooking(
    sessionId: number,
    input: BookSeatInput,
    error: unknown,
  ): Promise<BookSeatResult> {
    try {
      if (isUniqueViolation(error, "bookings_one_active_per_email")) return { status: "duplicate" };
      if (isUniqueViolation(error, "idempotency_key")) {
        const [byKey, session] = await this.env.DB.batch([
          this.env.DB.prepare(`SELECT ${BOOKING_COLUMNS} FROM bookings WHERE idempotency_key = ?`).bind(
            input.idempotencyKey,
          ),
          this.env.DB.prepare(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE id = ?`).bind(sessionId),
        ]);
        const booking = byKey?.results[0] as BookingRow | undefined;
        const sessionRow = session?.results[0] as SessionRow | undefined;
        if (booking && sessionRow && booking.session_id === sessionId) {
          return {
            status: "booked",
            booking: toBookingRecord(booking),
            session: toSeatSession(sessionRow),
            replayed: true,
          };
        }
      }
    } catch (lookupError) {
      console.error("booking: lookup after a failed batch failed too", lookupError);
    }
    console.error(`booking for session ${sessionId} failed`, error);
    return { status: "error" };
  }

  private async cancelBookingNow(sessionId: number, bookingId: string): Promise<CancelBookingResult> {
    const db = this.env.DB;
    const now = new Date().toISOString();
    const [, deleted, session] = await db.batch([
      db
        .prepare(
          `UPDATE sessions SET current_participants = current_participants - 1, updated_at = ?3
           WHERE id = ?1 AND current_participants > 0
             AND EXISTS (SELECT 1 FROM bookings WHERE id = ?2 AND session_id = ?1 AND booking_status <> 'cancelled')`,
        )
        .bind(sessionId, bookingId, now),
      db
        .prepare(`DELETE FROM bookings WHERE id = ? AND session_id = ? RETURNING ${BOOKING_COLUMNS}`)
        .bind(bookingId, sessionId),
      db.prepare(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE id = ?`).bind(sessionId),
    ]);
    const booking = deleted?.results[0] as BookingRow | undefined;
    const sessionRow = session?.results[0] as SessionRow | undefined;
    if (!sessionRow || !booking) return { status: "not-found" };
    this.forget(new Set([booking.id]));
    return { status: "cancelled", booking: toBookingRecord(booking), session: toSeatSession(sessionRow) };
  }

  private async releaseNow(sessionId: number): Promise<ReleaseResult> {
    const db = this.env.DB;
    const now = new Date().toISOString();
    const [deleted, session] = await db.batch([
      db
        .prepare(`DELETE FROM bookings WHERE session_id = ? RETURNING ${BOOKING_COLUMNS}`)
        .bind(sessionId),
      db
        .prepare(
          `UPDATE sessions SET current_participants = 0, updated_at = ? WHERE id = ? RETURNING ${SESSION_COLUMNS}`,
        )
        .bind(now, sessionId),
    ]);
    this.forget();
    const sessionRow = session?.results[0] as SessionRow | undefined;
    if (!sessionRow) return { status: "not-found" };
    const bookings = ((deleted?.results ?? []) as BookingRow[])
      .map(toBookingRecord)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    return {
      status: "released",
      // Only those who held a seat get told; cancelled rows were deleted silently.
      releasedBookings: bookings.filter((b) => b.bookingStatus !== "cancelled"),
      deletedCount: bookings.length,
      session: toSeatSession(sessionRow),
    };
  }

  private async setMaxNow(sessionId: number, maxParticipants: number): Promise<SetMaxParticipantsResult> {
    if (!Number.isSafeInteger(maxParticipants) || maxParticipants < 1) return { status: "invalid" };
    const db = this.env.DB;
    const now = new Date().toISOString();
    const [updated, session] = await db.batch([
      db
        .prepare(
          `UPDATE sessions SET max_participants = ?1, updated_at = ?3
           WHERE id = ?2 AND current_participants <= ?1 RETURNING ${SESSION_COLUMNS}`,
        )
        .bind(maxParticipants, sessionId, now),
      db.prepare(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE id = ?`).bind(sessionId),
    ]);
    const updatedRow = updated?.results[0] as SessionRow | undefined;
    if (updatedRow) {
      this.soldOutUntil = 0;
      return { status: "updated", session: toSeatSession(updatedRow) };
    }
    const sessionRow = session?.results[0] as SessionRow | undefined;
    if (!sessionRow) return { status: "not-found" };
    return { status: "below-current", session: toSeatSession(sessionRow) };
  }

  private async cancelSessionNow(sessionId: number): Promise<CancelSessionResult> {
    const db = this.env.DB;
    const [cancelled, deleted] = await db.batch([
      db
        .prepare(
          `UPDATE bookings SET booking_status = 'cancelled'
           WHERE session_id = ? AND booking_status <> 'cancelled' RETURNING ${BOOKING_COLUMNS}`,
        )
        .bind(sessionId),
      db.prepare(`DELETE FROM sessions WHERE id = ? RETURNING ${SESSION_COLUMNS}`).bind(sessionId),
    ]);
    this.forget();
    const sessionRow = deleted?.results[0] as SessionRow | undefined;
    if (!sessionRow) return { status: "not-found" };
    const bookings = ((cancelled?.results ?? []) as BookingRow[])
      .map(toBookingRecord)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    return { status: "cancelled", cancelledBookings: bookings, session: toSeatSession(sessionRow) };
  }
}

export type { BookingRecord, BookSeatInput, BookSeatResult, SeatSession };
