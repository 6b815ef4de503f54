-- More of Flurre's everyday Swedish (the table and its kinds: 0026): words
-- around what is asked that name nothing ('i efterhand', 'i förväg').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'filler', '' FROM json_each('["efterhand", "förväg", "forvag"]');
