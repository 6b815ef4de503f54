-- More of Flurre's everyday Swedish (the table and its kinds: 0026): 'vad
-- ska vi boka' after a need told in the same sentence asks which type fits
-- it, as 'vad ska vi gå på' does ('min hund drar i kopplet vad ska vi boka'),
-- and so does 'vilket av era pass' ('…Vilket av era pass kan hjälpa oss?').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["vilket av passen", "passar"], ["vad ska vi boka", "passar"],
  ["vilket av era pass", "passar"]
]');
