-- More of Flurre's everyday Swedish (the table and its kinds: 0026): 'när'
-- after 'vad gör jag' joins a condition, as 'om' does ('Vad gör jag när det
-- inte finns några platser kvar?'); it does not ask when.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["gör jag när", "gör jag om"], ["gör man när", "gör man om"], ["gör vi när", "gör vi om"], ["göra när", "göra om"]
]');
-- A cancellation on a session, to one who waits for it, is a seat freed ('Hör
-- ni av er om det blir en avbokning på promenadträningen?').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["blir en avbokning", "ledigt"], ["blir det en avbokning", "ledigt"], ["om någon avbokar", "ledigt"], ["om nån avbokar", "ledigt"]
]');
