-- Klippkort and presentkort (issue 48): what staff sell (card_products), each
-- card sold (cards) and every change to a card's balance (card_ledger).
--
-- A card's code is a bearer credential: only its SHA-256 hash is stored, with
-- its last four characters for staff to tell cards apart. A card keeps its
-- balance beside the ledger (uses_left for a klippkort, balance_sek for a
-- presentkort), changed in the same batch as the ledger row that explains it,
-- so the balance is always the ledger's sum; a spend is a conditional UPDATE
-- of that balance, and the CHECKs keep it from going below zero whatever runs.
-- Amounts are whole kronor.

CREATE TABLE card_products (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL CHECK (kind IN ('klippkort', 'presentkort')),
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 80 AND name = trim(name)),
  -- A klippkort: how many sessions it pays and its price and the session types
  -- it is valid for as a JSON array of popup_types.name.
  uses INTEGER CHECK (uses BETWEEN 1 AND 100),
  price_sek INTEGER CHECK (price_sek BETWEEN 0 AND 100000),
  session_types_json TEXT CHECK (
    json_valid(session_types_json) AND json_type(session_types_json) = 'array' AND json_array_length(session_types_json) BETWEEN 1 AND 50
  ),
  -- A presentkort: the amounts offered as a JSON array of kronor and/or a free
  -- amount between a least and a most.
  amounts_json TEXT CHECK (
    json_valid(amounts_json) AND json_type(amounts_json) = 'array' AND json_array_length(amounts_json) BETWEEN 1 AND 10
  ),
  free_min_sek INTEGER CHECK (free_min_sek BETWEEN 1 AND 100000),
  free_max_sek INTEGER CHECK (free_max_sek BETWEEN 1 AND 100000),
  validity_months INTEGER NOT NULL CHECK (validity_months BETWEEN 1 AND 60),
  -- A hidden product is no longer sold; the cards sold of it stay valid.
  hidden INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK (
    (kind = 'klippkort' AND uses IS NOT NULL AND price_sek IS NOT NULL AND session_types_json IS NOT NULL
      AND amounts_json IS NULL AND free_min_sek IS NULL AND free_max_sek IS NULL)
    OR
    -- A gift card lasts at least a year.
    (kind = 'presentkort' AND uses IS NULL AND price_sek IS NULL AND session_types_json IS NULL
      AND validity_months >= 12
      AND (amounts_json IS NOT NULL OR free_min_sek IS NOT NULL)
      AND (free_min_sek IS NULL) = (free_max_sek IS NULL)
      AND (free_max_sek IS NULL OR free_max_sek >= free_min_sek))
  )
);

CREATE TABLE cards (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  product_id INTEGER NOT NULL REFERENCES card_products(id),
  -- The kind of the product as sold.
  kind TEXT NOT NULL CHECK (kind IN ('klippkort', 'presentkort')),
  -- SHA-256 in hex of the code as typed without dashes and in capitals.
  code_hash TEXT NOT NULL UNIQUE CHECK (length(code_hash) = 64),
  code_last4 TEXT NOT NULL CHECK (length(code_last4) = 4),
  -- Who bought it: [raderad] once they erased their data.
  holder_email TEXT NOT NULL CHECK (
    holder_email = '[raderad]' OR (length(holder_email) BETWEEN 3 AND 254 AND instr(holder_email, '@') > 1)
  ),
  -- A presentkort sent to someone else on a chosen day: the online sale.
  recipient_email TEXT CHECK (length(recipient_email) BETWEEN 3 AND 254 AND instr(recipient_email, '@') > 1),
  recipient_name TEXT CHECK (length(recipient_name) BETWEEN 1 AND 100),
  message TEXT CHECK (length(message) BETWEEN 1 AND 500),
  send_at TEXT,
  sold_via TEXT NOT NULL CHECK (sold_via IN ('counter', 'online')),
  stripe_checkout_session_id TEXT UNIQUE,
  -- What was paid in kronor: the price of a klippkort or the amount of a presentkort.
  paid_sek INTEGER NOT NULL CHECK (paid_sek BETWEEN 0 AND 100000),
  -- The session types of a klippkort as sold: those of its product may change later.
  session_types_json TEXT CHECK (
    json_valid(session_types_json) AND json_type(session_types_json) = 'array' AND json_array_length(session_types_json) >= 1
  ),
  -- The balance kept beside the ledger: never below zero.
  uses_left INTEGER CHECK (uses_left >= 0),
  balance_sek INTEGER CHECK (balance_sek >= 0),
  issued_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  voided_at TEXT,
  refunded_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK (expires_at > issued_at),
  CHECK (
    (kind = 'klippkort' AND uses_left IS NOT NULL AND balance_sek IS NULL AND session_types_json IS NOT NULL)
    OR (kind = 'presentkort' AND balance_sek IS NOT NULL AND uses_left IS NULL AND session_types_json IS NULL)
  ),
  CHECK (sold_via = 'online' OR stripe_checkout_session_id IS NULL),
  CHECK (recipient_email IS NOT NULL OR (recipient_name IS NULL AND message IS NULL AND send_at IS NULL))
);
-- Staff's list, newest first; a holder's cards (search, the data export).
CREATE INDEX cards_issued_idx ON cards (issued_at);
CREATE INDEX cards_product_idx ON cards (product_id);
CREATE INDEX cards_holder_email_idx ON cards (lower(holder_email));

-- One row per change of a card's balance: its issue, a use at booking, a use
-- given back, its expiry, a refund, a void. Deltas are signed (a use is
-- negative); for every card, its kept balance is the sum of its rows.
CREATE TABLE card_ledger (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  card_id INTEGER NOT NULL REFERENCES cards(id),
  kind TEXT NOT NULL CHECK (kind IN ('issue', 'use', 'give-back', 'expiry', 'refund', 'void')),
  uses_delta INTEGER NOT NULL DEFAULT 0,
  amount_delta_sek INTEGER NOT NULL DEFAULT 0,
  booking_id TEXT REFERENCES bookings(id),
  note TEXT CHECK (length(note) BETWEEN 1 AND 200),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK (kind NOT IN ('issue', 'give-back') OR (uses_delta >= 0 AND amount_delta_sek >= 0)),
  CHECK (kind IN ('issue', 'give-back') OR (uses_delta <= 0 AND amount_delta_sek <= 0)),
  CHECK (kind NOT IN ('use', 'give-back') OR booking_id IS NOT NULL)
);
CREATE INDEX card_ledger_card_idx ON card_ledger (card_id, id);
CREATE INDEX card_ledger_booking_idx ON card_ledger (booking_id) WHERE booking_id IS NOT NULL;
-- A card is issued once, and ends once (expired, refunded or voided).
CREATE UNIQUE INDEX card_ledger_one_issue ON card_ledger (card_id) WHERE kind = 'issue';
CREATE UNIQUE INDEX card_ledger_one_end ON card_ledger (card_id) WHERE kind IN ('expiry', 'refund', 'void');
-- A booking spends a card once, and gets it back once.
CREATE UNIQUE INDEX card_ledger_one_use_per_booking ON card_ledger (card_id, booking_id) WHERE kind = 'use';
CREATE UNIQUE INDEX card_ledger_one_give_back_per_booking ON card_ledger (card_id, booking_id) WHERE kind = 'give-back';
