-- A payment hold no longer blocks another hold for the same address: an
-- address is one confirmed booking per session, and any number of holds
-- being paid for. Before, a hold ('pending') counted as the address's booking,
-- so a second post of the booking form with that address was answered with
-- the first hold's Checkout page, whoever sent it. Now a hold belongs to the
-- browser that made it (a signed cookie); anyone else's post makes a hold of
-- its own, and of two holds paid for the same address only the first is
-- confirmed: the other is refunded (payments/payment-seats.server.ts).
DROP INDEX bookings_one_active_per_email;
CREATE UNIQUE INDEX bookings_one_confirmed_per_email ON bookings (session_id, lower(user_email)) WHERE booking_status = 'confirmed';
