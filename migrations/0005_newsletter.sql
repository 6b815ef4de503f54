-- The newsletter: signup consent, double opt-in links, segments with the
-- owner's personal test segment, campaigns and their delivery.

-- The spec's '{name}' segment is a placeholder for the owner's personal test
-- segment, whose real name is configured (NEWSLETTER_PERSONAL_SEGMENT, default
-- 'agare-testar'). The CHECK admits the five fixed names and any lower-case
-- slug; the app admits only the configured one. Existing '{name}' rows become
-- the default name. The table is a leaf (nothing references it): rebuilt.
CREATE TABLE newsletter_subscriber_segments_new (
  subscriber_id INTEGER NOT NULL REFERENCES newsletter_subscribers (id) ON DELETE CASCADE,
  segment_name TEXT NOT NULL CHECK (
    segment_name IN ('vip-utskick', 'live-utskick', 'slut-utskick', 'vanner-testar', 'test-once')
    OR (length(segment_name) BETWEEN 2 AND 40 AND segment_name NOT GLOB '*[^a-z0-9-]*' AND segment_name GLOB '[a-z0-9]*')
  ),
  added_by TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (subscriber_id, segment_name)
);
INSERT INTO newsletter_subscriber_segments_new (subscriber_id, segment_name, added_by, created_at)
  SELECT subscriber_id, CASE segment_name WHEN '{name}' THEN 'agare-testar' ELSE segment_name END, added_by, created_at
  FROM newsletter_subscriber_segments;
DROP TABLE newsletter_subscriber_segments;
ALTER TABLE newsletter_subscriber_segments_new RENAME TO newsletter_subscriber_segments;
CREATE INDEX newsletter_subscriber_segments_segment_idx ON newsletter_subscriber_segments (segment_name);

-- Consent as given: how (a verified bot check, a confirmed link, an admin),
-- on which page, to which wording, and from where (a keyed hash of the IP,
-- never the IP itself).
ALTER TABLE newsletter_subscribers ADD COLUMN consent_method TEXT
  CHECK (consent_method IN ('turnstile', 'confirmation-link', 'admin'));
ALTER TABLE newsletter_subscribers ADD COLUMN consent_page TEXT CHECK (length(consent_page) <= 200);
ALTER TABLE newsletter_subscribers ADD COLUMN consent_wording TEXT CHECK (length(consent_wording) <= 40);
ALTER TABLE newsletter_subscribers ADD COLUMN consent_ip_hash TEXT CHECK (length(consent_ip_hash) <= 128);

-- Double opt-in: a signup that could not be proved human (no JavaScript, no
-- bot check) waits here until the address's owner confirms the link mailed to
-- it. Only a SHA-256 hash of the token is stored; single use, short-lived.
CREATE TABLE newsletter_confirmations (
  token_hash TEXT NOT NULL PRIMARY KEY,
  email TEXT NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  consent_page TEXT CHECK (length(consent_page) <= 200),
  consent_wording TEXT CHECK (length(consent_wording) <= 40),
  consent_ip_hash TEXT CHECK (length(consent_ip_hash) <= 128),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at TEXT NOT NULL,
  used_at TEXT
);
CREATE INDEX newsletter_confirmations_expires_idx ON newsletter_confirmations (expires_at);

-- Campaigns: the target has no literal default any more (the app always
-- names one; its default is the configured personal segment). A campaign
-- being sent keeps the body it was rendered to (email_bodies) so every wave
-- sends the same mail. email_campaign_waves references the table, so it is
-- copied aside and rebuilt after it (a DROP would cascade into it).
CREATE TABLE email_campaign_waves_copy AS SELECT * FROM email_campaign_waves;
DROP TABLE email_campaign_waves;

