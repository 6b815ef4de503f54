-- More of Flurre's everyday Swedish (the table and its kinds: 0026): having
-- the time to do something names nothing of its own ('om nån hoppar av dagen
-- innan, hinner kön få platsen då').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind) SELECT value, 'filler' FROM json_each('[
  "hinner"
]');
