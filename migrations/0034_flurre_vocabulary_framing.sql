-- More of Flurre's everyday Swedish (the table and its kinds: 0026): words
-- that frame a question without naming what it asks ('till första gången',
-- 'något särskilt', 'vad för slags').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind) SELECT value, 'filler' FROM json_each('[
  "första", "gången", "särskilt", "speciellt", "slags", "sorts", "redo"
]');
