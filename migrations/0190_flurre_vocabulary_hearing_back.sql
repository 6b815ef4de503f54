-- More of Flurre's everyday Swedish (the table and its kinds: 0026): 'svar'
-- is filler in a closing ('Tacksam för svar'), but hearing back is what is
-- asked in 'när får jag svar på mitt mejl', which neither the sessions nor the
-- newsletter answer: read as a word the site does not use, the question gets
-- the fallback, which tells how the trainers answer.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["får + svar", "återkoppling"], ["få svar", "återkoppling"], ["fått + svar", "återkoppling"], ["fått svar", "återkoppling"]
]');
