-- More of Flurre's everyday Swedish (the table and its kinds: 0026): walking
-- on the leash is what the site calls 'koppelgång' ('hunden vill inte gå i
-- koppel', 'går dåligt i kopplet').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["gå ~ koppel", "koppelgång"], ["går ~ koppel", "koppelgång"], ["gå ~ kopplet", "koppelgång"], ["går ~ kopplet", "koppelgång"]
]');
