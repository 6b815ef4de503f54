-- More of Flurre's everyday Swedish (the table and its kinds: 0026): one's
-- own page is signing in to see one's bookings ('hur kommer jag åt min
-- sida'), as getting in or at it is ('hur kommer jag in på mina sidor';
-- '+': a word must stand in the gap, so 'frågor som kommer in' is not).
UPDATE flurre_vocabulary SET value = 'inloggning' WHERE kind = 'phrase' AND word = 'min sida';
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'phrase', 'inloggning' FROM json_each('[
  "kommer + in", "komma + in", "kommer ~ åt", "komma ~ åt", "mitt konto"
]');
