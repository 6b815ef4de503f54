-- Mail as the provider really behaves (app/server/email/).
--
-- provider_key: the idempotency key the provider sees for a row, when it is
-- not the row's own: staff's 'Skicka igen' on a dead letter is a new attempt
-- under a fresh key (the old one the provider may still hold for 24 h), while
-- the row keeps its own key, by which bookings find their confirmation.
ALTER TABLE email_outbox ADD COLUMN provider_key TEXT;
CREATE INDEX email_outbox_provider_message_idx ON email_outbox (provider_message_id) WHERE provider_message_id IS NOT NULL;

-- What the provider told us about a mail after taking it (its signed
-- webhook): one row per event, keyed by the event's id, so a repeat is a
-- no-op. outbox_id and campaign_id are resolved when the event arrives (the
-- outbox row may be purged later; the campaign's counts stay).
CREATE TABLE email_events (
  event_id TEXT PRIMARY KEY NOT NULL,
  type TEXT NOT NULL,
  provider_message_id TEXT NOT NULL,
  outbox_id TEXT,
  campaign_id INTEGER,
  recipient TEXT NOT NULL,
  subject TEXT,
  detail TEXT,
  occurred_at TEXT,
  received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX email_events_campaign_idx ON email_events (campaign_id, type) WHERE campaign_id IS NOT NULL;
CREATE INDEX email_events_outbox_idx ON email_events (outbox_id) WHERE outbox_id IS NOT NULL;
CREATE INDEX email_events_received_idx ON email_events (received_at);

-- A hard bounce: the address takes no more newsletters (kept subscribed in
-- name, so its consent history stays readable; every audience skips it).
ALTER TABLE newsletter_subscribers ADD COLUMN undeliverable_at TEXT;
ALTER TABLE newsletter_subscribers ADD COLUMN undeliverable_reason TEXT;
-- Why a subscriber left: NULL (their own link or the admin) or 'complaint'
-- (they marked a newsletter as spam: unsubscribed at once).
ALTER TABLE newsletter_subscribers ADD COLUMN unsubscribe_reason TEXT;

-- An event finds its campaign through the recipient ledger's outbox row.
CREATE INDEX email_campaign_recipients_outbox_idx ON email_campaign_recipients (outbox_id) WHERE outbox_id IS NOT NULL;
