-- More of Flurre's general Swedish (the table and its kinds: 0026): phrases
-- that ask what to bring, and 'nästa gång' as 'nästa'.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["vad behöver jag", "ta-med"], ["vad behöver vi", "ta-med"], ["vad behövs", "ta-med"], ["nästa gång", "nästa"]
]');

