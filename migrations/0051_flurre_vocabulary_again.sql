-- More of Flurre's everyday Swedish (the table and its kinds: 0026). A new
-- grammar value, 'again <topic>': a word that repeats what another word of
-- its sentence asks ('var ligger parken nånstans'), and is then nothing of
-- its own; alone it is a word like any other ('finns det kurser nånstans').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'grammar', json_extract(value, '$[1]') FROM json_each('[
  ["nånstans", "again where"], ["någonstans", "again where"], ["nånstanns", "again where"]
]');
