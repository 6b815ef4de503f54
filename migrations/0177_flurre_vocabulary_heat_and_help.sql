-- More of Flurre's everyday Swedish (the table and its kinds: 0026): a bitch
-- in heat as visitors tell it ('hon är löpsk') asks what the site says of a
-- sick dog or one in heat, and help wanted with something ('vill ha hjälp
-- med att hunden skäller') is no question of what to bring, which 'ha … med'
-- reads.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'topic', 'sick' FROM json_each('["löpsk", "löpska"]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["ha hjälp med", "hjälp"], ["ha lite hjälp med", "hjälp"], ["ha hjälp me", "hjälp"]
]');