CREATE TABLE email_campaigns_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  campaign_name TEXT NOT NULL CHECK (length(campaign_name) BETWEEN 1 AND 200),
  subject TEXT NOT NULL CHECK (length(subject) BETWEEN 1 AND 255),
  subheader TEXT CHECK (length(subheader) <= 200),
  html_content TEXT NOT NULL CHECK (length(html_content) BETWEEN 1 AND 10000),
  image_url TEXT CHECK (length(image_url) <= 500),
  button_text TEXT CHECK (length(button_text) <= 50),
  button_url TEXT CHECK (length(button_url) <= 500),
  from_email TEXT NOT NULL,
  target_segment TEXT NOT NULL CHECK (length(target_segment) BETWEEN 2 AND 40),
  footer_line1 TEXT CHECK (length(footer_line1) <= 200),
  footer_line2 TEXT CHECK (length(footer_line2) <= 200),
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'sending', 'sent', 'failed', 'cancelled')),
  sent_count INTEGER NOT NULL DEFAULT 0 CHECK (sent_count >= 0),
  report_due_at TEXT,
  report_sent_at TEXT,
  body_id TEXT,
  sending_started_at TEXT,
  stopped_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
INSERT INTO email_campaigns_new (id, campaign_name, subject, subheader, html_content, image_url, button_text,
    button_url, from_email, target_segment, footer_line1, footer_line2, status, sent_count, report_due_at,
    report_sent_at, created_at, updated_at)
  SELECT id, campaign_name, subject, subheader, html_content, image_url, button_text, button_url, from_email,
    CASE target_segment WHEN '{name}' THEN 'agare-testar' ELSE target_segment END, footer_line1, footer_line2,
    status, sent_count, report_due_at, report_sent_at, created_at, updated_at
  FROM email_campaigns;
DROP TABLE email_campaigns;
ALTER TABLE email_campaigns_new RENAME TO email_campaigns;
CREATE INDEX email_campaigns_created_idx ON email_campaigns (created_at);
CREATE INDEX email_campaigns_status_idx ON email_campaigns (status);

-- Waves: day 1, 2, 3 (and the day-4 report, kept on the campaign). The cron
-- advances a wave in batches, remembering the last subscriber id.
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
INSERT INTO email_campaign_waves SELECT campaign_id, wave, segment_name, scheduled_at, status, last_subscriber_id,
  sent_count, started_at, finished_at FROM email_campaign_waves_copy;
DROP TABLE email_campaign_waves_copy;
CREATE INDEX email_campaign_waves_due_idx ON email_campaign_waves (status, scheduled_at);

-- Who got which campaign in which wave: the ledger that makes sending
-- idempotent (one row per campaign and subscriber, so nobody gets a campaign
-- twice, whatever the overlap of segments, triggers or runs) and that the
-- day-4 report counts from. No foreign key to the subscriber: a subscriber
-- who is deleted stays counted.
CREATE TABLE email_campaign_recipients (
  campaign_id INTEGER NOT NULL REFERENCES email_campaigns (id) ON DELETE CASCADE,
  subscriber_id INTEGER NOT NULL,
  wave INTEGER NOT NULL CHECK (wave BETWEEN 1 AND 3),
  segment_name TEXT NOT NULL,
  outbox_id TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (campaign_id, subscriber_id)
);
CREATE INDEX email_campaign_recipients_wave_idx ON email_campaign_recipients (campaign_id, wave);

-- A body shared by many outbox rows (a campaign's rendered mail): the row
-- keeps its own subject, headers and variables (the recipient's unsubscribe
-- link), and delivery fills the variables into the shared body. 10 000
-- recipients store one body, not 10 000 copies.
CREATE TABLE email_bodies (
  id TEXT NOT NULL PRIMARY KEY,
  text_body TEXT NOT NULL,
  html_body TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Extra headers of one mail (List-Unsubscribe, List-Unsubscribe-Post) as a
-- JSON object; a shared body and the variables filled into it.
ALTER TABLE email_outbox ADD COLUMN headers_json TEXT;
ALTER TABLE email_outbox ADD COLUMN body_id TEXT REFERENCES email_bodies (id);
ALTER TABLE email_outbox ADD COLUMN vars_json TEXT;
CREATE INDEX email_outbox_body_idx ON email_outbox (body_id);
