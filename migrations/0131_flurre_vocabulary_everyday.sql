-- More of Flurre's everyday Swedish (the table and its kinds: 0026): chat
-- words that name nothing asked about ('lixom', 'lol', 'pls', 'konkret',
-- 'allra', 'helt'), short and other forms of the site's words ('imorn',
-- 'sajten', 'avreg', 'återbud', 'refund', 'mejlutskick', 'kartlänk',
-- 'kontaktväg', 'slutsålt'), and a session carried out is one held ('ska
-- genomföras').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind) SELECT value, 'filler' FROM json_each('[
  "lixom", "lol", "pls", "plz", "konkret", "allra", "helt"
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'same', json_extract(value, '$[1]') FROM json_each('[
  ["imorn", "imorgon"], ["imorrn", "imorgon"], ["sajten", "webbplatsen"], ["sajt", "webbplats"],
  ["avreg", "avprenumerera"], ["avregistrering", "avprenumerera"], ["avregistrera", "avprenumerera"], ["avregistrerar", "avprenumerera"],
  ["återbud", "avbokning"], ["avbokningspolicy", "avboka"], ["avbokningsregler", "avboka"], ["refund", "återbetalning"],
  ["utskick", "nyhetsbrev"], ["mejlutskick", "nyhetsbrev"], ["kartlänk", "karta"], ["kartlänken", "karta"],
  ["kontaktväg", "kontakt"], ["slutsålt", "fullbokat"], ["slutsåld", "fullbokad"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'topic', json_extract(value, '$[1]') FROM json_each('[
  ["genomföras", "held"], ["genomförs", "held"]
]');
