-- More of Flurre's everyday Swedish (the table and its kinds: 0026): 'på en
-- gång' is at once ('kan man boka flera pass på en gång'), not the once a
-- sign-in link works.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["på en gång", "samtidigt"], ["på samma gång", "samtidigt"]
]');
