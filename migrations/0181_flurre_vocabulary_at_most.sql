-- Flurre's grammar (the table and its kinds: 0026): the most of something
-- compares, as 'fler' does (0110): 'hur många är det max på ett pass' is
-- answered only by what says the most, not by the rule on the fewest.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'grammar', 'compares' FROM json_each('[
  "max", "maximalt", "högst", "maxantal"
]');
