-- More of Flurre's everyday Swedish (the table and its kinds: 0026): 'hur
-- dags' asks when, something that 'drar igång' starts, and to 'boka in' is
-- to book.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["hur dags", "när"], ["drar * igång", "börjar"], ["dra * igång", "börjar"], ["boka in", "boka"], ["bokar in", "bokar"]
]');
