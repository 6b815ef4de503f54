-- More of Flurre's everyday Swedish (the table and its kinds: 0026): the
-- nearest session, asked when, is the next one ('när går närmaste
-- valpkurs', 'närmaste lediga tid'); the nearest place stays a place.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["när går närmaste", "när går nästa"], ["när är närmaste", "när är nästa"], ["när börjar närmaste", "när börjar nästa"],
  ["närmaste pass", "nästa pass"], ["närmaste passet", "nästa pass"], ["närmaste tillfälle", "nästa tillfälle"],
  ["närmaste tillfället", "nästa tillfälle"], ["närmaste tid", "nästa tid"], ["närmaste lediga", "nästa lediga"]
]');
-- Asked where, the nearest asks where again ('var är närmaste träningsplats'; the grammar value 'again': 0051).
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'grammar', 'again where' FROM json_each('["närmaste", "närmsta"]');
