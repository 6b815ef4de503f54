-- More of Flurre's grammar (the table and its kinds: 0026): the grammar
-- value 'refers', a word that refers back to what an earlier sentence tells.
-- A sentence that asks with such a word and words that ask, naming nothing
-- of its own, asks of what the sentences before it tell too ('Jag bokade en
-- valpkurs. Var hittar jag den?' asks of the booking, not only where); not
-- of what another question asks ('Vad kostar valpkursen? När börjar den').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'grammar', 'refers' FROM json_each('[
  "den", "dem", "dom", "de", "denna", "dessa"
]');
-- 'bokade' is booking, as 'bokat' is.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) VALUES ('bokade', 'topic', 'book');
-- 'se' is a word of its own, not filler: seeing what one has booked is what
-- the sign-in rule says ('Dina bokningar ser du under Mina bokningar').
DELETE FROM flurre_vocabulary WHERE word = 'se' AND kind = 'filler';
