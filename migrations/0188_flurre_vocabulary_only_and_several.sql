-- Flurre's grammar (the table and its kinds: 0026): a text that allows only
-- so much ('kan bara användas en gång'), asked whether several may be had
-- ('kan jag använda länken flera gånger'), is answered with its sentence but
-- neither Ja nor Nej (yes-no.ts). 'bara' and 'flera' stay filler too.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'grammar', 'only' FROM json_each('["bara", "endast", "enbart"]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'grammar', 'several' FROM json_each('["flera", "många"]');
