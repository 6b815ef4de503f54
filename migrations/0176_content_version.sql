-- What Flurre answers from changes: a token that every write to what it
-- reads replaces (app/server/flurre/answer.server.ts). Flurre keeps what it
-- read while the token is the one it read with, so a question reads one row,
-- not the content: the session types, the sessions and their pending
-- bookings (the seats), the FAQ, the places, the team, the checklist and the
-- cards. A token is random, not a count: a database emptied and migrated
-- again, or restored from a backup, never repeats one that meant other
-- content.
--
-- A trigger's write is a row changed too (D1's meta.changes counts it), so on
-- the two tables written most the triggers fire only for what Flurre reads:
-- a session's shown columns, and a booking's pending status (a reminder
-- marked or a booking anonymized writes nothing here). The columns are
-- checked against Flurre's read by tests/integration/flurre-content-version.test.ts.
CREATE TABLE content_version (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  token TEXT NOT NULL
);
INSERT INTO content_version (id, token) VALUES (1, lower(hex(randomblob(8))));

CREATE TRIGGER content_version_popup_types_insert AFTER INSERT ON popup_types BEGIN UPDATE content_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER content_version_popup_types_update AFTER UPDATE ON popup_types BEGIN UPDATE content_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER content_version_popup_types_delete AFTER DELETE ON popup_types BEGIN UPDATE content_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER content_version_flurre_faq_insert AFTER INSERT ON flurre_faq BEGIN UPDATE content_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER content_version_flurre_faq_update AFTER UPDATE ON flurre_faq BEGIN UPDATE content_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER content_version_flurre_faq_delete AFTER DELETE ON flurre_faq BEGIN UPDATE content_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER content_version_places_insert AFTER INSERT ON places BEGIN UPDATE content_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER content_version_places_update AFTER UPDATE ON places BEGIN UPDATE content_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER content_version_places_delete AFTER DELETE ON places BEGIN UPDATE content_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER content_version_team_members_insert AFTER INSERT ON team_members BEGIN UPDATE content_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER content_version_team_members_update AFTER UPDATE ON team_members BEGIN UPDATE content_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER content_version_team_members_delete AFTER DELETE ON team_members BEGIN UPDATE content_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER content_version_preparation_items_insert AFTER INSERT ON preparation_items BEGIN UPDATE content_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER content_version_preparation_items_update AFTER UPDATE ON preparation_items BEGIN UPDATE content_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER content_version_preparation_items_delete AFTER DELETE ON preparation_items BEGIN UPDATE content_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER content_version_card_products_insert AFTER INSERT ON card_products BEGIN UPDATE content_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER content_version_card_products_update AFTER UPDATE ON card_products BEGIN UPDATE content_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER content_version_card_products_delete AFTER DELETE ON card_products BEGIN UPDATE content_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;

CREATE TRIGGER content_version_sessions_insert AFTER INSERT ON sessions BEGIN UPDATE content_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER content_version_sessions_update AFTER UPDATE OF id, title, description, location, start_time, end_time, pass_type, price_sek, current_participants, max_participants, held_seats, image_url, popup_type_id, cancelled_at ON sessions BEGIN UPDATE content_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER content_version_sessions_delete AFTER DELETE ON sessions BEGIN UPDATE content_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;

CREATE TRIGGER content_version_bookings_insert AFTER INSERT ON bookings WHEN NEW.booking_status = 'pending' BEGIN UPDATE content_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER content_version_bookings_update AFTER UPDATE OF session_id, booking_status ON bookings
  WHEN OLD.booking_status = 'pending' OR NEW.booking_status = 'pending' BEGIN UPDATE content_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER content_version_bookings_delete AFTER DELETE ON bookings WHEN OLD.booking_status = 'pending' BEGIN UPDATE content_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
