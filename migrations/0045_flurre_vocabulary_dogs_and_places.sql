-- More of Flurre's everyday Swedish (the table and its kinds: 0026): a
-- bitch is a dog, a meeting booked is a session, where a session is held is
-- where it is; and light words that name nothing asked about ('hunden har
-- börjat löpa', 'vart ska jag åka').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'same', json_extract(value, '$[1]') FROM json_each('[
  ["tiken", "hunden"], ["tik", "hund"], ["mötet", "passet"]
]');

INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["håller * till", "var"], ["håller till", "var"]
]');

INSERT OR IGNORE INTO flurre_vocabulary (word, kind) SELECT value, 'filler' FROM json_each('[
  "börjat", "började", "åka"
]');
