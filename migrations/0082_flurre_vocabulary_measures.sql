-- More of Flurre's grammar (the table and its kinds: 0026): words that,
-- after a question word, ask a measure ('hur länge gäller länken', 'hur
-- gammal måste valpen vara', 'hur lång är stigen'). Only a text whose
-- sentence states a number and says another word asked gives it ('Länken
-- gäller i 10 minuter'); a text that only names the thing does not.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'grammar', 'measure' FROM json_each('[
  "lång", "långa", "långt", "länge", "gammal", "gamla", "gammalt", "stor", "stora", "stort",
  "tung", "tunga", "tungt", "hög", "höga", "högt", "bred", "breda", "djup", "djupa", "tidigt", "sent"
]');
-- The grammar value 'unit': a unit a number measures in ('10 minuter',
-- '2 timmar'); with the units of a dog's age (0048), a sentence with a
-- number in one gives a measure.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'grammar', 'unit' FROM json_each('[
  "minut", "minuter", "minuters", "timme", "timmar", "timmars", "dagar", "dagars", "dygn",
  "meter", "km", "kilometer", "kvm", "kvadratmeter", "kilo", "kg"
]');
