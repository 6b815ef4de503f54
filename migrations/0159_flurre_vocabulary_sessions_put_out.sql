-- More of Flurre's everyday Swedish (the table and its kinds: 0026): new
-- sessions put out are new sessions released ('skickar ni ut något när nya
-- pass kommer upp', 'när ni lägger ut nya pass'), what the newsletter tells
-- of; sending out is mailing, and word of it is a mail ('kan jag få besked
-- när ni lägger ut nya pass').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["pass kommer upp", "pass släpps"], ["pass kommer ut", "pass släpps"], ["pass läggs ut", "pass släpps"], ["pass läggs upp", "pass släpps"],
  ["lägger ut nya", "släpper nya"], ["lägger upp nya", "släpper nya"], ["skickar ni ut", "mejlar ni"], ["skickar ut", "mejlar"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["få besked", "få mejl"], ["får besked", "får mejl"], ["fått besked", "fått mejl"]
]');
