-- More of Flurre's everyday Swedish (the table and its kinds: 0026): 'mitt
-- konto' is where one's bookings are ('hur kommer jag till mitt konto').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["mitt konto", "inloggning"]
]');
