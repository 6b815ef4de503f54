-- My data and retention. A booking kept for the business's accounts after
-- its customer's personal data is gone (erasure on request, or 24 months
-- after the session) says when it was anonymized. An address whose
-- subscription was deleted (erasure, or 30 days after unsubscribing) is
-- remembered only as a hash, so it is never added or mailed again unless its
-- owner subscribes anew.
ALTER TABLE bookings ADD COLUMN anonymized_at TEXT;
CREATE INDEX bookings_retention_idx ON bookings (session_end_time) WHERE anonymized_at IS NULL;

CREATE TABLE newsletter_suppressions (
  -- SHA-256 (hex) of 'hundpass-suppression:' and the address in lower case.
  email_hash TEXT NOT NULL PRIMARY KEY CHECK (length(email_hash) = 64),
  reason TEXT NOT NULL CHECK (reason IN ('unsubscribed', 'erased')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- The retention job's reads: old messages, reports, questions and audit rows by age.
CREATE INDEX contact_messages_created_idx ON contact_messages (created_at);
CREATE INDEX problem_reports_created_idx ON problem_reports (created_at);
CREATE INDEX newsletter_subscribers_unsubscribed_idx ON newsletter_subscribers (unsubscribed_at) WHERE status = 'unsubscribed';
CREATE INDEX flurre_unanswered_asked_idx ON flurre_unanswered (asked_at);
