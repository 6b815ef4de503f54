/**
 * Refunds of paid bookings (issue 27): the one module that queues and sends
 * them. With PAYMENTS=off nothing here runs (no payment rows exist).
 *
 * - refundQueueStatements: statements for the batch of the change that calls
 *   for a refund (a staff cancel, a cancelled session, the minimum-participant
 *   decision, a payment that came after its seat was gone): every 'paid'
 *   payment of those bookings, once the booking is cancelled, becomes
 *   'refund_pending' with its reason. Queued in the same transaction as the
 *   cancel, a refund survives a crash right after it: the cron sends it.
 * - sendRefunds: calls Stripe's Refunds API for the full amount of each
 *   payment due, with the idempotency key `refund-<bookingId>`, and marks the
 *   row 'refunded' (refund id and time) or 'refund_failed' (the error, one
 *   more attempt, and when to try again), with an audit row in the same batch.
 *
 * A refund is never sent twice for one booking: two sends at once ask Stripe
 * with the same key and get the same refund back; each mark holds only for a
 * row still waiting (and a failure only for the attempt count it read), so
 * the row says 'refunded' once and one audit row records it. A key Stripe
 * has forgotten (after 24 hours) meets a charge already refunded, which is
 * taken as refunded.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { auditStatement, SYSTEM_ACTOR, type Actor } from "../audit/audit-log.server";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { payments, REFUND_REASONS, type PaymentRow } from "../db/schema.server";
import { stripeClient, stripeSettings } from "./stripe.server";

export type RefundReason = (typeof REFUND_REASONS)[number];

/** After this many failed attempts the cron stops; the refund stays failed, shown to staff, who can retry it. */
export const MAX_REFUND_ATTEMPTS = 8;

/** Most refunds one call sends (a cron run, a staff change): the rest wait for the next. */
export const MAX_REFUNDS_PER_RUN = 25;

/** The pause before retrying a refund that has failed `attempts` times: 5 min, doubling, at most 12 h. */
export function refundRetryDelayMs(attempts: number): number {
  const minutes = 5 * 2 ** Math.max(0, attempts - 1);
  return Math.min(minutes, 12 * 60) * 60_000;
}

/**
 * The idempotency key of a booking's refund: `refund-<bookingId>`, however
 * often it is asked for, so two sends at once get one refund. Stripe keeps an
 * error's answer under its key for 24 hours, so a retry after a failure asks
 * under a key of its own attempt (two retries at once read the same count and
 * share it); a second full refund of a charge is refused by Stripe anyway.
 */
export const refundIdempotencyKey = (bookingId: string, failedAttempts = 0) =>
  failedAttempts === 0 ? `refund-${bookingId}` : `refund-${bookingId}-retry${failedAttempts}`;

export type RefundOutcome =
  /** This call marked the payment refunded (refundId null: Stripe said it was refunded already). */
  | { bookingId: string; status: "refunded"; refundId: string | null; amountOre: number }
  /** This call recorded the failure; `attempts` so far. */
  | { bookingId: string; status: "failed"; error: string; attempts: number }
  /** Another call marked the row first (a concurrent send): nothing changed here. */
  | { bookingId: string; status: "unchanged" };

/** The payment's states while a refund is owed. */
const OWED: PaymentRow["status"][] = ["refund_pending", "refund_failed"];

/**
 * Statements for someone else's batch: every 'paid' payment of `bookingIds`
 * whose booking is cancelled (by an earlier statement of the same batch, or
 * before) becomes 'refund_pending' with `reason`. A payment in any other
 * state is left alone, so a repeated cancel queues nothing.
 */
export function refundQueueStatements(bookingIds: readonly string[], now: string, reason: RefundReason): SQL[] {
  if (bookingIds.length === 0) return [];
  return [
    sql`UPDATE payments SET status = 'refund_pending', refund_reason = ${reason}, refund_error = NULL, refund_retry_at = NULL, updated_at = ${now}
         WHERE status = 'paid' AND booking_id IN (SELECT value FROM json_each(${JSON.stringify(bookingIds)}))
           AND EXISTS (SELECT 1 FROM bookings WHERE bookings.id = payments.booking_id AND bookings.booking_status = 'cancelled')`,
  ];
}

type OwedPayment = Pick<PaymentRow, "id" | "bookingId" | "sessionId" | "amountOre" | "currency" | "paymentIntentId" | "refundAttempts" | "refundReason">;

export interface SendRefundsOptions {
  /**
   * Only these bookings' refunds, pending or failed, whatever their pause or
   * attempts (a change that just queued them, staff retrying one). Without:
   * every pending refund and every failed one that is due and under the cap.
   */
  bookingIds?: readonly string[];
  /** Who the audit rows name; the system when not a person. */
  actor?: Actor;
  /** No refund is started after this many ms (the cron's run must end before the next); the rest wait. */
  budgetMs?: number;
}

