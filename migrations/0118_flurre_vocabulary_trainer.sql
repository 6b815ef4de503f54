-- More of Flurre's everyday Swedish (the table and its kinds: 0026): a trainer
-- is an instructor ('vem är tränaren': the member whose role is
-- 'hundinstruktör'), as 0026 reads an instructor as a trainer.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'same', json_extract(value, '$[1]') FROM json_each('[
  ["tränare", "instruktör"], ["tränaren", "instruktör"], ["tränarna", "instruktör"]
]');
