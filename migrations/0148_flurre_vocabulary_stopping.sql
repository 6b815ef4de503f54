-- More of Flurre's everyday Swedish (the table and its kinds: 0026):
-- stopping a mailing is leaving it as 'sluta' is ('Hur stoppar jag
-- det?'), joining is signing up ('nåt nyhetsbrev man kan joina'), and
-- 'kmr' is how 'kommer' is typed short.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'topic', 'leave' FROM json_each('[
  "stoppa", "stoppar", "stoppas"
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'same', json_extract(value, '$[1]') FROM json_each('[
  ["stoppa", "sluta"], ["stoppar", "slutar"], ["joina", "anmäla"], ["joinar", "anmäler"], ["kmr", "kommer"]
]');
