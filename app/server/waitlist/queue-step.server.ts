/**
 * The cron worker's backup of the SessionSeats alarms: finds every session
 * whose queue needs the queue step (a hold that has lapsed, a free seat
 * with someone waiting, or a session that started or was cancelled with
 * people still in its queue), or that has a payment hold whose Checkout
 * Session has ended (payments/payment-seats.server.ts), and asks that
 * session's object to run it (the object releases such holds first).
 * The step itself is idempotent, so a late or repeated trigger does no harm.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { HOLD_GRACE_MS } from "../payments/payment-seats.server";
import { FREE_SEATS_SQL, seatsFor } from "../seats/seats.server";

/** Sessions one run visits at most; the next trigger takes the rest. */
const SESSIONS_PER_RUN = 50;

export async function runWaitlistQueues(
  context: AppLoadContext,
  now: Date,
): Promise<{ sessions: number; expired: number; offered: number; closed: number; failed: number }> {
  const nowIso = now.toISOString();
  const holdsEndedBy = new Date(now.getTime() - HOLD_GRACE_MS).toISOString();
  const results = await context.db.all<{ id: number }>(
    sql`SELECT s.id AS id FROM waitlist_entries w JOIN sessions s ON s.id = w.session_id
     WHERE (w.status = 'offered' AND w.hold_expires_at <= ${nowIso})
        OR (w.status IN ('waiting', 'offered') AND (s.start_time <= ${nowIso} OR s.cancelled_at IS NOT NULL))
        OR (w.status = 'waiting' AND ${sql.raw(FREE_SEATS_SQL)} > 0)
     UNION
     SELECT p.session_id AS id FROM payments p JOIN bookings b ON b.id = p.booking_id
     WHERE p.status = 'open' AND p.checkout_expires_at <= ${holdsEndedBy} AND b.booking_status = 'pending'
     LIMIT ${sql.raw(String(SESSIONS_PER_RUN))}`,
  );
  const figures = { sessions: results.length, expired: 0, offered: 0, closed: 0, failed: 0 };
  const outcomes = await Promise.allSettled(results.map(({ id }) => seatsFor(context, id).runQueue()));
  outcomes.forEach((outcome, i) => {
    if (outcome.status === "rejected") {
      figures.failed++;
      console.error(`waitlist: queue step for session ${results[i]?.id} failed`, outcome.reason);
      return;
    }
    figures.expired += outcome.value.expired;
    figures.offered += outcome.value.offered;
    figures.closed += outcome.value.closed;
  });
  return figures;
}
