-- More of Flurre's everyday Swedish (the table and its kinds: 0026): what
-- happens when something comes about ('vad händer när det blir en ledig
-- plats') asks on that condition, as 'om' does, not when.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["händer när", "händer om"], ["hände när", "hände om"]
]');
