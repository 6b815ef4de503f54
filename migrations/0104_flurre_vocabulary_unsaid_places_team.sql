-- More of Flurre's everyday Swedish (the table and its kinds: 0026): more of
-- what the site never speaks of ('unsaid'): a place's opening hours and
-- facilities, working dogs, and the team's pay, holidays and stand-ins.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'topic', 'unsaid' FROM json_each('[
  "öppettider", "öppettiderna", "omklädningsrum", "dusch", "duschar", "wifi", "ledarhund", "assistanshund",
  "terapihund", "lön", "lönen", "semester", "semestern", "vikarie", "vikarierar", "ersättare"
]');
