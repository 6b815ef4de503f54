-- More of Flurre's everyday Swedish (the table and its kinds: 0026): how long
-- something lasts, asked with a verb of lasting ('hur länge varar
-- vardagslydnaden', 'hur länge pågår ett hembesök', 'hur länge håller det
-- på'), asks how long, as 'hur länge' alone does; the verb asks nothing more.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["länge håller ~ på", "länge"], ["länge varar", "länge"], ["länge pågår", "länge"], ["lång tid varar", "länge"], ["lång tid pågår", "länge"]
]');
