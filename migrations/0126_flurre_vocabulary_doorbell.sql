-- More of Flurre's everyday Swedish (the table and its kinds: 0026): the
-- doorbell rings without the door said ('hunden skäller när det ringer på'),
-- as 0026 reads 'ringer på dörren'.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["ringer på", "dörrklockan"], ["ringde på", "dörrklockan"], ["ringer det på", "dörrklockan"]
]');
