/**
 * One Durable Object per session (named by the session id). It owns the
 * session's seats and nothing else: every change to the seat count goes
 * through it, one at a time: book, cancel one booking, release the session
 * for resale, change max participants, cancel the session.
 *
 * Each change is ONE D1 batch, which D1 runs as a single transaction, written
 * so that a booking row exists iff its seat was counted: the INSERT … SELECT
 * reads the session row fresh and only inserts while every guard holds, and
 * the UPDATE only counts when that very booking id exists. The schema's CHECK
 * and UNIQUE constraints stay as the last line of defence; a violation aborts
 * the whole batch. A booking's batch also counts the attempt on the per-client
 * limit and adds the outbox rows it is handed, each only if the booking was
 * written: its mails are in its transaction, or there is no booking.
 *
 * The queue matters because D1 is outside the object: while one batch is in
 * flight the runtime would deliver the next call, so without it two changes
 * could interleave their reads of the outcome. The object remembers nothing
 * but which session it serves.
 */
import { DurableObject } from "cloudflare:workers";
import { columnsAs, schema, type SqlCondition } from "../db.server";
import { outboxInsertStatements } from "../email/outbox.server";
import type { Env } from "../env.server";
import { countHitStatement, rateLimitVerdict, withinBudget } from "../rate-limit.server";
import {
  SEAT_SESSION_KEYS,
  type BookingRecord,
  type BookSeatInput,
  type BookSeatOptions,
  type BookSeatResult,
  type CancelBookingResult,
  type CancelSessionResult,
  type Misrouted,
  type StaffChangeExtras,
  type ReleaseResult,
  type SeatSession,
  type SessionUpdate,
  type SetMaxParticipantsResult,
  type UpdateSessionResult,
  type EditedSession,
} from "./seat-types.server";

const SESSION_COLUMNS = columnsAs(schema.sessions, SEAT_SESSION_KEYS);
const EDITED_SESSION_COLUMNS = columnsAs(schema.sessions, [...SEAT_SESSION_KEYS, "revision"]);
const BOOKING_COLUMNS = columnsAs(schema.bookings);

/** Why a booking's batch failed, when D1's own constraints (the last line of defence) refused it. */
export function classifyBookingFailure(error: unknown): "duplicate" | "replay" | "error" {
  const message = error instanceof Error ? error.message : String(error);
  if (!message.includes("UNIQUE constraint failed")) return "error";
  if (message.includes("bookings_one_active_per_email")) return "duplicate";
  if (message.includes("idempotency_key")) return "replay";
  return "error";
}

const byCreatedAt = (a: BookingRecord, b: BookingRecord) => a.createdAt.localeCompare(b.createdAt);

export class SessionSeats extends DurableObject<Env> {
  private tail: Promise<unknown> = Promise.resolve();
  /** The session this object serves; set by the first call, checked by every later one. */
  private sessionId: number | null = null;

