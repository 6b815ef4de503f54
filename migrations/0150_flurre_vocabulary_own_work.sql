-- More of Flurre's everyday Swedish (the table and its kinds: 0026): the
-- visitor's own work is no question of who works here ('jag jobbar som
-- hundförare, vilket pass är för mig'), and a time of day told with it is
-- when the visitor cannot come ('Jag jobbar dagtid i veckorna. Finns det
-- någon VALPKURS på en söndag?': understand.ts, daysIn).
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["jag jobbar", "jag arbetar"], ["vi jobbar", "vi arbetar"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'grammar', 'busy' FROM json_each('[
  "arbetar", "jobbar", "pluggar", "studerar"
]');
