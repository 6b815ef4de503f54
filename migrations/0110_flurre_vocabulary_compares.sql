-- Flurre's grammar (the table and its kinds: 0026): words that compare
-- ('compares'). A comparison asked is answered only by what accounts for all
-- of it: 'Är PRIVAT & PROFFS dyrare på kvällstid?' is not answered by the
-- price alone, 'Är Proffs dyrare än Privat?' is, by both prices.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'grammar', 'compares' FROM json_each('[
  "dyrare", "billigare", "mer", "mindre", "kortare", "fler", "färre", "större", "oftare"
]');
