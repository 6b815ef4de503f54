-- More of Flurre's everyday Swedish (the table and its kinds: 0026): moving
-- one's booking is rebooking it, not signing in to it; 'riktig' says nothing
-- of what is asked ('är Flurre en riktig hund').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["flytta min bokning", "omboka"], ["flytta ~ bokningen", "omboka"], ["ändra min bokning", "omboka"]
]');

INSERT OR IGNORE INTO flurre_vocabulary (word, kind) SELECT value, 'filler' FROM json_each('[
  "riktig", "riktigt"
]');
