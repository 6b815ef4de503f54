-- More of Flurre's everyday Swedish (the table and its kinds: 0026): one's
-- work is working, as 'jobbar' is ('vill bli bättre på jobbet' of a type
-- for those who work with dogs).
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'same', json_extract(value, '$[1]') FROM json_each('[
  ["jobbet", "arbetar"], ["jobbade", "arbetar"], ["jobbat", "arbetar"], ["arbetet", "arbetar"], ["yrket", "arbetar"],
  ["yrke", "arbetar"], ["jobbmässigt", "arbetar"]
]');
