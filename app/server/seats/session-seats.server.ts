/**
 * One Durable Object per session (named by the session id): the lock every
 * change to the session's seats goes through, one at a time. It holds no
 * SQL and composes no mail: each method hands its change, with the
 * object's load context, to one plain module, whose D1 batch (one
 * transaction) carries the change's guards:
 *   booking/book-seat.server.ts      book (and the replay of a repeat)
 *   admin/seat-changes.server.ts     staff cancel / release / cancel session / edit / max
 *   waitlist/seat-queue.server.ts    join / leave / decline, and the queue step
 *   payments/payment-seats.server.ts a paid booking's hold: paid, released, lapsed
 *
 * The queue matters because D1 is outside the object: while one batch is in
 * flight the runtime would deliver the next call, so without it two changes
 * could interleave their reads of the outcome.
 *
 * After every change that can free a seat the queue step runs (offering the
 * seat to the first in line), and the object's alarm is set at the earliest
 * hold's end to run it again; for that the object remembers (in its
 * storage) which session it serves. The cron worker asks for the same step
 * as a backup. With payments on, the one alarm is at the earliest of a
 * waitlist hold's end and a payment hold's (its Checkout Session's end and a
 * grace); a lapsed payment hold is released only after Stripe has been asked
 * to end its Checkout Session (payments/hold-expiry.server.ts, outside the
 * turn), so it can never be paid after.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { DurableObject } from "cloudflare:workers";
import { cancelBookings, setMaxParticipants, updateSession } from "../admin/seat-changes.server";
import { bookSeat } from "../booking/book-seat.server";
import { getObjectLoadContext } from "../platform/context.server";
import type { Env } from "../platform/env.server";
import { HOLD_GRACE_MS, nextPaymentHoldEnd, releasePaymentHold, settlePayment, type ReleaseHoldInput, type SettlePaymentInput } from "../payments/payment-seats.server";
import { endLapsedHolds } from "../payments/hold-expiry.server";
import { stripeSettings } from "../payments/stripe.server";
import { joinQueue, removeFromQueue, runQueueStep, type LeaveQueueInput } from "../waitlist/seat-queue.server";
import type * as Seats from "./seat-types.server";

const STORED_SESSION_ID = "sessionId";
type LeaveBy = LeaveQueueInput["by"];

export class SessionSeats extends DurableObject<Env> {
  private tail: Promise<unknown> = Promise.resolve();
  /** The session this object serves; set by the first call, checked by every later one. */
  private sessionId: number | null = null;

  /** What this object's plans take first (app/server/db/README.md); built on first use (it validates the config). */
  private loadContext?: AppLoadContext;
  protected get context(): AppLoadContext {
    return (this.loadContext ??= getObjectLoadContext(this.env, this.ctx));
  }

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
  private misrouted(sessionId: number): Seats.Misrouted | null {
    if (!Number.isSafeInteger(sessionId) || sessionId < 1) {
      return { status: "misrouted", message: `SessionSeats: invalid session id ${String(sessionId)}` };
    }
    if (this.sessionId === null) this.sessionId = sessionId;
    else if (this.sessionId !== sessionId) {
      return { status: "misrouted", message: `SessionSeats for session ${this.sessionId} got a call for session ${sessionId}` };
    }
    return null;
  }

  /** Runs `task` in this session's turn, unless the call is misrouted. */
  private locked<T>(sessionId: number, task: (context: AppLoadContext, now: Date) => Promise<T>): Promise<T | Seats.Misrouted> {
    return Promise.resolve(this.misrouted(sessionId) ?? this.serialize(() => task(this.context, new Date())));
  }

  /**
   * Books one seat with the mails it is handed, or says why not; the same
   * idempotency key again: the first booking. With `options.payment` the
   * seat is held while the booker pays, and the alarm set for the hold's end.
   */
  async book(sessionId: number, input: Seats.BookSeatInput, options: Seats.BookSeatOptions = {}) {
    return this.locked(sessionId, async (context, now) => {
      const result = await bookSeat(context, { sessionId, booking: input, options }, now);
      if (options.payment && result.status === "booked" && !result.replayed) {
        // The hold is written: a failure here must not read as a failed booking (the cron releases the hold all the same).
        await this.alarmBy(sessionId, Date.parse(options.payment.holdUntil) + HOLD_GRACE_MS).catch((error: unknown) =>
          console.error(`seats: alarm for session ${sessionId} not set`, error),
        );
      }
      return result;
    });
  }

  /** Stripe says a booking's payment is paid: confirm it (retaking its seat if the hold was released and one is free), or refund it. */
  async settlePayment(sessionId: number, input: SettlePaymentInput) {
    return this.locked(sessionId, (context, now) => settlePayment(context, input, now));
  }

  /** A payment hold ends unpaid: the booking is cancelled and its seat goes to the queue or back on sale. */
  async releasePayment(sessionId: number, input: ReleaseHoldInput) {
    return this.locked(sessionId, async (context, now) => {
      const result = await releasePaymentHold(context, input, now);
      return result.status === "released" ? { ...result, offerMailIds: await this.offerFreedSeats(sessionId, now) } : { ...result, offerMailIds: [] };
    });
  }

  /** Cancels one active booking (the row is kept); its seat goes to the queue or back on sale. */
  async cancelBooking(sessionId: number, bookingId: string, extras: Seats.StaffChangeExtras = {}) {
    return this.locked(sessionId, async (context, now): Promise<Seats.CancelBookingResult> => {
      const done = await cancelBookings(context, { sessionId, bookingIds: [bookingId], wholeSession: false, extras }, now);
      const booking = done?.cancelled[0];
      if (!done || !booking) return { status: "not-found" };
      return { status: "cancelled", booking, session: done.session, offerMailIds: await this.offerFreedSeats(sessionId, now) };
    });
  }

  /** Release for sale: cancels the active bookings the caller showed (a booking made since is not touched). */
  async release(sessionId: number, bookingIds: readonly string[], extras: Seats.StaffChangeExtras = {}) {
    return this.locked(sessionId, async (context, now): Promise<Seats.ReleaseResult> => {
      const done = await cancelBookings(context, { sessionId, bookingIds, wholeSession: false, extras }, now);
      if (!done) return { status: "not-found" };
      const offerMailIds = done.cancelled.length > 0 ? await this.offerFreedSeats(sessionId, now) : [];
      return { status: "released", releasedBookings: done.cancelled, session: done.session, offerMailIds };
    });
  }

  /** Changes max participants; refused below the booked and held seats. */
  async setMaxParticipants(sessionId: number, maxParticipants: number) {
    return this.updated(sessionId, (context, now) => setMaxParticipants(context, { sessionId, maxParticipants }, now));
  }

  /** A staff edit of the session, checked against the session as the caller read it. */
  async updateSession(sessionId: number, update: Seats.SessionUpdate, extras: Seats.StaffChangeExtras = {}) {
    return this.updated(sessionId, (context, now) => updateSession(context, { sessionId, update, extras }, now));
  }

  /** A change of the session in its turn; once it is updated, a seat it freed is offered to the queue. */
  private updated<T extends { status: string }>(sessionId: number, change: (context: AppLoadContext, now: Date) => Promise<T>) {
    return this.locked(sessionId, async (context, now) => {
      const result = await change(context, now);
      if (result.status === "updated") await this.offerFreedSeats(sessionId, now);
      return result;
    });
  }

  /**
   * Cancels the session and the active bookings the caller composed mails
   * for. A booking made after the caller looked stays active and counted:
   * the answer's `session.currentParticipants` says so, and the caller
   * cancels it too.
   */
  async cancelSession(sessionId: number, bookingIds: readonly string[], extras: Seats.StaffChangeExtras = {}) {
    return this.locked(sessionId, async (context, now): Promise<Seats.CancelSessionResult> => {
      const done = await cancelBookings(context, { sessionId, bookingIds, wholeSession: true, extras }, now);
      return done ? { status: "cancelled", cancelledBookings: done.cancelled, session: done.session } : { status: "not-found" };
    });
  }

  /** Puts someone in the session's queue (only while it has no free seat), with their confirmation mail. */
  async join(sessionId: number, input: Seats.WaitlistJoinInput, options: Seats.WaitlistJoinOptions = {}) {
    return this.locked(sessionId, (context, now) => joinQueue(context, { sessionId, entry: input, options }, now));
  }

  /** Takes the entry with this leave token out of the queue; a standing offer passes to the next in line at once. */
  async leaveWaitlist(sessionId: number, leaveTokenHash: string) {
    return this.locked(sessionId, (context, now) => this.leave(context, sessionId, leaveTokenHash, "leave-link", now));
  }

  /** Declines the offer with this token: the entry leaves the queue and the seat passes on. */
  async declineOffer(sessionId: number, offerTokenHash: string) {
    return this.locked(sessionId, (context, now) => this.leave(context, sessionId, offerTokenHash, "decline-offer", now));
  }

  /** The queue step on its own, after releasing lapsed payment holds (the cron worker's backup of the alarm). */
  async runQueue(sessionId: number) {
    return this.misrouted(sessionId) ?? this.sweep(sessionId);
  }

  /** At the earliest hold's end: release lapsed payment holds, expire lapsed waitlist holds and offer their seats to the next in line. */
  override async alarm(): Promise<void> {
    const sessionId = this.sessionId ?? (await this.ctx.storage.get<number>(STORED_SESSION_ID)) ?? null;
    if (sessionId === null || this.misrouted(sessionId)) return;
    // A failure throws, so the runtime retries the alarm; the cron is the backup after that.
    await this.sweep(sessionId);
  }

  /**
   * Stripe is asked to end the lapsed payment holds' Checkout Sessions
   * first, outside the turn; those it ended are released in the turn (each
   * only while its payment is still open), then the queue step runs.
   */
  private async sweep(sessionId: number): Promise<Seats.QueueStepResult> {
    const ended = await endLapsedHolds(this.context, sessionId, new Date());
    return this.serialize(async () => {
      const now = new Date();
      for (const bookingId of ended) {
        await releasePaymentHold(this.context, { sessionId, bookingId }, now);
      }
      return this.queueStep(sessionId, now);
    });
  }

  private async leave(context: AppLoadContext, sessionId: number, tokenHash: string, by: LeaveBy, now: Date): Promise<Seats.LeaveWaitlistResult> {
    const left = await removeFromQueue(context, { sessionId, tokenHash, by }, now);
    if (left.status !== "left") return left;
    return { ...left, step: await this.queueStep(sessionId, now) };
  }

  /** The queue step after a change that freed a seat; a failure is logged (the alarm or cron repeats the step). */
  private async offerFreedSeats(sessionId: number, now: Date): Promise<string[]> {
    try {
      return (await this.queueStep(sessionId, now)).mailIds;
    } catch (error) {
      console.error(`waitlist step for session ${sessionId} failed`, error);
      return [];
    }
  }

  /** Runs the queue step and sets the alarm at the earliest standing hold's end (a waitlist offer's or a payment's). */
  private async queueStep(sessionId: number, now: Date): Promise<Seats.QueueStepResult> {
    const { result, nextHoldEnd } = await runQueueStep(this.context, { sessionId }, now);
    await this.setAlarm(sessionId, now, nextHoldEnd ? Date.parse(nextHoldEnd) : null);
    return result;
  }

  /** The one alarm, at the earliest of the waitlist's next hold end and the next payment hold's (set afresh at every queue step). */
  private async setAlarm(sessionId: number, now: Date, waitlistEnd: number | null): Promise<void> {
    const paymentEnd = stripeSettings(this.context) ? await nextPaymentHoldEnd(this.context, { sessionId }, now) : null;
    const ends = [waitlistEnd, paymentEnd].filter((end): end is number => end !== null);
    if (ends.length === 0) return;
    await this.ctx.storage.put(STORED_SESSION_ID, sessionId);
    await this.ctx.storage.setAlarm(Math.min(...ends));
  }

  /** A new payment hold: the alarm rings by its end, keeping an earlier one. */
  private async alarmBy(sessionId: number, at: number): Promise<void> {
    const current = await this.ctx.storage.getAlarm();
    if (current !== null && current <= at) return;
    await this.ctx.storage.put(STORED_SESSION_ID, sessionId);
    await this.ctx.storage.setAlarm(at);
  }
}
