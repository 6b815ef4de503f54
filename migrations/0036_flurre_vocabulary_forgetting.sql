-- More of Flurre's everyday Swedish (the table and its kinds: 0026): words
-- that tell why a visitor asks or that there is more than one, not what is
-- asked ('jag har glömt vilken dag', 'finns det fler tränare').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind) SELECT value, 'filler' FROM json_each('[
  "glömt", "glömde", "glömmer", "minns", "ihåg", "fler", "flera"
]');

-- Standing in the queue is the queue ('kan man stå i kö').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["stå i kö", "kö"], ["står i kö", "kö"], ["stå i kön", "kö"], ["står i kön", "kö"], ["stå på reservlistan", "kö"]
]');
