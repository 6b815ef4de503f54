-- More of Flurre's everyday Swedish (the table and its kinds: 0026): the
-- business itself, named as a business, names nothing a question asks of,
-- as its own name does not ('vad är Jonas roll i verksamheten', 'vem äger
-- företaget').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'filler', '' FROM json_each('[
  "företaget", "företagets", "verksamheten", "verksamhetens", "firman", "firmans", "bolaget", "bolagets"
]');
