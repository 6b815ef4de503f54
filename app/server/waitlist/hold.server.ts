/**
 * The waitlist's mailed links: /ko/{token} (book the seat an offer holds, or
 * decline it) and /ko/lamna/{token} (leave the queue). Tokens arrive in the
 * URL; only their SHA-256 hashes are stored, so a link is looked up by hash.
 * Every change goes through the session's SessionSeats object, which checks
 * the offer again inside its own batch.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import type { BookingFormValues, BookingRules } from "~/domain/schemas/booking";
import type { SessionSnapshot } from "~/domain/session-snapshot";
import { bookingAttemptSlot } from "../booking/booking-rate-limit.server";
import { bookingAskOf } from "../booking/booking-ask.server";
import { bookSession, type BookingOutcome } from "../booking/book-session.server";
import type { SessionForBooking } from "../booking/session-read.server";
import { sha256Hex } from "../platform/crypto.server";
import { scheduleDrain } from "../email/send-email.server";
import { seatsFor, type LeaveWaitlistResult } from "../seats/seats.server";

/** Tokens are 43 base64url characters (32 random bytes); anything else is unknown without a read. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type HoldEntry = { id: string; sessionId: number; name: string; email: string; dogName: string };

export type HoldLookup =
  | { status: "active"; entry: HoldEntry; session: SessionForBooking; holdExpiresAt: string; tokenHash: string }
  /** The offer lapsed, was used or declined, or the session started or was cancelled. */
  | { status: "gone" }
  | { status: "unknown" };

const SESSION_SELECT = sql`s.id, s.title, s.description, s.location, s.start_time AS startTime, s.end_time AS endTime,
  s.pass_type AS passType, s.price_sek AS priceSek, s.current_participants AS currentParticipants,
  s.max_participants AS maxParticipants, s.held_seats AS heldSeats, s.image_url AS imageUrl, s.cancelled_at AS cancelledAt,
  ${bookingAskOf("s")} AS bookingAsk`;

/** The offer a hold link carries, as it stands now. */
export async function findHold(context: AppLoadContext, token: string, now = new Date()): Promise<HoldLookup> {
  if (!TOKEN_PATTERN.test(token)) return { status: "unknown" };
  const tokenHash = await sha256Hex(token);
  const row = await context.db.get<
    SessionForBooking & { entryId: string; sessionId: number; name: string; email: string; dogName: string; status: string; holdExpiresAt: string | null }
  >(
    sql`SELECT w.id AS entryId, w.session_id AS sessionId, w.name, w.email, w.dog_name AS dogName, w.status,
       w.hold_expires_at AS holdExpiresAt, ${SESSION_SELECT}
     FROM waitlist_entries w JOIN sessions s ON s.id = w.session_id WHERE w.offer_token_hash = ${tokenHash}`,
  );
  if (!row) return { status: "unknown" };
  const { entryId, sessionId, name, email, dogName, status, holdExpiresAt, ...session } = row;
  const nowIso = now.toISOString();
  if (status !== "offered" || !holdExpiresAt || holdExpiresAt <= nowIso || session.cancelledAt !== null || session.startTime <= nowIso) {
    return { status: "gone" };
  }
  return { status: "active", entry: { id: entryId, sessionId, name, email, dogName }, session, holdExpiresAt, tokenHash };
}

/**
 * Books the held seat with the form's values (the address is always the
 * entry's), with the usual confirmation mails, in the object's one batch;
 * with payments on, held while the booker pays, and paid (in part) with a
 * klippkort's or presentkort's code, like any booking.
 */
export function bookHeldSeat(
  context: AppLoadContext,
  request: Request,
  hold: Extract<HoldLookup, { status: "active" }>,
  values: BookingFormValues,
  rules: BookingRules,
  snapshot: SessionSnapshot,
): Promise<BookingOutcome> {
  return bookingAttemptSlot(context.cloudflare.env, request).then((attempt) =>
    bookSession(context, request, hold.entry.sessionId, { ...values, user_email: hold.entry.email }, rules, snapshot, {
      attempt,
      hold: { entryId: hold.entry.id, tokenHash: hold.tokenHash },
    }),
  );
}

/** Declines the offer a hold link carries; its seat passes to the next in line. */
export async function declineHold(context: AppLoadContext, token: string): Promise<LeaveWaitlistResult> {
  if (!TOKEN_PATTERN.test(token)) return { status: "not-found" };
  const tokenHash = await sha256Hex(token);
  const row = await context.db.get<{ sessionId: number }>(
    sql`SELECT session_id AS sessionId FROM waitlist_entries WHERE offer_token_hash = ${tokenHash}`,
  );
  if (!row) return { status: "not-found" };
  const result = await seatsFor(context, row.sessionId).declineOffer(tokenHash);
  if (result.status === "left") scheduleDrain(context, result.step.mailIds);
  return result;
}

export type LeaveLookup = { status: "active"; sessionTitle: string; sessionStart: string } | { status: "gone" } | { status: "unknown" };

/** The queue place a leave link carries. */
export async function findQueuePlace(context: AppLoadContext, token: string): Promise<LeaveLookup> {
  if (!TOKEN_PATTERN.test(token)) return { status: "unknown" };
  const row = await context.db.get<{ status: string; title: string; startTime: string }>(
    sql`SELECT w.status, s.title, s.start_time AS startTime FROM waitlist_entries w JOIN sessions s ON s.id = w.session_id
     WHERE w.leave_token_hash = ${await sha256Hex(token)}`,
  );
  if (!row) return { status: "unknown" };
  if (row.status !== "waiting" && row.status !== "offered") return { status: "gone" };
  return { status: "active", sessionTitle: row.title, sessionStart: row.startTime };
}

/** Leaves the queue by the leave link; a seat held for the entry passes on. */
export async function leaveQueue(context: AppLoadContext, token: string): Promise<LeaveWaitlistResult> {
  if (!TOKEN_PATTERN.test(token)) return { status: "not-found" };
  const tokenHash = await sha256Hex(token);
  const row = await context.db.get<{ sessionId: number }>(
    sql`SELECT session_id AS sessionId FROM waitlist_entries WHERE leave_token_hash = ${tokenHash}`,
  );
  if (!row) return { status: "not-found" };
  const result = await seatsFor(context, row.sessionId).leaveWaitlist(tokenHash);
  if (result.status === "left") scheduleDrain(context, result.step.mailIds);
  return result;
}
