-- More of Flurre's everyday Swedish (the table and its kinds: 0026): 'eller'
-- between two words asks which of them ('tränar hon med belöning eller
-- straff'), and an answer that says one tells which (the grammar role 'or':
-- understand.ts, decide.ts). The words stay filler otherwise.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'grammar', 'or' FROM json_each('[
  "eller", "el", "alternativt"
]');
-- A superlative compares, as a comparative does ('vad blir billigast, grupp
-- eller privat': both are asked).
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'grammar', 'compares' FROM json_each('[
  "billigast", "billigaste", "dyrast", "dyraste"
]');
