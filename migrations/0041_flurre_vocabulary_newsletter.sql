-- More of Flurre's everyday Swedish (the table and its kinds: 0026): what a
-- session costs asked as what is taken for it ('hur mycket tar ni för'), and
-- a subscription and signing up for the newsletter in everyday words, and
-- the way somewhere asked of anyone ('hur tar man sig till ängen').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["skriv upp mig", "anmäler"], ["skriva upp mig", "anmäler"], ["skriva upp sig", "anmäler"],
  ["tar man sig till", "hitta"], ["tar man sig dit", "hitta"]
]');

INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'same', json_extract(value, '$[1]') FROM json_each('[
  ["prenumerationen", "prenumerera"], ["prenumerant", "prenumerera"]
]');

INSERT OR IGNORE INTO flurre_vocabulary (word, kind) SELECT value, 'filler' FROM json_each('[
  "tar"
]');
