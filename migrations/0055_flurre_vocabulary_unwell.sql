-- More of Flurre's everyday Swedish (the table and its kinds: 0026): a dog
-- unwell as visitors tell it ('hunden är krasslig', 'har kräkts', 'haltar',
-- 'tiken är i löpet') asks what the site says of a sick dog; losing the
-- money is asking for it back, and having paid already is no question of its
-- own ('kan jag byta dag om jag redan betalat'). 'I natt' is a day, as
-- 'i kväll' is.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'topic', 'sick' FROM json_each('[
  "krasslig", "krassliga", "kräkts", "kräkt", "kräktes", "spyr", "magsjuk", "magsjuka",
  "löpet", "löptid", "haltar", "haltat", "skadat", "skadade"
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["förlorar ~ pengarna", "återbetalning"], ["förlora ~ pengarna", "återbetalning"], ["redan betalat", "redan"], ["i natt", "inatt"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) VALUES ('inatt', 'day', '0');
