-- More of Flurre's everyday Swedish (the table and its kinds: 0026): the
-- link that is mailed is the link in the mail ('hur länge gäller länken
-- som ni mejlar').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["som ni mejlar", "i mejlet"], ["som ni skickar", "i mejlet"], ["länken ni mejlar", "länken i mejlet"], ["länken ni skickar", "länken i mejlet"]
]');
