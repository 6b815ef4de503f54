-- More of Flurre's everyday Swedish (the table and its kinds: 0026): which
-- sessions or courses run is when they do, as 'vilka dagar' is (0081):
-- 'vilka pass går på lördag' asks the sessions that day, not who.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["vilka pass går", "när går"], ["vilka kurser går", "när går"], ["vilka pass är det", "när är det"], ["vilka kurser är det", "när är det"]
]');
