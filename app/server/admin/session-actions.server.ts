/**
 * What staff do to a session's bookings: cancel one booking ('Avboka'),
 * release the session for sale ('Släpp till försäljning'), cancel the
 * session ('Ställ in pass') and delete a session that never had a booking.
 *
 * Each reads what it will change, composes one mail per customer who held a
 * seat (app/domain/mail/cancellation.ts) and hands the mails and its audit
 * row to the session's SessionSeats object, which cancels, recounts, queues
 * and audits in one D1 batch. A repeat (a double submit) changes nothing,
 * mails nobody and writes no audit row. Delivery follows the response; the
 * cached seat lists are purged.
 *
 * Cancelling a session has a core without a request (cancelSession), for
 * the cron's minimum-participant default, which has neither a response to
 * follow nor a page cache of its own: its mails go with the cron's drain.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { CARD_LEFT_PLACEHOLDER } from "~/domain/cards/card-use";
import { cancellationMail, type CancellationReason, type CancellationRefund } from "~/domain/mail/cancellation";
import { paymentOf, type PaymentColumns, type PaymentView } from "~/domain/payment-status";
import { sql, type SQL } from "drizzle-orm";
import { auditStatement } from "../audit/audit-log.server";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { columnsAs, schema } from "../db/client.server";
import { toOutboxRow } from "../email/outbox.server";
import { scheduleDrain } from "../email/send-email.server";
import type { RefundReason } from "../payments/refunds.server";
import { cancelPaymentsFor, refundOfCancelledBooking, refundsForMail, settleCancelledPayments } from "../payments/staff-cancel.server";
import { BOOKING_PAYMENT_COLUMNS, paymentsShown } from "../payments/staff-view.server";
import { cardUsesOf, type CardUseOfBooking } from "../cards/card-spend.server";
import { purgeSeatLists } from "../public/page-cache.server";
import { PAYING_SEATS } from "../public/sessions.server";
import type { Actor } from "../audit/audit-log.server";
import { seatsFor, type BookingRecord, type StaffAudit, type StaffChangeExtras } from "../seats/seats.server";

export type StaffChangeOutcome =
  /** `count`: the bookings this change cancelled (and mailed). */
  | { status: "done"; count: number }
  | { status: "not-found" }
  /** Delete only: the session has (or had) bookings; nothing changed. */
  | { status: "has-bookings" };

const BOOKING_COLUMNS = sql.raw(columnsAs(schema.bookings));

interface SessionState {
  id: number;
  title: string;
  location: string;
  cancelledAt: string | null;
  currentParticipants: number;
  revision: number;
}

const SESSION_STATE_COLUMNS = sql.raw(
  "id, title, location, cancelled_at AS cancelledAt, current_participants AS currentParticipants, revision",
);

/** A session (the columns `columns` names) and its active bookings, in one round trip; null when there is no such session. */
export async function readSessionAndBookings<Session>(
  context: AppLoadContext,
  sessionId: number,
  columns: SQL = SESSION_STATE_COLUMNS,
): Promise<{ session: Session; active: BookingRecord[] } | null> {
  const b = new BatchBuilder();
  const sessions = b.add<Session>(sql`SELECT ${columns} FROM sessions WHERE id = ${sessionId}`);
  const bookings = b.add<BookingRecord>(
    sql`SELECT ${BOOKING_COLUMNS} FROM bookings WHERE session_id = ${sessionId} AND booking_status <> 'cancelled' ORDER BY created_at`,
  );
  return runBatch(
    context,
    b.plan((results) => {
      const session = sessions.first(results);
      return session ? { session, active: bookings.rows(results) } : null;
    }),
  );
}

/** The session's state as a staff change reads it first, and its active bookings. */
const readSession = (context: AppLoadContext, sessionId: number) => readSessionAndBookings<SessionState>(context, sessionId);

function audit(actor: Actor, action: string, targetType: string, targetId: string, details: Record<string, unknown>): StaffAudit {
  return { actor, entry: { action, targetType, targetId, details: actor.via ? { ...details, via: actor.via } : details } };
}

/**
 * The booking with the session's place as it is now: a renamed place renames
 * its sessions' location but not the bookings' copy, and a mail names the
 * place by its current name, as the confirmation and reminder do.
 */
