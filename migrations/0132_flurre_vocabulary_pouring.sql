-- More of Flurre's everyday Swedish (the table and its kinds: 0026): rain
-- pouring down is rain ('när det öser ner'), 'tbx' is 'tillbaka' ('pengarna
-- tbx'), and a possibility asked of names nothing of its own ('finns det
-- möjlighet att…').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["öser ner", "regn"], ["öser det ner", "regn"], ["pengarna tbx", "återbetalning"], ["pengar tbx", "återbetalning"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'same', json_extract(value, '$[1]') FROM json_each('[
  ["tbx", "tillbaka"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind) SELECT value, 'filler' FROM json_each('[
  "möjlighet", "möjligheten"
]');
