/**
 * The admin menu's notice of refunds that failed (PAYMENTS=stripe): each
 * with its customer, session and Stripe's error, linked to the session's
 * page, where staff try it again.
 */
import { Link } from "@remix-run/react";
import { formatOre, type FailedRefundView } from "~/domain/payment-status";

export function FailedRefunds({ refunds }: { refunds: readonly FailedRefundView[] }) {
  if (refunds.length === 0) return null;
  return (
    <section className="card" aria-labelledby="failed-refunds-heading" data-testid="failed-refunds">
      <h2 id="failed-refunds-heading">
        {refunds.length === 1 ? "En återbetalning har misslyckats" : `${refunds.length} återbetalningar har misslyckats`}
      </h2>
      <ul>
        {refunds.map((refund) => (
          <li key={refund.bookingId}>
            <Link to={`/admin/pass/${refund.sessionId}`}>
              {refund.userName}, {refund.sessionTitle}, {formatOre(refund.amountOre)}
            </Link>
            {refund.refundError ? <span className="session-note"> – {refund.refundError}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
