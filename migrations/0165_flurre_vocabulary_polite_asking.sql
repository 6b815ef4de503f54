-- More of Flurre's everyday Swedish (the table and its kinds: 0026): the
-- roundabout ways a polite question asks ('skulle ni kunna beskriva var
-- hallen ligger', 'räkna upp alla platser', 'hur kommer jag i kontakt med er
-- på lämpligaste sätt', 'när äger nästa tillfälle rum'), the one the visitor
-- writes with ('vem är denna Flurre som jag skriver med'), and a freed seat
-- taken as booked ('hur lång tid har jag på mig att ta den').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'filler', '' FROM json_each('[
  "beskriva", "beskriv", "lämpligaste", "lämpligast", "lämplig", "lämpligt", "lämpliga", "smidigaste", "smidigast", "rum"
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["räkna upp", "vilka"], ["när äger", "när"],
  ["som jag skriver med", "hej"], ["som jag pratar med", "hej"], ["som jag chattar med", "hej"],
  ["på mig att ta den", "på mig att boka den"], ["på oss att ta den", "på oss att boka den"]
]');
