-- More words that ask a measure after a question word (grammar 'measure',
-- 0082): how warm or cold ('hur varmt är det i hallen'), which only a
-- number in a unit gives ('grader').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'grammar', 'measure' FROM json_each('[
  "varm", "varmt", "varma", "kall", "kallt", "kalla", "blöt", "blött"
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'grammar', 'unit' FROM json_each('[
  "grader", "grad"
]');
