-- Hundpass data model. Times are UTC ISO-8601 strings of the form
-- YYYY-MM-DDTHH:MM:SS.sssZ so that text comparison orders them correctly.
-- Text primary keys say NOT NULL: unlike INTEGER PRIMARY KEY, SQLite would
-- otherwise accept NULL in them.

CREATE TABLE popup_types (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  description TEXT NOT NULL DEFAULT '',
  image_url TEXT,
  inspiring_text TEXT NOT NULL DEFAULT '',
  hidden INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1)),
  app_order INTEGER,
  max_participants INTEGER NOT NULL DEFAULT 10 CHECK (max_participants >= 1),
  session_type TEXT NOT NULL DEFAULT 'group' CHECK (session_type IN ('group', 'private', 'privatpass', 'combined')),
  price INTEGER NOT NULL DEFAULT 0 CHECK (price >= 0),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX popup_types_name_unique ON popup_types (name);
CREATE INDEX popup_types_visible_order_idx ON popup_types (hidden, app_order);

CREATE TABLE sessions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  description TEXT NOT NULL DEFAULT '' CHECK (length(description) <= 1000),
  location TEXT NOT NULL CHECK (location IN ('Hundhallen Gävle', 'Regementsparken Gävle', 'Stadsparken Sandviken', 'Bronsängen Sandviken', 'Hembesök', 'Online')),
  -- The canonical form round-trips through strftime unchanged; anything else,
  -- including text strftime cannot read (NULL, hence IS), is refused. A GLOB
  -- pattern would read better, but D1 refuses patterns over 50 bytes.
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
  CHECK (current_participants >= 0 AND current_participants <= max_participants),
  CHECK (end_time > start_time)
);
CREATE INDEX sessions_start_time_idx ON sessions (start_time);
CREATE INDEX sessions_end_time_idx ON sessions (end_time);
CREATE INDEX sessions_pass_type_end_time_idx ON sessions (pass_type, end_time);

CREATE TABLE bookings (
  id TEXT NOT NULL PRIMARY KEY,
  session_id INTEGER REFERENCES sessions (id) ON DELETE SET NULL,
  user_name TEXT NOT NULL CHECK (length(user_name) BETWEEN 1 AND 100),
  user_email TEXT NOT NULL CHECK (length(user_email) BETWEEN 3 AND 254),
  user_phone TEXT NOT NULL CHECK (length(user_phone) <= 30),
  dog_name TEXT NOT NULL CHECK (length(dog_name) BETWEEN 1 AND 100),
  dog_breed TEXT CHECK (length(dog_breed) <= 100),
  dog_age TEXT CHECK (length(dog_age) <= 50),
  special_notes TEXT CHECK (length(special_notes) <= 500),
  home_address TEXT CHECK (length(home_address) <= 500),
  meeting_type TEXT CHECK (meeting_type IN ('Telefonmöte', 'Google Meets', 'Facebook Messenger', 'Microsoft Teams')),
  variant TEXT CHECK (variant IN ('privat', 'proffs')),
  price_sek INTEGER NOT NULL DEFAULT 0 CHECK (price_sek >= 0),
  booking_status TEXT NOT NULL DEFAULT 'confirmed' CHECK (booking_status IN ('confirmed', 'pending', 'cancelled')),
  idempotency_key TEXT NOT NULL,
  session_title TEXT NOT NULL,
  session_location TEXT NOT NULL,
  session_start_time TEXT NOT NULL,
  session_end_time TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX bookings_idempotency_key_unique ON bookings (idempotency_key);
CREATE UNIQUE INDEX bookings_one_active_per_email ON bookings (session_id, lower(user_email)) WHERE booking_status <> 'cancelled';
CREATE INDEX bookings_session_status_idx ON bookings (session_id, booking_status);
CREATE INDEX bookings_email_idx ON bookings (lower(user_email));

CREATE TABLE users (
  id TEXT NOT NULL PRIMARY KEY,
  email TEXT NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  password_hash TEXT,
  display_name TEXT NOT NULL CHECK (length(display_name) BETWEEN 1 AND 254),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX users_email_unique ON users (lower(email));

CREATE TABLE profiles (
  user_id TEXT NOT NULL PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  full_name TEXT,
  phone TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE user_roles (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('admin')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (user_id, role)
);

-- One-time sign-in links. Only a SHA-256 hash of the token is stored.
CREATE TABLE sign_in_tokens (
  token_hash TEXT NOT NULL PRIMARY KEY,
  email TEXT NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('customer', 'admin')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at TEXT NOT NULL,
  used_at TEXT,
  CHECK (expires_at > created_at)
);
CREATE INDEX sign_in_tokens_expires_idx ON sign_in_tokens (expires_at);

-- Server-side sessions. The cookie holds a random id; only its hash is stored.
CREATE TABLE auth_sessions (
  id_hash TEXT NOT NULL PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('customer', 'staff')),
  email TEXT NOT NULL,
  user_id TEXT REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at TEXT NOT NULL,
  CHECK (kind = 'customer' OR user_id IS NOT NULL)
);
CREATE INDEX auth_sessions_expires_idx ON auth_sessions (expires_at);

CREATE TABLE newsletter_subscribers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  name TEXT,
  status TEXT NOT NULL DEFAULT 'subscribed' CHECK (status IN ('subscribed', 'unsubscribed')),
  source TEXT NOT NULL DEFAULT 'website' CHECK (source IN ('website', 'manual', 'booking')),
  consent_at TEXT,
  unsubscribed_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK (status = 'unsubscribed' OR consent_at IS NOT NULL)
);
CREATE UNIQUE INDEX newsletter_subscribers_email_unique ON newsletter_subscribers (lower(email));
CREATE INDEX newsletter_subscribers_status_idx ON newsletter_subscribers (status);

CREATE TABLE newsletter_subscriber_segments (
  subscriber_id INTEGER NOT NULL REFERENCES newsletter_subscribers (id) ON DELETE CASCADE,
  segment_name TEXT NOT NULL CHECK (segment_name IN ('vip-utskick', 'live-utskick', 'slut-utskick', '{name}', 'vanner-testar', 'test-once')),
  added_by TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (subscriber_id, segment_name)
);
CREATE INDEX newsletter_subscriber_segments_segment_idx ON newsletter_subscriber_segments (segment_name);

CREATE TABLE email_campaigns (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  campaign_name TEXT NOT NULL CHECK (length(campaign_name) BETWEEN 1 AND 200),
  subject TEXT NOT NULL CHECK (length(subject) BETWEEN 1 AND 255),
  subheader TEXT CHECK (length(subheader) <= 200),
  html_content TEXT NOT NULL CHECK (length(html_content) BETWEEN 1 AND 10000),
  image_url TEXT CHECK (length(image_url) <= 500),
  button_text TEXT CHECK (length(button_text) <= 50),
  button_url TEXT CHECK (length(button_url) <= 500),
  from_email TEXT NOT NULL,
  target_segment TEXT NOT NULL DEFAULT '{name}',
  footer_line1 TEXT CHECK (length(footer_line1) <= 200),
  footer_line2 TEXT CHECK (length(footer_line2) <= 200),
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'sending', 'sent', 'failed', 'cancelled')),
  sent_count INTEGER NOT NULL DEFAULT 0 CHECK (sent_count >= 0),
  report_due_at TEXT,
  report_sent_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX email_campaigns_created_idx ON email_campaigns (created_at);
