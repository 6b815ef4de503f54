-- A card with something left is reminded once, 30 days before it expires
-- (the cron's 'cards' job): when that mail was queued.
ALTER TABLE cards ADD COLUMN expiry_reminded_at TEXT;
-- The cards whose end is near or past, for the cron's walk.
CREATE INDEX cards_expires_idx ON cards (expires_at) WHERE voided_at IS NULL AND refunded_at IS NULL;
