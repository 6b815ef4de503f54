-- More of Flurre's everyday Swedish (the table and its kinds: 0026): the day
-- or evening before a session is before it ('hunden är krasslig dagen innan
-- passet'), as the preparation's notes say 'innan passet'.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["dagen innan", "innan"], ["dagen före", "innan"], ["kvällen innan", "innan"], ["kvällen före", "innan"]
]');
