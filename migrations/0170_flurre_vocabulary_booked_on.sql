-- More of Flurre's everyday Swedish (the table and its kinds: 0026): a
-- stomach upset is being ill ('valpen har fått dålig mage', 'orolig mage'),
-- as being poorly in the stomach is (0116). And being booked on a session
-- tells which session, not that the visitor asks how to book ('vi är bokade
-- på valpkursen nästa vecka, hur gör jag?', 'vårt bokade pass'): the session
-- it names is what is asked of.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["dålig mage", "sjuk"], ["orolig mage", "sjuk"], ["lös mage", "sjuk"], ["dåliga magen", "sjuk"],
  ["är bokade på", "ska på"], ["är bokad på", "ska på"], ["är anmälda till", "ska på"], ["är anmäld till", "ska på"],
  ["är anmälda på", "ska på"], ["är anmäld på", "ska på"],
  ["vårt bokade pass", "vårt pass"], ["mitt bokade pass", "mitt pass"], ["det bokade passet", "passet"]
]');
