-- More of Flurre's everyday Swedish (the table and its kinds: 0026): Flurre
-- now tells what /integritet says of a visitor's data (how to see and erase
-- it), so a visitor's data is no longer what the site never speaks of; GDPR
-- and personal data are asked as the data.
DELETE FROM flurre_vocabulary WHERE kind = 'topic' AND value = 'unsaid' AND word IN ('uppgifter', 'personuppgifter', 'gdpr');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'same', json_extract(value, '$[1]') FROM json_each('[
  ["personuppgifter", "uppgifter"], ["gdpr", "uppgifter"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["ta bort ~ uppgifter", "radera uppgifter"], ["ta bort ~ uppgifterna", "radera uppgifterna"], ["ta bort ~ personuppgifter", "radera personuppgifter"]
]');
-- Advice asked with 'råda' ('vilket pass skulle ni råda oss att välja'), now
-- that 'radera' makes its folded form a word the site uses.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'topic', 'advice' FROM json_each('["råda", "råder", "rådet"]');
