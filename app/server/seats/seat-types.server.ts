/**
 * What goes in and out of the SessionSeats Durable Object: plain, structured-
 * clonable values (RPC), with results as discriminated unions on `status`.
 * Rows are the drizzle schema's own types.
 */
import { sql, type SQL } from "drizzle-orm";
import type { BookingCardSpend } from "~/domain/cards/card-use";
import type { SessionSnapshot } from "~/domain/session-snapshot";
import type { Actor, AuditEntry } from "../audit/audit-log.server";
import { columnsAs, schema } from "../db/client.server";
import type { BookingRow, SessionRow, WaitlistEntryRow } from "../db/schema.server";
import type { OutboxRowToQueue } from "../email/outbox.server";
import type { CancelPayments } from "../payments/staff-cancel.server";
import type { RateLimitSlot } from "../platform/rate-limit.server";

/** The session columns seat changes read and return. */
export const SEAT_SESSION_KEYS = [
  "id",
  "title",
  "location",
  "startTime",
  "endTime",
  "passType",
  "priceSek",
  "currentParticipants",
  "maxParticipants",
  "heldSeats",
  "cancelledAt",
] as const satisfies ReadonlyArray<keyof SessionRow>;

/** Those columns as a SELECT or RETURNING list of the sessions table. */
export const SEAT_SESSION_COLUMNS = columnsAs(schema.sessions, SEAT_SESSION_KEYS);

/**
 * The seats anyone may still book on session `s` (a SQL expression): max −
 * booked − held; a private session belongs to one customer, so it has one
 * free seat while nobody has booked or holds it, and none after.
 */
/**
 * The session's booked seats counted afresh from its active bookings, for
 * the batch of a change that cancels or retakes one (so the count can never
 * drift); `returning` names columns to read back from the updated row.
 */
export function recountSeatsStatement(sessionId: number, now: string, returning?: SQL): SQL {
  return sql`UPDATE sessions SET updated_at = ${now}, current_participants =
       (SELECT count(*) FROM bookings WHERE session_id = ${sessionId} AND booking_status <> 'cancelled')
     WHERE id = ${sessionId}${returning ? sql` RETURNING ${returning}` : sql``}`;
}

export const FREE_SEATS_SQL = `(CASE WHEN s.pass_type = 'private'
  THEN (s.current_participants + s.held_seats = 0)
  ELSE s.max_participants - s.current_participants - s.held_seats END)`;

/** A session as the seat code sees it (counts after the change). */
export type SeatSession = Pick<SessionRow, (typeof SEAT_SESSION_KEYS)[number]>;

/** A booking row as stored. */
export type BookingRecord = BookingRow;

/** What a visitor books: the booking's own columns (the session's come from the session row). */
export type BookSeatInput = Pick<
  BookingRecord,
  | "userName"
  | "userEmail"
  | "userPhone"
  | "dogName"
  | "dogBreed"
  | "dogAge"
  | "specialNotes"
  | "homeAddress"
  | "meetingType"
  | "variant"
  | "idempotencyKey"
> & {
  /** The booking's id; its mails carry it, so the caller that composed them chooses it. */
  id?: string;
  /** The price of the chosen variant; null takes the session's price_sek. */
  priceSek: number | null;
};

/** A mail for the booking's own batch: queued only if the booking is written. */
export interface BookingMail {
  row: OutboxRowToQueue;
  recipientSlot: RateLimitSlot | null;
  /**
   * A placeholder in the text to fill with the session's participants as the
   * batch leaves them ("3 av 8"). Plain data: this crosses the RPC boundary to
   * the seat object, which builds the statement.
   */
  participantsPlaceholder?: string;
  /** A placeholder in the text (and HTML) to fill with what is left on the booking's klippkort as the batch leaves it. */
  cardLeftPlaceholder?: string;
}