const atCurrentPlace = (booking: BookingRecord, location: string | null): BookingRecord =>
  location === null ? booking : { ...booking, sessionLocation: location };

/**
 * The cancellation mails of these bookings, at the session's place as it is
 * now and with what comes back of each paid one: rows for the object's batch.
 */
async function cancellationMails(
  context: AppLoadContext,
  bookings: readonly BookingRecord[],
  location: string | null,
  reason: CancellationReason,
  revision: number,
): Promise<NonNullable<StaffChangeExtras["mails"]>> {
  const ids = bookings.map((b) => b.id);
  const [refunds, cardUses] = await Promise.all([refundsForMail(context, ids), cardUsesOf(context, ids)]);
  return cancellationRows(context, bookings.map((b) => atCurrentPlace(b, location)), reason, revision, refunds, cardUses);
}

/**
 * One cancellation mail per booking, as rows for the object's batch. Their
 * calendar files go out one above the session's revision, above every
 * version of the event sent before. A paid booking's mail says what comes
 * back (`refunds`, by booking id); one still awaiting payment gets both
 * mails (unpaid: nothing charged, no calendar file; paid: the refund), and
 * the batch queues the one that is true when it runs. A booking paid (in
 * part) with a card says what comes back to the card (`cardUses`); a
 * klippkort's count is filled in by the batch that gives it back.
 */
function cancellationRows(
  { config }: AppLoadContext,
  bookings: readonly BookingRecord[],
  reason: CancellationReason,
  revision: number,
  refunds: ReadonlyMap<string, CancellationRefund & { paid: boolean }>,
  cardUses: ReadonlyMap<string, CardUseOfBooking>,
): NonNullable<StaffChangeExtras["mails"]> {
  const now = new Date();
  const site = { siteUrl: config.SITE_URL, adminEmail: config.ADMIN_EMAIL };
  const row = (booking: BookingRecord, refund: CancellationRefund | null, unpaid = false) => {
    const use = cardUses.get(booking.id);
    const cardBack = use && !use.givenBack ? { kind: use.kind, amountSek: use.amountSek, left: CARD_LEFT_PLACEHOLDER, ended: !use.open } : null;
    const mail = cancellationMail(site, booking, reason, now, revision + 1, refund, unpaid, cardBack);
    return toOutboxRow(mail, { from: config.EMAIL_FROM }, now.toISOString());
  };
  return bookings.flatMap((booking) => {
    const use = cardUses.get(booking.id);
    const card = use && !use.givenBack && use.open && use.kind === "klippkort" ? { cardLeftOf: use.cardId } : {};
    const refund = refunds.get(booking.id);
    if (!refund) return [{ bookingId: booking.id, row: row(booking, null), ...card }];
    if (refund.paid) return [{ bookingId: booking.id, row: row(booking, refund), ...card }];
    return [
      { bookingId: booking.id, row: row(booking, null, true), refunded: false, ...card },
      { bookingId: booking.id, row: row(booking, refund), refunded: true, ...card },
    ];
  });
}

/**
 * After a change: send the refunds it queued, deliver its mails (and the
 * waitlist offers of the seats it freed) and drop the cached seat lists.
 */
function afterChange(
  context: AppLoadContext,
  request: Request,
  actor: Actor,
  mails: StaffChangeExtras["mails"],
  cancelled: readonly BookingRecord[],
  offerMailIds: readonly string[] = [],
) {
  const done = new Set(cancelled.map((b) => b.id));
  settleCancelledPayments(context, [...done], actor);
  scheduleDrain(context, [...(mails ?? []).filter((m) => done.has(m.bookingId)).map((m) => m.row.id), ...offerMailIds]);
  purgeSeatLists(request, context.cloudflare.ctx);
}

export type BookingCancelOutcome =
  /** `refund`: what the cancellation pays back (a paid booking, PAYMENTS=stripe); null when nothing. */
  | { status: "done"; refund: CancellationRefund | null }
  | { status: "not-found" };

