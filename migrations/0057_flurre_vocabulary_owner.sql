-- More of Flurre's everyday Swedish (the table and its kinds: 0026): who owns
-- the business is who runs it ('vem äger hundpass'; not 'ägaren', as often
-- the dog's owner), and writing to the business is contacting it ('kan jag
-- skriva till er').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'same', json_extract(value, '$[1]') FROM json_each('[
  ["äger", "driver"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["skriva till er", "kontakta er"], ["skriver till er", "kontakta er"]
]');
