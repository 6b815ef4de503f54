-- More of Flurre's everyday Swedish (the table and its kinds: 0026): asked
-- whether the trainers work with something ('jobbar ni med belöning') is
-- asked how they train ('tränar ni med'), which the team's texts say; and the
-- business's own e-mail address ('vad är er mejladress', 'vilken mejladress
-- har ni') is how to reach it, as 'telefonnummer' is.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["jobbar ni med", "tränar ni med"], ["arbetar ni med", "tränar ni med"],
  ["er mejladress", "er kontakt"], ["er mailadress", "er kontakt"], ["er e-postadress", "er kontakt"], ["er epostadress", "er kontakt"],
  ["mejladress har ni", "kontakt har ni"], ["mailadress har ni", "kontakt har ni"], ["e-postadress har ni", "kontakt har ni"],
  ["epostadress har ni", "kontakt har ni"]
]');
