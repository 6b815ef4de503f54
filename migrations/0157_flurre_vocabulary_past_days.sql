-- More of Flurre's everyday Swedish (the table and its kinds: 0026): a day
-- gone by is when something the visitor tells happened, never a day asked
-- about ('hunden blev sjuk igår, får jag tillbaka pengarna'), with its time
-- of day ('igår kväll' asks nothing of evening sessions).
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'filler', '' FROM json_each('[
  "igår", "förrgår", "imorse", "inatt"
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["i går", "igår"], ["i förrgår", "förrgår"], ["i morse", "imorse"], ["i natt", "inatt"],
  ["igår kväll", "igår"], ["i går kväll", "igår"], ["igår morse", "igår"], ["i förrgår kväll", "förrgår"], ["förrgår kväll", "förrgår"]
]');
