-- A seat held while its booker pays (issue 27): the booking is 'pending' and
-- its payment 'open' until Stripe's webhook confirms it, or the hold ends
-- (payments.checkout_expires_at, the Checkout Session's own end) and the seat
-- is released. The seat object's alarm and the cron look up the holds that
-- have ended by this index.
CREATE INDEX payments_open_hold_idx ON payments (checkout_expires_at) WHERE status = 'open';
