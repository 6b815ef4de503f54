-- More of Flurre's everyday Swedish (the table and its kinds: 0026):
-- starting, and how soon, asked when, ask when again ('när kan vi börja',
-- 'när kan jag få ett möte tidigast', 'går det nån valpkurs på lördag
-- framöver'); alone each is a word like any other ('vilken kurs ska vi börja
-- med'). The grammar value 'again': 0051.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'grammar', 'again when' FROM json_each('[
  "börja", "tidigast", "snarast", "framöver", "härnäst"
]');
