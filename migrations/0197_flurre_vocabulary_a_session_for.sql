-- More of Flurre's everyday Swedish (the table and its kinds: 0026): 'kurs
-- för' and 'pass för' ask which session fits what follows ('har ni kurs för
-- koppelgång', 'finns det pass för hundar som drar i kopplet'). What follows
-- the phrase is what is asked for, so a word the site never uses there is
-- not passed over ('kurs för barn': decide.ts).
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["kurs för", "passar"], ["kurser för", "passar"], ["pass för", "passar"], ["träning för", "passar"]
]');
