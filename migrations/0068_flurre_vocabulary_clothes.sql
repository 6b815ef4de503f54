-- More of Flurre's everyday Swedish (the table and its kinds: 0026): what to
-- wear is clothes ('vad ska jag ha på mig på passet': 'Kläder efter väder').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["ha på mig", "kläder"], ["ha på sig", "kläder"], ["ha på oss", "kläder"], ["klä mig", "kläder"], ["klä sig", "kläder"],
  ["klä oss", "kläder"]
]');