/** Sends the refunds owed (see SendRefundsOptions); with PAYMENTS=off, none. Never throws for a refund Stripe refuses. */
export async function sendRefunds(
  context: AppLoadContext,
  { bookingIds, actor = SYSTEM_ACTOR, budgetMs }: SendRefundsOptions,
  now: Date,
): Promise<RefundOutcome[]> {
  if (!stripeSettings(context)) return [];
  if (bookingIds && bookingIds.length === 0) return [];
  const nowIso = now.toISOString();
  const which = bookingIds
    ? and(inArray(payments.status, OWED), inArray(payments.bookingId, [...bookingIds]))
    : or(
        eq(payments.status, "refund_pending"),
        and(
          eq(payments.status, "refund_failed"),
          lt(payments.refundAttempts, MAX_REFUND_ATTEMPTS),
          or(sql`${payments.refundRetryAt} IS NULL`, lte(payments.refundRetryAt, nowIso)),
        ),
      );
  const owed: OwedPayment[] = await context.db
    .select({
      id: payments.id,
      bookingId: payments.bookingId,
      sessionId: payments.sessionId,
      amountOre: payments.amountOre,
      currency: payments.currency,
      paymentIntentId: payments.paymentIntentId,
      refundAttempts: payments.refundAttempts,
      refundReason: payments.refundReason,
    })
    .from(payments)
    .where(which)
    .orderBy(payments.updatedAt)
    .limit(MAX_REFUNDS_PER_RUN);
  if (owed.length === 0) return [];

  const stripe = await stripeClient(context);
  const outcomes: RefundOutcome[] = [];
  const started = Date.now();
  for (const payment of owed) {
    if (budgetMs !== undefined && Date.now() - started >= budgetMs) break;
    const answer = await askStripe(stripe, payment);
    outcomes.push(await recordAnswer(context, payment, answer, actor, now));
  }
  return outcomes;
}

export type StripeAnswer = { ok: true; refundId: string | null } | { ok: false; error: string };

type StripeClient = Awaited<ReturnType<typeof stripeClient>>;

/** What a refund asks of Stripe: the PaymentIntent, how much, what it is for, and its idempotency key. */
export interface RefundAsked {
  paymentIntentId: string | null;
  amountOre: number;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

/** One refund asked of Stripe, its answer read: refunded (or refunded before), or the error in words staff can read. */
export async function askStripeRefund(stripe: StripeClient, asked: RefundAsked): Promise<StripeAnswer> {
  if (!asked.paymentIntentId) return { ok: false, error: "Betalningen saknar Stripes betalnings-id (PaymentIntent)." };
  try {
    const refund = await stripe.refunds.create(
      { payment_intent: asked.paymentIntentId, amount: asked.amountOre, metadata: asked.metadata },
      { idempotencyKey: asked.idempotencyKey },
    );
    if (refund.status === "failed" || refund.status === "canceled") {
      return { ok: false, error: `Stripe: återbetalningen ${refund.id} fick status ${refund.status}${refund.failure_reason ? ` (${refund.failure_reason})` : ""}.` };
    }
    return { ok: true, refundId: refund.id };
  } catch (error) {
    const code = typeof error === "object" && error !== null && "code" in error ? String((error as { code?: unknown }).code ?? "") : "";
    // Refunded before (the key forgotten, or by hand in Stripe's dashboard): the money is on its way back already.
    if (code === "charge_already_refunded") return { ok: true, refundId: null };
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: `Stripe: ${code ? `${code}: ` : ""}${message}`.slice(0, 500) };
  }
}

/** One full refund of the payment, under the booking's key. */
function askStripe(stripe: StripeClient, payment: OwedPayment): Promise<StripeAnswer> {
  return askStripeRefund(stripe, {
    paymentIntentId: payment.paymentIntentId,
    amountOre: payment.amountOre,
    metadata: { booking_id: payment.bookingId },
    idempotencyKey: refundIdempotencyKey(payment.bookingId, payment.refundAttempts),
  });
}

