-- Flurre's grammar (the table and its kinds: 0026): a week asked, by how
-- many weeks from this one ('week <ahead>'). 'Nästa vecka' is next week's
-- Monday to Sunday, still asking when ('nästa'); 'i veckan' and 'den här
-- veckan' this week's. The sessions listed are that week's ('har ni några
-- pass i Gävle nästa vecka?').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["nästa vecka", "nästa nästavecka"], ["kommande vecka", "nästa nästavecka"], ["veckan som kommer", "nästa nästavecka"],
  ["i veckan", "dennavecka"], ["den här veckan", "dennavecka"], ["denna vecka", "dennavecka"], ["denna veckan", "dennavecka"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) VALUES ('nästavecka', 'grammar', 'week 1'), ('dennavecka', 'grammar', 'week 0');
