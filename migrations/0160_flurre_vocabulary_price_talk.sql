-- More of Flurre's everyday Swedish (the table and its kinds: 0026): a price
-- asked in borrowed English ('vad e pricen på vardagslydnaden', 'whats the
-- price för vardagslydnad') or in slang ('vad går den loss på', 'vad tar ni
-- betalt för'), and a dog with its handler as the dog ('kostnad per
-- ekipage').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'same', json_extract(value, '$[1]') FROM json_each('[
  ["price", "pris"], ["pricen", "pris"], ["prize", "pris"], ["ekipage", "hund"], ["ekipaget", "hunden"], ["ekipagen", "hundar"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'topic', 'price' FROM json_each('[
  "price", "pricen", "prize"
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'filler', '' FROM json_each('[
  "whats", "the"
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["går ~ loss på", "kostar"], ["vad tar ni betalt", "kostar"], ["tar ni betalt", "kostar"]
]');