  /** Runs `task` after every earlier task of this session has settled. */
  protected serialize<T>(task: () => Promise<T>): Promise<T> {
    const run = this.tail.then(task, task);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /**
   * A call routed to the wrong object would escape serialization with the
   * right one, so it is refused before anything is written. The refusal is an
   * answer, not an exception: an exception thrown across RPC is reported as
   * uncaught by the runtime even when the caller handles it.
   */
  private misrouted(sessionId: number): Misrouted | null {
    if (!Number.isSafeInteger(sessionId) || sessionId < 1) {
      return { status: "misrouted", message: `SessionSeats: invalid session id ${String(sessionId)}` };
    }
    if (this.sessionId === null) this.sessionId = sessionId;
    else if (this.sessionId !== sessionId) {
      return { status: "misrouted", message: `SessionSeats for session ${this.sessionId} got a call for session ${sessionId}` };
    }
    return null;
  }

  /**
   * Books one seat, with the mails it is handed, in one D1 batch, or says why
   * not. Same idempotency key again: the first booking.
   */
  async book(sessionId: number, input: BookSeatInput, options: BookSeatOptions = {}): Promise<BookSeatResult | Misrouted> {
    return this.misrouted(sessionId) ?? this.serialize(() => this.bookNow(sessionId, input, options));
  }

  /** Cancels one active booking (the row is kept) and gives its seat back. */
  async cancelBooking(
    sessionId: number,
    bookingId: string,
    extras: StaffChangeExtras = {},
  ): Promise<CancelBookingResult | Misrouted> {
    return (
      this.misrouted(sessionId) ??
      this.serialize(async (): Promise<CancelBookingResult> => {
        const done = await this.cancelBookingsNow(sessionId, [bookingId], extras, false);
        const booking = done?.cancelled[0];
        return done && booking ? { status: "cancelled", booking, session: done.session } : { status: "not-found" };
      })
    );
  }

  /**
   * Release for sale: cancels the given active bookings (those the caller
   * showed and composed mails for; the rows are kept) and gives their seats
   * back. A booking made since is not touched.
   */
  async release(
    sessionId: number,
    bookingIds: readonly string[],
    extras: StaffChangeExtras = {},
  ): Promise<ReleaseResult | Misrouted> {
    return (
      this.misrouted(sessionId) ??
      this.serialize(async (): Promise<ReleaseResult> => {
        const done = await this.cancelBookingsNow(sessionId, bookingIds, extras, false);
        return done ? { status: "released", releasedBookings: done.cancelled, session: done.session } : { status: "not-found" };
      })
    );
  }

  /** Changes max participants; refused below the current participant count. */
  async setMaxParticipants(sessionId: number, maxParticipants: number): Promise<SetMaxParticipantsResult | Misrouted> {
    return this.misrouted(sessionId) ?? this.serialize(() => this.setMaxNow(sessionId, maxParticipants));
  }

  /**
   * A staff edit of the session's columns, with its audit row and (when the
   * time or place moves) the customers' change mails, in one batch; refused
   * below the booked seats, on a cancelled session, and when the session
   * changed or was booked since the caller read it.
   */
  async updateSession(
    sessionId: number,
    update: SessionUpdate,
    extras: StaffChangeExtras = {},
  ): Promise<UpdateSessionResult | Misrouted> {
    return this.misrouted(sessionId) ?? this.serialize(() => this.updateNow(sessionId, update, extras));
  }

  /**
   * Cancels the session: it is marked cancelled (and kept), so nothing more
   * can be booked, and the given active bookings (those the caller composed
   * mails for) become 'cancelled', in one transaction. A booking made after
   * the caller looked stays active and counted: the answer's
   * `session.currentParticipants` says so, and the caller cancels it too.
   */
  async cancelSession(
    sessionId: number,
    bookingIds: readonly string[],
    extras: StaffChangeExtras = {},
  ): Promise<CancelSessionResult | Misrouted> {
    return (
      this.misrouted(sessionId) ??
      this.serialize(async (): Promise<CancelSessionResult> => {
        const done = await this.cancelBookingsNow(sessionId, bookingIds, extras, true);
        return done ? { status: "cancelled", cancelledBookings: done.cancelled, session: done.session } : { status: "not-found" };
      })
    );
  }

  /**
   * One D1 batch: count the attempt, insert the booking only while every
   * guard holds (seats, start, the session as the visitor saw it, no repeat,
   * no second booking for the e-mail, the attempt and mail budgets), count
   * the seat only if that row exists, queue the mails only if it exists, and
   * read back what happened.
   */
  private async bookNow(sessionId: number, input: BookSeatInput, options: BookSeatOptions): Promise<BookSeatResult> {
    const db = this.env.DB;
    const bookingId = input.id ?? crypto.randomUUID();
    const now = new Date().toISOString();
    const { attempt, snapshot, mails = [] } = options;
    // The customer's mail budget guards the booking itself: no booking without its mail.
    const recipient = mails.find((m) => m.row.toAddress === input.userEmail)?.recipientSlot ?? null;

    const guards: SqlCondition[] = [];
    if (snapshot) {
      guards.push({
        sql: "s.title = ? AND s.location = ? AND s.start_time = ? AND s.end_time = ? AND s.pass_type = ? AND s.price_sek = ?",
        params: [snapshot.title, snapshot.location, snapshot.startTime, snapshot.endTime, snapshot.passType, snapshot.priceSek],
      });
    }
    if (attempt) {
      guards.push({
        sql: "(SELECT hits FROM rate_limits WHERE key = ? AND window_start = ?) <= ?",
        params: [attempt.key, attempt.windowStart, attempt.limit],
      });
    }
    if (recipient) guards.push(withinBudget(recipient));

    // Numbered ?N parameters keep the guarded statement readable; the guards' plain ? follow ?15.
    const insert = db
      .prepare(
        `INSERT INTO bookings (id, session_id, user_name, user_email, user_phone, dog_name, dog_breed, dog_age,
           special_notes, home_address, meeting_type, variant, price_sek, booking_status, idempotency_key,
           session_title, session_location, session_start_time, session_end_time, created_at)
         SELECT ?1, s.id, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, COALESCE(?13, s.price_sek), 'confirmed', ?14,
           s.title, s.location, s.start_time, s.end_time, ?15
         FROM sessions s
         WHERE s.id = ?2
           AND s.cancelled_at IS NULL
           AND s.start_time > ?15
           AND s.current_participants < s.max_participants
           AND (s.pass_type = 'group' OR s.current_participants = 0)
           AND NOT EXISTS (SELECT 1 FROM bookings WHERE idempotency_key = ?14)
           AND NOT EXISTS (
             SELECT 1 FROM bookings b
             WHERE b.session_id = s.id AND lower(b.user_email) = lower(?4) AND b.booking_status <> 'cancelled'
           )
           ${guards.map((g) => `AND ${g.sql}`).join("\n           ")}
         RETURNING ${BOOKING_COLUMNS}`,
      )
      .bind(
        bookingId,
        sessionId,
        input.userName,
        input.userEmail,
        input.userPhone,
        input.dogName,
        input.dogBreed,
        input.dogAge,
        input.specialNotes,
        input.homeAddress,
        input.meetingType,
        input.variant,
        input.priceSek,
        input.idempotencyKey,
        now,
        ...guards.flatMap((g) => g.params),
      );
    // Counts the seat only if the row above was written by this very batch.
    const count = db
      .prepare(
        `UPDATE sessions SET current_participants = current_participants + 1, updated_at = ?3
         WHERE id = ?1 AND EXISTS (SELECT 1 FROM bookings WHERE id = ?2)`,
      )
      .bind(sessionId, bookingId, now);
    const bookingWritten: SqlCondition = { sql: "EXISTS (SELECT 1 FROM bookings WHERE id = ?)", params: [bookingId] };
    const queueMails = mails.flatMap(({ row, recipientSlot, fill }) =>
      outboxInsertStatements(db, row, { condition: bookingWritten, recipientSlot, fill }),
    );
    // What happened, in one row: the session after the batch, which booking holds the key,
    // whether this e-mail already has an active booking here, and the budgets' counts.
    const outcome = db
      .prepare(
        `SELECT ${SESSION_COLUMNS},
           (SELECT id FROM bookings WHERE idempotency_key = ?2) AS keyBookingId,
           EXISTS (
             SELECT 1 FROM bookings b
             WHERE b.session_id = sessions.id AND lower(b.user_email) = lower(?3) AND b.booking_status <> 'cancelled'
               AND b.id <> ?4
           ) AS duplicate,
           (SELECT hits FROM rate_limits WHERE key = ?5 AND window_start = ?6) AS attemptHits,
           (SELECT hits FROM rate_limits WHERE key = ?7 AND window_start = ?8) AS recipientHits
         FROM sessions WHERE id = ?1`,
      )
      .bind(
        sessionId,
        input.idempotencyKey,
        input.userEmail,
        bookingId,
        attempt?.key ?? null,
        attempt?.windowStart ?? null,
        recipient?.key ?? null,
        recipient?.windowStart ?? null,
      );

    const statements = [...(attempt ? [countHitStatement(db, attempt)] : []), insert, count, ...queueMails, outcome];
    let results: D1Result[];
    try {
      results = await db.batch(statements);
    } catch (error) {
      // Nothing of the batch was written: no booking without its mail.
      const failure = classifyBookingFailure(error);
      if (failure === "duplicate") return { status: "duplicate" };
      if (failure === "replay") {
        const replay = await this.replay(sessionId, input.idempotencyKey).catch(() => null);
        if (replay) return replay;
      }
      console.error(`booking for session ${sessionId} failed`, error);
      return { status: "error" };
    }
    const after = results.at(-1)?.results[0] as
      | (SeatSession & { keyBookingId: string | null; duplicate: number; attemptHits: number | null; recipientHits: number | null })
      | undefined;
    if (!after) return { status: "not-found" };
    const { keyBookingId, duplicate, attemptHits, recipientHits, ...session } = after;

    // The INSERT returns the row it wrote (nothing when a guard refused).
    const booking = results[statements.indexOf(insert)]?.results[0] as BookingRecord | undefined;
    if (booking) return { status: "booked", booking, session, replayed: false, mailIds: mails.map(({ row }) => row.id) };
    if (keyBookingId !== null) {
      // A repeat of a booking staff have cancelled since is not a booking: answer from the session as it is.
      const replay = await this.replay(sessionId, input.idempotencyKey);
      if (replay) return replay;
    }
    if (session.cancelledAt !== null) return { status: "session-cancelled" };
    if (session.startTime <= now) return { status: "past" };
    if (snapshot && !sameAsSnapshot(session, snapshot)) return { status: "changed", title: session.title };
    if (duplicate) return { status: "duplicate" };
    if (attempt && (attemptHits ?? 0) > attempt.limit) {
      return { status: "rate-limited", retryAfterSeconds: rateLimitVerdict(attempt, attemptHits ?? 0).retryAfterSeconds };
    }
    if (recipient && (recipientHits ?? 0) >= recipient.limit) {
      return { status: "rate-limited", retryAfterSeconds: rateLimitVerdict(recipient, recipientHits ?? 0).retryAfterSeconds };
    }
    // The key is spent (its booking was cancelled): with seats left, the visitor must send a fresh form.
    if (keyBookingId !== null && session.currentParticipants < session.maxParticipants) return { status: "error" };
    return { status: "full" };
  }

  /** The booking an earlier call made with this idempotency key (its mail was queued then), unless it was cancelled since. */
  private async replay(sessionId: number, idempotencyKey: string): Promise<BookSeatResult | null> {
    const [byKey, sessions] = await this.env.DB.batch([
      this.env.DB.prepare(`SELECT ${BOOKING_COLUMNS} FROM bookings WHERE idempotency_key = ?`).bind(idempotencyKey),
      this.env.DB.prepare(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE id = ?`).bind(sessionId),
    ]);
    const booking = byKey?.results[0] as BookingRecord | undefined;
    const session = sessions?.results[0] as SeatSession | undefined;
    if (booking?.bookingStatus === "cancelled" && booking.sessionId === sessionId) return null;
    if (!booking || !session || booking.sessionId !== sessionId) {
      console.error(
        `booking for session ${sessionId}: its idempotency key ${booking ? `belongs to booking ${booking.id} of another session` : "has no booking"}`,
      );
      return null;
    }
    return { status: "booked", booking, session, replayed: true, mailIds: [] };
  }

  /**
   * One batch for every staff cancellation: cancel the named active bookings,
   * and with `wholeSession` mark the session cancelled; write the audit row if anything changed; recount
   * the seats from the active bookings (so the count can never drift); queue
   * each mail whose booking is now cancelled; read back what changed.
   */
  private async cancelBookingsNow(
    sessionId: number,
    bookingIds: readonly string[],
    { mails = [], audit }: StaffChangeExtras,
    wholeSession: boolean,
  ): Promise<{ cancelled: BookingRecord[]; session: SeatSession } | null> {
    const db = this.env.DB;
    const now = new Date().toISOString();
    const cancel = db
      .prepare(
        `UPDATE bookings SET booking_status = 'cancelled'
         WHERE session_id = ?1 AND booking_status <> 'cancelled' AND id IN (SELECT value FROM json_each(?3))
           AND EXISTS (SELECT 1 FROM sessions WHERE id = ?1 AND (cancelled_at IS NULL OR ?2))
         RETURNING ${BOOKING_COLUMNS}`,
      )
      .bind(sessionId, wholeSession ? 1 : 0, JSON.stringify(bookingIds));
    const markSession = db
      .prepare("UPDATE sessions SET cancelled_at = ?2, updated_at = ?2 WHERE id = ?1 AND cancelled_at IS NULL")
      .bind(sessionId, now);
    // changes() is the row count of the statement just before: the audit row only for a real change.
    const auditRow = audit
      ? [
          db
            .prepare(
              `INSERT INTO audit_log (actor_user_id, actor_email, action, target_type, target_id, details_json, created_at)
               SELECT ?, ?, ?, ?, ?, ?, ? WHERE changes() > 0`,
            )
            .bind(audit.actorUserId, audit.actorEmail, audit.action, audit.targetType, audit.targetId, audit.detailsJson, now),
        ]
      : [];
    const recount = db
      .prepare(
        `UPDATE sessions SET updated_at = ?2, current_participants =
           (SELECT count(*) FROM bookings WHERE session_id = ?1 AND booking_status <> 'cancelled')
         WHERE id = ?1 RETURNING ${SESSION_COLUMNS}`,
      )
      .bind(sessionId, now);
    const queueMails = mails.flatMap(({ bookingId, row }) =>
      outboxInsertStatements(db, row, {
        condition: {
          sql: "EXISTS (SELECT 1 FROM bookings WHERE id = ? AND session_id = ? AND booking_status = 'cancelled')",
          params: [bookingId, sessionId],
        },
      }),
    );
    const statements = wholeSession
      ? [cancel, markSession, ...auditRow, recount, ...queueMails]
      : [cancel, ...auditRow, recount, ...queueMails];
    const results = await db.batch(statements);
    const cancelled = ((results[0]?.results ?? []) as BookingRecord[]).sort(byCreatedAt);
    const session = results[statements.indexOf(recount)]?.results[0] as SeatSession | undefined;
    return session ? { cancelled, session } : null;
  }

  /**
   * One batch: update the session only while every guard holds (revision as
   * read, not cancelled, max not below the booked seats, and for a move no
   * active booking without its mail); the audit row only if it did; the
   * active bookings' copy of the session (what the customer's list and a
   * later cancellation show) follows it; each change mail only if its
   * booking is active on the session at the new revision; read back.
   */
  private async updateNow(sessionId: number, update: SessionUpdate, { mails = [], audit }: StaffChangeExtras): Promise<UpdateSessionResult> {
    const db = this.env.DB;
    const now = new Date().toISOString();
    const { fields, expectedRevision, moved } = update;
    const revisionAfter = expectedRevision + (moved ? 1 : 0);
    const statements: D1PreparedStatement[] = [
      db
        .prepare(
          `UPDATE sessions SET title = ?3, description = ?4, location = ?5, start_time = ?6, end_time = ?7,
             max_participants = ?8, price_sek = ?9, pass_type = ?10, image_url = ?11,
             revision = ?12, updated_at = ?13
           WHERE id = ?1 AND revision = ?2 AND cancelled_at IS NULL AND current_participants <= ?8
             AND (?14 = 0 OR NOT EXISTS (SELECT 1 FROM bookings WHERE session_id = ?1 AND booking_status <> 'cancelled'
               AND id NOT IN (SELECT value FROM json_each(?15))))
           RETURNING ${EDITED_SESSION_COLUMNS}`,
        )
        .bind(
          sessionId,
          expectedRevision,
          fields.title,
          fields.description,
          fields.location,
          fields.startTime,
          fields.endTime,
          fields.maxParticipants,
          fields.priceSek,
          fields.passType,
          fields.imageUrl,
          revisionAfter,
          now,
          moved ? 1 : 0,
          JSON.stringify(update.mailedBookingIds),
        ),
    ];
    if (audit) {
      // changes() is the row count of the statement just before: the audit row only for a real change.
      statements.push(
        db
          .prepare(
            `INSERT INTO audit_log (actor_user_id, actor_email, action, target_type, target_id, details_json, created_at)
             SELECT ?, ?, ?, ?, ?, ?, ? WHERE changes() > 0`,
          )
          .bind(audit.actorUserId, audit.actorEmail, audit.action, audit.targetType, audit.targetId, audit.detailsJson, now),
      );
    }
    statements.push(
      db
        .prepare(
          `UPDATE bookings SET session_title = s.title, session_location = s.location,
             session_start_time = s.start_time, session_end_time = s.end_time
           FROM (SELECT title, location, start_time, end_time FROM sessions WHERE id = ?1 AND revision = ?2 AND updated_at = ?3) AS s
           WHERE bookings.session_id = ?1 AND bookings.booking_status <> 'cancelled'`,
        )
        .bind(sessionId, revisionAfter, now),
      ...mails.flatMap(({ bookingId, row }) =>
        outboxInsertStatements(db, row, {
          condition: {
            sql: `EXISTS (SELECT 1 FROM bookings b JOIN sessions s ON s.id = b.session_id
                   WHERE b.id = ? AND s.id = ? AND b.booking_status <> 'cancelled' AND s.revision = ? AND s.updated_at = ?)`,
            params: [bookingId, sessionId, revisionAfter, now],
          },
        }),
      ),
      db.prepare(`SELECT ${EDITED_SESSION_COLUMNS} FROM sessions WHERE id = ?`).bind(sessionId),
    );
    const results = await db.batch(statements);
    const updated = results[0]?.results[0] as EditedSession | undefined;
    if (updated) return { status: "updated", session: updated };
    const session = results[results.length - 1]?.results[0] as EditedSession | undefined;
    if (!session) return { status: "not-found" };
    if (session.cancelledAt !== null) return { status: "session-cancelled" };
    if (session.revision === expectedRevision && session.currentParticipants > fields.maxParticipants) {
      return { status: "below-current", session };
    }
    return { status: "stale" };
  }

  private async setMaxNow(sessionId: number, maxParticipants: number): Promise<SetMaxParticipantsResult> {
    if (!Number.isSafeInteger(maxParticipants) || maxParticipants < 1) return { status: "invalid" };
    const db = this.env.DB;
    const now = new Date().toISOString();
    const [updated, sessions] = await db.batch([
      db
        .prepare(
          `UPDATE sessions SET max_participants = ?1, updated_at = ?3
           WHERE id = ?2 AND current_participants <= ?1 RETURNING ${SESSION_COLUMNS}`,
        )
        .bind(maxParticipants, sessionId, now),
      db.prepare(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE id = ?`).bind(sessionId),
    ]);
    const updatedSession = updated?.results[0] as SeatSession | undefined;
    if (updatedSession) return { status: "updated", session: updatedSession };
    const session = sessions?.results[0] as SeatSession | undefined;
    if (!session) return { status: "not-found" };
    return { status: "below-current", session };
  }
}

/** The session columns a visitor saw, unchanged. */
function sameAsSnapshot(session: SeatSession, snapshot: NonNullable<BookSeatOptions["snapshot"]>): boolean {
  return (
    session.title === snapshot.title &&
    session.location === snapshot.location &&
    session.startTime === snapshot.startTime &&
    session.endTime === snapshot.endTime &&
    session.passType === snapshot.passType &&
    session.priceSek === snapshot.priceSek
  );
}

export type { BookingRecord, BookSeatInput, BookSeatOptions, BookSeatResult, SeatSession };
