-- More of Flurre's everyday Swedish (the table and its kinds: 0026):
-- turning to someone is contacting them ('vem vänder jag mig till om
-- kvitton', 'vem kan jag vända mig till').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["vända mig till", "kontakta"], ["vänder jag mig till", "kontakta"], ["vända sig till", "kontakta"], ["vänder man sig till", "kontakta"], ["vänder mig till", "kontakta"]
]');
