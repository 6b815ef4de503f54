-- More of Flurre's everyday Swedish (the table and its kinds: 0026): doing
-- something without booking tells only that, as 'ändå' does ('kan man inte
-- få nyhetsbrev utan att boka?'): the booking is what is not asked of.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["utan att boka", "ändå"], ["utan att ha bokat", "ändå"], ["utan att boka något", "ändå"], ["utan att boka nåt", "ändå"]
]');
