-- More of Flurre's everyday Swedish (the table and its kinds: 0026): the
-- site's pop-ups are its sessions ('när nya popups kommer'), and mail the
-- site sends is its mailing.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'same', json_extract(value, '$[1]') FROM json_each('[
  ["popups", "pass"], ["popup", "pass"], ["popupen", "passet"]
]');

-- Mail sent by the site to the visitor is its mailing ('kan ni mejla mig när
-- det kommer nya kurser'); mail to the site is the contact form (0026).
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["ni mejla", "utskick"], ["ni maila", "utskick"]
]');
