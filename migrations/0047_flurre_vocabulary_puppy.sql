-- More of Flurre's everyday Swedish (the table and its kinds: 0026): the
-- puppy is the dog ('vad ska valpen ha med sig'); 'valp' itself stays the
-- puppy course's word.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'same', json_extract(value, '$[1]') FROM json_each('[
  ["valpen", "hunden"]
]');
