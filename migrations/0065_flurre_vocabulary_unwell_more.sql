-- More of Flurre's everyday Swedish (the table and its kinds: 0026): more of
-- a dog unwell as visitors tell it (0055): 'valpen har fått diarré', 'hunden
-- har feber'.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'topic', 'sick' FROM json_each('[
  "diarré", "diarre", "feber", "febrig", "magont", "hostar", "kennelhosta", "sjukdom", "opererad"
]');
