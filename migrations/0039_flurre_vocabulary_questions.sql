-- More of Flurre's everyday Swedish (the table and its kinds: 0026): light
-- words that name nothing asked about ('rent praktiskt', 'kör ni Teams').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind) SELECT value, 'filler' FROM json_each('[
  "rent", "praktiskt", "kör"
]');
