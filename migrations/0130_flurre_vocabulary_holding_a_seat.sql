-- More of Flurre's everyday Swedish (the table and its kinds: 0026): a seat
-- held for one is a seat reserved, said the other way round too ('hur länge
-- håller ni platsen åt mig', as 0122 reads 'hålls platsen'); showing the way
-- is the way there ('kan du visa vägen dit'); a price by the price is the
-- price ('prismässigt'); teaching the dog is training it ('vill lära hunden
-- sitt'); a dog that does not manage something cannot do it ('klarar inte
-- att vara ensam'); and what must be done first names nothing of its own
-- ('måste jag skapa ett konto först').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["håller ni platsen", "platsen reserverad"], ["håller ni en plats", "en plats reserverad"], ["håller ni min plats", "min plats reserverad"],
  ["visa vägen", "vägen"], ["lära hunden", "träna hunden"], ["lära valpen", "träna valpen"],
  ["klarar inte", "kan inte"], ["inte klarar", "inte kan"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'same', json_extract(value, '$[1]') FROM json_each('[
  ["prismässigt", "pris"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind) SELECT value, 'filler' FROM json_each('[
  "först"
]');
