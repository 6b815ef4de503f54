-- Flurre's grammar (the table and its kinds: 0026): words before the name of
-- a place ('before-place'). A name written with a capital letter after one is
-- where ('i Hudiksvall', 'från Rumänien'); one after another word is the name
-- the visitor gives their dog or themselves ('vår valp Sigrid', 'jag heter
-- Emma'), which says nothing of what is asked.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'grammar', 'before-place' FROM json_each('[
  "i", "på", "till", "från", "vid", "nära", "mot", "utanför", "runt", "kring", "genom",
  "över", "mellan", "bakom", "bortom", "längs", "inom", "ifrån", "hos", "via", "om"
]');
