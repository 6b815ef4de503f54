-- Weekly series: sessions created together on /admin/skapa-pass with
-- 'Upprepa varje vecka', each on the same Stockholm wall time a week apart.
-- The series row says who created it and when; each session names its
-- series, so the series can be listed and mailed as one. Deleting a series
-- row never deletes its sessions.
CREATE TABLE session_series (
  id TEXT NOT NULL PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
  title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  created_by TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

ALTER TABLE sessions ADD COLUMN series_id TEXT REFERENCES session_series (id) ON DELETE SET NULL;
CREATE INDEX sessions_series_idx ON sessions (series_id) WHERE series_id IS NOT NULL;
