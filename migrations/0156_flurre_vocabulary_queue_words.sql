-- More of Flurre's everyday Swedish (the table and its kinds: 0026): the
-- queue misspelt ('hur funkar köen'), getting into the queue as standing in
-- it ('hur vet jag att jag har kommit med i kön'), and a seat missed as the
-- session full ('missade sista platsen, kan jag köa').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'same', json_extract(value, '$[1]') FROM json_each('[
  ["köen", "kön"], ["köet", "kön"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["kommit med i kön", "står i kön"], ["kom med i kön", "står i kön"], ["kommit in i kön", "står i kön"], ["kom in i kön", "står i kön"],
  ["missade platsen", "fullt"], ["missade sista platsen", "fullt"], ["missat platsen", "fullt"], ["missat sista platsen", "fullt"]
]');
