-- A session's location names a row of `places` (a foreign key; a renamed
-- place renames its sessions' location) instead of one of six fixed names in
-- a CHECK, so staff can add places.
--
-- sessions is rebuilt to swap its location CHECK for the foreign key. D1
-- cannot turn foreign keys off, and dropping the old table deletes its rows
-- first, which would run the children's ON DELETE actions (bookings lose
-- their session, queue places and minimum-participant decisions go). So the
-- children are copied aside, and put back once the new table holds every
-- session under its old id. Foreign keys are checked at commit.
PRAGMA defer_foreign_keys = on;

CREATE TABLE keep_booking_sessions AS SELECT id, session_id FROM bookings WHERE session_id IS NOT NULL;
CREATE TABLE keep_waitlist_entries AS SELECT * FROM waitlist_entries;
CREATE TABLE keep_session_decisions AS SELECT * FROM session_decisions;
CREATE TABLE keep_sessions_seq AS SELECT seq FROM sqlite_sequence WHERE name = 'sessions';

CREATE TABLE sessions_rebuilt (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  description TEXT NOT NULL DEFAULT '' CHECK (length(description) <= 1000),
  location TEXT NOT NULL REFERENCES places (name) ON UPDATE CASCADE,
  start_time TEXT NOT NULL CHECK (strftime('%Y-%m-%dT%H:%M:%fZ', start_time) IS start_time),
  end_time TEXT NOT NULL CHECK (strftime('%Y-%m-%dT%H:%M:%fZ', end_time) IS end_time),
  pass_type TEXT NOT NULL CHECK (pass_type IN ('group', 'private')),
  price_sek INTEGER NOT NULL DEFAULT 0 CHECK (price_sek >= 0),
  current_participants INTEGER NOT NULL DEFAULT 0,
  max_participants INTEGER NOT NULL CHECK (max_participants >= 1),
  image_url TEXT,
  popup_type_id INTEGER REFERENCES popup_types (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  cancelled_at TEXT,
  revision INTEGER NOT NULL DEFAULT 0 CHECK (revision >= 0),
  series_id TEXT REFERENCES session_series (id) ON DELETE SET NULL,
  held_seats INTEGER NOT NULL DEFAULT 0 CHECK (held_seats >= 0),
  CHECK (current_participants >= 0 AND current_participants <= max_participants),
  CHECK (end_time > start_time)
);
INSERT INTO sessions_rebuilt (id, title, description, location, start_time, end_time, pass_type, price_sek,
    current_participants, max_participants, image_url, popup_type_id, created_at, updated_at, cancelled_at,
    revision, series_id, held_seats)
  SELECT id, title, description, location, start_time, end_time, pass_type, price_sek,
    current_participants, max_participants, image_url, popup_type_id, created_at, updated_at, cancelled_at,
    revision, series_id, held_seats
  FROM sessions;
DROP TABLE sessions;
ALTER TABLE sessions_rebuilt RENAME TO sessions;
CREATE INDEX sessions_start_time_idx ON sessions (start_time);
CREATE INDEX sessions_end_time_idx ON sessions (end_time);
CREATE INDEX sessions_pass_type_end_time_idx ON sessions (pass_type, end_time);
CREATE INDEX sessions_series_idx ON sessions (series_id) WHERE series_id IS NOT NULL;
CREATE INDEX sessions_location_idx ON sessions (location);
-- Ids of deleted sessions are never handed out again.
UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT seq FROM keep_sessions_seq), 0)) WHERE name = 'sessions';

UPDATE bookings SET session_id = (SELECT k.session_id FROM keep_booking_sessions k WHERE k.id = bookings.id)
  WHERE id IN (SELECT id FROM keep_booking_sessions);
INSERT INTO waitlist_entries SELECT * FROM keep_waitlist_entries WHERE id NOT IN (SELECT id FROM waitlist_entries);
INSERT INTO session_decisions SELECT * FROM keep_session_decisions WHERE id NOT IN (SELECT id FROM session_decisions);

DROP TABLE keep_booking_sessions;
DROP TABLE keep_waitlist_entries;
DROP TABLE keep_session_decisions;
DROP TABLE keep_sessions_seq;
