-- More of Flurre's everyday Swedish (the table and its kinds: 0026): someone
-- who drops out leaves a seat ('om nån som hoppar av'), and word of it is mail
-- ('får man besked när en plats blir ledig').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["nån ~ hoppar av", "ledigt"], ["någon ~ hoppar av", "ledigt"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'same', json_extract(value, '$[1]') FROM json_each('[
  ["besked", "mejl"]
]');
