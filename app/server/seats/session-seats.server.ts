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
 * could interleave their reads of the outcome.
 *
 * The object also keeps the session's waitlist: joining and leaving it, and
 * the queue step that runs after every change that can free a seat (a
 * cancellation, a release, a higher max, a hold that lapsed or was declined):
 * while a seat is free and someone waits, the first in line is offered it,
 * the seat is held for them (held_seats) and the offer mail queued in the
 * same batch. Free seats are max − current − held, so a held seat can be
 * booked only through its offer. An alarm at the earliest hold's end runs the
 * step again; for that the object remembers (in its storage) which session it
 * serves. The cron worker asks for the same step as a backup.
 */
import { DurableObject } from "cloudflare:workers";
import { waitlistOfferMail, waitlistOfferMailKey } from "~/domain/mail/waitlist";
import { holdExpiry } from "~/domain/waitlist";
import { randomToken, sha256Hex } from "../crypto.server";
import { columnsAs, schema, type SqlCondition } from "../db.server";
import { blankLinkStatement, outboxInsertStatements, toOutboxRow } from "../email/outbox.server";
import { getConfig, type Env } from "../env.server";
import { countHitStatement, rateLimitVerdict, withinBudget } from "../rate-limit.server";
import {
  FREE_SEATS_SQL,
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
  type LeaveWaitlistResult,
  type QueueStepResult,
  type WaitlistEntryRecord,
  type WaitlistJoinInput,
  type WaitlistJoinOptions,
  type WaitlistJoinResult,
} from "./seat-types.server";

const SESSION_COLUMNS = columnsAs(schema.sessions, SEAT_SESSION_KEYS);
const EDITED_SESSION_COLUMNS = columnsAs(schema.sessions, [...SEAT_SESSION_KEYS, "revision"]);
const BOOKING_COLUMNS = columnsAs(schema.bookings);
const ENTRY_COLUMNS = columnsAs(schema.waitlistEntries);


/** Recounts held_seats from the offers standing (so the count can never drift); ?1 is the session id. */
const RECOUNT_HELD_SQL = `UPDATE sessions SET held_seats =
  (SELECT count(*) FROM waitlist_entries WHERE session_id = ?1 AND status = 'offered') WHERE id = ?1`;

