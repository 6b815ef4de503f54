-- More of Flurre's everyday Swedish (the table and its kinds: 0026): words
-- that say when or how much, not what ('vi har precis fått en valp', 'ganska
-- rädd', 'väldigt glad'), are filler; 'förslag' asks advice as 'tips' does.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'filler', '' FROM json_each('[
  "precis", "nyss", "nyligen", "alldeles", "ganska", "väldigt", "jättemycket", "verkligen", "otroligt"
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'topic', 'advice' FROM json_each('["förslag", "rekommendation", "rekommendera"]');
