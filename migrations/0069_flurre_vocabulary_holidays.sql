-- More of Flurre's everyday Swedish (the table and its kinds: 0026): the
-- holidays by their dates ('har ni pass på julafton').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["julafton", "24 december"], ["juldagen", "25 december"], ["annandag jul", "26 december"], ["nyårsafton", "31 december"],
  ["nyårsdagen", "1 januari"], ["trettondagen", "6 januari"], ["trettondagsafton", "5 januari"]
]');
