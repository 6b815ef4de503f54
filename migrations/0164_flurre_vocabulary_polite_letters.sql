-- More of Flurre's everyday Swedish (the table and its kinds: 0026), as a
-- polite letter puts it: signed 'Med vänlig hälsning' (as 'Vänliga
-- hälsningar' is: a greeting), the business as 'ert företag' (as its name,
-- 0154), 'ger ni ut' for having, people working there for who works there
-- ('vilka personer arbetar i ert företag'), and the fee paid back for a
-- refund ('återbetalas då avgiften').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'filler', '' FROM json_each('[
  "hälsning"
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["med vänlig hälsning", "hej"], ["med vänliga hälsningar", "hej"], ["vänlig hälsning", "hej"], ["med bästa hälsningar", "hej"],
  ["ert företag", "hundpass"], ["er verksamhet", "hundpass"], ["er firma", "hundpass"],
  ["ger ni ut", "har ni"],
  ["personer arbetar", "jobbar"], ["personer jobbar", "jobbar"],
  ["återbetalas ~ avgiften", "återbetalning"], ["avgiften tillbaka", "återbetalning"], ["tillbaka avgiften", "återbetalning"]
]');