/** 'Avboka': cancels one active booking and mails its customer; says what it pays back. */
export async function cancelBookingAsStaff(
  context: AppLoadContext,
  request: Request,
  actor: Actor,
  bookingId: string,
): Promise<BookingCancelOutcome> {
  const booking = await context.db.get<BookingRecord & { sessionRevision: number | null; sessionPlace: string | null }>(
    sql`SELECT ${BOOKING_COLUMNS}, (SELECT revision FROM sessions WHERE id = bookings.session_id) AS sessionRevision,
       (SELECT location FROM sessions WHERE id = bookings.session_id) AS sessionPlace
     FROM bookings WHERE id = ${bookingId} AND booking_status <> 'cancelled'`,
  );
  if (!booking || booking.sessionId === null) return { status: "not-found" };
  const mails = await cancellationMails(context, [booking], booking.sessionPlace, "booking", booking.sessionRevision ?? 0);
  const result = await seatsFor(context, booking.sessionId).cancelBooking(booking.id, {
    mails,
    payments: cancelPaymentsFor(context, "staff-cancel"),
    audit: audit(actor, "booking.cancel", "booking", booking.id, {
      sessionId: booking.sessionId,
      before: { bookingStatus: booking.bookingStatus },
      after: { bookingStatus: "cancelled" },
    }),
  });
  if (result.status !== "cancelled") return { status: "not-found" };
  // Read before the refund is sent (that follows the response): a paid booking's payment is queued by now.
  const refund = await refundOfCancelledBooking(context, booking.id);
  afterChange(context, request, actor, mails, [result.booking], result.offerMailIds);
  return { status: "done", refund };
}

/** 'Släpp till försäljning': cancels every active booking, mails each customer, seats back to 0. */
export async function releaseSessionAsStaff(
  context: AppLoadContext,
  request: Request,
  actor: Actor,
  sessionId: number,
): Promise<StaffChangeOutcome> {
  const read = await readSession(context, sessionId);
  if (!read || read.session.cancelledAt !== null) return { status: "not-found" };
  const mails = await cancellationMails(context, read.active, read.session.location, "booking", read.session.revision);
  const result = await seatsFor(context, sessionId).release(
    read.active.map((b) => b.id),
    {
      mails,
      payments: cancelPaymentsFor(context, "staff-cancel"),
      audit: audit(actor, "session.release", "session", String(sessionId), {
        before: { currentParticipants: read.session.currentParticipants },
        after: { currentParticipants: 0 },
        bookings: read.active.map((b) => b.id),
      }),
    },
  );
  if (result.status !== "released") return { status: "not-found" };
  afterChange(context, request, actor, mails, result.releasedBookings, result.offerMailIds);
  return { status: "done", count: result.releasedBookings.length };
}

/**
 * 'Ställ in pass': marks the session cancelled (kept, off sale) and cancels
 * every active booking, mailing each customer.
 */
export async function cancelSessionAsStaff(
  context: AppLoadContext,
  request: Request,
  actor: Actor,
  sessionId: number,
): Promise<StaffChangeOutcome> {
  const { outcome, mailIds } = await cancelSession(context, actor, sessionId);
  if (outcome.status === "done") {
    scheduleDrain(context, mailIds);
    purgeSeatLists(request, context.cloudflare.ctx);
  }
  return outcome;
}

/**
 * The core of 'Ställ in pass', without a request: cancels the session and
 * its active bookings, queuing each customer's mail, and returns the outbox
 * ids of the mails it queued (for the caller to deliver). A booking that
 * arrived while the first call was on its way is cancelled and mailed by a
 * second. Repeated, it changes and mails nothing. Paid bookings are
 * refunded (`refundReason` names why), right after each round.
 */
export async function cancelSession(
  context: AppLoadContext,
  actor: Actor,
  sessionId: number,
  refundReason: RefundReason = "session-cancelled",
): Promise<{ outcome: StaffChangeOutcome; mailIds: string[] }> {
  let count = 0;
  const mailIds: string[] = [];
  for (let round = 0; round < 2; round++) {
    const read = await readSession(context, sessionId);
    if (!read) return { outcome: { status: "not-found" }, mailIds };
    if (read.session.cancelledAt !== null && read.active.length === 0) break;
    const mails = await cancellationMails(context, read.active, read.session.location, "session", read.session.revision);
    const result = await seatsFor(context, sessionId).cancelSession(
      read.active.map((b) => b.id),
      {
        mails,
        payments: cancelPaymentsFor(context, refundReason),
        audit: audit(actor, "session.cancel", "session", String(sessionId), {
          before: { cancelledAt: read.session.cancelledAt, currentParticipants: read.session.currentParticipants },
          after: { cancelled: true, currentParticipants: 0 },
          bookings: read.active.map((b) => b.id),
        }),
      },
    );
    if (result.status !== "cancelled") return { outcome: { status: "not-found" }, mailIds };
    count += result.cancelledBookings.length;
    const done = new Set(result.cancelledBookings.map((b) => b.id));
    settleCancelledPayments(context, [...done], actor);
    mailIds.push(...mails.filter((m) => done.has(m.bookingId)).map((m) => m.row.id));
    if (result.session.currentParticipants === 0) break;
  }
  return { outcome: { status: "done", count }, mailIds };
}