CREATE INDEX email_campaigns_status_idx ON email_campaigns (status);

-- Each campaign goes out in waves (day 1, 2, 3 at 08:00 Stockholm time); the
-- cron worker advances a wave in batches, remembering the last subscriber id.
CREATE TABLE email_campaign_waves (
  campaign_id INTEGER NOT NULL REFERENCES email_campaigns (id) ON DELETE CASCADE,
  wave INTEGER NOT NULL CHECK (wave BETWEEN 1 AND 3),
  segment_name TEXT NOT NULL,
  scheduled_at TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'running', 'done', 'cancelled')),
  last_subscriber_id INTEGER NOT NULL DEFAULT 0,
  sent_count INTEGER NOT NULL DEFAULT 0 CHECK (sent_count >= 0),
  started_at TEXT,
  finished_at TEXT,
  PRIMARY KEY (campaign_id, wave, segment_name)
);
CREATE INDEX email_campaign_waves_due_idx ON email_campaign_waves (status, scheduled_at);

CREATE TABLE contact_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  email TEXT NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  message TEXT NOT NULL CHECK (length(message) BETWEEN 1 AND 1000),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE problem_reports (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_name TEXT NOT NULL CHECK (length(user_name) BETWEEN 1 AND 100),
  user_email TEXT NOT NULL CHECK (length(user_email) BETWEEN 3 AND 254),
  user_phone TEXT NOT NULL CHECK (length(user_phone) <= 30),
  message TEXT NOT NULL CHECK (length(message) BETWEEN 1 AND 2000),
  needs_help TEXT NOT NULL CHECK (needs_help IN ('yes', 'no')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Every e-mail is written here first; a drain step delivers it with retries.
CREATE TABLE email_outbox (
  id TEXT NOT NULL PRIMARY KEY,
  idempotency_key TEXT NOT NULL,
  kind TEXT NOT NULL,
  to_address TEXT NOT NULL,
  from_address TEXT NOT NULL,
  reply_to TEXT,
  subject TEXT NOT NULL,
  text_body TEXT NOT NULL,
  html_body TEXT,
  attachments_json TEXT,
  status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  last_error TEXT,
  next_attempt_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  provider_message_id TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  sent_at TEXT
);
CREATE UNIQUE INDEX email_outbox_idempotency_key_unique ON email_outbox (idempotency_key);
CREATE INDEX email_outbox_due_idx ON email_outbox (status, next_attempt_at);
CREATE INDEX email_outbox_created_idx ON email_outbox (created_at);

CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  actor_user_id TEXT,
  actor_email TEXT NOT NULL,
  action TEXT NOT NULL,
  target_type TEXT NOT NULL,
  target_id TEXT,
  details_json TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at);

-- Fixed-window counters for rate limits (e-mail sending forms, sign-in links).
CREATE TABLE rate_limits (
  key TEXT NOT NULL,
  window_start INTEGER NOT NULL,
  hits INTEGER NOT NULL DEFAULT 0 CHECK (hits >= 0),
  PRIMARY KEY (key, window_start)
);
