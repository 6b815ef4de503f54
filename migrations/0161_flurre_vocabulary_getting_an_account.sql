-- More of Flurre's everyday Swedish (the table and its kinds: 0026): getting
-- or registering an account is having one ('behöver man skaffa konto för att
-- boka'), as making one is (skapa), something coming up is being prevented
-- ('kan man inte avboka om något kommer emellan'), no one else booking is
-- too few booking ('vad händer om ingen annan bokar'), and people booked on
-- a session its participants ('om bara två personer bokar grupp-pass').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'filler', '' FROM json_each('[
  "skaffa", "skaffar", "registrera", "registrerar"
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["kommer emellan", "förhinder"], ["kom emellan", "förhinder"],
  ["ingen annan bokar", "minst deltagare"], ["inga andra bokar", "minst deltagare"], ["ingen mer bokar", "minst deltagare"],
  ["person bokar", "deltagare bokar"], ["personer bokar", "deltagare bokar"], ["personer har bokat", "deltagare har bokat"], ["person har bokat", "deltagare har bokat"]
]');
