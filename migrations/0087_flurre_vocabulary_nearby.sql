-- More of Flurre's everyday Swedish (the table and its kinds: 0026): 'i
-- närheten' says nothing asked of its own ('har ni nån träningsplats i
-- närheten av oss?' asks where); it is not the 'när' of when.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) VALUES ('närheten', 'filler', ''), ('närhet', 'filler', '');
