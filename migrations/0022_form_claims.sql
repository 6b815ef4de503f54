-- One-time keys of the staff forms that create something (a session, a
-- weekly series, a campaign, a content row, an FAQ row). Each such form
-- carries a random key made when the page is drawn; the row it creates and
-- its claim here are written in one D1 batch, so a second post of the same
-- form (a double click, a browser's "resend form") finds the claim and is
-- answered as the first was, creating nothing. `kind` and `created_id` say
-- what the first post created. The cron's daily retention deletes claims
-- older than a day.
--
-- WITHOUT ROWID: an insert here leaves last_insert_rowid() alone, so the
-- audit row written after the claim in the same batch still reads the id of
-- the row it audits.
CREATE TABLE form_claims (
  key TEXT NOT NULL PRIMARY KEY CHECK (length(key) = 36),
  kind TEXT NOT NULL CHECK (length(kind) BETWEEN 1 AND 40),
  created_id TEXT NOT NULL CHECK (length(created_id) BETWEEN 1 AND 64),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) WITHOUT ROWID;

CREATE INDEX form_claims_created_idx ON form_claims (created_at);
