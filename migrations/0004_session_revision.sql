-- A session's calendar revision. Staff moving a session (new time or place)
-- raise it by one and mail every confirmed customer an updated calendar file
-- under the booking's own UID with SEQUENCE = the new revision; a later
-- cancellation goes out with revision + 1. A calendar applies a file only if
-- its SEQUENCE is above the one it has, so each step must be higher than the
-- last (the confirmation itself is 0). The revision also lets a change refuse
-- to run on a session someone else changed since it was read.
ALTER TABLE sessions ADD COLUMN revision INTEGER NOT NULL DEFAULT 0 CHECK (revision >= 0);
