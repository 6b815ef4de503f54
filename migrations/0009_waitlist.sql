-- The waitlist of a full session ('Ställ mig i kö'). When a seat frees, the
-- first in line is offered it: the seat is held for them for two hours
-- (held_seats, kept by the session's SessionSeats object like
-- current_participants), so nobody else can book it; a hold that lapses or
-- is declined passes to the next in line. Free seats are
-- max_participants - current_participants - held_seats.
ALTER TABLE sessions ADD COLUMN held_seats INTEGER NOT NULL DEFAULT 0 CHECK (held_seats >= 0);

-- status: 'waiting' in line; 'offered' holds a seat until hold_expires_at;
-- 'booked' took it (booking_id); 'left' left the queue or declined the seat;
-- 'expired' let the hold lapse; 'closed' the session started or was cancelled.
-- created_at orders the queue. Tokens are random; only their SHA-256 hashes
-- are stored: the offer token (the hold link, one per offer) and the leave
-- token (the 'Lämna kön' link, from the join confirmation).
CREATE TABLE waitlist_entries (
  id TEXT NOT NULL PRIMARY KEY,
  session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  email TEXT NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  dog_name TEXT NOT NULL CHECK (length(dog_name) BETWEEN 1 AND 100),
  status TEXT NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'offered', 'booked', 'left', 'expired', 'closed')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  offered_at TEXT,
  hold_expires_at TEXT,
  offer_token_hash TEXT,
  leave_token_hash TEXT NOT NULL,
  booking_id TEXT,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK (status <> 'offered' OR (hold_expires_at IS NOT NULL AND offer_token_hash IS NOT NULL))
);
CREATE UNIQUE INDEX waitlist_entries_offer_token_unique ON waitlist_entries (offer_token_hash);
CREATE UNIQUE INDEX waitlist_entries_leave_token_unique ON waitlist_entries (leave_token_hash);
-- One place in line per address and session while it is waiting or holding a seat.
CREATE UNIQUE INDEX waitlist_entries_one_active_per_email ON waitlist_entries (session_id, lower(email))
  WHERE status IN ('waiting', 'offered');
CREATE INDEX waitlist_entries_queue_idx ON waitlist_entries (session_id, status, created_at);
CREATE INDEX waitlist_entries_hold_expiry_idx ON waitlist_entries (hold_expires_at) WHERE status = 'offered';
