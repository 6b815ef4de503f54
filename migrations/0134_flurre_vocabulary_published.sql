-- More of Flurre's everyday Swedish (the table and its kinds: 0026): a
-- session published is one released ('när januaripassen publiceras', as the
-- newsletter says 'när nya pass släpps'), a session booked up to the last
-- seat is full ('fulltecknat'), how long a time is how long ('hur lång tid
-- har jag på mig'), falling ill is being ill ('om jag skulle insjukna'), a
-- fee refunded is a refund ('återbetalas avgiften'), the lowest is the least
-- ('som lägst'), a price settled is one decided ('priset bestäms'), being
-- present is coming ('närvara'), and words that only frame what is asked
-- name nothing of their own ('möjligen', 'någon form av', 'begära',
-- 'automatiskt').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'same', json_extract(value, '$[1]') FROM json_each('[
  ["publiceras", "släpps"], ["publicerar", "släpper"], ["publicerade", "släppta"],
  ["fulltecknat", "fullbokat"], ["fulltecknad", "fullbokad"], ["fulltecknade", "fullbokade"],
  ["återbetalas", "återbetalning"], ["lägst", "minst"], ["bestäms", "bestämmer"], ["närvara", "komma"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'topic', json_extract(value, '$[1]') FROM json_each('[
  ["insjukna", "sick"], ["insjuknar", "sick"], ["avgift", "price"], ["avgiften", "price"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["hur lång tid", "hur länge"], ["någon form av", "någon"], ["nån form av", "någon"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind) SELECT value, 'filler' FROM json_each('[
  "möjligen", "begära", "automatiskt"
]');
