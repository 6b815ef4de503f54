-- More of Flurre's everyday Swedish (the table and its kinds: 0026): how
-- long in time is asked with its own words ('hur länge', 'hur tidigt') and
-- given in units of time ('två timmar'), and only so: 'hur lång är kön' is
-- no question of the two hours a freed seat is held, nor 'hur gammal måste
-- man vara' (the role 'duration': understand.ts, knowledge.ts).
UPDATE flurre_vocabulary SET value = value || ' duration'
WHERE kind = 'grammar' AND ' ' || value || ' ' NOT LIKE '% duration %' AND (
  (value = 'measure' AND word IN ('länge', 'tidigt', 'sent'))
  OR (value = 'unit' AND word IN ('minut', 'minuter', 'minuters', 'timme', 'timmar', 'timmars', 'dagar', 'dagars', 'dygn'))
);
