-- A cancelled session ('Ställ in pass') is kept, with its bookings kept as
-- cancelled, so customers' history and the admin's overview of all sessions
-- stay whole: it leaves the public pages and every admin list but the one of
-- all sessions, and its own page says that it is cancelled. No seat of a
-- cancelled session can be booked (the booking's guard checks this column).
ALTER TABLE sessions ADD COLUMN cancelled_at TEXT;
