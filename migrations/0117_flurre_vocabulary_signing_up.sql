-- More of Flurre's grammar (the table and its kinds: 0026): the grammar value
-- 'joins', a word that asks to sign up. It is asked of what the question asks
-- of, the queue or the newsletter ('kan jag skriva upp mig på en väntelista',
-- 'anmäla intresse till ett fullt pass'), and accounted for by what answers
-- that.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'grammar', 'joins' FROM json_each('[
  "anmäler", "anmäla", "anmäl", "anmälan"
]');
