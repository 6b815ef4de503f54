-- More of Flurre's everyday Swedish (the table and its kinds: 0026): a thing
-- taking place is a thing being ('när äger nästa tillfälle rum'), 'nästa
-- ggn' is 'nästa gång', and what the business offers names nothing of its
-- own ('erbjuder ni hembesök på söndagar').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["äger rum", "är"], ["äger * rum", "är"], ["nästa ggn", "nästa"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind) SELECT value, 'filler' FROM json_each('[
  "erbjuder"
]');
