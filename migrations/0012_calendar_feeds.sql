-- The staff's private calendar feeds (/admin/kalender): each admin has at most
-- one live subscribe link, whose long random token is stored only as its
-- SHA-256 hash. A new link revokes that admin's one before; the admin can
-- revoke it outright; it stops by itself when the user loses the admin role
-- (checked on every fetch) or is deleted (the row goes with the user).
-- Attendee names go into the feed only if the admin chose so for that link.
CREATE TABLE calendar_feeds (
  id TEXT NOT NULL PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE CHECK (length(token_hash) = 64),
  include_attendees INTEGER NOT NULL DEFAULT 0 CHECK (include_attendees IN (0, 1)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  revoked_at TEXT
);
CREATE UNIQUE INDEX calendar_feeds_one_live_idx ON calendar_feeds (user_id) WHERE revoked_at IS NULL;
