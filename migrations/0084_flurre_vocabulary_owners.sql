-- More of Flurre's grammar (the table and its kinds: 0026): the grammar
-- values 'owns', a word that asks who owns or runs something, and 'session',
-- a word for a session. Who owns or runs a place the sessions are held at
-- is not the team's to answer ('vem äger hallen', 'vem ansvarar för
-- parken'); who holds the sessions there is ('vem äger passen i hallen' asks
-- of the sessions).
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'grammar', 'owns' FROM json_each('[
  "äger", "äga", "ägare", "ägaren", "ägs", "ansvarar", "ansvarig", "ansvariga", "förvaltar", "driver", "sköter"
]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'grammar', 'session' FROM json_each('[
  "pass", "passet", "passen", "kurs", "kursen", "kurser", "kurserna", "lektion", "lektionen", "lektioner",
  "träning", "träningen", "träningar", "tillfälle", "tillfället", "tillfällen", "gruppup", "gruppups", "gruppass",
  "grupppass", "gruppträning", "gruppträningen", "utepass", "utepassen", "inomhuspass", "möte", "mötet", "mötena"
]');
