-- More of Flurre's everyday Swedish (the table and its kinds: 0026): moving
-- house to a town tells where the visitor lives ('vi ska flytta till … i
-- januari'), not moving a booking ('kan jag flytta passet').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'phrase', 'bor' FROM json_each('[
  "ska flytta till", "skall flytta till", "flyttar till", "flyttade till", "har flyttat till", "ska flytta hit"
]');
