-- More of Flurre's grammar (the table and its kinds: 0026): the grammar value
-- 'own', a word for the visitor's own, read as written ('vår' is not 'var').
-- When, where or whether asked of the visitor's own session ('när börjar mitt
-- pass') is answered by where they see their bookings.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'grammar', 'own' FROM json_each('[
  "min", "mitt", "mina", "vår", "vårt", "våra"
]');
