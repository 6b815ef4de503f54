-- Flurre's grammar (the table and its kinds: 0026): the pronouns that are a
-- clause's subject. After a verb first they make a question, as Swedish word
-- order does ('tar ni emot hundar på dagis', 'sitter ni inne när det
-- regnar'), though the verb is none that opens one ('kan', 'får': 'yes-no').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'grammar', 'subject' FROM json_each('[
  "jag", "du", "ni", "vi", "man", "han", "hon", "den", "det", "de", "dom"
]');
