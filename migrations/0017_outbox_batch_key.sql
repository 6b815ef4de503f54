-- A newsletter batch's idempotency key, fixed when the drain first forms the
-- batch and stored on each of its rows, so a batch sent again after the drain
-- was cut (the provider accepted it, the rows were not yet marked) goes out
-- with the same rows under the same key, and the provider drops the repeat.
ALTER TABLE email_outbox ADD COLUMN batch_key TEXT;
CREATE INDEX email_outbox_batch_key_idx ON email_outbox (batch_key) WHERE batch_key IS NOT NULL;
