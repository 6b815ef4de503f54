/**
 * The way in to a session's seats: the SessionSeats Durable Object named by
 * the session id. Use these instead of writing current_participants or
 * bookings directly, so every seat change of a session is serialized.
 *
 *   const result = await seatsFor(context, sessionId).book(input);
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ReleaseHoldInput, ReleaseHoldResult, SettlePaymentInput, SettlePaymentResult } from "../payments/payment-seats.server";
import type { SessionSeats } from "./session-seats.server";
import type {
  BookSeatInput,
  BookSeatOptions,
  BookSeatResult,
  CancelBookingResult,
  CancelSessionResult,
  LeaveWaitlistResult,
  Misrouted,
  QueueStepResult,
  ReleaseResult,
  SessionUpdate,
  SetMaxParticipantsResult,
  StaffChangeExtras,
  UpdateSessionResult,
  WaitlistJoinInput,
  WaitlistJoinOptions,
  WaitlistJoinResult,
} from "./seat-types.server";

export type * from "./seat-types.server";
export { FREE_SEATS_SQL } from "./seat-types.server";

export function seatsStub(context: Pick<AppLoadContext, "cloudflare">, sessionId: number) {
  // The binding is declared untyped in env.server.ts so that file imports no Durable Object.
  const namespace = context.cloudflare.env.SESSION_SEATS as unknown as DurableObjectNamespace<SessionSeats>;
  return namespace.get(namespace.idFromName(String(sessionId)));
}

/** `seatsFor` names the object by the id it passes, so a misrouted answer is a broken invariant. */
function served<T extends { status: string }>(result: T): Exclude<T, Misrouted> {
  if (result.status === "misrouted") throw new Error((result as unknown as Misrouted).message);
  return result as Exclude<T, Misrouted>;
}

export function seatsFor(context: Pick<AppLoadContext, "cloudflare">, sessionId: number) {
  const stub = () => seatsStub(context, sessionId);
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
    /** Puts someone in the session's queue (only while it has no free seat), with their confirmation mail. */
    async joinWaitlist(input: WaitlistJoinInput, options?: WaitlistJoinOptions): Promise<WaitlistJoinResult> {
      return served(await stub().join(sessionId, input, options));
    },
    /** Leaves the queue by the leave link's token hash; a standing offer passes on. */
    async leaveWaitlist(leaveTokenHash: string): Promise<LeaveWaitlistResult> {
      return served(await stub().leaveWaitlist(sessionId, leaveTokenHash));
    },
    /** Declines the offer with this token hash: the seat passes to the next in line. */
    async declineOffer(offerTokenHash: string): Promise<LeaveWaitlistResult> {
      return served(await stub().declineOffer(sessionId, offerTokenHash));
    },
    /** Stripe says the booking's payment is paid (see SessionSeats.settlePayment). */
    async settlePayment(input: Omit<SettlePaymentInput, "sessionId">): Promise<SettlePaymentResult> {
      return served(await stub().settlePayment(sessionId, { ...input, sessionId }));
    },
    /** A payment hold ends unpaid: released (with the queue's offers of the freed seat) only while its payment is open. */
    async releasePayment(input: Omit<ReleaseHoldInput, "sessionId">): Promise<ReleaseHoldResult & { offerMailIds: string[] }> {
      return served(await stub().releasePayment(sessionId, { ...input, sessionId }));
    },
    /** Releases lapsed payment holds, expires lapsed waitlist holds, offers free seats to the queue, or closes the queue of a started session. */
    async runQueue(): Promise<QueueStepResult> {
      return served(await stub().runQueue(sessionId));
    },
  };
}
