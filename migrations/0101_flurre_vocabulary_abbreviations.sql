-- More of Flurre's everyday Swedish (the table and its kinds: 0026): more
-- short forms typed on a phone for words that name nothing asked about ('m'
-- for 'med', 'ngr' for 'några', 'iaf' for 'i alla fall').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'filler', '' FROM json_each('["m", "ngr", "iaf", "dvs", "pga", "bla", "osv"]');
