-- More of Flurre's everyday Swedish (the table and its kinds: 0026):
-- clicking a link is using it ('funkar länken om jag klickar igen'), 'jobar'
-- is 'jobbar'.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'same', json_extract(value, '$[1]') FROM json_each('[
  ["klickar", "använder"], ["klickade", "använde"], ["klicka", "använda"], ["klickat", "använt"], ["jobar", "jobbar"]
]');
