-- More of Flurre's everyday Swedish (the table and its kinds: 0026): what one
-- pays for something is what it costs ('vad betalar man för en VARDAGSLYDNAD',
-- 'hur mycket betalar jag'); how one pays stays a question of paying ('hur
-- betalar man för passen').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["vad betalar", "vad kostar"], ["vad ~ betalar", "vad kostar"], ["hur mycket betalar", "kostar"], ["hur mkt betalar", "kostar"]
]');
