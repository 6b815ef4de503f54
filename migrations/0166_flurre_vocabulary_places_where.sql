-- More of Flurre's everyday Swedish (the table and its kinds: 0026): places
-- where something is held are where, not seats ('räkna upp alla platser där
-- ni håller era pass'), as 'vilka platser' is (0149); listing them is asking
-- where they are.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["platser där", "träningsplatser där"], ["platserna där", "träningsplatserna där"]
]');
UPDATE flurre_vocabulary SET value = 'var' WHERE kind = 'phrase' AND word = 'räkna upp';
