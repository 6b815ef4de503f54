-- More of Flurre's everyday Swedish (the table and its kinds: 0026): the
-- nearest place is a place to train ('var är närmaste plats'), not a seat on
-- a session, which 'plats' alone asks of ('finns det plats på valpkursen').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["närmaste plats", "närmaste träningsplats"], ["närmsta plats", "närmaste träningsplats"],
  ["närmaste platsen", "närmaste träningsplats"], ["närmsta platsen", "närmaste träningsplats"]
]');
