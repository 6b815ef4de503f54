-- More of Flurre's everyday Swedish (the table and its kinds: 0026): a lesson
-- with one's own trainer is a private lesson ('vad kostar en lektion med egen
-- tränare').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["lektion med egen tränare", "privatlektion"], ["lektion med tränaren ensam", "privatlektion"],
  ["timme med tränare", "privatlektion"], ["timme med egen tränare", "privatlektion"]
]');
