-- More of Flurre's everyday Swedish (the table and its kinds: 0026): a
-- one-time link is the sign-in link ('engångslänk'), how long it is valid is
-- how long it holds ('giltighetstid'), what a thing entails is what it is
-- ('vad innebär det'), and an arrangement names nothing of its own ('finns
-- det något sånt upplägg').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'same', json_extract(value, '$[1]') FROM json_each('[
  ["engångslänk", "länk"], ["engångslänken", "länken"], ["engångslänkar", "länk"],
  ["giltighetstid", "gäller"], ["giltighetstiden", "gäller"], ["giltig", "gäller"], ["giltigt", "gäller"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["vad innebär", "vad är"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind) SELECT value, 'filler' FROM json_each('[
  "upplägg", "upplägget"
]');
