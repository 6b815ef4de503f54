-- Flurre's vocabulary (the table and its kinds: 0026): a reason asked, the
-- topic 'why'. The site's texts say what holds, not why ('Varför är PLAN bara
-- online?'); a row staff wrote that asks why answers it, and so do the terms
-- of the sign-in link ('Länken funkar inte längre. Varför?').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'topic', 'why' FROM json_each('[
  "varför", "anledningen", "anledning", "orsaken", "orsak"
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["hur kommer det sig", "varför"], ["av vilken anledning", "varför"]
]');
