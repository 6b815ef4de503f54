-- More of Flurre's everyday Swedish (the table and its kinds: 0026): being
-- unwell is being ill ('Min hund har varit dålig i magen', 'mår inte bra').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["dålig i magen", "sjuk"], ["mår dåligt", "sjuk"], ["mår inte bra", "sjuk"], ["mår illa", "sjuk"],
  ["har diarré", "sjuk"], ["har feber", "sjuk"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'topic', 'sick' FROM json_each('[
  "magsjuk", "magsjuka", "sjukdom", "insjuknat", "kräkts"
]');
