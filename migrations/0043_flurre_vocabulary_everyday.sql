-- More of Flurre's everyday Swedish (the table and its kinds: 0026): working
-- is what the site calls 'arbetar', how long asks minutes or hours, outside
-- is outdoors, fixing or cleaning at home is preparing, a heated hall is a
-- warm one, taking oneself off the list is unsubscribing; and light words
-- that name nothing asked about.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'same', json_extract(value, '$[1]') FROM json_each('[
  ["jobbar", "arbetar"], ["länge", "minuter timmar"], ["ute", "utomhus"], ["fixa", "förbereda"],
  ["städa", "förbereda"], ["uppvärmd", "varm"], ["uppvärmt", "varm"], ["gammal", "gamla"]
]');

INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["ta bort mig", "avprenumererar"], ["tar bort mig", "avprenumererar"], ["tar jag bort mig", "avprenumererar"]
]');

INSERT OR IGNORE INTO flurre_vocabulary (word, kind) SELECT value, 'filler' FROM json_each('[
  "sätt", "tänk", "köra", "istället"
]');
