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
 * as the last line of defence; a violation aborts the whole batch. A booking's
 * batch also counts the attempt on the per-address limit and queues its two
 * confirmation mails, each only if that booking row exists (a transactional
 * outbox): a booking is one D1 round trip. Its mails are in its transaction
 * or there is no booking: a booking is never stored without them. The
 * customer's mail counts on the recipient's mail budget, and a booking is only
 * written while that budget has room.
 *
 * The queue matters because D1 is outside the object: while one batch is in
 * flight the runtime would deliver the next call, so without it two bookings
 * could interleave their reads of the outcome.
 *
 * In memory it keeps only what it learned itself and can forget safely: the
 * session row as D1 last returned it (checked by every booking's batch), that
 * the session just sold out (for SOLD_OUT_MEMORY_MS) and the bookings it made
 * by idempotency key. Losing them (eviction, restart) only costs D1 reads.
 */
import { DurableObject } from "cloudflare:workers";
import type { BookedSession, BookingDetails } from "~/domain/booking-emails";
import { bookingMailMessages } from "../booking/booking-emails.server";
import { outboxInsertStatements, recipientSlot, toOutboxRow } from "../email/outbox.server";
import { getConfig, type Env } from "../env.server";
import { countHitStatement, rateLimitVerdict, withinBudget, type RateLimitSlot } from "../rate-limit.server";
import {
  type BookingRecord,
  type BookSeatInput,
  type BookSeatOptions,
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
/** The batch found the session other than the object remembered it: book again from this row. */
type Stale = { status: "stale"; session: SessionRow };
/** How often a booking is retried after finding its remembered session stale. */
const MAX_BOOKING_ROUNDS = 3;

function pickSessionRow(row: SessionRow): SessionRow {
  return {
    id: row.id,
    title: row.title,
    location: row.location,
    start_time: row.start_time,
    end_time: row.end_time,
    pass_type: row.pass_type,
    price_sek: row.price_sek,
    current_participants: row.current_participants,
    max_participants: row.max_participants,
  };
}

/** The session columns a booking and its confirmation mails are written from. */
function sameSession(a: SessionRow, b: SessionRow): boolean {
  return (
    a.title === b.title &&
    a.location === b.location &&
    a.start_time === b.start_time &&
    a.end_time === b.end_time &&
    a.pass_type === b.pass_type &&
    a.price_sek === b.price_sek &&
    a.current_participants === b.current_participants &&
    a.max_participants === b.max_participants
  );
}

export class SessionSeats extends DurableObject<Env> {
  private tail: Promise<unknown> = Promise.resolve();
  /** The session this object serves; set by the first call, checked by every later one. */
  private sessionId: number | null = null;
  private soldOutUntil = 0;
  private recentBookings = new Map<string, Booked>();
  /**
   * The session as this object last saw it in D1. Bookings are written
   * against it and the batch checks it still holds, so a stale memory (an
   * admin edit straight in D1) costs a retry, never a wrong booking or mail.
   */
  private session: SessionRow | null = null;

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

  /**
   * Books one seat and queues its two confirmation mails, in one D1 batch, or
   * says why not. Same idempotency key again: the first booking.
   */
  async book(sessionId: number, input: BookSeatInput, options: BookSeatOptions = {}): Promise<BookSeatResult> {
    this.claim(sessionId);
    return this.serialize(() => this.bookNow(sessionId, input, options));
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

  private async bookNow(sessionId: number, input: BookSeatInput, options: BookSeatOptions): Promise<BookSeatResult> {
    const remembered = this.recentBookings.get(input.idempotencyKey);
    if (remembered) return { ...remembered, replayed: true, mailIds: [] };
    if (Date.now() < this.soldOutUntil) return { status: "full" };

    let session = this.session;
    let fresh = false;
    for (let round = 0; round < MAX_BOOKING_ROUNDS; round++) {
      if (!session || (!fresh && options.expectedTitle !== undefined && session.title !== options.expectedTitle)) {
        // Nothing remembered, or the caller knows a newer title: ask D1.
        session = await this.readSession(sessionId);
        fresh = true;
      }
      if (!session) return { status: "not-found" };
      if (options.expectedTitle !== undefined && session.title !== options.expectedTitle) {
        return { status: "changed", title: session.title };
      }
      // A retry has counted its attempt already: it only checks it.
      const result = await this.bookInD1(sessionId, input, options, session, { countAttempt: round === 0 });
      if (result.status !== "stale") {
        if (result.status === "full") this.soldOutUntil = Date.now() + SOLD_OUT_MEMORY_MS;
        if (result.status === "booked") this.rememberBooking(input.idempotencyKey, result);
        return result;
      }
      session = result.session;
      fresh = true;
    }
    console.error(`booking for session ${sessionId}: the session kept changing under it`);
    return { status: "error" };
  }

  private async readSession(sessionId: number): Promise<SessionRow | null> {
    this.session = await this.env.DB.prepare(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE id = ?`)
      .bind(sessionId)
      .first<SessionRow>();
    return this.session;
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
    this.session = null;
    for (const [key, booked] of this.recentBookings) {
      if (!bookingIds || bookingIds.has(booked.booking.id)) this.recentBookings.delete(key);
    }
  }

  /**
   * The two confirmation mails of the booking about to be written, as outbox
   * rows, written from the very session row the batch checks, with the
   * customer's mail budget. Null if they cannot be composed: then there is
   * no booking either.
   */
  private async confirmationRows(session: SessionRow, details: BookingDetails, now: Date) {
    try {
      const config = getConfig(this.env);
      const booked: BookedSession = {
        id: session.id,
        title: session.title,
        location: session.location,
        startTime: session.start_time,
        endTime: session.end_time,
        passType: session.pass_type,
        currentParticipants: session.current_participants + 1,
        maxParticipants: session.max_participants,
      };
      return await Promise.all(
        bookingMailMessages(config, booked, details, now).map(async (message) => ({
          row: toOutboxRow(message, { from: config.EMAIL_FROM }, now.toISOString()),
          recipientSlot: await recipientSlot(config, message.to, now.getTime()),
        })),
      );
    } catch (error) {
      console.error(`booking ${details.id}: could not compose the confirmations`, error);
      return null;
    }
  }

  /**
   * One D1 batch: count the attempt, insert the booking only while the seat
   * guard holds and the session is exactly `expected`, count the seat only if
   * that row exists, queue the confirmations only if it exists, and read back
   * what happened.
   */
  private async bookInD1(
    sessionId: number,
    input: BookSeatInput,
    options: BookSeatOptions,
    expected: SessionRow,
    how: { countAttempt: boolean },
  ): Promise<BookSeatResult | Stale> {
    const db = this.env.DB;
    const bookingId = crypto.randomUUID();
    const nowDate = new Date();
    const now = nowDate.toISOString();
    const { attempt } = options;
    // The booking as the INSERT below writes it (when it does).
    const details: BookingDetails = {
      id: bookingId,
      userName: input.userName,
      userEmail: input.userEmail,
      userPhone: input.userPhone,
      dogName: input.dogName,
      dogBreed: input.dogBreed ?? null,
      dogAge: input.dogAge ?? null,
      specialNotes: input.specialNotes ?? null,
      homeAddress: input.homeAddress ?? null,
      meetingType: input.meetingType ?? null,
      variant: input.variant ?? null,
      priceSek: input.priceSek ?? expected.price_sek,
      createdAt: now,
    };
    const mails = await this.confirmationRows(expected, details, nowDate);
    if (!mails) return { status: "error" };
    // The customer's mail budget: the booking is written only while it has room.
    const recipient: RateLimitSlot | null = mails.find((m) => m.row.toAddress === input.userEmail)?.recipientSlot ?? null;
    const budget = recipient ? withinBudget(recipient) : null;
    // Numbered ?N parameters keep the guarded statements readable.
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
           AND s.title = ?16 AND s.location = ?17 AND s.start_time = ?18 AND s.end_time = ?19
           AND s.pass_type = ?20 AND s.price_sek = ?21 AND s.current_participants = ?22 AND s.max_participants = ?23
           AND NOT EXISTS (SELECT 1 FROM bookings WHERE idempotency_key = ?14)
           AND NOT EXISTS (
             SELECT 1 FROM bookings b
             WHERE b.session_id = s.id AND lower(b.user_email) = lower(?4) AND b.booking_status <> 'cancelled'
           )
           ${attempt ? "AND (SELECT hits FROM rate_limits WHERE key = ?24 AND window_start = ?25) <= ?26" : ""}
           ${budget ? `AND ${budget.sql}` : ""}`,
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
        expected.title,
        expected.location,
        expected.start_time,
        expected.end_time,
        expected.pass_type,
        expected.price_sek,
        expected.current_participants,
        expected.max_participants,
        ...(attempt ? [attempt.key, attempt.windowStart, attempt.limit] : []),
        ...(budget ? budget.params : []),
      );
    // Counts the seat only if the row above was written by this very batch.
    const count = db
      .prepare(
        `UPDATE sessions SET current_participants = current_participants + 1, updated_at = ?3
         WHERE id = ?1 AND EXISTS (SELECT 1 FROM bookings WHERE id = ?2)`,
      )
      .bind(sessionId, bookingId, now);
    const queueMails = mails.flatMap(({ row, recipientSlot }) =>
      outboxInsertStatements(db, row, {
        condition: { sql: "EXISTS (SELECT 1 FROM bookings WHERE id = ?)", params: [bookingId] },
        recipientSlot,
      }),
    );
    // What happened, in one row: the session after the batch, which booking holds the key, and
    // whether this e-mail already has an active booking here (the refusal's reason).
    const outcome = db
      .prepare(
        `SELECT ${SESSION_COLUMNS},
           (SELECT id FROM bookings WHERE idempotency_key = ?2) AS key_booking_id,
           EXISTS (
             SELECT 1 FROM bookings b
             WHERE b.session_id = s.id AND lower(b.user_email) = lower(?3) AND b.booking_status <> 'cancelled'
               AND b.id <> ?4
           ) AS duplicate,
           (SELECT hits FROM rate_limits WHERE key = ?5 AND window_start = ?6) AS recipient_hits
         FROM sessions s WHERE s.id = ?1`,
      )
      .bind(sessionId, input.idempotencyKey, input.userEmail, bookingId, recipient?.key ?? null, recipient?.windowStart ?? null);

    const countAttempt = !attempt
      ? []
      : how.countAttempt
        ? [countHitStatement(db, attempt)]
        : [db.prepare("SELECT hits FROM rate_limits WHERE key = ? AND window_start = ?").bind(attempt.key, attempt.windowStart)];
    let results: D1Result[];
    try {
      results = await db.batch([...countAttempt, insert, count, ...queueMails, outcome]);
    } catch (error) {
      // Nothing of the batch was written: no booking without its mail.
      return this.explainFailedBooking(sessionId, input, error);
    }
    const hits = attempt ? ((results[0]?.results[0] as { hits: number } | undefined)?.hits ?? 1) : 0;
    const after = results.at(-1)?.results[0] as
      | (SessionRow & { key_booking_id: string | null; duplicate: number; recipient_hits: number | null })
      | undefined;
    const sessionRow: SessionRow | null = after ? pickSessionRow(after) : null;
    this.session = sessionRow;
    if (!after || !sessionRow) return { status: "not-found" };

    if (after.key_booking_id === bookingId) {
      // Written by this batch, so exactly what was bound above, against `expected`.
      return {
        status: "booked",
        booking: {
          ...details,
          sessionId,
          bookingStatus: "confirmed",
          idempotencyKey: input.idempotencyKey,
          sessionTitle: expected.title,
          sessionLocation: expected.location,
          sessionStartTime: expected.start_time,
          sessionEndTime: expected.end_time,
        },
        session: toSeatSession(sessionRow),
        replayed: false,
        mailIds: mails.map(({ row }) => row.id),
      };
    }
    if (after.key_booking_id !== null) return this.replay(sessionId, input.idempotencyKey);
    if (sessionRow.start_time <= now) return { status: "past" };
    if (after.duplicate) return { status: "duplicate" };
    if (attempt && hits > attempt.limit) {
      return { status: "rate-limited", retryAfterSeconds: rateLimitVerdict(attempt, hits).retryAfterSeconds };
    }
    if (recipient && (after.recipient_hits ?? 0) >= recipient.limit) {
      return { status: "rate-limited", retryAfterSeconds: rateLimitVerdict(recipient, after.recipient_hits ?? 0).retryAfterSeconds };
    }
    if (!sameSession(sessionRow, expected)) return { status: "stale", session: sessionRow };
    return { status: "full" };
  }

  /** The booking an earlier call made with this idempotency key (its mail was queued then). */
  private async replay(sessionId: number, idempotencyKey: string): Promise<BookSeatResult> {
    const [byKey, session] = await this.env.DB.batch([
      this.env.DB.prepare(`SELECT ${BOOKING_COLUMNS} FROM bookings WHERE idempotency_key = ?`).bind(idempotencyKey),
      this.env.DB.prepare(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE id = ?`).bind(sessionId),
    ]);
    const booking = byKey?.results[0] as BookingRow | undefined;
    const sessionRow = session?.results[0] as SessionRow | undefined;
    if (!booking || !sessionRow || booking.session_id !== sessionId) {
      console.error(
        `booking for session ${sessionId}: its idempotency key ${booking ? `belongs to booking ${booking.id} of another session` : "has no booking"}`,
      );
      return { status: "error" };
    }
    return {
      status: "booked",
      booking: toBookingRecord(booking),
      session: toSeatSession(sessionRow),
      replayed: true,
      mailIds: [],
    };
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
        const replay = await this.replay(sessionId, input.idempotencyKey);
        if (replay.status === "booked") return replay;
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
      this.session = updatedRow;
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

export type { BookingRecord, BookSeatInput, BookSeatOptions, BookSeatResult, SeatSession };
