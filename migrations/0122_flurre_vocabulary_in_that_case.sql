-- More of Flurre's everyday Swedish (the table and its kinds: 0026): 'i så
-- fall' is 'då' ('och hur får jag i så fall besked?'); a seat held for one is
-- a seat reserved ('hur länge hålls platsen', the queue's words: 'får platsen
-- reserverad i två timmar').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["i så fall", "då"],
  ["hålls platsen", "platsen reserverad"], ["hålls en plats", "en plats reserverad"], ["hålls min plats", "min plats reserverad"]
]');
