-- More of Flurre's everyday Swedish (the table and its kinds: 0026): telling
-- is telling ('kunna tala om vad det kostar'), showing is seeing ('min
-- bokning syns inte', as the site says 'ser du under Mina bokningar'),
-- stating an address is giving it ('måste jag uppge adress'), and words
-- that only frame what is asked name nothing of their own ('fast den redan
-- är tagen', 'vad förväntas jag ta med').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["tala om", "berätta"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'same', json_extract(value, '$[1]') FROM json_each('[
  ["syns", "ser"], ["uppge", "ange"], ["uppger", "anger"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind) SELECT value, 'filler' FROM json_each('[
  "fast", "förväntas"
]');
