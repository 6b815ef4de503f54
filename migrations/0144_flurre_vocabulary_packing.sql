-- More of Flurre's everyday Swedish (the table and its kinds: 0026): what
-- is to come along is what to bring ('vad ska med på passet'), a bitch in
-- heat is unwell in the preparation's sense ('min tik är i löp', typed
-- 'i loppet'), and words for things in general name nothing of their own
-- ('behöver hunden någon speciell sak', 'måste jag köpa en massa grejer').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["vad ska med", "ta-med"], ["vad ska vara med", "ta-med"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'topic', 'sick' FROM json_each('[
  "löp", "loppet"
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind) SELECT value, 'filler' FROM json_each('[
  "sak", "saker", "grejer", "grejor", "prylar"
]');
-- Hearing from the business is being mailed by it: 'hör ni av er om en
-- plats blir ledig' is answered by 'mejlar vi den som står först i kön'.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) VALUES ('kontakta', 'same', 'mejla');
