-- Flurre's grammar (the table and its kinds: 0026): words that thank
-- ('thanks') and what a visitor thanks for ('thanked'). A message of thanks
-- alone ('Tack för hjälpen!', 'Tusen tack Flurre') asks nothing: Flurre says
-- you are welcome, and nothing is kept for staff.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'grammar', 'thanks' FROM json_each('[
  "tack", "tackar", "tacka", "tacksam", "tacksamma", "tusen"
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'grammar', 'thanked' FROM json_each('[
  "hjälp", "hjälpen", "svar", "svaret", "svaren", "infon", "informationen", "tipset", "tipsen"
]');
