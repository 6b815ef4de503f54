-- More of Flurre's everyday Swedish (the table and its kinds: 0026): guests
-- are visits ('hunden hoppar på gäster'), and 'som en tokig' says how much
-- ('hunden skäller som en galning'), nothing asked.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["som tokig", "mycket"], ["som en tokig", "mycket"], ["som galen", "mycket"], ["som en galen", "mycket"], ["som en galning", "mycket"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'same', json_extract(value, '$[1]') FROM json_each('[
  ["gäst", "besök"], ["gäster", "besök"], ["gästerna", "besök"]
]');
