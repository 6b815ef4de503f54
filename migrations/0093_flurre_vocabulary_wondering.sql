-- Flurre's grammar (the table and its kinds: 0026): words of wondering
-- ('wonders'). What the visitor tells before one in its sentence is a
-- sentence of its own, as if a full stop stood there ('Vi har precis skaffat
-- en valp och undrar när nästa valpkurs är?').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'grammar', 'wonders' FROM json_each('[
  "undrar", "undrade", "undra", "funderar", "funderade", "fundera"
]');
