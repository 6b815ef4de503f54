-- The minimum-participant decision (a group session with 2 or fewer
-- participants may be cancelled with at least 24 h notice). At T−30 h each
-- such session gets a request: one row per session and start time, and one
-- mail to the admin with two one-click links carrying `token` (only its
-- SHA-256 hash is stored). The first decision recorded (by link, on
-- /admin/vantande-pass, or the configured default at T−25 h) ends the request.
--
-- start_time: the start the request asks about; once the session moves, the
-- row no longer matches it and is void (the new start gets its own row).
-- deadline: start − 25 h, when the default applies.
-- participants: the count the request mail showed.
-- decision: 'cancel' or 'run'; decided_by: 'admin' (the list's buttons),
-- 'link' (the mailed link) or 'default'; decided_by_email: the admin's address.
-- reason: why a default ran the session although it was set to cancel:
-- 'filled' (3 or more participants by then) or 'late' (the deadline was first
-- seen less than 24 h before the start).
-- applied_at: when the decision was carried out (a cancellation done); a
-- 'cancel' without it is retried by the cron.
CREATE TABLE session_decisions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  start_time TEXT NOT NULL,
  deadline TEXT NOT NULL,
  participants INTEGER NOT NULL CHECK (participants >= 0),
  token_hash TEXT NOT NULL,
  requested_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  decision TEXT CHECK (decision IS NULL OR decision IN ('cancel', 'run')),
  decided_at TEXT,
  decided_by TEXT CHECK (decided_by IS NULL OR decided_by IN ('admin', 'link', 'default')),
  decided_by_email TEXT,
  reason TEXT CHECK (reason IS NULL OR reason IN ('filled', 'late')),
  applied_at TEXT,
  CHECK ((decision IS NULL) = (decided_at IS NULL) AND (decision IS NULL) = (decided_by IS NULL)),
  CHECK (deadline < start_time)
);
CREATE UNIQUE INDEX session_decisions_session_start_idx ON session_decisions (session_id, start_time);
CREATE UNIQUE INDEX session_decisions_token_idx ON session_decisions (token_hash);
CREATE INDEX session_decisions_open_idx ON session_decisions (decision, deadline);
