-- More of Flurre's everyday Swedish (the table and its kinds: 0026): turning
-- up is coming ('om jag inte dyker upp', 'när en ledig plats dyker upp'),
-- saying yes to a seat is booking it ('hur länge har jag på mig att tacka
-- ja'), and words that only frame what is asked name nothing of their own
-- ('stämmer det', 'konto krävs', 'koppel krav', 'ett pass som visar
-- Fullbokat', 'om jag hamnar först i kön').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["dyker upp", "kommer"], ["dyka upp", "komma"], ["dök upp", "kom"], ["tacka ja", "boka"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind) SELECT value, 'filler' FROM json_each('[
  "stämmer", "krävs", "krav", "visar", "hamnar"
]');
