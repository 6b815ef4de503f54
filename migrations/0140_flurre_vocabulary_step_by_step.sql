-- More of Flurre's everyday Swedish (the table and its kinds: 0026): 'steg
-- för steg' asks how, as 'hur' does ('hur bokar man, steg för steg?').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["steg för steg", "hur"]
]');
