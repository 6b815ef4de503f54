-- Where a session type's new sessions take place unless staff choose
-- otherwise: a row of `places` (a training place, or the built-in
-- 'Hembesök' or 'Online'), set on /admin/passtyper, or NULL for none. It was
-- worked out from a type's name and kind in code; it is now the type's own,
-- so a type may be renamed or a new one made that goes to any place.
--
-- A renamed place renames it (as it renames its sessions' location); a
-- deleted place leaves the type with none.
ALTER TABLE popup_types ADD COLUMN default_location TEXT REFERENCES places (name) ON UPDATE CASCADE ON DELETE SET NULL;

-- The types keep the location they were given before: a combined type the
-- indoor hall in the first town, the home-visit type 'Hembesök', the online
-- type 'Online' (each only if that place exists).
UPDATE popup_types SET default_location = 'Hundhallen Gävle'
  WHERE session_type = 'combined' AND EXISTS (SELECT 1 FROM places WHERE name = 'Hundhallen Gävle');
UPDATE popup_types SET default_location = 'Hembesök'
  WHERE name = 'HEMMIS' AND EXISTS (SELECT 1 FROM places WHERE name = 'Hembesök');
UPDATE popup_types SET default_location = 'Online'
  WHERE name = 'PLAN' AND EXISTS (SELECT 1 FROM places WHERE name = 'Online');
