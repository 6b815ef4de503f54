-- Mail that carries a one-time link: `secret` is the link's token as it
-- appears in the bodies, `expires_at` when the link dies. The drain never
-- sends such a row after it; once the link is used or dead, the token is
-- blanked in the bodies and `secret` cleared (`redacted_at`).
ALTER TABLE email_outbox ADD COLUMN secret TEXT;
ALTER TABLE email_outbox ADD COLUMN expires_at TEXT;
ALTER TABLE email_outbox ADD COLUMN redacted_at TEXT;
CREATE INDEX email_outbox_expires_idx ON email_outbox (expires_at);

-- A staff account signs in with its password only once its address is
-- proved by a link. Rows made by a sign-in link proved it already.
ALTER TABLE users ADD COLUMN email_verified_at TEXT;
UPDATE users SET email_verified_at = created_at WHERE password_hash IS NULL;

-- Links that confirm a staff sign-up. Only a SHA-256 hash of the token is
-- stored; the password chosen with this sign-up becomes the account's only
-- when its own link is confirmed, so a later sign-up by someone else for the
-- same (unverified) address cannot take the account over.
CREATE TABLE staff_email_tokens (
  token_hash TEXT NOT NULL PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  password_hash TEXT NOT NULL,
  display_name TEXT NOT NULL CHECK (length(display_name) BETWEEN 1 AND 254),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at TEXT NOT NULL,
  used_at TEXT,
  CHECK (expires_at > created_at)
);
CREATE INDEX staff_email_tokens_expires_idx ON staff_email_tokens (expires_at);
CREATE INDEX staff_email_tokens_user_idx ON staff_email_tokens (user_id);
