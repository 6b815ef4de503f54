/**
 * The way in to a session's seats: the SessionSeats Durable Object named by
 * the session id. Use these instead of writing current_participants or
 * bookings directly, so every seat change of a session is serialized.
 *
 *   const result = await seatsFor(env, sessionId).book(input);
 */
import type { Env } from "../env.server";
import type { SessionSeats } from "./session-seats.server";
import type {
  BookSeatInput,
  BookSeatOptions,
  BookSeatResult,
  CancelBookingResult,
  CancelSessionResult,
  Misrouted,
  ReleaseResult,
  SessionUpdate,
  SetMaxParticipantsResult,
  StaffChangeExtras,
  UpdateSessionResult,
} from "./seat-types.server";

export type * from "./seat-types.server";

export function seatsStub(env: Pick<Env, "SESSION_SEATS">, sessionId: number) {
  // The binding is declared untyped in env.server.ts so that file imports no Durable Object.
  const namespace = env.SESSION_SEATS as unknown as DurableObjectNamespace<SessionSeats>;
  return namespace.get(namespace.idFromName(String(sessionId)));
}

/** `seatsFor` names the object by the id it passes, so a misrouted answer is a broken invariant. */
function served<T extends { status: string }>(result: T): Exclude<T, Misrouted> {
  if (result.status === "misrouted") throw new Error((result as unknown as Misrouted).message);
  return result as Exclude<T, Misrouted>;
}

export function seatsFor(env: Pick<Env, "SESSION_SEATS">, sessionId: number) {
  const stub = () => seatsStub(env, sessionId);
  return {
    /**
     * Never throws: a failed call (object overloaded, reset, network) is
     * { status: "error" }. If the booking was in fact written, a retry with
     * the same idempotency key returns it.
     */
    async book(input: BookSeatInput, options: BookSeatOptions = {}): Promise<BookSeatResult> {
      try {
        return served(await stub().book(sessionId, input, options));
      } catch (error) {
        console.error(`seats: book on session ${sessionId} failed`, error);
        return { status: "error" };
      }
    },
    async cancelBooking(bookingId: string, extras?: StaffChangeExtras): Promise<CancelBookingResult> {
      return served(await stub().cancelBooking(sessionId, bookingId, extras));
    },
    /** Cancels the named active bookings (those the caller showed, and composed mails for). */
    async release(bookingIds: readonly string[], extras?: StaffChangeExtras): Promise<ReleaseResult> {
      return served(await stub().release(sessionId, bookingIds, extras));
    },
    async setMaxParticipants(maxParticipants: number): Promise<SetMaxParticipantsResult> {
      return served(await stub().setMaxParticipants(sessionId, maxParticipants));
    },
    /** A staff edit, checked against the session as the caller read it (see SessionSeats.updateSession). */
    async updateSession(update: SessionUpdate, extras?: StaffChangeExtras): Promise<UpdateSessionResult> {
      return served(await stub().updateSession(sessionId, update, extras));
    },
    /** Marks the session cancelled and cancels the named active bookings (those the caller composed mails for). */
    async cancelSession(bookingIds: readonly string[], extras?: StaffChangeExtras): Promise<CancelSessionResult> {
      return served(await stub().cancelSession(sessionId, bookingIds, extras));
    },
  };
}
