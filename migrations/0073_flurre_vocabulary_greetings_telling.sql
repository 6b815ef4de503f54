-- More of Flurre's everyday Swedish (the table and its kinds: 0026): a
-- greeting of the time of day is a greeting ('God morgon, …'); what the
-- visitor saw, read or heard before asking tells nothing of what is asked
-- ('jag såg att ni har …, vad är det?'); 'helst' says what they would like.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'phrase', 'hej' FROM json_each('[
  "god morgon", "god förmiddag", "god middag", "god eftermiddag", "god kväll", "god dag", "vänliga hälsningar", "bästa hälsningar"
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'filler', '' FROM json_each('[
  "såg", "sett", "läste", "läst", "hörde", "hört", "helst", "vänliga"
]');