/** Deletes a session that never had a booking (any booking, even a cancelled one, keeps it). */
export async function deleteSessionAsStaff(
  context: AppLoadContext,
  request: Request,
  actor: Actor,
  sessionId: number,
): Promise<StaffChangeOutcome> {
  const deletable = sql`id = ${sessionId} AND NOT EXISTS (SELECT 1 FROM bookings WHERE session_id = ${sessionId})`;
  const b = new BatchBuilder();
  // The audit row first, from the row as it is: same condition, same transaction as the delete.
  b.add(
    auditStatement(
      actor,
      {
        action: "session.delete",
        targetType: "session",
        targetId: sql`CAST(id AS TEXT)`,
        details: sql`json_object('before', json_object('title', title, 'location', location, 'startTime', start_time,
          'endTime', end_time, 'maxParticipants', max_participants), 'after', NULL)`,
      },
      {
        from: sql`sessions`,
        condition: deletable,
      },
    ),
  );
  const deleted = b.add<{ id: number }>(sql`DELETE FROM sessions WHERE ${deletable} RETURNING id`);
  const exists = b.add<{ found: number }>(sql`SELECT 1 AS found FROM sessions WHERE id = ${sessionId}`);
  const outcome = await runBatch(
    context,
    b.plan((results) => ({ deleted: deleted.rows(results).length > 0, exists: exists.rows(results).length > 0 })),
  );
  if (outcome.deleted) {
    purgeSeatLists(request, context.cloudflare.ctx);
    return { status: "done", count: 0 };
  }
  return outcome.exists ? { status: "has-bookings" } : { status: "not-found" };
}

/** What a confirmation page shows about the session it changes. */
export interface SessionSummary {
  id: number;
  title: string;
  location: string;
  startTime: string;
  endTime: string;
  passType: "group" | "private";
  currentParticipants: number;
  maxParticipants: number;
  /** Of currentParticipants, bookings still being paid for (PAYMENTS=stripe). */
  payingSeats: number;
  cancelledAt: string | null;
  /** Any booking ever, cancelled ones included: such a session cannot be deleted. */
  everBooked: boolean;
}

export async function loadSessionSummary(context: AppLoadContext, sessionId: number): Promise<SessionSummary | null> {
  const row = await context.db.get<Omit<SessionSummary, "everBooked"> & { everBooked: number }>(
    sql`SELECT id, title, location, start_time AS startTime, end_time AS endTime, pass_type AS passType,
         current_participants AS currentParticipants, max_participants AS maxParticipants,
         ${PAYING_SEATS} AS payingSeats,
         cancelled_at AS cancelledAt, EXISTS (SELECT 1 FROM bookings WHERE session_id = sessions.id) AS everBooked
       FROM sessions WHERE id = ${sessionId}`,
  );
  return row ? { ...row, everBooked: row.everBooked === 1 } : null;
}

/** The booking an 'Avboka' confirmation shows, with its session as booked and its payment (none with PAYMENTS=off). */
export async function loadActiveBooking(
  context: AppLoadContext,
  bookingId: string,
): Promise<(BookingRecord & { payment: PaymentView | null }) | null> {
  const row = await context.db.get<BookingRecord & Partial<PaymentColumns>>(
    sql`SELECT ${BOOKING_COLUMNS}${paymentsShown(context) ? sql`, ${BOOKING_PAYMENT_COLUMNS}` : sql``}
       FROM bookings WHERE id = ${bookingId} AND booking_status <> 'cancelled'`,
  );
  return row ? { ...row, payment: paymentOf(row) } : null;
}
