-- More of Flurre's everyday Swedish (the table and its kinds: 0026): meeting
-- asks where, a session's variant is the session, a seat left by someone who
-- drops out, standing as a reserve, and the cheapest session as what sessions
-- cost from.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind) SELECT value, 'filler' FROM json_each('[
  "variant", "varianten", "versionen", "hit"
]');

INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'topic', json_extract(value, '$[1]') FROM json_each('[
  ["möts", "where"], ["mötas", "where"]
]');

INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'same', json_extract(value, '$[1]') FROM json_each('[
  ["billigaste", "från"], ["billigast", "från"], ["minst", "från"]
]');

INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["få tillbaka pengarna", "återbetalning"], ["få tillbaka ~ pengar", "återbetalning"],
  ["nån hoppar av", "ledigt"], ["någon hoppar av", "ledigt"], ["nån avbokar", "ledigt"], ["någon avbokar", "ledigt"],
  ["lämnar återbud", "ledigt"], ["stå på reservplats", "kö"], ["stå som reserv", "kö"], ["bli reserv", "kö"]
]');
