/**
 * Staff changes to a session's seats: cancel one booking, release bookings
 * for resale, cancel the whole session, edit the session, change its max
 * participants. Each is one D1 batch (one transaction) that the session's
 * SessionSeats object runs, one at a time with every booking; each writes
 * its audit row only if it changed something, recounts the seats from the
 * rows (so the count can never drift), and queues each customer's mail only
 * if that customer's booking is in the state the mail describes. With
 * payments on, a cancelled booking's payment is queued for refund (or its
 * open Checkout called off) in the same batch.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql, type SQL } from "drizzle-orm";
import { CARD_LEDGER_NOTES } from "~/domain/cards/card-texts";
import { CARD_LEFT_PLACEHOLDER } from "~/domain/cards/card-use";
import { auditStatement } from "../audit/audit-log.server";
import { giveBackStatements } from "../cards/card-spend.server";
import { type BatchPlan, BatchBuilder, runBatch } from "../db/batch.server";
import { columnsAs, schema } from "../db/client.server";
import { outboxInsertStatements } from "../email/outbox.server";
import { cancelPaymentStatements } from "../payments/staff-cancel.server";
import {
  recountSeatsStatement,
  SEAT_SESSION_COLUMNS,
  SEAT_SESSION_KEYS,
  type BookingRecord,
  type EditedSession,
  type SeatSession,
  type SessionUpdate,
  type SetMaxParticipantsResult,
  type StaffAudit,
  type StaffChangeExtras,
  type UpdateSessionResult,
} from "../seats/seat-types.server";

const EDITED_SESSION_COLUMNS = sql.raw(columnsAs(schema.sessions, [...SEAT_SESSION_KEYS, "revision"]));
const BOOKING_COLUMNS = sql.raw(columnsAs(schema.bookings));
const SESSION_COLUMNS = sql.raw(SEAT_SESSION_COLUMNS);

const byCreatedAt = (a: BookingRecord, b: BookingRecord) => a.createdAt.localeCompare(b.createdAt);

export interface CancelBookingsInput {
  sessionId: number;
  /** The active bookings the caller showed and composed mails for; a booking made since is not touched. */
  bookingIds: readonly string[];
  /** Also mark the session cancelled (and close its queue). */
  wholeSession: boolean;
  extras: StaffChangeExtras;
}

export type CancelBookingsOutcome = { cancelled: BookingRecord[]; session: SeatSession } | null;

/** Cancels bookings (and with `wholeSession` the session); null when the session does not exist. */
export function cancelBookings(context: AppLoadContext, input: CancelBookingsInput, now: Date): Promise<CancelBookingsOutcome> {
  return runBatch(context, cancelBookingsPlan(context, input, now));
}

/**
 * Cancel the named active bookings (the rows are kept), with `wholeSession`
 * mark the session cancelled and close its queue; the audit row if anything
 * changed; recount the seats; queue each mail whose booking is now
 * cancelled; read back what changed.
 */
