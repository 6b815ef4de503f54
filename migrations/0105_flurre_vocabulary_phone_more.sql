-- More of Flurre's everyday Swedish (the table and its kinds: 0026): short
-- forms typed on a phone ('me' for 'med', 'el' for 'eller'), words around
-- what is asked that name nothing ('kring', 'brukar'), and the English word
-- for leaving a newsletter.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'filler', '' FROM json_each('["me", "el", "kring", "brukar"]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) VALUES ('unsubscribe', 'topic', 'leave');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["ta * me", "ta-med"], ["ha * me", "ta-med"]
]');
