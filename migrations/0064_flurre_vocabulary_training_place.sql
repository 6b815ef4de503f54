-- More of Flurre's everyday Swedish (the table and its kinds: 0026): a
-- training ground asks where, as 'ställe' does ('har ni nån träningsplats i
-- närheten').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'topic', 'where' FROM json_each('[
  "träningsplats", "träningsplatser", "träningsplatsen", "träningsställe", "träningsställen", "träningslokal", "lokal", "lokalen"
]');