export function cancelBookingsPlan(
  _context: AppLoadContext,
  { sessionId, bookingIds, wholeSession, extras: { mails = [], audit, payments } }: CancelBookingsInput,
  nowDate: Date,
): BatchPlan<CancelBookingsOutcome> {
  const now = nowDate.toISOString();
  const b = new BatchBuilder();
  const cancel = b.add<BookingRecord>(
    sql`UPDATE bookings SET booking_status = 'cancelled'
         WHERE session_id = ${sessionId} AND booking_status <> 'cancelled' AND id IN (SELECT value FROM json_each(${JSON.stringify(bookingIds)}))
           AND EXISTS (SELECT 1 FROM sessions WHERE id = ${sessionId} AND (cancelled_at IS NULL OR ${wholeSession ? 1 : 0}))
         RETURNING ${BOOKING_COLUMNS}`,
  );
  if (wholeSession) {
    b.add(sql`UPDATE sessions SET cancelled_at = ${now}, updated_at = ${now}, held_seats = 0 WHERE id = ${sessionId} AND cancelled_at IS NULL`);
  }
  // Right after the change it records: changes() is that statement's row count.
  if (audit) b.add(auditIfChangedStatement(audit, now));
  if (wholeSession) {
    // A cancelled session's queue closes with it: its offers end and nobody waits any more.
    b.add(
      sql`UPDATE waitlist_entries SET status = 'closed', updated_at = ${now}
           WHERE session_id = ${sessionId} AND status IN ('waiting', 'offered')
             AND EXISTS (SELECT 1 FROM sessions WHERE id = ${sessionId} AND cancelled_at IS NOT NULL)`,
    );
  }
  // A paid booking's refund is queued with its cancellation (sent right after, or by the cron).
  if (payments) b.addAll(cancelPaymentStatements(bookingIds, now, payments));
  // A card that paid a cancelled booking gets its use or amount back (the part paid by Stripe is refunded above).
  b.addAll(giveBackStatements(bookingIds, now, CARD_LEDGER_NOTES.givenBackByStaff));
  const recount = b.add<SeatSession>(recountSeatsStatement(sessionId, now, SESSION_COLUMNS));
  b.addAll(
    mails.flatMap(({ bookingId, row, refunded, cardLeftOf }) =>
      outboxInsertStatements(row, {
        fill:
          cardLeftOf === undefined
            ? undefined
            : { placeholder: CARD_LEFT_PLACEHOLDER, sql: sql`SELECT coalesce(uses_left, balance_sek) FROM cards WHERE id = ${cardLeftOf}` },
        condition: sql`EXISTS (SELECT 1 FROM bookings WHERE id = ${bookingId} AND session_id = ${sessionId} AND booking_status = 'cancelled')${
          refunded === undefined ? sql`` : sql` AND ${refunded ? sql`` : sql`NOT `}${refundQueuedNow(bookingId, now)}`
        }`,
      }),
    ),
  );
  return b.plan((results) => {
    const session = recount.first(results);
    return session ? { cancelled: cancel.rows(results).sort(byCreatedAt), session } : null;
  });
}

export interface UpdateSessionInput {
  sessionId: number;
  update: SessionUpdate;
  extras: StaffChangeExtras;
}

/** A staff edit of the session's columns (see updateSessionPlan). */
export function updateSession(context: AppLoadContext, input: UpdateSessionInput, now: Date): Promise<UpdateSessionResult> {
  return runBatch(context, updateSessionPlan(context, input, now));
}

/**
 * One batch: update the session only while every guard holds (revision as
 * read, not cancelled, max not below the booked and held seats, and for a
 * move no active booking without its mail); the audit row only if it did;
 * the active bookings' copy of the session (what the customer's list and a
 * later cancellation show) follows it; each change mail only if its booking
 * is active on the session at the new revision; read back.
 */
