-- More of Flurre's everyday Swedish (the table and its kinds: 0026): an age
-- limit is how old a dog may be ('valpkurs åldersgräns'), 'i förväg' is
-- before ('får man veta i förväg'), and 'vanliga' pass are sessions like any
-- ('kostar hembesöket mer än vanliga pass').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'same', json_extract(value, '$[1]') FROM json_each('[
  ["ålder", "gamla"], ["åldern", "gamla"], ["åldersgräns", "gamla"], ["åldersgränsen", "gamla"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["i förväg", "innan"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind) SELECT value, 'filler' FROM json_each('[
  "vanliga", "vanligt"
]');
