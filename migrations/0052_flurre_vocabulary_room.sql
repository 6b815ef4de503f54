-- More of Flurre's everyday Swedish (the table and its kinds: 0026): room
-- on a session as its seats ('finns det rum för en till', 'ryms vi två'),
-- and joining one as booking it ('kan jag hänga på').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'same', json_extract(value, '$[1]') FROM json_each('[
  ["ryms", "plats"], ["rymmas", "plats"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["rum för", "plats för"], ["hänga på", "boka"], ["haka på", "boka"]
]');
