-- More of Flurre's everyday Swedish (the table and its kinds: 0026): 'vilka'
-- asks who (0026), but 'vilka platser' asks where.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["vilka platser", "var"]
]');
