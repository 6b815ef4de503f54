/**
 * A session's money on its admin page (PAYMENTS=stripe): what came in and
 * what went back, and each booking's payment; a refund that failed shows
 * Stripe's error and a button that tries it again (a plain form POST, so it
 * works without JavaScript).
 */
import { Form } from "@remix-run/react";
import { PAYMENT_TEXTS as T, type SessionPaymentsView } from "~/domain/payment-status";

export function SessionPayments({ payments, returnTo }: { payments: SessionPaymentsView; returnTo: string }) {
  return (
    <section aria-labelledby="payments-heading" data-testid="session-payments">
      <h2 id="payments-heading">{T.heading}</h2>
      <dl className="admin-facts">
        <dt>{T.paid}</dt>
        <dd data-testid="paid-sum">{payments.paidLabel}</dd>
        <dt>{T.refunded}</dt>
        <dd data-testid="refunded-sum">{payments.refundedLabel}</dd>
        {payments.owedLabel ? (
          <>
            <dt>{T.owed}</dt>
            <dd data-testid="owed-sum">{payments.owedLabel}</dd>
          </>
        ) : null}
      </dl>
      {payments.rows.length === 0 ? (
        <p>{T.none}</p>
      ) : (
        <table className="mail">
          <thead>
            <tr>
              <th scope="col">{T.name}</th>
              <th scope="col">{T.amount}</th>
              <th scope="col">{T.status}</th>
            </tr>
          </thead>
          <tbody>
            {payments.rows.map((row) => (
              <tr key={row.bookingId} data-testid="payment-row">
                <td>
                  {row.userName}
                  {row.bookingNote ? <span className="session-note"> ({row.bookingNote})</span> : null}
                </td>
                <td>{row.amountLabel}</td>
                <td>
                  {row.statusLabel}
                  {row.error ? <p className="field-error">{row.error}</p> : null}
                  {row.canRetry ? (
                    <Form method="post" action={`/admin/bokning/${row.bookingId}`}>
                      <input type="hidden" name="intent" value="retry-refund" />
                      <input type="hidden" name="returnTo" value={returnTo} />
                      <button type="submit" className="button secondary">
                        {T.retry}
                      </button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
