-- More of Flurre's everyday Swedish (the table and its kinds: 0026): going to
-- the same sessions again and again ('kan man gå flera gånger på samma kurs')
-- is something the site does not speak of; the times it says a sign-in link
-- works ('en gång') are not its answer.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["gå * flera gånger", "gå upprepat"], ["gå * många gånger", "gå upprepat"]
]');
