-- More of Flurre's everyday Swedish (the table and its kinds: 0026): a town
-- or a place in general words asks where ('vilka orter finns ni i', 'i vilka
-- städer håller ni till'); the towns themselves are read from the places.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'topic', 'where' FROM json_each('[
  "ort", "orten", "orter", "orterna", "stad", "staden", "städer", "städerna"
]');
-- A question word that asks what the word after it asks ('vilka städer'
-- asks where, 'vilka dagar' when), not who: a question word of its own too.
UPDATE flurre_vocabulary SET value = 'question of next' WHERE kind = 'grammar' AND value = 'question' AND word IN ('vilka', 'vilken', 'vilket');
