-- More of Flurre's everyday Swedish (the table and its kinds: 0026): words
-- that repeat what another word of their sentence asks (the grammar value
-- 'again', 0051): 'exakt' of where ('var exakt ligger parken'), 'lika' of
-- price ('kostar de lika mycket').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'grammar', json_extract(value, '$[1]') FROM json_each('[
  ["exakt", "again where"], ["lika", "again price"]
]');
