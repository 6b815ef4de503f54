-- More of Flurre's everyday Swedish (the table and its kinds: 0026): the map
-- is asked of as 'karta' is ('jag hittar inte platsen på kartan').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'topic', json_extract(value, '$[1]') FROM json_each('[
  ["kartan", "where"]
]');
