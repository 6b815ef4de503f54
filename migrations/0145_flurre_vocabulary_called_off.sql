-- More of Flurre's everyday Swedish (the table and its kinds: 0026): a
-- session told called off in the past tense is called off ('passet
-- ställdes in för få deltagare', 'det har ställts in').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["ställdes * in", "inställt"], ["ställts * in", "inställt"], ["ställde * in", "inställt"]
]');
