-- More of Flurre's everyday Swedish (the table and its kinds: 0026): people
-- signing up for a session are booking it ('vad händer om för få anmäler
-- sig'); signing up for the newsletter names it ('anmäla mig till
-- nyhetsbrevet' still asks the newsletter).
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["anmäler sig", "bokar"], ["anmäla sig", "boka"], ["anmält sig", "bokat"], ["anmälde sig", "bokade"]
]');
