-- More of Flurre's everyday Swedish (the table and its kinds: 0026): asking
-- the way with the verb before the person ('hur tar jag mig till…').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["tar ~ mig till", "hitta"], ["tar ~ oss till", "hitta"]
]');

-- Coming home to the visitor is the home visit ('kan ni komma hem till oss').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) VALUES ('hem', 'same', 'hembesök');
