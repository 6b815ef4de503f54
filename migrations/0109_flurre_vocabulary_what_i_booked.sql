-- More of Flurre's everyday Swedish (the table and its kinds: 0026): what one
-- has booked is one's bookings, seen by signing in ('hur kollar jag vad jag har
-- bokat'), as 'mina bokningar' is (0026).
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["vad jag har bokat", "inloggning"], ["vad ja har bokat", "inloggning"], ["vad vi har bokat", "inloggning"],
  ["vilka pass jag har bokat", "inloggning"], ["vilka pass vi har bokat", "inloggning"], ["vad jag bokat", "inloggning"]
]');
