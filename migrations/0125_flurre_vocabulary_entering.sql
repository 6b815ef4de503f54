-- More of Flurre's everyday Swedish (the table and its kinds: 0026): writing
-- an address in is giving it ('vilken mejl ska jag skriva in', the sign-in
-- rule's words: 'Ange e-postadressen du bokade med').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["skriva ~ in", "ange"], ["skriver ~ in", "anger"], ["skrev ~ in", "angav"], ["skrivit ~ in", "angett"]
]');
