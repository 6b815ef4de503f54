-- Flurre's grammar (the table and its kinds: 0026): a length asked of a
-- session or a type is how long it lasts ('hur lång är valpkursen', 'hur
-- långa är passen'), as 'hur länge' is (0155); of anything else it stays a
-- length ('hur lång är kön till …'), and 'långt' is a distance ('hur långt
-- går man på promenadträningen'). The role 'length': understand.ts.
UPDATE flurre_vocabulary SET value = value || ' length'
WHERE kind = 'grammar' AND value = 'measure' AND word IN ('lång', 'långa');
