-- More of Flurre's everyday Swedish (the table and its kinds: 0026):
-- jumping on a session is joining it ('är kombipasset fullt eller går det
-- att hoppa på fortfarande?').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["att hoppa på", "att boka"], ["hoppa in", "boka"], ["att hänga på", "att boka"]
]');
