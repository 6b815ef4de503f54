-- More of Flurre's everyday Swedish (the table and its kinds: 0026): which
-- days is when; which sessions or courses there are is the topic 'types',
-- which the list of the session types answers; 'bäst' in 'hur förbereder
-- jag mig bäst' says how, not what fits (where it asks, as 'vad är bäst för
-- en valp', it still asks what fits: its topic row stays); cancelling one's
-- own booking is not signing in to see it; 'via Mina bokningar' says the
-- way, nothing asked of its own, nor does 'efteråt'; 'berätta om …' asks
-- what a thing is (the topic 'about'), which its own text answers.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["vilka dagar", "när"], ["vilka pass finns", "utbud"], ["vilka pass har ni", "utbud"], ["vilka kurser finns", "utbud"],
  ["vilka kurser har ni", "utbud"], ["vad för pass", "utbud"],
  ["avboka min bokning", "avboka bokning"], ["omboka min bokning", "omboka bokning"], ["via mina bokningar", "via"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) VALUES ('utbud', 'topic', 'types'), ('berätta', 'topic', 'about'), ('bäst', 'filler', ''), ('via', 'filler', ''), ('efteråt', 'filler', '');