/** The row's mark and its audit row, in one batch; each holds only for a row still owed as it was read. */
async function recordAnswer(context: AppLoadContext, payment: OwedPayment, answer: StripeAnswer, actor: Actor, now: Date): Promise<RefundOutcome> {
  const nowIso = now.toISOString();
  const b = new BatchBuilder();
  const details = { paymentId: payment.id, sessionId: payment.sessionId, amountOre: payment.amountOre, currency: payment.currency, reason: payment.refundReason };
  if (answer.ok) {
    const marked = b.add(
      context.db
        .update(payments)
        .set({ status: "refunded", refundId: answer.refundId, refundedAt: nowIso, refundError: null, refundRetryAt: null, updatedAt: nowIso })
        .where(and(eq(payments.id, payment.id), inArray(payments.status, OWED))),
    );
    b.add(
      auditStatement(
        actor,
        { action: "payment.refund", targetType: "booking", targetId: payment.bookingId, details: { ...details, refundId: answer.refundId } },
        { condition: sql`changes() > 0`, createdAt: nowIso },
      ),
    );
    const changed = await runBatch(context, b.plan((results) => marked.changes(results) > 0));
    return changed
      ? { bookingId: payment.bookingId, status: "refunded", refundId: answer.refundId, amountOre: payment.amountOre }
      : { bookingId: payment.bookingId, status: "unchanged" };
  }
  const attempts = payment.refundAttempts + 1;
  const retryAt = new Date(now.getTime() + refundRetryDelayMs(attempts)).toISOString();
  const marked = b.add(
    context.db
      .update(payments)
      .set({ status: "refund_failed", refundError: answer.error, refundAttempts: attempts, refundRetryAt: retryAt, updatedAt: nowIso })
      .where(and(eq(payments.id, payment.id), inArray(payments.status, OWED), eq(payments.refundAttempts, payment.refundAttempts))),
  );
  b.add(
    auditStatement(
      actor,
      { action: "payment.refund-failed", targetType: "booking", targetId: payment.bookingId, details: { ...details, error: answer.error, attempts } },
      { condition: sql`changes() > 0`, createdAt: nowIso },
    ),
  );
  const changed = await runBatch(context, b.plan((results) => marked.changes(results) > 0));
  return changed
    ? { bookingId: payment.bookingId, status: "failed", error: answer.error, attempts }
    : { bookingId: payment.bookingId, status: "unchanged" };
}

/**
 * The cron's part: every refund still pending, and every failed one due again
 * under the cap, started within `budgetMs` (a Stripe that hangs costs up to
 * 20 s a refund: two tries of 10 s). Figures for its log.
 */
export async function retryDueRefunds(context: AppLoadContext, now: Date, budgetMs: number): Promise<Record<string, number>> {
  if (!stripeSettings(context)) return {};
  const outcomes = await sendRefunds(context, { budgetMs }, now);
  return {
    refunded: outcomes.filter((o) => o.status === "refunded").length,
    refundsFailed: outcomes.filter((o) => o.status === "failed").length,
  };
}

/** Stripe's word that a refund it accepted failed afterwards (event `refund.failed`, e.g. the card was closed). */
export interface RefundFailedEvent {
  id: string;
  refundId: string;
  failureReason: string | null;
}

export type RefundFailedOutcome = "applied" | "repeat" | "unknown-refund";

/**
 * A refund that failed after Stripe accepted it: the payment marked
 * 'refunded' by it becomes 'refund_failed' again (with Stripe's reason, one
 * attempt more, due at once), shown to staff and retried by the cron under a
 * key of its own attempt (the failed refund gave the money back to the
 * account, so a new one can be made). The event is stored once in the same
 * batch, with an audit row: a replay changes nothing.
 */
export async function onRefundFailed(context: AppLoadContext, event: RefundFailedEvent, now: Date): Promise<RefundFailedOutcome> {
  const nowIso = now.toISOString();
  const error = `Stripe: återbetalningen ${event.refundId} misslyckades hos banken${event.failureReason ? ` (${event.failureReason})` : ""}.`;
  const b = new BatchBuilder();
  const stored = b.add(
    sql`INSERT INTO stripe_events (id, type, received_at) VALUES (${event.id}, 'refund.failed', ${nowIso}) ON CONFLICT (id) DO NOTHING`,
  );
  const thisEvent = sql`EXISTS (SELECT 1 FROM stripe_events WHERE id = ${event.id} AND received_at = ${nowIso})`;
  const marked = b.add(
    context.db
      .update(payments)
      .set({ status: "refund_failed", refundError: error, refundAttempts: sql`${payments.refundAttempts} + 1`, refundRetryAt: nowIso, updatedAt: nowIso })
      .where(and(eq(payments.refundId, event.refundId), eq(payments.status, "refunded"), thisEvent)),
  );
  b.add(
    auditStatement(
      SYSTEM_ACTOR,
      {
        action: "payment.refund-failed",
        targetType: "booking",
        targetId: sql`(SELECT booking_id FROM payments WHERE refund_id = ${event.refundId})`,
        details: sql`(SELECT json_object('paymentId', id, 'sessionId', session_id, 'amountOre', amount_ore, 'refundId', refund_id, 'error', refund_error)
                      FROM payments WHERE refund_id = ${event.refundId})`,
      },
      { condition: sql`changes() > 0`, createdAt: nowIso },
    ),
  );
  const known = b.add<{ found: number }>(sql`SELECT 1 AS found FROM payments WHERE refund_id = ${event.refundId}`);
  return runBatch(
    context,
    b.plan((results) => {
      if (stored.changes(results) === 0) return "repeat";
      if (marked.changes(results) > 0 || known.rows(results).length > 0) return "applied";
      return "unknown-refund";
    }),
  );
}
