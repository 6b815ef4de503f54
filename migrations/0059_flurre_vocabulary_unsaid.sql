-- More of what the site never speaks of (the topic 'unsaid', 0026): the dog
-- world beyond training (food, vaccines, grooming, boarding, breeding), and
-- running with the dog, which is no heat ('löpning' was read as 'löper').
DELETE FROM flurre_vocabulary WHERE word = 'löpning' AND kind = 'topic' AND value = 'sick';
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'topic', 'unsaid' FROM json_each('[
  "foder", "hundfoder", "vaccin", "vaccinera", "vaccinerad", "vaccination", "vaccinationer", "valpsjuka",
  "klor", "kloklippning", "pälsvård", "trimning", "trimma", "hundpensionat", "pensionat", "uppfödare",
  "kennel", "stamtavla", "avel", "kastrera", "kastrerad", "kastrering", "löpning"
]');
