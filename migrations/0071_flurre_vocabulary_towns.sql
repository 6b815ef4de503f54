-- More of Flurre's everyday Swedish (the table and its kinds: 0026): a town
-- or a place in general words asks where ('vilka orter finns ni i', 'i vilka
-- städer håller ni till'); the towns themselves are read from the places.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'topic', 'where' FROM json_each('[
  "ort", "orten", "orter", "orterna", "stad", "staden", "städer", "städerna"
]');
-- The question words that ask which thing ('question which'): before a
-- word that asks, what it asks ('vilka städer' asks where, 'vilka dagar'
-- when), not who; a question word of their own too.
UPDATE flurre_vocabulary SET value = 'question which' WHERE kind = 'grammar' AND value = 'question' AND word IN ('vad', 'va', 'vilka', 'vilken', 'vilket');
