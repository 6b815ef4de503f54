-- More of Flurre's everyday Swedish (the table and its kinds: 0026): the
-- offer of a seat from the queue is a freed seat ('när jag får erbjudande om
-- en plats från kön'), answering it is booking it ('hur lång tid har man på
-- sig att svara'), a drop-out frees a seat ('avhopp på fullt pass'), and
-- another way in is a way ('nån annan möjlighet', 'något annat sätt').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'same', json_extract(value, '$[1]') FROM json_each('[
  ["avhopp", "ledigt"], ["avhoppet", "ledigt"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["erbjudande om en plats", "ledig plats"], ["erbjudandet om en plats", "ledig plats"], ["erbjudande om plats", "ledig plats"],
  ["på sig att svara", "på sig att boka"], ["på mig att svara", "på mig att boka"], ["på oss att svara", "på oss att boka"],
  ["annan möjlighet", "möjlighet"], ["annat sätt", "sätt"]
]');
