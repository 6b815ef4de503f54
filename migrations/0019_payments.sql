-- Online payment at booking through Stripe Checkout (issue 27), off unless
-- PAYMENTS=stripe. With payments off no row is ever written here.
--
-- One payment per booking: the amount (in öre, from the session on the
-- server), its Checkout Session, and what became of it. Rows stay when the
-- booking's personal data is erased (amounts and status are the accounts,
-- like the booking's price); none of them holds a name or an address.
CREATE TABLE payments (
  id TEXT PRIMARY KEY NOT NULL,
  booking_id TEXT NOT NULL UNIQUE REFERENCES bookings(id),
  session_id INTEGER NOT NULL,
  amount_ore INTEGER NOT NULL CHECK (amount_ore > 0),
  currency TEXT NOT NULL DEFAULT 'sek',
  status TEXT NOT NULL CHECK (status IN ('open', 'paid', 'expired', 'cancelled', 'refund_pending', 'refunded', 'refund_failed')),
  checkout_session_id TEXT UNIQUE,
  checkout_url TEXT,
  checkout_expires_at TEXT,
  payment_intent_id TEXT,
  method TEXT CHECK (method IN ('card', 'swish') OR method IS NULL),
  paid_at TEXT,
  refund_id TEXT,
  refunded_at TEXT,
  refund_error TEXT,
  refund_attempts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
-- A session's amounts paid and refunded.
CREATE INDEX payments_session_idx ON payments (session_id, status);

-- Stripe's events already taken (its signed webhook, /api/stripe-handelser),
-- by Stripe's event id: a replayed event changes nothing.
CREATE TABLE stripe_events (
  id TEXT PRIMARY KEY NOT NULL,
  type TEXT NOT NULL,
  received_at TEXT NOT NULL
);
CREATE INDEX stripe_events_received_idx ON stripe_events (received_at);
