-- More of Flurre's everyday Swedish (the table and its kinds: 0026): what
-- remains is what is left ('Hur många platser återstår?').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'same', 'kvar' FROM json_each('[
  "återstår", "återstående", "kvarvarande"
]');
