-- More of Flurre's everyday Swedish (the table and its kinds: 0026). A new
-- grammar value, 'age <weeks>': a unit of a dog's age after a number, by the
-- weeks in one ('valpar 8–20 veckor' in a type's text, 'vår hund på 9
-- månader' in a question). A type for dogs of other ages is not advised.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'grammar', json_extract(value, '$[1]') FROM json_each('[
  ["vecka", "age 1"], ["veckor", "age 1"], ["veckors", "age 1"], ["v", "age 1"], ["veckan", "age 1"],
  ["månad", "age 4.35"], ["månader", "age 4.35"], ["månaders", "age 4.35"], ["mån", "age 4.35"],
  ["år", "age 52"], ["års", "age 52"], ["åring", "age 52"]
]');
