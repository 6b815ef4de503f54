-- More of Flurre's everyday Swedish (the table and its kinds: 0026): words
-- that only place or soften a question ('var ligger den någonstans', 'finns
-- det fortfarande plats').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind) SELECT value, 'filler' FROM json_each('[
  "någonstans", "fortfarande"
]');
