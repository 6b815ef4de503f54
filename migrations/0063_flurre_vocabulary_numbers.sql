-- More of Flurre's everyday Swedish (the table and its kinds: 0026). A new
-- grammar value, 'number <n>': a number written as a word. A text that
-- states a number of something ('två hundtränare', 'Länken gäller i 10
-- minuter') answers how many of it ('hur många tränare är ni', 'hur många
-- minuter gäller länken'); a dog's age is no count ('valpar 8–20 veckor').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'grammar', json_extract(value, '$[1]') FROM json_each('[
  ["två", "number 2"], ["tre", "number 3"], ["fyra", "number 4"], ["fem", "number 5"], ["sex", "number 6"],
  ["sju", "number 7"], ["åtta", "number 8"], ["nio", "number 9"], ["tio", "number 10"], ["elva", "number 11"],
  ["tolv", "number 12"]
]');
