-- More of Flurre's everyday Swedish (the table and its kinds: 0026): more
-- forms of asking and answering, and of a letter's closing, which name
-- nothing asked about ('vem frågar jag', 'Tack på förhand för svaret',
-- 'Vänliga hälsningar').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'filler', '' FROM json_each('[
  "frågar", "frågade", "svaret", "svaren", "vänliga"
]');
