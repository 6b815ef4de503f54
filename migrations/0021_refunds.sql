-- Refunds of paid bookings (issue 27): why a payment is being refunded and
-- when a failed refund is tried again. A refund is queued ('refund_pending')
-- in the same batch as the cancellation that calls for it, sent right after,
-- and retried by the cron with a growing pause until a cap of attempts.
ALTER TABLE payments ADD COLUMN refund_reason TEXT
  CHECK (refund_reason IN ('staff-cancel', 'session-cancelled', 'decision', 'late-payment') OR refund_reason IS NULL);
-- A failed refund is not tried again before this time (UTC ISO); NULL: at once.
ALTER TABLE payments ADD COLUMN refund_retry_at TEXT;
-- The refunds still to send or to retry, oldest due first.
CREATE INDEX payments_refund_due_idx ON payments (status, refund_retry_at) WHERE status IN ('refund_pending', 'refund_failed');
