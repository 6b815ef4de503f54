-- More of Flurre's everyday Swedish (the table and its kinds: 0026): 'resp'
-- and 'respektive' join two things asked of and say nothing of their own;
-- what something lands on in kronor is its price; who stands behind the
-- business runs it; being prevented from coming is cancelling; what is
-- recommended is advice; and what to start with is which type fits.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'filler', '' FROM json_each('["resp", "respektive"]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["landar det på", "kostar"], ["landar det", "kostar"], ["står bakom", "driver"], ["vad ska vi börja med", "passar"], ["var ska vi börja", "passar"], ["vart ska vi börja", "passar"],
  ["hur ska vi börja", "passar"], ["vad ska vi satsa på", "passar"], ["vad borde vi gå på", "passar"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'same', json_extract(value, '$[1]') FROM json_each('[
  ["förhindrad", "avboka"], ["förhindrade", "avboka"], ["förhinder", "avboka"], ["rekommenderas", "rekommenderar"], ["föreslår", "föreslå"], ["föreslås", "föreslå"]
]');
