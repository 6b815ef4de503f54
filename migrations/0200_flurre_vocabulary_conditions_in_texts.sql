-- Flurre's grammar (the table and its kinds: 0026): 'när' in a text's
-- sentence, after the word a question asks of, says it holds only then ('Ett
-- grupp-pass blir av när minst 3 deltagare har bokat'), as 'om' does (the
-- role 'if', 0080): such a sentence gives no Ja or Nej ('Blir passet av?').
-- Only yes-no.ts reads the role 'clause'; in a question 'när' still asks when.
UPDATE flurre_vocabulary SET value = value || ' clause'
WHERE word = 'när' AND kind = 'grammar' AND ' ' || value || ' ' NOT LIKE '% clause %';
-- 'på plats' after 'vara' is being there, not a seat ('Hur tidigt ska vi vara
-- på plats?'), and the visitor's own address is no place of ours ('Behöver ni
-- min adress?').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["vara på plats", "framme"], ["är på plats", "framme"], ["min adress", "hemadress"], ["vår adress", "hemadress"], ["min hemadress", "hemadress"]
]');
-- 'det', 'den', 'detta' and 'denna' are the thing at hand: asked from a
-- session's page, the session ('är det inomhus?' of a session in a park is
-- answered with the session and its park, 'utomhus'). The role 'it':
-- decide.ts.
UPDATE flurre_vocabulary SET value = value || ' it'
WHERE kind = 'grammar' AND word IN ('det', 'den', 'detta', 'denna') AND ' ' || value || ' ' NOT LIKE '% it %';
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'grammar', 'it' FROM json_each('["det", "den", "detta", "denna"]');
