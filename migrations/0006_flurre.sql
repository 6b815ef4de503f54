-- Flurre, the chat assistant: the FAQ rows staff write (used for answers at
-- once) and the questions Flurre could not answer (shown to staff).

-- links_json: a JSON array of {"label": "...", "href": "..."}, each href a
-- path on the site ("/hitta") or an https address.
CREATE TABLE flurre_faq (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  question TEXT NOT NULL CHECK (length(question) BETWEEN 1 AND 500),
  answer TEXT NOT NULL CHECK (length(answer) BETWEEN 1 AND 2000),
  links_json TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(links_json) AND json_type(links_json) = 'array'),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- normalized: the question lower-cased with its spaces collapsed, so repeats
-- of one question group together. page: the path it was asked from, if known.
-- handled_at: set when staff have dealt with it (answered it in an FAQ row or
-- dismissed it).
CREATE TABLE flurre_unanswered (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  question TEXT NOT NULL CHECK (length(question) BETWEEN 1 AND 500),
  normalized TEXT NOT NULL CHECK (length(normalized) BETWEEN 1 AND 500),
  page TEXT CHECK (page IS NULL OR length(page) <= 200),
  asked_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  handled_at TEXT
);
CREATE INDEX flurre_unanswered_open_idx ON flurre_unanswered (handled_at, asked_at);
CREATE INDEX flurre_unanswered_normalized_idx ON flurre_unanswered (normalized);