/** What the caller knows and wants checked inside the booking's own transaction. */
export interface BookSeatOptions {
  /** The session as the visitor saw it; if it differs now, nothing is booked ("changed"). */
  snapshot?: SessionSnapshot;
  /** Count the attempt on this rate-limit slot in the same batch; over its limit nothing is booked. */
  attempt?: RateLimitSlot;
  /**
   * The booking's confirmations, composed by the caller with `input.id`: in
   * the booking's transaction, or no booking. The recipient budget of a mail
   * to the booking's own address also guards the booking.
   */
  mails?: BookingMail[];
  /**
   * Book the seat held for this waitlist entry (its offer's token hash): the
   * entry must hold an offer on this session that has not lapsed, for the
   * booking's own e-mail. The seat moves from held to booked in the same batch.
   */
  hold?: { entryId: string; tokenHash: string };
  /**
   * Hold the seat while the booker pays (PAYMENTS=stripe): the booking is
   * written 'pending' with its payment row ('open', the amount the booking's
   * price makes, in öre) in the same batch, and counts as taken like a
   * confirmed one. No mails are queued; the payment's webhook confirms.
   * `holdUntil`: when the Checkout Session ends (checkout_expires_at).
   */
  payment?: { id: string; holdUntil: string };
  /**
   * The card that pays (all or part of) the booking: spent in the same batch,
   * and the booking written only if it is (booking/book-seat.server.ts). With
   * `payment`, the payment row is for the rest.
   */
  card?: BookingCardSpend;
}

export type BookSeatResult =
  /** `replayed`: the idempotency key was seen before; this is that first booking. */
  | {
      status: "booked";
      booking: BookingRecord;
      session: SeatSession;
      replayed: boolean;
      /** The outbox rows of the confirmations queued with it; empty for a replay (queued the first time). */
      mailIds: string[];
    }
  | { status: "full" }
  /** A booking through a hold whose offer has lapsed, was used or declined, or is for another address. */
  | { status: "hold-invalid" }
  /** Over the attempt limit, or the customer's mail budget is spent: nothing booked. */
  | { status: "rate-limited"; retryAfterSeconds: number }
  /** The session is not what the visitor saw (a snapshot was given); `title` is its title now. */
  | { status: "changed"; title: string }
  | { status: "duplicate" }
  | { status: "not-found" }
  /** The session has started (or ended). */
  | { status: "past" }
  /** Staff cancelled the session. */
  | { status: "session-cancelled" }
  /**
   * The card could not be spent any more (used up, ended, or its balance changed since it was read): nothing booked.
   * A klippkort taken at once: anything but a spend (its code is read and decided after).
   */
  | { status: "card"; problem: "voided" | "expired" | "used" | "changed" }
  | { status: "error" };

/**
 * The object was asked about another session than the one it serves (or an
 * invalid id): nothing was written. `seatsFor` cannot cause this.
 */
export type Misrouted = { status: "misrouted"; message: string };

/** The audit row a staff change writes in its own batch (written only if the change changed something). */
export interface StaffAudit {
  actor: Actor;
  /** Plain values only (no SQL): this crosses the RPC boundary to the seat object. */
  entry: Omit<AuditEntry, "targetId"> & { targetId: string | number | null };
}

/**
 * What a staff change hands the object for its batch: the customers' mails
 * (each queued only if its booking was cancelled by the change; a mail's
 * idempotency key keeps a repeated change from mailing twice) and its audit
 * row.
 */
export interface StaffChangeExtras {
  /**
   * `refunded`, when given: queue this mail only if the change queued a
   * refund of the booking's payment (true) or did not (false). A booking that
   * awaited payment gets one mail of each kind, so the one that goes out
   * tells what the batch did, even if the payment arrived meanwhile.
   */
  mails?: Array<{
    bookingId: string;
    row: OutboxRowToQueue;
    refunded?: boolean;
    /** The klippkort whose count, as the batch leaves it, fills the mail's CARD_LEFT_PLACEHOLDER. */
    cardLeftOf?: number;
  }>;
  audit?: StaffAudit;
  /** With payments on: the cancelled bookings' payments are refunded or called off in the same batch. */
  payments?: CancelPayments;
}

