-- Reminders 24 h before a session: when the booking's reminder mail was
-- queued (NULL: not reminded). The cron's reminders job queues the mail
-- (keyed 'reminder:<booking id>') and sets this in one D1 batch, each step
-- conditioned in SQL, so a booking is reminded at most once however many
-- runs overlap. Staff see it on the session's admin page ('Påmind …').
ALTER TABLE bookings ADD COLUMN reminded_at TEXT;
