-- More of Flurre's everyday Swedish (the table and its kinds: 0026): a
-- session booked up is full ('är passet redan uppbokat'), one not yet
-- booked has a seat ('en obokad tid'), a sum is a price ('vad blir
-- summan', 'vad går det loss på'), a session is a pass ('sessionen'), and
-- words that only frame what is asked ('ordinarie pris', 'kostnad per
-- pass', 'en sån grej', 'när är nästa inplanerat') name nothing of their
-- own.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'topic', json_extract(value, '$[1]') FROM json_each('[
  ["uppbokat", "full"], ["uppbokad", "full"], ["uppbokade", "full"], ["tingat", "full"], ["tingad", "full"],
  ["obokad", "seats"], ["obokat", "seats"], ["obokade", "seats"], ["summa", "price"], ["summan", "price"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind) SELECT value, 'filler' FROM json_each('[
  "ordinarie", "per", "grej", "grejen", "inplanerat", "inplanerad", "inplanerade", "inbokat", "inbokad"
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'same', json_extract(value, '$[1]') FROM json_each('[
  ["tidigaste", "tidigast"], ["ggn", "gång"], ["session", "pass"], ["sessionen", "pass"], ["sessioner", "pass"]
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["går loss på", "kostar"], ["går lös på", "kostar"]
]');
