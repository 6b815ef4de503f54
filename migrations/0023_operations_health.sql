-- What the owner's Driftstatus page (/admin/drift), /healthz and the cron's
-- alert mail read about the machine itself.
--
-- operations_health: one row per cron job ('job', named as in
-- app/domain/operations.ts) and per webhook ('webhook': 'stripe', 'mail'),
-- overwritten by one statement each time the job runs or an event arrives.
-- For a job, last_ok_at / last_failed_at are its last successful and failed
-- runs; for a webhook, its last accepted and last refused arrival (a bad or
-- stale signature, a malformed body). last_error is a short summary that
-- never holds a secret. first_seen_at is when the row was made: a job that
-- has never run counts as overdue only once twice its interval has passed
-- since then. The 'cron' row, made here, stands for every job until the
-- cron has run once.
CREATE TABLE operations_health (
  name TEXT NOT NULL PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 60),
  kind TEXT NOT NULL CHECK (kind IN ('job', 'webhook', 'cron')),
  first_seen_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  last_started_at TEXT,
  last_finished_at TEXT,
  last_outcome TEXT CHECK (last_outcome IN ('ok', 'failed', 'accepted', 'refused')),
  last_duration_ms INTEGER CHECK (last_duration_ms >= 0),
  last_error TEXT CHECK (length(last_error) <= 300),
  last_ok_at TEXT,
  last_failed_at TEXT
) WITHOUT ROWID;

INSERT INTO operations_health (name, kind) VALUES ('cron', 'cron');

-- Refused webhook calls per name and UTC hour ('2026-11-29T01'): the last
-- 24 hours are summed; the cron deletes hours older than two days.
CREATE TABLE operations_refusals (
  name TEXT NOT NULL,
  hour TEXT NOT NULL CHECK (length(hour) = 13),
  count INTEGER NOT NULL DEFAULT 0 CHECK (count >= 0),
  PRIMARY KEY (name, hour)
) WITHOUT ROWID;

-- A problem the cron has seen (e.g. 'job-overdue:housekeeping') while it
-- lasts: since when, and when staff were mailed about it. Deleted once the
-- problem is gone, so a later return is a new episode with its own mail.
CREATE TABLE operations_alerts (
  problem TEXT NOT NULL PRIMARY KEY CHECK (length(problem) BETWEEN 1 AND 80),
  since TEXT NOT NULL,
  mailed_at TEXT
) WITHOUT ROWID;

-- The mail provider's webhook is stale when a mail it took more than an hour
-- ago has had no event since: the oldest such mail, found by this index.
CREATE INDEX email_outbox_provider_sent_idx ON email_outbox (sent_at) WHERE provider_message_id IS NOT NULL;
