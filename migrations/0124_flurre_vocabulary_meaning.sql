-- More of Flurre's everyday Swedish (the table and its kinds: 0026): what a
-- thing means is what it is ('vad betyder knappen Ställ mig i kö', 'vad menas
-- med'); how one proceeds is how one does it ('hur går jag tillväga').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["vad betyder", "vad är"], ["vad menas med", "vad är"], ["vad menas", "vad är"], ["betyder det", "är det"],
  ["går ~ tillväga", "gör"], ["gå ~ tillväga", "göra"]
]');
