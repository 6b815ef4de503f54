-- More of Flurre's everyday Swedish (the table and its kinds: 0026): what to
-- begin with asks what fits ('Vilket pass passar oss bäst att börja med?',
-- 'vilken kurs ska vi börja med?'), as 'vad ska vi börja med' does (0090).
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["att börja med", "passar"], ["ska vi börja med", "passar"], ["ska jag börja med", "passar"], ["ska man börja med", "passar"]
]');
