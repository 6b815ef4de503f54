-- More of Flurre's everyday Swedish (the table and its kinds: 0026): how
-- often something is held asks when it is ('hur ofta går valpkursen'), and
-- a round of a course is a session ('nästa omgång av valpkursen').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["hur ofta", "när"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'grammar', 'session' FROM json_each('[
  "omgång", "omgången", "omgångar"
]');
