-- More of Flurre's everyday Swedish (the table and its kinds: 0026): the
-- link that has run out or stopped working is the sign-in link ('länken har
-- gått ut', 'länken funkar inte längre'); a link in a newsletter says what
-- it is ('avregistreringslänken').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'phrase', 'inloggningslänken' FROM json_each('[
  "länken har gått ut", "länken gick ut", "länken har slutat ~ fungera", "länken slutade ~ fungera", "länken har slutat ~ funka", "länken slutade ~ funka",
  "länken funkar inte", "länken fungerar inte", "länken funkade inte", "länken fungerade inte", "länken är ogiltig", "länken var ogiltig"
]');
