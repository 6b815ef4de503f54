-- More of Flurre's everyday Swedish (the table and its kinds: 0026): what
-- happens to one's booking, after what has come up is told, asks whether it
-- can be cancelled ('…han ska vila i två veckor. Vad händer med min
-- bokning?'), not how to sign in.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'phrase', 'avboka' FROM json_each('[
  "händer med min bokning", "händer med bokningen", "händer med mitt pass", "gör jag med min bokning", "gör jag med bokningen", "gör vi med bokningen", "gör vi med min bokning"
]');