export type CancelBookingResult =
  /** `offerMailIds`: the waitlist offers of the freed seat, queued right after (for prompt delivery). */
  | { status: "cancelled"; booking: BookingRecord; session: SeatSession; offerMailIds: string[] }
  /** No such active booking on this session (also: cancelled already). */
  | { status: "not-found" };

export type ReleaseResult =
  /** `releasedBookings`: the bookings this release cancelled. */
  | { status: "released"; releasedBookings: BookingRecord[]; session: SeatSession; offerMailIds: string[] }
  | { status: "not-found" };

export type SetMaxParticipantsResult =
  | { status: "updated"; session: SeatSession }
  /** Fewer seats than participants already booked: nothing changed. */
  | { status: "below-current"; session: SeatSession }
  | { status: "invalid" }
  | { status: "not-found" };

export type CancelSessionResult =
  /** `cancelledBookings`: the bookings this call cancelled (none when the session was cancelled already). */
  | { status: "cancelled"; cancelledBookings: BookingRecord[]; session: SeatSession }
  | { status: "not-found" };

/** Every column staff can edit, as the session will be after the change (UTC ISO times). */
export type SessionEdit = Pick<
  SessionRow,
  "title" | "description" | "location" | "startTime" | "endTime" | "maxParticipants" | "priceSek" | "passType" | "imageUrl"
>;

/** A staff edit of a session, checked in the object's batch against the session as the caller read it. */
export interface SessionUpdate {
  fields: SessionEdit;
  /** The revision the caller read; any other means someone changed the session since: nothing is written. */
  expectedRevision: number;
  /**
   * The time or place changes: the revision goes up by one and the caller's
   * mails (composed for `mailedBookingIds` with the new revision) go out.
   * An active booking the caller did not compose a mail for (one booked
   * since it read) makes the change stale instead, so nobody is left with
   * the old time.
   */
  moved: boolean;
  mailedBookingIds: readonly string[];
}

/** The session as an edit leaves it, with its revision. */
export type EditedSession = SeatSession & Pick<SessionRow, "revision">;

export type UpdateSessionResult =
  | { status: "updated"; session: EditedSession }
  /** Max participants below the seats already booked: nothing changed. */
  | { status: "below-current"; session: EditedSession }
  /** Changed (or booked) since the caller read it: read again and retry. */
  | { status: "stale" }
  | { status: "session-cancelled" }
  | { status: "not-found" };

/** A waitlist entry as stored. */
export type WaitlistEntryRecord = WaitlistEntryRow;

/** Who joins a session's queue; the caller made the leave token (and mailed it). */
export type WaitlistJoinInput = Pick<WaitlistEntryRow, "id" | "name" | "email" | "dogName" | "leaveTokenHash">;

export interface WaitlistJoinOptions {
  /** Count the attempt on this slot in the join's batch; over its limit nothing is stored. */
  attempt?: RateLimitSlot;
  /** The join confirmation (with the leave link): queued only if the entry is written, within the recipient's budget. */
  mail?: { row: OutboxRowToQueue; recipientSlot: RateLimitSlot | null };
}

export type WaitlistJoinResult =
  | { status: "joined"; entry: WaitlistEntryRecord; mailIds: string[] }
  /** This address is in the queue already (or has booked the session): nothing new stored, nothing mailed. */
  | { status: "already-queued" }
  /** A seat is free: book it directly instead. */
  | { status: "seats-free" }
  | { status: "rate-limited"; retryAfterSeconds: number }
  | { status: "past" }
  | { status: "session-cancelled" }
  | { status: "not-found" }
  | { status: "error" };

/** What the queue step did: lapsed holds expired, seats offered (with their mails), entries closed. */
export interface QueueStepResult {
  status: "ran";
  expired: number;
  offered: number;
  closed: number;
  /** The outbox rows of the offer mails queued. */
  mailIds: string[];
}

export type LeaveWaitlistResult =
  /** `declined`: the entry held an offer, whose seat passed on. */
  | { status: "left"; declined: boolean; step: QueueStepResult }
  /** No waiting or offered entry with this token on this session. */
  | { status: "not-found" };
