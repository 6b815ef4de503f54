-- More of Flurre's grammar (the table and its kinds: 0026): the grammar value
-- 'yours', a word for what belongs to the one spoken to. Spoken to by name
-- ('Flurre, vad är din roll?'), it names them.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'grammar', 'yours' FROM json_each('[
  "din", "ditt", "dina"
]');
