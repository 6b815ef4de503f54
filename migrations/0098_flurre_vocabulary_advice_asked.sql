-- More of Flurre's everyday Swedish (the table and its kinds: 0026): what the
-- visitor is told to think ('vad tycker ni') is what is recommended, and a
-- session 'för' something ('finns det något pass för det') is one that fits
-- it.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["vad tycker ni", "rekommenderar"], ["finns det något pass för", "passar"], ["finns det nåt pass för", "passar"],
  ["har ni något pass för", "passar"], ["har ni nåt pass för", "passar"]
]');
