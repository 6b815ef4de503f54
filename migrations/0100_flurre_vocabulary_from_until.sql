-- Flurre's grammar (the table and its kinds: 0026): the words that ask for
-- sessions after ('from') or before ('until') a date said just after them
-- ('nästa valpkurs efter den 10 december', 'före 5/12').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'grammar', json_extract(value, '$[1]') FROM json_each('[
  ["efter", "from"], ["fr.o.m.", "from"], ["fom", "from"], ["före", "until"], ["innan", "until"], ["tills", "until"]
]');
