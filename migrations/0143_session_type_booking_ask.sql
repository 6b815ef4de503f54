-- What a session type's booking form asks beyond the usual fields: the
-- meeting form of an online session ('meeting_type'), the customer's home
-- address for a home visit ('home_address'), or the variant, Privat or
-- Proffs, with its own price ('variant'); NULL for nothing more. It was
-- worked out from a session's title in code; it is now the type's own, set on
-- /admin/passtyper, so a type may be renamed or a new one made that asks any
-- of them.
--
-- A session asks what its type asks: the type it was made from, or, for a
-- session made without one, the type named as its title.
ALTER TABLE popup_types ADD COLUMN booking_ask TEXT
  CHECK (booking_ask IS NULL OR booking_ask IN ('meeting_type', 'home_address', 'variant'));

-- The types keep the questions their sessions asked before, by their names.
UPDATE popup_types SET booking_ask = 'meeting_type' WHERE upper(trim(name)) = 'PLAN';
UPDATE popup_types SET booking_ask = 'home_address' WHERE upper(trim(name)) = 'HEMMIS';
UPDATE popup_types SET booking_ask = 'variant' WHERE upper(trim(name)) = 'PRIVAT & PROFFS';
