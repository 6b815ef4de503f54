-- More of Flurre's grammar (the table and its kinds: 0026): 'extra' compares
-- too ('Kostar HEMMIS något extra om ni åker till Sandviken?'), as the words
-- of 0110 do.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) VALUES ('extra', 'grammar', 'compares'), ('tillägg', 'grammar', 'compares');
