-- Flurre's grammar (the table and its kinds: 0026): 'och' begins the next
-- thing listed, so a word that turns one thing does not turn the next ('ett
-- vanligt koppel (inte flexikoppel) och ett halsband eller en sele': a
-- halsband is not refused). The role 'and': yes-no.ts.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) VALUES ('och', 'grammar', 'and');