/** How many waiting entries one queue step reads at a time. */
const OFFER_CHUNK = 20;
const STORED_SESSION_ID = "sessionId";

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
        if (!done || !booking) return { status: "not-found" };
        const step = await this.queueStepSafely(sessionId);
        return { status: "cancelled", booking, session: done.session, offerMailIds: step?.mailIds ?? [] };
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
        if (!done) return { status: "not-found" };
        const step = done.cancelled.length > 0 ? await this.queueStepSafely(sessionId) : null;
        return { status: "released", releasedBookings: done.cancelled, session: done.session, offerMailIds: step?.mailIds ?? [] };
      })
    );
  }

  /** Changes max participants; refused below the current participant count. */
  async setMaxParticipants(sessionId: number, maxParticipants: number): Promise<SetMaxParticipantsResult | Misrouted> {
    return (
      this.misrouted(sessionId) ??
      this.serialize(async () => {
        const result = await this.setMaxNow(sessionId, maxParticipants);
        if (result.status === "updated") await this.queueStepSafely(sessionId);
        return result;
      })
    );
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
    return (
      this.misrouted(sessionId) ??
      this.serialize(async () => {
        const result = await this.updateNow(sessionId, update, extras);
        if (result.status === "updated") await this.queueStepSafely(sessionId);
        return result;
      })
    );
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
   * Puts someone in the session's queue, with their confirmation mail, in one
   * batch; only while the session is upcoming, not cancelled and has no free
   * seat. An address already in the queue (or booked) stores and mails nothing.
   */
  async join(
    sessionId: number,
    input: WaitlistJoinInput,
    options: WaitlistJoinOptions = {},
  ): Promise<WaitlistJoinResult | Misrouted> {
    return this.misrouted(sessionId) ?? this.serialize(() => this.joinNow(sessionId, input, options));
  }

  /**
   * Takes the entry with this leave token out of the queue; if it held an
   * offer, the seat passes to the next in line at once.
   */
  async leaveWaitlist(sessionId: number, leaveTokenHash: string): Promise<LeaveWaitlistResult | Misrouted> {
    return (
      this.misrouted(sessionId) ??
      this.serialize(() => this.leaveNow(sessionId, "leave_token_hash = ?2 AND status IN ('waiting', 'offered')", leaveTokenHash))
    );
  }

  /** Declines the offer with this token: the entry leaves the queue and the seat passes on. */
  async declineOffer(sessionId: number, offerTokenHash: string): Promise<LeaveWaitlistResult | Misrouted> {
    return (
      this.misrouted(sessionId) ??
      this.serialize(() => this.leaveNow(sessionId, "offer_token_hash = ?2 AND status = 'offered'", offerTokenHash))
    );
  }

  /** The queue step on its own (the cron worker's backup of the alarm). */
  async runQueue(sessionId: number): Promise<QueueStepResult | Misrouted> {
    return this.misrouted(sessionId) ?? this.serialize(() => this.queueStepNow(sessionId));
  }

  /** At the earliest hold's end: expire lapsed holds and offer their seats to the next in line. */
  override async alarm(): Promise<void> {
    const sessionId = this.sessionId ?? (await this.ctx.storage.get<number>(STORED_SESSION_ID)) ?? null;
    if (sessionId === null || this.misrouted(sessionId)) return;
    // A failure throws, so the runtime retries the alarm; the cron is the backup after that.
    await this.serialize(() => this.queueStepNow(sessionId));
  }

  /** The queue step after a change that freed a seat; a failure is logged (the alarm or cron repeats the step). */
  private async queueStepSafely(sessionId: number): Promise<QueueStepResult | null> {
    try {
      return await this.queueStepNow(sessionId);
    } catch (error) {
      console.error(`waitlist step for session ${sessionId} failed`, error);
      return null;
    }
  }

  /**
   * The queue step, in two D1 round trips (a read, then one batch):
   * a session that has started or was cancelled closes its queue; otherwise
   * lapsed holds expire, and while a seat is free the first waiting entries
   * are offered one each, held for them until holdExpiry, with the offer
   * mail queued only if that offer was written. Then the alarm is set at the
   * earliest hold's end.
   */
  private async queueStepNow(sessionId: number): Promise<QueueStepResult> {
    const db = this.env.DB;
    const now = new Date();
    const nowIso = now.toISOString();
    const result: QueueStepResult = { status: "ran", expired: 0, offered: 0, closed: 0, mailIds: [] };
    for (;;) {
      const [sessionRows, waitingRows, lapsedRows] = await db.batch([
        db.prepare(`SELECT ${SESSION_COLUMNS}, revision FROM sessions WHERE id = ?`).bind(sessionId),
        db
          .prepare(
            `SELECT ${ENTRY_COLUMNS} FROM waitlist_entries WHERE session_id = ? AND status = 'waiting'
             ORDER BY created_at, rowid LIMIT ${OFFER_CHUNK}`,
          )
          .bind(sessionId),
        db
          .prepare(
            `SELECT count(*) AS offered FROM waitlist_entries
             WHERE session_id = ? AND status = 'offered' AND hold_expires_at <= ?`,
          )
          .bind(sessionId, nowIso),
      ]);
      const session = sessionRows?.results[0] as (SeatSession & { revision: number }) | undefined;
      if (!session) return result;
      const waiting = (waitingRows?.results ?? []) as WaitlistEntryRecord[];
      const lapsedHolds = Number((lapsedRows?.results[0] as { offered: number } | undefined)?.offered ?? 0);

      if (session.cancelledAt !== null || Date.parse(session.startTime) <= now.getTime()) {
        const [closed] = await db.batch([
          db
            .prepare(
              `UPDATE waitlist_entries SET status = 'closed', updated_at = ?2
               WHERE session_id = ?1 AND status IN ('waiting', 'offered')`,
            )
            .bind(sessionId, nowIso),
          db.prepare(RECOUNT_HELD_SQL).bind(sessionId),
        ]);
        result.closed += closed?.meta.changes ?? 0;
        return result;
      }

      const heldAfterExpiry = session.heldSeats - lapsedHolds;
      const free =
        session.passType === "private"
          ? Number(session.currentParticipants + heldAfterExpiry === 0)
          : session.maxParticipants - session.currentParticipants - heldAfterExpiry;
      const toOffer = waiting.slice(0, Math.max(0, free));
      if (lapsedHolds === 0 && toOffer.length === 0) break;

      const config = getConfig(this.env);
      const site = { siteUrl: config.SITE_URL, adminEmail: config.ADMIN_EMAIL };
      const expiresAt = holdExpiry(now, session.startTime);
      const offers = await Promise.all(
        toOffer.map(async (entry) => {
          const token = randomToken();
          return { entry, token, tokenHash: await sha256Hex(token) };
        }),
      );
      const statements: D1PreparedStatement[] = [
        db
          .prepare(
            `UPDATE waitlist_entries SET status = 'expired', updated_at = ?2
             WHERE session_id = ?1 AND status = 'offered' AND hold_expires_at <= ?2`,
          )
          .bind(sessionId, nowIso),
        db.prepare(RECOUNT_HELD_SQL).bind(sessionId),
      ];
      for (const { entry, token, tokenHash } of offers) {
        const offered: SqlCondition = {
          sql: "EXISTS (SELECT 1 FROM waitlist_entries WHERE id = ? AND offer_token_hash = ? AND status = 'offered')",
          params: [entry.id, tokenHash],
        };
        const mail = waitlistOfferMail(site, session, entry, entry.id, token, expiresAt);
        statements.push(
          // Offered only while a seat is still free as the batch finds it.
          db
            .prepare(
              `UPDATE waitlist_entries SET status = 'offered', offered_at = ?2, hold_expires_at = ?3,
                 offer_token_hash = ?4, updated_at = ?2
               WHERE id = ?1 AND status = 'waiting'
                 AND EXISTS (SELECT 1 FROM sessions s WHERE s.id = ?5 AND s.cancelled_at IS NULL AND ${FREE_SEATS_SQL} > 0)`,
            )
            .bind(entry.id, nowIso, expiresAt, tokenHash, sessionId),
          db
            .prepare(`UPDATE sessions SET held_seats = held_seats + 1 WHERE id = ? AND ${offered.sql}`)
            .bind(sessionId, ...offered.params),
          ...outboxInsertStatements(db, toOutboxRow(mail, { from: config.EMAIL_FROM }, nowIso), { condition: offered }),
        );
      }
      const offeredIds = db
        .prepare(
          `SELECT o.id FROM email_outbox o JOIN waitlist_entries w ON o.idempotency_key = 'waitlist-offer:' || w.id
           WHERE w.session_id = ? AND w.status = 'offered' AND w.offered_at = ?`,
        )
        .bind(sessionId, nowIso);
      const results = await db.batch([...statements, offeredIds]);
      result.expired += results[0]?.meta.changes ?? 0;
      const mailIds = ((results.at(-1)?.results ?? []) as Array<{ id: string }>).map((r) => r.id);
      result.offered += mailIds.length;
      result.mailIds.push(...mailIds);
      // More seats than one chunk of the queue: read the next chunk.
      if (toOffer.length < OFFER_CHUNK || mailIds.length < toOffer.length) break;
    }
    await this.scheduleHoldAlarm(sessionId);
    return result;
  }

  /** The alarm at the earliest standing hold's end (the object remembers its session for it). */
  private async scheduleHoldAlarm(sessionId: number): Promise<void> {
    const next = await this.env.DB.prepare(
      "SELECT min(hold_expires_at) AS next FROM waitlist_entries WHERE session_id = ? AND status = 'offered'",
    )
      .bind(sessionId)
      .first<{ next: string | null }>();
    if (!next?.next) return;
    await this.ctx.storage.put(STORED_SESSION_ID, sessionId);
    await this.ctx.storage.setAlarm(Date.parse(next.next));
  }

  private async joinNow(sessionId: number, input: WaitlistJoinInput, options: WaitlistJoinOptions): Promise<WaitlistJoinResult> {
    const db = this.env.DB;
    const now = new Date().toISOString();
    const { attempt, mail } = options;
    const recipient = mail?.recipientSlot ?? null;
    const guards: SqlCondition[] = [];
    if (attempt) {
      guards.push({
        sql: "(SELECT hits FROM rate_limits WHERE key = ? AND window_start = ?) <= ?",
        params: [attempt.key, attempt.windowStart, attempt.limit],
      });
    }
    if (recipient) guards.push(withinBudget(recipient));
    const insert = db
      .prepare(
        `INSERT INTO waitlist_entries (id, session_id, name, email, dog_name, status, leave_token_hash, created_at, updated_at)
         SELECT ?1, s.id, ?3, ?4, ?5, 'waiting', ?6, ?7, ?7
         FROM sessions s
         WHERE s.id = ?2 AND s.cancelled_at IS NULL AND s.start_time > ?7 AND ${FREE_SEATS_SQL} <= 0
           AND NOT EXISTS (
             SELECT 1 FROM waitlist_entries w
             WHERE w.session_id = s.id AND lower(w.email) = lower(?4) AND w.status IN ('waiting', 'offered')
           )
           AND NOT EXISTS (
             SELECT 1 FROM bookings b
             WHERE b.session_id = s.id AND lower(b.user_email) = lower(?4) AND b.booking_status <> 'cancelled'
           )
           ${guards.map((g) => `AND ${g.sql}`).join("\n           ")}
         RETURNING ${ENTRY_COLUMNS}`,
      )
      .bind(input.id, sessionId, input.name, input.email, input.dogName, input.leaveTokenHash, now, ...guards.flatMap((g) => g.params));
    const entryWritten: SqlCondition = { sql: "EXISTS (SELECT 1 FROM waitlist_entries WHERE id = ?)", params: [input.id] };
    const queueMail = mail ? outboxInsertStatements(db, mail.row, { condition: entryWritten, recipientSlot: recipient }) : [];
    const outcome = db
      .prepare(
        `SELECT s.cancelled_at AS cancelledAt, s.start_time AS startTime, ${FREE_SEATS_SQL} AS free,
           EXISTS (
             SELECT 1 FROM waitlist_entries w
             WHERE w.session_id = s.id AND lower(w.email) = lower(?2) AND w.status IN ('waiting', 'offered') AND w.id <> ?3
           ) OR EXISTS (
             SELECT 1 FROM bookings b
             WHERE b.session_id = s.id AND lower(b.user_email) = lower(?2) AND b.booking_status <> 'cancelled'
           ) AS already,
           (SELECT hits FROM rate_limits WHERE key = ?4 AND window_start = ?5) AS attemptHits,
           (SELECT hits FROM rate_limits WHERE key = ?6 AND window_start = ?7) AS recipientHits
         FROM sessions s WHERE s.id = ?1`,
      )
      .bind(
        sessionId,
        input.email,
        input.id,
        attempt?.key ?? null,
        attempt?.windowStart ?? null,
        recipient?.key ?? null,
        recipient?.windowStart ?? null,
      );
    const statements = [...(attempt ? [countHitStatement(db, attempt)] : []), insert, ...queueMail, outcome];
    let results: D1Result[];
    try {
      results = await db.batch(statements);
    } catch (error) {
      // The partial unique index is the last line of defence: the address is in the queue.
      if (String(error).includes("UNIQUE constraint failed: waitlist_entries.session_id")) return { status: "already-queued" };
      console.error(`waitlist join for session ${sessionId} failed`, error);
      return { status: "error" };
    }
    const entry = results[statements.indexOf(insert)]?.results[0] as WaitlistEntryRecord | undefined;
    if (entry) return { status: "joined", entry, mailIds: mail ? [mail.row.id] : [] };
    const after = results.at(-1)?.results[0] as
      | { cancelledAt: string | null; startTime: string; free: number; already: number; attemptHits: number | null; recipientHits: number | null }
      | undefined;
    if (!after) return { status: "not-found" };
    if (after.cancelledAt !== null) return { status: "session-cancelled" };
    if (after.startTime <= now) return { status: "past" };
    if (after.free > 0) return { status: "seats-free" };
    if (after.already) return { status: "already-queued" };
    if (attempt && (after.attemptHits ?? 0) > attempt.limit) {
      return { status: "rate-limited", retryAfterSeconds: rateLimitVerdict(attempt, after.attemptHits ?? 0).retryAfterSeconds };
    }
    if (recipient && (after.recipientHits ?? 0) >= recipient.limit) {
      return { status: "rate-limited", retryAfterSeconds: rateLimitVerdict(recipient, after.recipientHits ?? 0).retryAfterSeconds };
    }
    return { status: "error" };
  }

  /** Leaves (or declines) the entry `where` finds (?1 the session, ?2 the token hash), then runs the queue step. */
  private async leaveNow(sessionId: number, where: string, tokenHash: string): Promise<LeaveWaitlistResult> {
    const db = this.env.DB;
    const now = new Date().toISOString();
    const [before] = await db.batch([
      db.prepare(`SELECT id, status FROM waitlist_entries WHERE session_id = ?1 AND ${where}`).bind(sessionId, tokenHash),
    ]);
    const found = before?.results[0] as { id: string; status: WaitlistEntryRecord["status"] } | undefined;
    if (!found) return { status: "not-found" };
    const [left] = await db.batch([
      db
        .prepare(`UPDATE waitlist_entries SET status = 'left', updated_at = ?3 WHERE id = ?4 AND session_id = ?1 AND ${where}`)
        .bind(sessionId, tokenHash, now, found.id),
      db.prepare(RECOUNT_HELD_SQL).bind(sessionId),
    ]);
    if ((left?.meta.changes ?? 0) === 0) return { status: "not-found" };
    const step = await this.queueStepNow(sessionId);
    return { status: "left", declined: found.status === "offered", step };
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
    const { attempt, snapshot, mails = [], hold } = options;
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
    if (hold) {
      // The seat held for this entry's standing offer, for this very address, before the offer lapses.
      guards.push({
        sql: `EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.id = ? AND w.session_id = s.id AND w.status = 'offered'
                AND w.offer_token_hash = ? AND w.hold_expires_at > ? AND lower(w.email) = lower(?))`,
        params: [hold.entryId, hold.tokenHash, now, input.userEmail],
      });
    }
    // A public booking needs a seat nobody booked or holds; a hold's booking takes its own held seat.
    const seatGuard = hold
      ? "s.current_participants < s.max_participants AND (s.pass_type = 'group' OR s.current_participants = 0)"
      : `${FREE_SEATS_SQL} > 0`;

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
           AND ${seatGuard}
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
    // A hold's booking moves its seat from held to booked.
    const count = db
      .prepare(
        `UPDATE sessions SET current_participants = current_participants + 1, held_seats = held_seats - ?4, updated_at = ?3
         WHERE id = ?1 AND EXISTS (SELECT 1 FROM bookings WHERE id = ?2)`,
      )
      .bind(sessionId, bookingId, now, hold ? 1 : 0);
    const bookingWritten: SqlCondition = { sql: "EXISTS (SELECT 1 FROM bookings WHERE id = ?)", params: [bookingId] };
    const holdTaken = hold
      ? [
          db
            .prepare(
              `UPDATE waitlist_entries SET status = 'booked', booking_id = ?2, updated_at = ?3
               WHERE id = ?1 AND status = 'offered' AND EXISTS (SELECT 1 FROM bookings WHERE id = ?2)`,
            )
            .bind(hold.entryId, bookingId, now),
          // The offer's link is used up: blank it in the stored mail.
          blankLinkStatement(db, waitlistOfferMailKey(hold.entryId), new Date(now), bookingWritten),
        ]
      : [];
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
           (SELECT hits FROM rate_limits WHERE key = ?7 AND window_start = ?8) AS recipientHits,
           EXISTS (
             SELECT 1 FROM waitlist_entries w WHERE w.id = ?9 AND w.session_id = sessions.id AND w.status = 'offered'
               AND w.offer_token_hash = ?10 AND w.hold_expires_at > ?11 AND lower(w.email) = lower(?3)
           ) AS holdValid
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
        hold?.entryId ?? null,
        hold?.tokenHash ?? null,
        now,
      );

    const statements = [
      ...(attempt ? [countHitStatement(db, attempt)] : []),
      insert,
      count,
      ...holdTaken,
      ...queueMails,
      outcome,
    ];
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
      | (SeatSession & {
          keyBookingId: string | null;
          duplicate: number;
          attemptHits: number | null;
          recipientHits: number | null;
          holdValid: number;
        })
      | undefined;
    if (!after) return { status: "not-found" };
    const { keyBookingId, duplicate, attemptHits, recipientHits, holdValid, ...session } = after;

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
    if (hold && !holdValid) return { status: "hold-invalid" };
    if (attempt && (attemptHits ?? 0) > attempt.limit) {
      return { status: "rate-limited", retryAfterSeconds: rateLimitVerdict(attempt, attemptHits ?? 0).retryAfterSeconds };
    }
    if (recipient && (recipientHits ?? 0) >= recipient.limit) {
      return { status: "rate-limited", retryAfterSeconds: rateLimitVerdict(recipient, recipientHits ?? 0).retryAfterSeconds };
    }
    // The key is spent (its booking was cancelled): with seats left, the visitor must send a fresh form.
    if (keyBookingId !== null && session.currentParticipants + session.heldSeats < session.maxParticipants) return { status: "error" };
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
      .prepare("UPDATE sessions SET cancelled_at = ?2, updated_at = ?2, held_seats = 0 WHERE id = ?1 AND cancelled_at IS NULL")
      .bind(sessionId, now);
    // A cancelled session's queue closes with it: its offers end and nobody waits any more.
    const closeQueue = db
      .prepare(
        `UPDATE waitlist_entries SET status = 'closed', updated_at = ?2
         WHERE session_id = ?1 AND status IN ('waiting', 'offered')
           AND EXISTS (SELECT 1 FROM sessions WHERE id = ?1 AND cancelled_at IS NOT NULL)`,
      )
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
      ? [cancel, markSession, ...auditRow, closeQueue, recount, ...queueMails]
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
           WHERE id = ?1 AND revision = ?2 AND cancelled_at IS NULL AND current_participants + held_seats <= ?8
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
    if (session.revision === expectedRevision && session.currentParticipants + session.heldSeats > fields.maxParticipants) {
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
           WHERE id = ?2 AND current_participants + held_seats <= ?1 RETURNING ${SESSION_COLUMNS}`,
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
