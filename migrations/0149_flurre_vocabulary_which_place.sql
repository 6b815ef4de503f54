-- More of Flurre's everyday Swedish (the table and its kinds: 0026): which
-- place asks where, as 'vilka platser' does (0026), not for a seat
-- ('Vilken plats är det ni har som är en öppen äng?').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["vilken plats", "var"], ["vilket ställe", "var"], ["vilka ställen", "var"]
]');
