-- More of Flurre's everyday Swedish (the table and its kinds: 0026): finding
-- one's booking is seeing it ('var hittar jag bokningen jag gjorde', as
-- 'kolla bokningen' is).
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', 'inloggning' FROM json_each('[
  ["hittar ~ bokningen"], ["hitta ~ bokningen"], ["hittar ~ bokningarna"], ["hitta ~ bokningarna"]
]');