export function updateSessionPlan(
  _context: AppLoadContext,
  { sessionId, update, extras: { mails = [], audit } }: UpdateSessionInput,
  nowDate: Date,
): BatchPlan<UpdateSessionResult> {
  const now = nowDate.toISOString();
  const { fields, expectedRevision, moved } = update;
  const revisionAfter = expectedRevision + (moved ? 1 : 0);
  const b = new BatchBuilder();
  const updated = b.add<EditedSession>(
    sql`UPDATE sessions SET title = ${fields.title}, description = ${fields.description}, location = ${fields.location}, start_time = ${fields.startTime}, end_time = ${fields.endTime},
           max_participants = ${fields.maxParticipants}, price_sek = ${fields.priceSek}, pass_type = ${fields.passType}, image_url = ${fields.imageUrl},
           revision = ${revisionAfter}, updated_at = ${now}
         WHERE id = ${sessionId} AND revision = ${expectedRevision} AND cancelled_at IS NULL AND current_participants + held_seats <= ${fields.maxParticipants}
           AND (${moved ? 1 : 0} = 0 OR NOT EXISTS (SELECT 1 FROM bookings WHERE session_id = ${sessionId} AND booking_status <> 'cancelled'
             AND id NOT IN (SELECT value FROM json_each(${JSON.stringify(update.mailedBookingIds)}))))
         RETURNING ${EDITED_SESSION_COLUMNS}`,
  );
  // Right after the change it records: changes() is that statement's row count.
  if (audit) b.add(auditIfChangedStatement(audit, now));
  b.add(
    sql`UPDATE bookings SET session_title = s.title, session_location = s.location,
           session_start_time = s.start_time, session_end_time = s.end_time
         FROM (SELECT title, location, start_time, end_time FROM sessions WHERE id = ${sessionId} AND revision = ${revisionAfter} AND updated_at = ${now}) AS s
         WHERE bookings.session_id = ${sessionId} AND bookings.booking_status <> 'cancelled'`,
  );
  b.addAll(
    mails.flatMap(({ bookingId, row }) =>
      outboxInsertStatements(row, {
        condition: sql`EXISTS (SELECT 1 FROM bookings b JOIN sessions s ON s.id = b.session_id
                 WHERE b.id = ${bookingId} AND s.id = ${sessionId} AND b.booking_status <> 'cancelled' AND s.revision = ${revisionAfter} AND s.updated_at = ${now})`,
      }),
    ),
  );
  const after = b.add<EditedSession>(sql`SELECT ${EDITED_SESSION_COLUMNS} FROM sessions WHERE id = ${sessionId}`);
  return b.plan((results): UpdateSessionResult => {
    const edited = updated.first(results);
    if (edited) return { status: "updated", session: edited };
    const session = after.first(results);
    if (!session) return { status: "not-found" };
    if (session.cancelledAt !== null) return { status: "session-cancelled" };
    if (session.revision === expectedRevision && session.currentParticipants + session.heldSeats > fields.maxParticipants) {
      return { status: "below-current", session };
    }
    return { status: "stale" };
  });
}

export interface SetMaxInput {
  sessionId: number;
  maxParticipants: number;
}

/** Changes max participants; refused below the booked and held seats. */
export async function setMaxParticipants(context: AppLoadContext, input: SetMaxInput, now: Date): Promise<SetMaxParticipantsResult> {
  if (!Number.isSafeInteger(input.maxParticipants) || input.maxParticipants < 1) return { status: "invalid" };
  return runBatch(context, setMaxPlan(context, input, now));
}

export function setMaxPlan(
  _context: AppLoadContext,
  { sessionId, maxParticipants }: SetMaxInput,
  now: Date,
): BatchPlan<SetMaxParticipantsResult> {
  const b = new BatchBuilder();
  const updated = b.add<SeatSession>(
    sql`UPDATE sessions SET max_participants = ${maxParticipants}, updated_at = ${now.toISOString()}
         WHERE id = ${sessionId} AND current_participants + held_seats <= ${maxParticipants} RETURNING ${SESSION_COLUMNS}`,
  );
  const after = b.add<SeatSession>(sql`SELECT ${SESSION_COLUMNS} FROM sessions WHERE id = ${sessionId}`);
  return b.plan((results): SetMaxParticipantsResult => {
    const session = updated.first(results);
    if (session) return { status: "updated", session };
    const current = after.first(results);
    return current ? { status: "below-current", session: current } : { status: "not-found" };
  });
}

/** Holds when this batch (at `now`) queued a refund of the booking's payment. */
function refundQueuedNow(bookingId: string, now: string): SQL {
  return sql`EXISTS (SELECT 1 FROM payments WHERE booking_id = ${bookingId} AND status = 'refund_pending' AND updated_at = ${now})`;
}

/** The change's audit row, written only if the statement just before it changed a row (at the change's own time). */
function auditIfChangedStatement({ actor, entry }: StaffAudit, now: string): SQL {
  return auditStatement(actor, entry, { condition: sql`changes() > 0`, createdAt: now });
}
