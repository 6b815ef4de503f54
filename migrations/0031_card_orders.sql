-- Klippkort and presentkort bought online (issue 48): the order a visitor
-- places on /presentkort before paying. The card itself is written only when
-- Stripe's signed webhook says the order is paid; until then the order holds
-- what was chosen, as it was offered (a product edited or hidden meanwhile
-- does not change what was paid for), and who gets the code when.
--
-- A refund of a card bought online goes back through Stripe: the card is
-- ended by its 'refund' ledger row at once, and the order keeps where the
-- money stands (pending, refunded, failed and retried by the cron).

CREATE TABLE card_orders (
  id TEXT PRIMARY KEY NOT NULL CHECK (length(id) BETWEEN 16 AND 64),
  product_id INTEGER NOT NULL REFERENCES card_products(id),
  kind TEXT NOT NULL CHECK (kind IN ('klippkort', 'presentkort')),
  product_name TEXT NOT NULL CHECK (length(product_name) BETWEEN 1 AND 80),
  -- What is paid, in whole kronor (Stripe takes at least 3 kr in SEK).
  paid_sek INTEGER NOT NULL CHECK (paid_sek BETWEEN 3 AND 100000),
  -- What the card will carry: a klippkort's uses and session types, a presentkort's balance.
  uses INTEGER CHECK (uses BETWEEN 1 AND 100),
  balance_sek INTEGER CHECK (balance_sek BETWEEN 1 AND 100000),
  session_types_json TEXT CHECK (
    json_valid(session_types_json) AND json_type(session_types_json) = 'array' AND json_array_length(session_types_json) >= 1
  ),
  validity_months INTEGER NOT NULL CHECK (validity_months BETWEEN 1 AND 60),
  buyer_email TEXT NOT NULL CHECK (
    buyer_email = '[raderad]' OR (length(buyer_email) BETWEEN 3 AND 254 AND instr(buyer_email, '@') > 1)
  ),
  -- The name the gift mail says it is from (optional).
  buyer_name TEXT CHECK (length(buyer_name) BETWEEN 1 AND 100),
  -- A card sent to someone else, on a chosen instant (send_at, UTC) or at once (NULL).
  recipient_email TEXT CHECK (length(recipient_email) BETWEEN 3 AND 254 AND instr(recipient_email, '@') > 1),
  recipient_name TEXT CHECK (length(recipient_name) BETWEEN 1 AND 100),
  message TEXT CHECK (length(message) BETWEEN 1 AND 500),
  send_at TEXT,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'expired')),
  checkout_session_id TEXT UNIQUE,
  checkout_url TEXT,
  checkout_expires_at TEXT NOT NULL,
  payment_intent_id TEXT,
  method TEXT CHECK (method IN ('card', 'swish')),
  paid_at TEXT,
  -- The card the payment issued: one per order.
  card_id INTEGER UNIQUE REFERENCES cards(id),
  refund_status TEXT CHECK (refund_status IN ('pending', 'refunded', 'failed')),
  refund_id TEXT,
  refund_error TEXT CHECK (length(refund_error) <= 500),
  refund_attempts INTEGER NOT NULL DEFAULT 0,
  refund_retry_at TEXT,
  refunded_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK (
    (kind = 'klippkort' AND uses IS NOT NULL AND session_types_json IS NOT NULL AND balance_sek IS NULL)
    OR (kind = 'presentkort' AND balance_sek IS NOT NULL AND uses IS NULL AND session_types_json IS NULL)
  ),
  CHECK (recipient_email IS NOT NULL OR (recipient_name IS NULL AND message IS NULL AND send_at IS NULL)),
  CHECK (card_id IS NULL OR status = 'paid'),
  CHECK (refund_status IS NULL OR card_id IS NOT NULL)
);
-- The open orders whose Checkout has run out (the cron ends them).
CREATE INDEX card_orders_open_idx ON card_orders (checkout_expires_at) WHERE status = 'open';
-- The refunds owed (the cron retries them).
CREATE INDEX card_orders_refund_due_idx ON card_orders (refund_status, refund_retry_at) WHERE refund_status IN ('pending', 'failed');
-- A person's orders (the data export, erasure).
CREATE INDEX card_orders_buyer_email_idx ON card_orders (lower(buyer_email));
CREATE INDEX card_orders_recipient_email_idx ON card_orders (lower(recipient_email)) WHERE recipient_email IS NOT NULL;
