-- More of Flurre's everyday Swedish (the table and its kinds: 0026): what
-- the time is now the site never says ('flurre vad är klockan'); 'klockan'
-- alone still asks when a session is.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["vad är klockan", "klockslaget"], ["hur mycket är klockan", "klockslaget"], ["vad e klockan", "klockslaget"], ["va e klockan", "klockslaget"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) VALUES ('klockslaget', 'topic', 'unsaid');
