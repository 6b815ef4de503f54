-- More of Flurre's everyday Swedish (the table and its kinds: 0026): 'innan'
-- repeats what preparing asks ('vad ska jag förbereda innan ni kommer'), and
-- is then nothing of its own (the grammar value 'again', 0051).
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'grammar', json_extract(value, '$[1]') FROM json_each('[
  ["innan", "again bring"]
]');
