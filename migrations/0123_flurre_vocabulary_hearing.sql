-- More of Flurre's everyday Swedish (the table and its kinds: 0026): finding
-- out is getting to know ('hur får jag reda på om det blir en plats'); to
-- register one's interest is to sign up ('anmäla intresse'); being told is
-- being mailed ('hur meddelar ni mig', the queue's words: 'mejlar vi').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["få ~ reda på", "få veta"], ["får ~ reda på", "får veta"], ["anmäla intresse", "anmäla"],
  ["anmäla mitt intresse", "anmäla"], ["anmäla vårt intresse", "anmäla"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'same', json_extract(value, '$[1]') FROM json_each('[
  ["meddelar", "mejlar"], ["meddelas", "mejlas"], ["meddelad", "mejlad"]
]');
