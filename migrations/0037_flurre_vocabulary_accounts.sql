-- More of Flurre's everyday Swedish (the table and its kinds: 0026): how
-- visitors speak of an account, a password, changing a booking and the
-- bookings they made before.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'same', json_extract(value, '$[1]') FROM json_each('[
  ["lösen", "lösenord"], ["gamla", "tidigare"]
]');

-- Registering oneself is an account (a dog registered is not); changing a
-- booking is rebooking it ('ändra' as written: 'andra' is 'other').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["skapa ~ konto", "konto"], ["skapar ~ konto", "konto"], ["registrera sig", "konto"], ["registrera mig", "konto"],
  ["min sida", "mina bokningar"], ["kommer inte in", "inloggning"],
  ["ändra ~ bokning", "omboka"], ["ändra ~ bokningen", "omboka"], ["ändra ~ tiden", "omboka"]
]');

INSERT OR IGNORE INTO flurre_vocabulary (word, kind) SELECT value, 'filler' FROM json_each('[
  "gjorde", "gjort"
]');
