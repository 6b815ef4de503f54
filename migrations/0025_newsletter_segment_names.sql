-- Segments' names as staff read them. A segment's slug (newsletter_subscriber_
-- segments.segment_name, a campaign's target) stays its stable key; the name
-- shown on /admin/utskick is kept here and set by staff on the segment tab
-- (audited). A configured personal segment without a row shows its slug until
-- it is named. Two segments never share a name (any case of A-Z), so a
-- choice of recipients is never ambiguous.
CREATE TABLE newsletter_segments (
  name TEXT NOT NULL PRIMARY KEY CHECK (
    length(name) BETWEEN 2 AND 40 AND name NOT GLOB '*[^a-z0-9-]*' AND name GLOB '[a-z0-9]*'
  ),
  display_name TEXT NOT NULL CHECK (length(display_name) BETWEEN 1 AND 60 AND display_name = trim(display_name)),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX newsletter_segments_display_name_unique ON newsletter_segments (lower(display_name));

INSERT INTO newsletter_segments (name, display_name) VALUES
  ('vip-utskick', 'VIP-kunder'),
  ('live-utskick', 'Live-kunder'),
  ('slut-utskick', 'Sista utskicket'),
  ('agare-testar', 'Ägarens test'),
  ('vanner-testar', 'Vänner som testar'),
  ('test-once', 'Engångstest');

-- Whom a campaign has gone to, by audience (a segment, or 'utan-segment'):
-- the send step asks it of each target before a second send.
CREATE INDEX email_campaign_recipients_audience_idx ON email_campaign_recipients (campaign_id, segment_name);
