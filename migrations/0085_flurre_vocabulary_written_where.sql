-- More of Flurre's everyday Swedish (the table and its kinds: 0026): where
-- something 'står' is where it is written, to be seen ('Jag vill kolla
-- vilken tid mitt pass börjar. Var står det?'), not standing in a queue.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["var står det", "var se"], ["var står de", "var se"], ["vart står det", "var se"], ["var star det", "var se"],
  ["var stod det", "var se"], ["var finns det skrivet", "var se"]
]');
