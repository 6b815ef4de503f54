-- Flurre's grammar (the table and its kinds: 0026): the words for a dog
-- ('dog'). Asked of a person, the dog is theirs, not the visitors' dogs their
-- text tells of ('Har Jonas en hund?' is not answered by 'era hundar').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'grammar', 'dog' FROM json_each('[
  "hund", "hunden", "hundar", "hundarna", "hundens", "vovve", "vovven", "jycke", "jycken"
]');
