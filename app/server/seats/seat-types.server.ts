/**
 * What goes in and out of the SessionSeats Durable Object: plain, structured-
 * clonable values (RPC), with results as discriminated unions on `status`.
 */
import type { BookingDetails } from "~/domain/booking-emails";
import type { RateLimitSlot } from "../rate-limit.server";

export interface BookSeatInput {
  userName: string;
  userEmail: string;
  userPhone: string;
  dogName: string;
  dogBreed?: string | null;
  dogAge?: string | null;
  specialNotes?: string | null;
  homeAddress?: string | null;
  meetingType?: string | null;
  variant?: "privat" | "proffs" | null;
  /** The price of the chosen variant; null/absent takes the session's price_sek. */
  priceSek?: number | null;
  /** From the form; a repeat returns the booking it made the first time. */
  idempotencyKey: string;
}

/** What the caller knows and wants checked inside the booking's own transaction. */
export interface BookSeatOptions {
  /** The title the form was validated against (it picks the form's rules); another title in D1 answers "changed". */
  expectedTitle?: string;
  /** Count the attempt on this rate-limit slot in the same batch; over its limit nothing is booked. */
  attempt?: RateLimitSlot;
}

/** A session as the seat code sees it (counts after the change). */
export interface SeatSession {
  id: number;
  title: string;
  location: string;
  startTime: string;
  endTime: string;
  passType: "group" | "private";
  priceSek: number;
  currentParticipants: number;
  maxParticipants: number;
}

/** A booking row as the seat code returns it: the mail-facing details plus status and snapshot. */
export interface BookingRecord extends BookingDetails {
  sessionId: number | null;
  bookingStatus: "confirmed" | "pending" | "cancelled";
  idempotencyKey: string;
  sessionTitle: string;
  sessionLocation: string;
  sessionStartTime: string;
  sessionEndTime: string;
}

export type BookSeatResult =
  /** `replayed`: the idempotency key was seen before; this is that first booking. */
  | {
      status: "booked";
      booking: BookingRecord;
      session: SeatSession;
      replayed: boolean;
      /**
       * The outbox rows of the confirmations, queued in the booking's own
       * batch; empty for a replay (queued the first time).
       */
      mailIds: string[];
    }
  | { status: "full" }
  /** Over the attempt limit, or the customer's mail budget is spent: nothing booked. */
  | { status: "rate-limited"; retryAfterSeconds: number }
  /** The session's title is not the one the form was validated against. */
  | { status: "changed"; title: string }
  | { status: "duplicate" }
  | { status: "not-found" }
  /** The session has started (or ended). */
  | { status: "past" }
  | { status: "error" };

export type CancelBookingResult =
  | { status: "cancelled"; booking: BookingRecord; session: SeatSession }
  | { status: "not-found" };

export type ReleaseResult =
  | { status: "released"; releasedBookings: BookingRecord[]; deletedCount: number; session: SeatSession }
  | { status: "not-found" };

export type SetMaxParticipantsResult =
  | { status: "updated"; session: SeatSession }
  /** Fewer seats than participants already booked: nothing changed. */
  | { status: "below-current"; session: SeatSession }
  | { status: "invalid" }
  | { status: "not-found" };

export type CancelSessionResult =
  | { status: "cancelled"; cancelledBookings: BookingRecord[]; session: SeatSession }
  | { status: "not-found" };

/** Raw D1 rows (snake_case, as the SQL returns them). */
export interface SessionRow {
  id: number;
  title: string;
  location: string;
  start_time: string;
  end_time: string;
  pass_type: "group" | "private";
  price_sek: number;
  current_participants: number;
  max_participants: number;
}

export interface BookingRow {
  id: string;
  session_id: number | null;
  user_name: string;
  user_email: string;
  user_phone: string;
  dog_name: string;
  dog_breed: string | null;
  dog_age: string | null;
  special_notes: string | null;
  home_address: string | null;
  meeting_type: string | null;
  variant: "privat" | "proffs" | null;
  price_sek: number;
  booking_status: "confirmed" | "pending" | "cancelled";
  idempotency_key: string;
  session_title: string;
  session_location: string;
  session_start_time: string;
  session_end_time: string;
  created_at: string;
}

export function toSeatSession(row: SessionRow): SeatSession {
  return {
    id: row.id,
    title: row.title,
    location: row.location,
    startTime: row.start_time,
    endTime: row.end_time,
    passType: row.pass_type,
    priceSek: row.price_sek,
    currentParticipants: row.current_participants,
    maxParticipants: row.max_participants,
  };
}

export function toBookingRecord(row: BookingRow): BookingRecord {
  return {
    id: row.id,
    sessionId: row.session_id,
    userName: row.user_name,
    userEmail: row.user_email,
    userPhone: row.user_phone,
    dogName: row.dog_name,
    dogBreed: row.dog_breed,
    dogAge: row.dog_age,
    specialNotes: row.special_notes,
    homeAddress: row.home_address,
    meetingType: row.meeting_type,
    variant: row.variant,
    priceSek: row.price_sek,
    bookingStatus: row.booking_status,
    idempotencyKey: row.idempotency_key,
    sessionTitle: row.session_title,
    sessionLocation: row.session_location,
    sessionStartTime: row.session_start_time,
    sessionEndTime: row.session_end_time,
    createdAt: row.created_at,
  };
}
